#pragma once

#include "lanes/QueryRunner.h"
#include "models/RefreshSchedule.h"
#include "models/TitledColumns.h"
#include "store/AuditEntryRow.h"
#include "store/AuditLogQueries.h"

#include <QAbstractTableModel>
#include <QList>
#include <QSet>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

// The audit log (docs/CONSOLE.md "Audit view", issue 6): every operator action, applied or
// refused, with who (from the server: login role and client address; reported by the client: OS
// user, host, application; labelled as such, AuditTableModel::who()), when, what, on which run,
// why, the outcome and the run's state before and after; newest first, per run or overall,
// filtered by action, role, outcome and time (AuditLogFilter).
//
// Loaded in the background on its own connection (QueryRunner), keyset paged on id
// (AuditLogQueries): the first page on a new filter, older pages by fetchMore(), at most
// maxRows() rows in memory (the oldest are dropped past it and can be fetched again).
// Audit rows never change, so live updates only add rows at the top: on notifications
// (operator actions on runs notify; coalesced) and on a timer (default 5 s; bulk start /
// pause / abort entries have no run and notify nobody).
class AuditLogModel : public TitledColumns<AuditLogModel> {
    Q_OBJECT
    Q_PROPERTY(bool loading READ isLoading NOTIFY loadingChanged)

public:
    enum Column {
        WhenColumn,    // local time
        WhoColumn,     // "t_operator (client reports alice@ops-laptop-3, dedup-console)"
        ActionColumn,  // op_cancel, op_bulk_start, ...
        RunColumn,     // run id; empty for bulk operation entries
        OutcomeColumn, // Applied / Refused (the run had changed)
        ReasonColumn,  // why
        ChangeColumn,  // before → after, or why nothing changed
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles in the order of Column (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("When"),
        QT_TR_NOOP("Database role (client-reported)"),
        QT_TR_NOOP("Action"),
        QT_TR_NOOP("Run"),
        QT_TR_NOOP("Outcome"),
        QT_TR_NOOP("Reason"),
        QT_TR_NOOP("Before \u2192 after"),
    };

    enum Role {
        AuditIdRole = Qt::UserRole, // qint64
        RunIdRole,                  // qint64 (0: none)
        ActionKeyRole,              // QString
        AppliedRole,                // bool
        TimeRole,                   // QDateTime (UTC)
        DetailRole,                 // QString: the server's detail
        ParamsJsonRole,             // QString: pretty JSON of the action's parameters
        BeforeJsonRole,             // QString: pretty JSON of the run before
        AfterJsonRole,              // QString: pretty JSON after (empty when refused)
        DbRoleRole,                 // QString: the login role
        AttributionRole,            // QString: AuditTableModel::attribution(), labelled lines
    };

    static constexpr int DefaultPageSize = 200;
    static constexpr int DefaultMaxRows = 50000;
    static constexpr int DefaultRefreshIntervalMs = 5000;
    static constexpr int DefaultCoalesceMs = 500;

    explicit AuditLogModel(const QString &conninfo, QObject *parent = nullptr);
    ~AuditLogModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // A new filter: the model is reset and the first page read.
    void setFilter(const store::AuditLogFilter &filter);
    const store::AuditLogFilter &filter() const { return m_filter; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    int pageSize() const { return m_pageSize; }
    void setMaxRows(int rows) { m_maxRows = qMax(1, rows); }
    int maxRows() const { return m_maxRows; }
    // Ids per statement when the filter has criteria no index answers.
    void setScanWindow(qint64 ids) { m_window = qMax<qint64>(1, ids); }
    // 0 turns the timer off.
    void setRefreshInterval(int milliseconds) { m_schedule.setInterval(milliseconds); }
    void setCoalesceInterval(int milliseconds) { m_schedule.setCoalesceInterval(milliseconds); }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }
    void attachListener(lanes::ChangeListener *listener);

    // Reads newer entries now (coalesced with a read in flight).
    void refresh();
    // Drops everything and reads the first page again.
    void reload();

    const store::AuditEntryRow &entryAt(int row) const { return m_rows.at(row); }
    bool isLoading() const { return m_pending != 0; }
    // Nothing older than the last row exists.
    bool isAtEnd() const { return m_atEnd; }
    QString errorText() const { return m_errorText; }
    int backendPid() const { return m_runner.backendPid(); }

public slots:
    void onRunsChanged(const QSet<qint64> &ids, bool more);

signals:
    void loadingChanged(bool loading);
    // A read was applied (also when it added nothing).
    void refreshed();
    void errorOccurred(const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    enum class Request { None, First, Older, Newer };

    void start(Request kind);
    void next();
    void onFinished(int requestId, const QVariant &value);
    void onFailed(int requestId, const QString &message, lanes::Failure failure);
    void setPending(int requestId, Request kind);
    void applyOlder(const store::AuditLogPage &page, bool reset);
    void applyNewer(const QList<store::AuditEntryRow> &rows);
    void trimOldest();

    lanes::QueryRunner m_runner;
    store::AuditLogFilter m_filter;
    QList<store::AuditEntryRow> m_rows; // newest first
    int m_pageSize = DefaultPageSize;
    int m_maxRows = DefaultMaxRows;
    qint64 m_window = store::AuditLogQueries::DefaultWindow;
    qint64 m_nextBefore = 0; // where older pages continue (0 with m_atEnd false: not read yet)
    bool m_atEnd = false;
    qint64 m_newestId = 0; // newest entry read so far (also when it was filtered out)
    int m_pending = 0;
    Request m_pendingKind = Request::None;
    bool m_firstWanted = true;
    bool m_olderWanted = false;
    bool m_newerWanted = false;
    QString m_errorText;
    RefreshSchedule m_schedule; // periodic and notified re-reads
};

} // namespace dedup::models
