#include "models/RunListModel.h"

#include "lanes/ChangeListener.h"
#include "models/RunCells.h"
#include "models/RunStatusStyle.h"

#include <QLocale>

#include <algorithm>

namespace dedup::models {

using store::RunKey;
using store::RunRow;

RunListModel::RunListModel(const QString &conninfo, QObject *parent)
    : TitledColumns(parent)
    , m_loader(new RunPageLoader(conninfo, {}, this)) {
    qRegisterMetaType<QList<RunRow>>();
    qRegisterMetaType<QList<qint64>>();
    qRegisterMetaType<store::RunCount>();
    connect(m_loader, &RunPageLoader::pageLoaded, this, &RunListModel::onPageLoaded);
    connect(m_loader, &RunPageLoader::windowLoaded, this, &RunListModel::onWindowLoaded);
    connect(m_loader, &RunPageLoader::rowsRefreshed, this, &RunListModel::onRowsRefreshed);
    connect(m_loader, &RunPageLoader::counted, this, &RunListModel::onCounted);
    connect(m_loader, &RunPageLoader::failed, this, &RunListModel::onFailed);
    connect(m_loader, &RunPageLoader::connectionLost, this, &RunListModel::connectionLost);
    connect(m_loader, &RunPageLoader::connectionRestored, this, [this] {
        emit connectionRestored();
        if (std::exchange(m_resyncWanted, false))
            resync();
    });
    m_countTimer.setSingleShot(true);
    m_countTimer.setInterval(2000);
    connect(&m_countTimer, &QTimer::timeout, this, &RunListModel::refreshCount);
}

RunListModel::~RunListModel() = default;

int RunListModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant RunListModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const RunRow &run = m_rows.at(index.row());
    if (const QVariant shared = RunRoles::data(run, run.statusName, role); shared.isValid())
        return shared;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case IdColumn:
            return run.id;
        case StatusColumn:
            return RunStatusStyle::label(run.statusName);
        case WorkflowColumn:
            return run.workflow;
        case ScopeColumn:
            return run.scope;
        case KeyColumn:
            return run.idemKey;
        case CorrelationColumn:
            return run.correlationId;
        case AttemptColumn:
            return RunCells::attempts(run.attempt, run.maxAttempts);
        case LeaseOwnerColumn:
            return run.leaseOwner;
        case LeaseExpiresColumn:
            return run.leaseExpiresAt.isValid() ? QVariant(run.leaseExpiresAt.toLocalTime())
                                                : QVariant();
        case CreatedColumn:
            return run.createdAt.toLocalTime();
        case UpdatedColumn:
            return run.updatedAt.toLocalTime();
        }
        return {};
    case Qt::ForegroundRole:
    case Qt::DecorationRole:
        // The colour accompanies the status text, never replaces it.
        if (column == StatusColumn)
            return RunStatusStyle::color(run.statusName);
        return {};
    case Qt::ToolTipRole:
        if (column == StatusColumn && !run.lastErrorClass.isEmpty()) {
            return tr("%1 (last error: %2)")
                .arg(RunStatusStyle::label(run.statusName), run.lastErrorClass);
        }
        if (column == KeyColumn)
            return tr("%1 in scope %2").arg(run.idemKey, run.scope);
        return {};
    case Qt::TextAlignmentRole:
        if (column == IdColumn || column == AttemptColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    return {};
}

bool RunListModel::canFetchMore(const QModelIndex &parent) const {
    return !parent.isValid() && m_active && !m_atEnd && !m_truncated && !m_pageFailed;
}

void RunListModel::fetchMore(const QModelIndex &parent) {
    if (parent.isValid())
        return;
    const bool wasLoading = isLoading();
    requestPage();
    setLoadingState(wasLoading);
}

bool RunListModel::setFilter(const store::RunFilter &filter) {
    const QString error = filter.validationError();
    if (!error.isEmpty()) {
        setError(error);
        emit errorOccurred(error);
        return false;
    }
    m_filter = filter;
    m_filter.readable = m_readRegions;
    startGeneration();
    return true;
}

