#pragma once

#include "models/RunPageLoader.h"
#include "models/RunRoles.h"
#include "models/TitledColumns.h"
#include "store/RunFilter.h"
#include "store/RunQueries.h"
#include "store/RunRow.h"

#include <QAbstractTableModel>
#include <QList>
#include <QSet>
#include <QTimer>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

// The runs list (docs/CONSOLE.md "Runs"): newest first, loaded page by page (keyset, never OFFSET)
// on its own connection in its own thread, so neither scrolling nor a slow query blocks the UI.
//
// Memory is bounded: at most maxRows() rows (default 20,000) are kept; then canFetchMore()
// is false and `truncated` says there are more (narrow the filter). A QSqlQueryModel would
// hold every matching row.
//
// Live updates (attachListener): changed runs are re-read by id and updated in place
// (dataChanged), removed when they no longer match (rowsRemoved), inserted at their place
// when they newly match (rowsInserted; new runs appear at the top). The model never resets
// for a live change, so the view's selection, current index and scroll position survive.
// A resync (lost notifications) or a "more" notification re-reads the loaded range and
// applies the difference the same way.
//
// After a page fails, canFetchMore() is false until reload(), resync() or a new filter: views
// ask for more on every layout, and a failure that changes the layout (an error message)
// must not turn into a loop of queries.
class RunListModel : public TitledColumns<RunListModel> {
    Q_OBJECT
    Q_PROPERTY(bool truncated READ isTruncated NOTIFY truncatedChanged)
    Q_PROPERTY(bool loading READ isLoading NOTIFY loadingChanged)
    Q_PROPERTY(QString countText READ countText NOTIFY countChanged)
    Q_PROPERTY(bool countIsEstimate READ countIsEstimate NOTIFY countChanged)
    Q_PROPERTY(qint64 countValue READ countValue NOTIFY countChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY errorTextChanged)
    Q_PROPERTY(int maxRows READ maxRows WRITE setMaxRows)
    Q_PROPERTY(int pageSize READ pageSize WRITE setPageSize)

public:
    enum Column {
        IdColumn,
        StatusColumn,
        WorkflowColumn,
        ScopeColumn,
        KeyColumn,
        CorrelationColumn,
        AttemptColumn,
        LeaseOwnerColumn,
        LeaseExpiresColumn,
        CreatedColumn,
        UpdatedColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles in the order of Column (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("Run"),     QT_TR_NOOP("Status"),      QT_TR_NOOP("Workflow"),
        QT_TR_NOOP("Scope"),   QT_TR_NOOP("Key"),         QT_TR_NOOP("Correlation id"),
        QT_TR_NOOP("Attempt"), QT_TR_NOOP("Lease owner"), QT_TR_NOOP("Lease expires"),
        QT_TR_NOOP("Created"), QT_TR_NOOP("Updated"),
    };

    enum Role {
        RunIdRole = RunRoles::RunIdRole, // in every column (RunRoles)
        StatusNameRole = RunRoles::StatusNameRole,
        LeaseTokenRole = RunRoles::LeaseTokenRole,
    };

    static constexpr int DefaultMaxRows = 20000;
    static constexpr int DefaultPageSize = 200;
    static constexpr qint64 DefaultCountCap = 10000;

    explicit RunListModel(const QString &conninfo, QObject *parent = nullptr);
    ~RunListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // Shows the runs of `filter` (a reset), loading the first page and the count. False,
    // with errorText() set and nothing changed, when the filter is invalid.
    bool setFilter(const store::RunFilter &filter);
    // The filter shown, with the login's read regions (setReadRegions()) in it.
    const store::RunFilter &filter() const { return m_filter; }
    // What the login may read (AccessScope::readRegions()), added to every filter from now
    // on so that its queries read only the runs row-level security will keep. Takes effect
    // with the next setFilter() or reload().
    void setReadRegions(const std::optional<store::ReadRegions> &regions);
    // Loads the current filter again from the start (a reset).
    void reload();
    void refreshCount();
    // Stops the queries in progress (PQcancel) and drops their answers; loading resumes with
    // the next fetchMore() or reload().
    void cancel();

    void setPageSize(int rows);
    int pageSize() const { return m_pageSize; }
    // Lowering it below rowCount() drops the oldest rows.
    void setMaxRows(int rows);
    int maxRows() const { return m_maxRows; }
    void setCountCap(qint64 cap) { m_countCap = qMax<qint64>(1, cap); }
    void setStatementTimeout(int milliseconds);

