#pragma once

#include "core/DedupLink.h"

#include <QObject>
#include <QUuid>

#include <optional>

class QAction;
class QMessageBox;

namespace dedup::widgets {

class MainWindow;
class StoreSession;

// dedup:// links in the console (docs/CONSOLE.md "Links"): opens the ones the operator
// pastes, clicks elsewhere or another start of the console hands over, and makes them for
// what is in front ("Copy Link", Ctrl+Shift+L).
//
// A link opens only in the store it names (core::DedupLink): one that names another store
// is refused with the store the console knows under that id, never opened on a run that
// merely has the same number here. A link that arrives before a store is attached waits
// for the next attach and is opened then, if that store is the one it names.
class LinkNavigator : public QObject {
    Q_OBJECT

public:
    explicit LinkNavigator(MainWindow *window);

    // Opens `text`, or says why not (a non-modal message box, and the status bar).
    void open(const QString &text);
    // The link "Copy Link" copies now; nullopt when there is nothing to link to (no store,
    // a login that cannot read the store's id, the Dashboard in front).
    // `leftOut` (optional) says what the link leaves out (a search or key prefix: patient data).
    std::optional<core::DedupLink> linkHere(QString *leftOut = nullptr) const;
    // The link to the view in front, ignoring the focused run.
    std::optional<core::DedupLink> linkToView(QString *leftOut = nullptr) const;

    QAction *copyLinkAction() const { return m_copyLink; }
    QAction *copyViewLinkAction() const { return m_copyViewLink; }
    QAction *openLinkAction() const { return m_openLink; }
    // The link waiting for a store to be attached, if any.
    const std::optional<core::DedupLink> &pending() const { return m_pending; }

signals:
    // A link was refused or cannot be made; also shown in the status bar.
    void refused(const QString &why);

private:
    void onStoreAttached(StoreSession *session);
    void navigate(const core::DedupLink &link);
    void refuse(const QString &why);
    void copy(const std::optional<core::DedupLink> &link, const QString &leftOut = {});
    void askForLink();
    QUuid storeId() const;
    std::optional<core::DedupLink> runsLink(QString *leftOut) const;

    MainWindow *m_window;
    QAction *m_copyLink;
    QAction *m_copyViewLink;
    QAction *m_openLink;
    std::optional<core::DedupLink> m_pending;
    QMetaObject::Connection m_correlationWait;
};

} // namespace dedup::widgets