void RunListModel::setReadRegions(const std::optional<store::ReadRegions> &regions) {
    m_readRegions = regions;
    m_filter.readable = regions;
}

void RunListModel::reload() {
    startGeneration();
}

void RunListModel::startGeneration() {
    const bool wasLoading = isLoading();
    // Everything asked so far belongs to the previous list: skipped, cancelled if running,
    // and its answers dropped.
    m_loader->discardPending();
    m_pendingPage = m_pendingWindow = m_pendingCount = 0;
    beginResetModel();
    m_rows.clear();
    m_ids.clear();
    m_cursor = {};
    m_atEnd = false;
    m_pageFailed = false;
    m_active = true;
    m_resyncWanted = false;
    endResetModel();
    setTruncated(false);
    m_countKnown = false;
    m_countText.clear();
    emit countChanged();
    setError({});
    requestPage();
    refreshCount();
    setLoadingState(wasLoading);
}

void RunListModel::requestPage() {
    if (!m_active || m_pendingPage != 0 || m_atEnd || m_truncated || m_pageFailed)
        return;
    const int limit = qMin(m_pageSize, m_maxRows - int(m_rows.size()));
    if (limit <= 0)
        return;
    m_pendingPage = m_cursor.isValid() ? m_loader->loadNextPage(m_filter, m_cursor, limit)
                                       : m_loader->loadFirstPage(m_filter, limit);
}

void RunListModel::refreshCount() {
    if (!m_active)
        return;
    m_pendingCount = m_loader->count(m_filter, m_countCap);
}

void RunListModel::cancel() {
    const bool wasLoading = isLoading();
    if (!wasLoading && m_pendingCount == 0)
        return;
    if (m_pendingWindow != 0)
        m_resyncWanted = true;
    m_loader->discardPending();
    m_pendingPage = m_pendingWindow = m_pendingCount = 0;
    const QString message = tr("Loading was cancelled.");
    setError(message);
    emit errorOccurred(message);
    setLoadingState(wasLoading);
}

void RunListModel::setPageSize(int rows) {
    m_pageSize = qMax(1, rows);
}

void RunListModel::setMaxRows(int rows) {
    m_maxRows = qMax(1, rows);
    trimToMaxRows();
}

void RunListModel::setStatementTimeout(int milliseconds) {
    m_loader->setStatementTimeout(milliseconds);
}

void RunListModel::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &RunListModel::applyChanges);
    connect(listener, &lanes::ChangeListener::resynced, this, &RunListModel::resync);
}

int RunListModel::rowOfRun(qint64 runId) const {
    if (!m_ids.contains(runId))
        return -1;
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).id == runId)
            return row;
    }
    return -1;
}

int RunListModel::rowOfKey(const RunKey &key) const {
    const int position = insertPosition(key);
    return position < m_rows.size() && m_rows.at(position).id == key.id ? position : -1;
}

void RunListModel::applyChanges(const QSet<qint64> &ids, bool more) {
    if (!m_active)
        return;
    if (more || m_resyncWanted) {
        m_resyncWanted = false;
        resync();
        return;
    }
    if (ids.isEmpty())
        return;
    m_loader->refreshRows(m_filter, ids.values());
    if (!m_countTimer.isActive())
        m_countTimer.start();
}

void RunListModel::resync() {
    if (!m_active)
        return;
    const bool wasLoading = isLoading();
    m_pageFailed = false;
    refreshCount();
    if (m_rows.isEmpty() && !m_atEnd) {
        // Nothing loaded yet: the first page, asked for now, is current anyway.
        requestPage();
        setLoadingState(wasLoading);
        return;
    }
    // The loaded range: down to the page boundary, or everything once the end was reached.
    m_windowBottom = m_atEnd ? RunKey{} : m_cursor;
    m_pendingWindow = m_loader->loadWindow(m_filter, m_windowBottom, m_maxRows);
    setLoadingState(wasLoading);
}

void RunListModel::retryNow() {
    m_loader->retryNow();
    resync();
}

