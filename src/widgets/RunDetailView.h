#pragma once

#include "core/RunStatus.h"
#include "store/AccessScope.h"
#include "store/RunDetail.h"
#include "store/RunRevealValues.h"
#include "widgets/StoreConnections.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QTabWidget;
class QTableView;

namespace Ui {
class RunDetailView;
}

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {
class RunDetailSource;
} // namespace dedup::models

namespace dedup::widgets {

class RevealDialog;

// One run in full (docs/CONSOLE.md "Run detail"), over a RunDetailSource: a header (id, status in
// colour and words, workflow, scope, key, correlation id as a link, attempt), the lease
// (owner, token, a live "expires in" countdown by the server's clock, last heartbeat), and
// tabs: steps (uncertain ones stand out, with why), events, the deliveries of the run's key
// (each with its outcome and the HTTP answer it stands for, and the counts per outcome), the
// stored result and the last error as pretty JSON, the review fields, the audit entries.
//
// States: no run ("Select a run"), loading, not found (purged), failed (the message and
// Retry; a failed reload keeps the run as last read on screen, with the error above it).
// Reloads are applied in place: selections and scroll positions stay.
//
// Large values (issue 19): the result and the last error come prepared by the source's
// loading thread (RunDetailSource::shown()); the view only hands them to its panes, which
// show at most JsonPane::ShownChars with the size, "Show All" and "Save to File…". Another
// run, or closeRun() (the detail closed), lets go of the values shown: nothing of a 20 MB
// result stays in the view, the source or the process's heap.
//
// Actions (shortcuts while the focus is in the view): reload (F5), cancel loading (Esc),
// show correlation (Ctrl+Shift+K).
//
// Protected values (docs/SECURITY.md, "Patient data"): the key, correlation id, fingerprint,
// result, last error and review reason come redacted from the store ('h:' and 16 hex digits,
// JSON with its names kept) for every login but the owner. "Reveal…" (beside the key and the
// last error's message) opens a RevealDialog for an operator whose grants cover the run: the
// raw values it answers are shown in place, as plain text, under a "revealed" line with a
// button that hides them again. They stay while the run shown is the same and the redacted
// value they replace has not changed (a reload that brings a new last error shows it
// redacted); another run, or hiding them, forgets them.
class RunDetailView : public QWidget {
    Q_OBJECT

public:
    // See closeRun().
    static constexpr qint64 LargeReadBytes = 1024 * 1024;

    explicit RunDetailView(QWidget *parent = nullptr);
    // With a source of its own made by `connections` (see setStore()).
    explicit RunDetailView(const StoreConnections &connections, QWidget *parent = nullptr);
    ~RunDetailView() override;

    // Shows `source` (not owned; nullptr for none). Replaces a source of the view's own.
    void setSource(models::RunDetailSource *source);
    // A source of the view's own made by `connections` (the session's: it reads the primary),
    // live with `listener` (optional, not owned); empty connections drop it. The view owns
    // it, unlike the other views' models: it renews it after a large run (closeRun()).
    // Reveals are made by `connections` too.
    void setStore(const StoreConnections &connections, lanes::ChangeListener *listener);
    models::RunDetailSource *source() const { return m_source; }

    // Shows run `runId` (0: none); the same id again re-reads it.
    void setRunId(qint64 runId);
    // Shows run `runId` with its step `ordinal` selected on the Steps tab once it is read
    // (a step clicked on the correlation timeline).
    void showStep(qint64 runId, int ordinal);
    // Brings the Deliveries tab to the front (a dedup://STORE/run/ID/key link).
    void showDeliveries();
    // The Deliveries tab is in front: Copy Link copies the link to the key's history.
    bool deliveriesInFront() const;
    qint64 runId() const;

    // The run as last read, for the actions a menu offers on it; valid while hasRun().
    bool hasRun() const;
    const store::RunDetail &detail() const;
    qint64 leaseToken() const;
    QString statusName() const;
    // std::nullopt for a status this build does not know (or no run).
    std::optional<core::RunStatus> status() const;
    // The lease ran out: by the server at the last read, or since by the server's clock as
    // estimated (op_clear_stale_lease applies from then on).
    bool leaseExpired() const;
    // A continuation is queued (a pending command).
    bool continuationQueued() const;

