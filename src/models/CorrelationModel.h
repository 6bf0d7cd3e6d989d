#pragma once

#include "lanes/PendingQuery.h"
#include "lanes/QueryRunner.h"
#include "models/RunRoles.h"
#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/CorrelationSnapshot.h"

#include <QElapsedTimer>
#include <QSet>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

// Every run sharing a correlation id, as a timeline (docs/CONSOLE.md "Correlation view"), loaded
// in the background on its own connection one page of at most limit() runs at a time: the
// newest runs first, shown oldest first. showPage() pages by (created_at, id) to older and
// newer runs, so every run is reachable while memory holds one page; totalRuns() and
// newerRuns() say where the page lies (CappedCount words it: "newest 500 of 5,000").
// Each row carries its start and end times as roles, so a view can draw one bar per run on
// a common time axis (timeStart() .. timeEnd()), coloured by status (RunStatusStyle;
// StatusColorRole), and its steps (StepsRole, read in the same snapshot) so it can draw each
// step as a span under its run's bar, as a trace viewer draws spans; stepText() says in
// words what a span shows (failed and uncertain steps included).
//
// Live: with a ChangeListener attached, every notification batch re-reads the page (one
// index range scan of the correlation; a run that just joined it cannot be recognised from
// its id alone) and applies the difference in place: no reset, selections survive. On the
// newest page new runs come in (and the oldest of the page leave); an older page stays the
// same runs. Reloads coalesce.
class CorrelationModel
    : public TitledColumns<CorrelationModel, SortedRowsModel<store::CorrelatedRun>> {
    Q_OBJECT
    Q_PROPERTY(
        QString correlationId READ correlationId WRITE setCorrelationId NOTIFY correlationIdChanged)
    Q_PROPERTY(bool loading READ isLoading NOTIFY loadingChanged)
    Q_PROPERTY(bool truncated READ isTruncated NOTIFY loaded)
    Q_PROPERTY(qint64 totalRuns READ totalRuns NOTIFY loaded)

public:
    enum Column {
        RunColumn,      // run id
        WorkflowColumn, //
        StatusColumn,   // label; colour as ForegroundRole / DecorationRole
        StepsColumn,    // "2/3 done, 1 uncertain"
        StartedColumn,  // created_at, local time
        FinishedColumn, // finished_at, local time; empty while open
        DurationColumn, // finished - created, or "running for ..." by the server's clock
        KeyColumn,      // scope / key
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles in the order of Column (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("Run"),      QT_TR_NOOP("Workflow"),    QT_TR_NOOP("Status"),
        QT_TR_NOOP("Steps"),    QT_TR_NOOP("Started"),     QT_TR_NOOP("Finished"),
        QT_TR_NOOP("Duration"), QT_TR_NOOP("Scope / key"),
    };

    enum Role {
        RunIdRole = RunRoles::RunIdRole, // RunRoles
        StatusNameRole = RunRoles::StatusNameRole,
        LeaseTokenRole = RunRoles::LeaseTokenRole,
        StatusColorRole = RunRoles::FirstModelRole, // QColor (RunStatusStyle)
        StartTimeRole,                              // QDateTime (UTC): where the bar starts
        EndTimeRole,        // QDateTime (UTC): finished_at; invalid while open
        BarEndTimeRole,     // QDateTime (UTC): finished_at, or the server's now while open
        OpenRole,           // bool: not finished (processing / manual_review / ...)
        UncertainStepsRole, // int
        WorkflowRole,       // QString
        StepsRole,          // QList<store::CorrelatedStep>, by ordinal
        ServerNowRole,      // QDateTime (UTC): estimatedServerNow(), where running steps end
        FailedStepsRole,    // int
    };

    static constexpr int DefaultLimit = 500;

    explicit CorrelationModel(const QString &conninfo, QObject *parent = nullptr);
    ~CorrelationModel() override;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // Shows the newest runs of `correlationId` (a reset); empty clears the model. `ofRun` >
    // 0: the runs sharing that run's correlation id, which `correlationId` then only names
    // (a login that reads correlation ids hashed cannot search by the hash).
    void setCorrelationId(const QString &correlationId, qint64 ofRun = 0);
    QString correlationId() const { return m_correlationId; }
    void reload();
    // Shows another page (a reset): the runs Older or Newer than the page shown, the Newest
    // or the Oldest. Drops a read in flight; nothing without a correlation id.
    void showPage(store::ListPage::Step step);
    // Stops the load in progress (PQcancel); errorText() says so.
    void cancel();
    void attachListener(lanes::ChangeListener *listener);
    void setLimit(int runs) { m_limit = qMax(1, runs); }
    int limit() const { return m_limit; }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }

    bool isLoading() const { return m_query.isLoading(); }
    // The page leaves runs of the correlation out (older or newer ones).
    bool isTruncated() const { return m_snapshot.total > rowCount(); }
    // Every run of the correlation (that the login may read), as of the last read.
    qint64 totalRuns() const { return m_snapshot.total; }
    // Runs newer than the page (0 on the newest page) / older runs exist.
    qint64 newerRuns() const { return m_snapshot.newer; }
    bool hasOlderRuns() const { return m_snapshot.more; }
    // The page asked for (the last read's, once it came).
    const store::ListPage &page() const { return m_page; }
    QString errorText() const { return m_query.errorText(); }
    int rowOfRun(qint64 runId) const { return rowOfId(runId); }

    // The time axis: the earliest start and the latest bar end (invalid when empty).
    QDateTime timeStart() const;
    QDateTime timeEnd() const;
    // The server's now at the last read plus the time since (where open bars end).
    QDateTime estimatedServerNow() const;

    // One step in words, for a tooltip: "Step 2 “sms”: Failed (timeout), attempt 1, started
    // …, finished … (1.2 s)"; a running step's duration is by `serverNow`.
    static QString stepText(const store::CorrelatedStep &step, const QDateTime &serverNow);

    int backendPid() const { return m_runner.backendPid(); }

public slots:
    void onRunsChanged(const QSet<qint64> &ids, bool more);

signals:
    void correlationIdChanged(const QString &correlationId);
    void loadingChanged(bool loading);
    // A read was applied (the first one or a live refresh).
    void loaded();
    void errorOccurred(const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

protected:
    bool lessThan(const store::CorrelatedRun &a, const store::CorrelatedRun &b) const override {
        return a.createdAtMicros != b.createdAtMicros ? a.createdAtMicros < b.createdAtMicros
                                                      : a.id < b.id;
    }

private:
    int submitRead();
    void applyRead(const QVariant &value);
    QString stepsText(const store::CorrelatedRun &run) const;

    lanes::QueryRunner m_runner;
    lanes::PendingQuery m_query; // after m_runner: it uses the runner
    QString m_correlationId;
    qint64 m_ofRun = 0;
    int m_limit = DefaultLimit;
    store::ListPage m_page;   // the page to read
    bool m_resetNext = false; // the next answer is for a new correlation id
    store::CorrelationSnapshot m_snapshot;
    QElapsedTimer m_sinceRead;
};

} // namespace dedup::models