void RunListModel::onPageLoaded(int requestId, const QList<RunRow> &rows, bool more) {
    if (requestId != m_pendingPage)
        return; // a page of an earlier filter, or one cancel() gave up on
    const bool wasLoading = isLoading();
    m_pendingPage = 0;
    // A live insert may have put a run of this page in already.
    QList<RunRow> fresh;
    fresh.reserve(rows.size());
    for (const RunRow &row : rows) {
        if (!m_ids.contains(row.id))
            fresh.append(row);
    }
    const int room = qMax(0, m_maxRows - int(m_rows.size()));
    const int take = qMin(int(fresh.size()), room);
    // The paging state is updated before beginInsertRows(): views (and the model tester) call
    // canFetchMore()/fetchMore() from the insert signals and must not ask for this page again.
    const bool wasTruncated = m_truncated;
    if (take < fresh.size()) {
        m_cursor = take > 0 ? fresh.at(take - 1).key() : m_rows.last().key();
        m_truncated = true;
    } else {
        if (!rows.isEmpty())
            m_cursor = rows.last().key();
        if (!more)
            m_atEnd = true;
        else if (m_rows.size() + take >= m_maxRows)
            m_truncated = true;
    }
    if (take > 0) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size()) + take - 1);
        for (int i = 0; i < take; ++i) {
            m_ids.insert(fresh.at(i).id);
            m_rows.append(fresh.at(i));
        }
        endInsertRows();
    }
    if (m_truncated != wasTruncated)
        emit truncatedChanged(m_truncated);
    setLoadingState(wasLoading);
    emit pageLoaded(take);
}

void RunListModel::onWindowLoaded(int requestId, const QList<RunRow> &rows, bool complete) {
    if (requestId != m_pendingWindow)
        return;
    const bool wasLoading = isLoading();
    m_pendingWindow = 0;
    // `rows` is every run of the filter from the newest down to `bottom` (when not complete:
    // down to its last row). Loaded rows in that range that are not in `rows` are gone.
    const RunKey bottom = complete ? m_windowBottom : rows.last().key();
    const auto inRange = [&bottom](const RunKey &key) {
        return !bottom.isValid() || !bottom.isNewerThan(key);
    };
    int updated = 0, inserted = 0, removed = 0;
    int i = 0;
    for (const RunRow &fresh : rows) {
        const RunKey key = fresh.key();
        while (i < m_rows.size() && inRange(m_rows.at(i).key()) &&
               m_rows.at(i).key().isNewerThan(key)) {
            removeRunAt(i);
            ++removed;
        }
        if (i < m_rows.size() && m_rows.at(i).key() == key) {
            updated += updateRunAt(i, fresh) ? 1 : 0;
        } else {
            insertRun(i, fresh);
            ++inserted;
        }
        ++i;
    }
    while (i < m_rows.size() && inRange(m_rows.at(i).key())) {
        removeRunAt(i);
        ++removed;
    }
    trimToMaxRows();
    setLoadingState(wasLoading);
    emit liveUpdateApplied(updated, inserted, removed);
}

void RunListModel::onRowsRefreshed(int /*requestId: any live refresh applies*/,
                                   const QList<qint64> &ids, const QList<RunRow> &matching) {
    QHash<qint64, const RunRow *> fresh;
    for (const RunRow &row : matching)
        fresh.insert(row.id, &row);
    int updated = 0, inserted = 0, removed = 0;
    for (const qint64 id : ids) {
        if (!m_ids.contains(id))
            continue;
        if (const RunRow *row = fresh.value(id)) {
            const int position = rowOfKey(row->key()); // keys never change: binary search
            updated += updateRunAt(position, *row) ? 1 : 0;
        } else {
            removeRunAt(rowOfRun(id)); // deleted, or no longer matches the filter
            ++removed;
        }
    }
    for (const RunRow &row : matching) { // newest first
        if (m_ids.contains(row.id) || !inLoadedRange(row.key()))
            continue; // loaded (updated above), or beyond the loaded pages: a page brings it
        insertRun(insertPosition(row.key()), row);
        ++inserted;
    }
    trimToMaxRows();
    emit liveUpdateApplied(updated, inserted, removed);
}

