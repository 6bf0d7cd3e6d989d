#pragma once

#include "core/RunStatus.h"

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

namespace dedup::models {
class ChangeListener;
class RunDetailSource;
} // namespace dedup::models

namespace dedup::store {
struct RunDetail;
}

namespace dedup::widgets {

// One run in full (SPEC 7 "Run detail"), over a RunDetailSource: a header (id, status in
// colour and words, workflow, scope, key, correlation id as a link, attempt), the lease
// (owner, token, a live "expires in" countdown by the server's clock, last heartbeat), and
// tabs: steps (uncertain ones stand out, with why), events, the stored result and the last
// error as pretty JSON, the review fields, the audit entries.
//
// States: no run ("Select a run"), loading, not found (purged), failed (the message and
// Retry; a failed reload keeps the run as last read on screen, with the error above it).
// Reloads are applied in place: selections and scroll positions stay.
//
// Actions (shortcuts while the focus is in the view): reload (F5), cancel loading (Esc),
// show correlation (Ctrl+Shift+K).
class RunDetailView : public QWidget {
    Q_OBJECT

public:
    explicit RunDetailView(QWidget *parent = nullptr);
    // With a source of its own on `conninfo` (see setStore()).
    explicit RunDetailView(const QString &conninfo, QWidget *parent = nullptr);
    ~RunDetailView() override;

    // Shows `source` (not owned; nullptr for none). Replaces a source of the view's own.
    void setSource(models::RunDetailSource *source);
    // A source of the view's own on `conninfo` (its own connection), live with `listener`
    // (optional, not owned); an empty conninfo drops it.
    void setStore(const QString &conninfo, models::ChangeListener *listener);
    models::RunDetailSource *source() const { return m_source; }

    // Shows run `runId` (0: none); the same id again re-reads it.
    void setRunId(qint64 runId);
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

    QList<QAction *> viewActions() const;
    QTabWidget *tabs() const;
    QTableView *stepsTable() const;
    QTableView *eventsTable() const;
    QTableView *auditTable() const;

public slots:
    void reload();
    void cancelLoading();

signals:
    // The correlation link (or the action) was used: show every run of this correlation.
    void correlationRequested(const QString &correlationId);
    // A read of `runId` was applied: detail() and the accessors above are current.
    void runLoaded(qint64 runId);
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
    void requestCorrelation();
    QString failureText() const;
    void updateIcons();
    // RunDetailViewFill.cpp: what a read shows.
    void fill();
    void fillHeader();
    void fillTabs();
    void fillError();
    void fillReview();
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
    QAction *m_cancel = nullptr;
    QAction *m_correlation = nullptr;
};

} // namespace dedup::widgets