    // What the login may do in this store (its grants): Reveal… is offered only for a run an
    // operator grant covers. The default (no grants) offers it nowhere.
    void setAccess(const store::AccessScope &access);
    // The protected values shown are the store's redacted ones (the login is not the owner).
    bool valuesRedacted() const;
    // Reveal… applies: redacted values, an operator grant covering the run, a store to ask.
    bool canReveal() const;
    // Raw values from a reveal are shown in place of redacted ones.
    bool isRevealed() const;
    // The fields shown revealed now, as the store names them (store::RunReveal).
    QStringList revealedFields() const;
    QAction *revealAction() const { return m_reveal; }
    // The open reveal dialog, if any.
    RevealDialog *revealDialog() const;

    QList<QAction *> viewActions() const;
    QTabWidget *tabs() const;
    QTableView *stepsTable() const;
    QTableView *eventsTable() const;
    QTableView *auditTable() const;
    QTableView *deliveriesTable() const;

public slots:
    // Show Correlation: emits correlationRequested for the run shown, if it has a correlation
    // id (nothing otherwise).
    void requestCorrelation();
    // The detail closed: no run shown, and everything of the last one released (values,
    // revealed values, the reveal dialog; freed memory goes back to the system). After a
    // run of more than LargeReadBytes, a source of the view's own is replaced by a new one
    // on a new connection: libpq keeps its input buffer at the largest row it read (tens
    // of MB after a 20 MB result) for as long as the connection lives. Nothing of this waits
    // on the UI thread: the values are freed on a pool thread, the old source is shut down
    // on a thread of its own (RunDetailSource::dispose()).
    void closeRun();
    void reload();
    void cancelLoading();
    // Opens the reveal dialog for the run shown (window-modal; raised when already open).
    void openReveal();
    // Shows the redacted values again.
    void hideRevealed();

signals:
    // The correlation link (or the action) was used: show every run of this correlation.
    // runId: the run shown, whose correlation it is (its id may be shown hashed).
    void correlationRequested(const QString &correlationId, qint64 runId);
    // A read of `runId` was applied: detail() and the accessors above are current.
    void runLoaded(qint64 runId);
    // Copy Link was used on run `runId` (with the Deliveries tab in front: deliveriesInFront()
    // says so, and the link is to the key's history).
    void copyLinkRequested(qint64 runId);
    // The run shown changed (another id, or the same run gone or back).
    void runChanged(qint64 runId);
    // The source's connection (for the main window's banner).
    void connectionLost(const QString &why);
    void connectionRestored();

protected:
    void changeEvent(QEvent *event) override;

private:
    void setUpTables();
    void createActions();
    void connectSource();
    void updateState();
    void showMessage(const QString &text, const QString &hint, bool busy, bool retry);
    void onLoaded();
    QString failureText() const;
    void updateIcons();
    // RunDetailViewFill.cpp: what a read shows.
    void fill();
    void fillHeader();
    void fillTabs();
    void fillError();
    void fillReview();
    void fillDeliveries();
    void updateCopyLinkTip();
    void fillRevealed();
    // Lets go of the values on screen (another run, or none).
    void clearValues();
    void updateRevealAction();
    void applyRevealed(const store::RunRevealValues &values);
    // The run as shown: detail() with the revealed values that still apply in place of the
    // redacted ones; `fields` (if given) gets the names of those fields.
    store::RunDetail shownDetail(QStringList *fields = nullptr) const;
    void updateLease();
    void updateStepWhy();
    void fitColumns(QTableView *table);

    std::unique_ptr<Ui::RunDetailView> m_ui;
    models::RunDetailSource *m_source = nullptr; // not owned; forgotten when destroyed
    std::unique_ptr<models::RunDetailSource> m_ownSource;
    QTimer m_clock;           // the lease countdown and "ago" texts follow the server's clock
    QString m_lostReason;     // why the source's connection is down (empty while it is up)
    qint64 m_fittedRunId = 0; // the run the tables' columns were fitted to
    QAction *m_reload = nullptr;
    QAction *m_copyLink = nullptr;
    std::pair<qint64, int> m_stepToSelect{0, 0}; // showStep(): run, ordinal
    QAction *m_cancel = nullptr;
    QAction *m_correlation = nullptr;
    QAction *m_reveal = nullptr;
    StoreConnections m_connections;             // the store reveals go to (setStore); empty: none
    QPointer<lanes::ChangeListener> m_listener; // the own source's (setStore)
    store::AccessScope m_access;
    // The last reveal's values and the run as read when they came: a revealed value is shown
    // while the redacted one it replaces is still the same.
    struct Revealed {
        store::RunRevealValues values;
        store::RunDetail seen;
    };
    std::optional<Revealed> m_revealed;
    QPointer<RevealDialog> m_revealDialog;
};

} // namespace dedup::widgets