void RunListModel::onCounted(int requestId, const store::RunCount &count) {
    if (requestId != m_pendingCount)
        return;
    m_pendingCount = 0;
    m_count = count;
    m_countKnown = true;
    m_countText = formatCount();
    emit countChanged();
}

void RunListModel::onFailed(int requestId, const QString &message, lanes::Failure failure) {
    Q_UNUSED(failure);
    const bool wasLoading = isLoading();
    if (requestId == m_pendingPage) {
        m_pendingPage = 0;
        m_pageFailed = true;
    } else if (requestId == m_pendingCount) {
        m_pendingCount = 0;
        m_countKnown = false;
        m_countText = tr("unknown");
        emit countChanged();
    } else {
        // A live refresh or a window: its changes are missing from the list now.
        if (requestId == m_pendingWindow)
            m_pendingWindow = 0;
        m_resyncWanted = true;
    }
    setError(message);
    emit errorOccurred(message);
    setLoadingState(wasLoading);
}

bool RunListModel::inLoadedRange(const RunKey &key) const {
    if (!m_active)
        return false;
    if (m_atEnd)
        return true;
    return m_cursor.isValid() && !m_cursor.isNewerThan(key);
}

int RunListModel::insertPosition(const RunKey &key) const {
    // m_rows is newest first: the rows newer than `key` come before it.
    const auto it = std::partition_point(m_rows.cbegin(), m_rows.cend(), [&key](const RunRow &row) {
        return row.key().isNewerThan(key);
    });
    return int(it - m_rows.cbegin());
}

void RunListModel::insertRun(int position, const RunRow &row) {
    beginInsertRows({}, position, position);
    m_rows.insert(position, row);
    m_ids.insert(row.id);
    endInsertRows();
}

void RunListModel::removeRunAt(int position) {
    if (position < 0 || position >= m_rows.size())
        return;
    beginRemoveRows({}, position, position);
    m_ids.remove(m_rows.at(position).id);
    m_rows.removeAt(position);
    endRemoveRows();
}

bool RunListModel::updateRunAt(int position, const RunRow &row) {
    if (position < 0 || position >= m_rows.size() || m_rows.at(position) == row)
        return false;
    m_rows[position] = row;
    emit dataChanged(index(position, 0), index(position, ColumnCount - 1));
    return true;
}

void RunListModel::trimToMaxRows() {
    if (m_rows.size() <= m_maxRows)
        return;
    // Keep the newest: the list is a prefix of the filter's runs, now cut shorter. The paging
    // state changes first, for views that ask canFetchMore() from the remove signals.
    const bool wasTruncated = m_truncated;
    m_cursor = m_rows.at(m_maxRows - 1).key();
    m_atEnd = false;
    m_truncated = true;
    beginRemoveRows({}, m_maxRows, int(m_rows.size()) - 1);
    for (qsizetype i = m_maxRows; i < m_rows.size(); ++i)
        m_ids.remove(m_rows.at(i).id);
    m_rows.resize(m_maxRows);
    endRemoveRows();
    if (!wasTruncated)
        emit truncatedChanged(true);
}

void RunListModel::setTruncated(bool truncated) {
    if (m_truncated == truncated)
        return;
    m_truncated = truncated;
    emit truncatedChanged(truncated);
}

void RunListModel::setLoadingState(bool wasLoading) {
    if (wasLoading != isLoading())
        emit loadingChanged(isLoading());
}

void RunListModel::setError(const QString &message) {
    if (m_errorText == message)
        return;
    m_errorText = message;
    emit errorTextChanged(message);
}

QString RunListModel::formatCount() const {
    const QLocale locale;
    if (m_count.exact)
        return locale.toString(m_count.value);
    if (m_count.hasEstimate)
        return tr("~%1 (estimate)").arg(locale.toString(m_count.value));
    return tr("%1+").arg(locale.toString(m_count.cap));
}

} // namespace dedup::models