    // Live updates: runsChanged -> applyChanges, resynced -> resync.
    void attachListener(lanes::ChangeListener *listener);

    const store::RunRow &runAt(int row) const { return m_rows.at(row); }
    int rowOfRun(qint64 runId) const;

    bool isTruncated() const { return m_truncated; }
    bool isLoading() const { return m_pendingPage != 0 || m_pendingWindow != 0; }
    // "1,234" (exact), "10,000+" (more than the cap, no usable estimate) or
    // "~1,234,567 (estimate)"; empty while counting, "unknown" after a failure.
    QString countText() const { return m_countText; }
    bool countIsEstimate() const { return m_countKnown && !m_count.exact; }
    // Not exact, and the planner's estimate is the value (else the value is the cap + 1).
    bool countHasEstimate() const { return countIsEstimate() && m_count.hasEstimate; }
    qint64 countValue() const { return m_countKnown ? m_count.value : -1; }
    QString errorText() const { return m_errorText; }
    // The loader connection's server process, e.g. for pg_stat_activity.
    int loaderBackendPid() const { return m_loader->backendPid(); }

public slots:
    // Re-reads `ids` (the loaded ones, and the new ones that might belong in the list).
    void applyChanges(const QSet<qint64> &ids, bool more);
    // Re-reads the loaded range and applies the difference without a reset.
    void resync();
    // resync(), reconnecting at once if the connection is down (skips the backoff).
    void retryNow();

signals:
    void truncatedChanged(bool truncated);
    void loadingChanged(bool loading);
    void countChanged();
    void errorTextChanged(const QString &text);
    void errorOccurred(const QString &message);
    void pageLoaded(int rowsAdded);
    // A live refresh or resync was applied (also when it changed nothing).
    void liveUpdateApplied(int updated, int inserted, int removed);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    void startGeneration();
    void requestPage();
    void onPageLoaded(int requestId, const QList<store::RunRow> &rows, bool more);
    void onWindowLoaded(int requestId, const QList<store::RunRow> &rows, bool complete);
    void onRowsRefreshed(int requestId, const QList<qint64> &ids,
                         const QList<store::RunRow> &matching);
    void onCounted(int requestId, const store::RunCount &count);
    void onFailed(int requestId, const QString &message, lanes::Failure failure);
    // Whether a run at `key` belongs to the loaded range (newer than the page boundary, or
    // everything when the end was reached).
    bool inLoadedRange(const store::RunKey &key) const;
    int insertPosition(const store::RunKey &key) const;
    int rowOfKey(const store::RunKey &key) const;
    void insertRun(int position, const store::RunRow &row);
    void removeRunAt(int position);
    bool updateRunAt(int position, const store::RunRow &row);
    void trimToMaxRows();
    void setTruncated(bool truncated);
    void setLoadingState(bool wasLoading);
    void setError(const QString &message);
    QString formatCount() const;

    // Its lane drops the answers of requests made before discardPending(): the pages of
    // an earlier filter, or those cancel() gave up on, never reach the on*() handlers.
    RunPageLoader *m_loader = nullptr; // a child
    store::RunFilter m_filter;
    std::optional<store::ReadRegions> m_readRegions;
    bool m_active = false;       // a filter was set: there is something to load
    bool m_resyncWanted = false; // a live refresh failed: re-read when the connection is back
    QList<store::RunRow> m_rows;
    QSet<qint64> m_ids;
    store::RunKey m_cursor; // the last row of the last page: the next page starts after it
    bool m_atEnd = false;   // every run of the filter is loaded
    bool m_truncated = false;
    bool m_pageFailed = false; // the last page request failed: no more pages on demand
    int m_pageSize = DefaultPageSize;
    int m_maxRows = DefaultMaxRows;
    qint64 m_countCap = DefaultCountCap;
    int m_pendingPage = 0;
    int m_pendingWindow = 0;
    int m_pendingCount = 0;
    store::RunKey m_windowBottom;
    store::RunCount m_count;
    bool m_countKnown = false;
    QString m_countText;
    QString m_errorText;
    QTimer m_countTimer; // throttles count refreshes after live changes
};

} // namespace dedup::models
