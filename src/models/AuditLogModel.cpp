#include "models/AuditLogModel.h"

#include "lanes/ChangeListener.h"
#include "models/AuditTableModel.h"
#include "store/PgConnection.h"

#include <limits>

namespace dedup::models {

using store::AuditEntryRow;

namespace {
// Newer entries read per refresh before the model gives up on inserting them and reads the
// first page again (a bulk operation writes one entry per run).
constexpr int NewerPagesPerRefresh = 10;
} // namespace

AuditLogModel::AuditLogModel(const QString &conninfo, QObject *parent)
    : TitledColumns(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-audit"))
    , m_schedule(
          this, [this] { refresh(); }, DefaultRefreshIntervalMs, DefaultCoalesceMs) {
    qRegisterMetaType<store::AuditLogPage>();
    qRegisterMetaType<store::AuditLogNews>();
    connect(&m_runner, &lanes::QueryRunner::finished, this, &AuditLogModel::onFinished);
    connect(&m_runner, &lanes::QueryRunner::failed, this, &AuditLogModel::onFailed);
    connect(&m_runner, &lanes::QueryRunner::connectionLost, this, &AuditLogModel::connectionLost);
    connect(&m_runner, &lanes::QueryRunner::connectionRestored, this, [this] {
        emit connectionRestored();
        refresh();
    });
    // Queued: settings made right after construction apply to the first read.
    QMetaObject::invokeMethod(this, &AuditLogModel::next, Qt::QueuedConnection);
}

AuditLogModel::~AuditLogModel() = default;

int AuditLogModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

void AuditLogModel::setFilter(const store::AuditLogFilter &filter) {
    if (filter == m_filter)
        return;
    m_filter = filter;
    reload();
}

void AuditLogModel::reload() {
    m_runner.discardPending(); // answers for the old list
    setPending(0, Request::None);
    beginResetModel();
    m_rows.clear();
    m_nextBefore = 0;
    m_atEnd = false;
    m_newestId = 0;
    endResetModel();
    m_firstWanted = true;
    m_olderWanted = m_newerWanted = false;
    next();
}

void AuditLogModel::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &AuditLogModel::onRunsChanged);
    connect(listener, &lanes::ChangeListener::resynced, this, &AuditLogModel::refresh);
}

void AuditLogModel::onRunsChanged(const QSet<qint64> &ids, bool more) {
    // Every operator action changes its run, so it notifies; a filter on one run only cares
    // about that run.
    if (m_filter.runId && !more && !ids.contains(*m_filter.runId))
        return;
    m_schedule.notified();
}

void AuditLogModel::refresh() {
    m_newerWanted = true;
    next();
}

bool AuditLogModel::canFetchMore(const QModelIndex &parent) const {
    return !parent.isValid() && !m_atEnd && !m_firstWanted && m_rows.size() < m_maxRows;
}

void AuditLogModel::fetchMore(const QModelIndex &parent) {
    if (!canFetchMore(parent))
        return;
    m_olderWanted = true;
    next();
}

// One request at a time, the first page before anything else, then newer before older (the
// top of the list is what a live view looks at).
void AuditLogModel::next() {
    if (m_pending != 0)
        return;
    if (m_firstWanted)
        start(Request::First);
    else if (m_newerWanted)
        start(Request::Newer);
    else if (m_olderWanted)
        start(Request::Older);
}

void AuditLogModel::start(Request kind) {
    m_schedule.readStarting();
    const store::AuditLogFilter filter = m_filter;
    const int limit = m_pageSize;
    const qint64 window = m_window;
    int id = 0;
    if (kind == Request::Newer) {
        m_newerWanted = false;
        id = m_runner.submit(
            [filter, after = m_newestId, limit](store::PgConnection &conn, store::PgError *error) {
                store::AuditLogNews all;
                all.upTo = after;
                for (int page = 0; page < NewerPagesPerRefresh; ++page) {
                    const auto news =
                        store::AuditLogQueries::newer(conn, filter, all.upTo, limit, error);
                    if (!news)
                        return QVariant();
                    all.rows += news->rows;
                    all.upTo = news->upTo;
                    all.more = news->more;
                    if (!news->more)
                        break;
                }
                return QVariant::fromValue(all);
            });
    } else {
        const qint64 before = kind == Request::First ? 0 : m_nextBefore;
        if (kind == Request::First)
            m_firstWanted = false;
        else
            m_olderWanted = false;
        id = m_runner.submit(
            [filter, before, limit, window](store::PgConnection &conn, store::PgError *error) {
                const auto page =
                    store::AuditLogQueries::older(conn, filter, before, limit, window,
                                                  store::AuditLogQueries::DefaultMaxWindows, error);
                return page ? QVariant::fromValue(*page) : QVariant();
            });
    }
    setPending(id, kind);
}

void AuditLogModel::onFinished(int requestId, const QVariant &value) {
    if (requestId != m_pending)
        return;
    const Request kind = m_pendingKind;
    setPending(0, Request::None);
    m_errorText.clear();
    if (kind == Request::Newer) {
        const store::AuditLogNews news = value.value<store::AuditLogNews>();
        if (news.more) {
            // Too many at once to insert sensibly: start again from the top.
            reload();
            return;
        }
        applyNewer(news.rows);
        m_newestId = qMax(m_newestId, news.upTo);
    } else {
        const store::AuditLogPage page = value.value<store::AuditLogPage>();
        if (kind == Request::First)
            m_newestId = qMax(m_newestId, page.top);
        applyOlder(page, kind == Request::First);
    }
    emit refreshed();
    next();
}

void AuditLogModel::onFailed(int requestId, const QString &message, lanes::Failure) {
    if (requestId != m_pending)
        return;
    const Request kind = m_pendingKind;
    setPending(0, Request::None);
    // Asked again by the next refresh / fetchMore; a failed first page is retried by the
    // timer.
    if (kind == Request::First)
        m_firstWanted = true;
    m_errorText = message;
    emit errorOccurred(message);
}

void AuditLogModel::setPending(int requestId, Request kind) {
    const bool was = m_pending != 0;
    m_pending = requestId;
    m_pendingKind = kind;
    if (was != (requestId != 0))
        emit loadingChanged(requestId != 0);
}

void AuditLogModel::applyOlder(const store::AuditLogPage &page, bool reset) {
    if (reset && !m_rows.isEmpty()) {
        beginResetModel();
        m_rows.clear();
        endResetModel();
    }
    // Rows are immutable and ids only grow: an older page only ever goes below the last row.
    QList<AuditEntryRow> rows;
    const qint64 bottom = m_rows.isEmpty() ? std::numeric_limits<qint64>::max() : m_rows.last().id;
    for (const AuditEntryRow &row : page.rows) {
        if (row.id < bottom)
            rows.append(row);
    }
    if (!rows.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows.size()) - 1);
        m_rows += rows;
        endInsertRows();
    }
    m_nextBefore = page.nextBefore;
    m_atEnd = page.atEnd;
    trimOldest();
}

void AuditLogModel::applyNewer(const QList<AuditEntryRow> &oldestFirst) {
    QList<AuditEntryRow> rows;
    const qint64 top = m_rows.isEmpty() ? 0 : m_rows.first().id;
    for (auto it = oldestFirst.crbegin(); it != oldestFirst.crend(); ++it) {
        if (it->id > top)
            rows.append(*it);
    }
    if (rows.isEmpty())
        return;
    beginInsertRows({}, 0, int(rows.size()) - 1);
    m_rows = rows + m_rows;
    endInsertRows();
    trimOldest();
}

void AuditLogModel::trimOldest() {
    if (m_rows.size() <= m_maxRows)
        return;
    // Memory stays bounded; the dropped rows can be fetched again from the new bottom.
    beginRemoveRows({}, m_maxRows, int(m_rows.size()) - 1);
    m_rows.resize(m_maxRows);
    endRemoveRows();
    m_nextBefore = m_rows.last().id;
    m_atEnd = false;
}

QVariant AuditLogModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const AuditEntryRow &entry = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case WhenColumn:
            return entry.at.toLocalTime();
        case WhoColumn:
            return AuditTableModel::who(entry);
        case ActionColumn:
            return entry.action;
        case RunColumn:
            return entry.runId > 0 ? QVariant(entry.runId) : QVariant(QString());
        case OutcomeColumn:
            return entry.isApplied() ? tr("Applied") : tr("Refused (run had changed)");
        case ReasonColumn:
            return entry.reason;
        case ChangeColumn:
            return AuditTableModel::change(entry);
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case WhoColumn:
            return AuditTableModel::attribution(entry);
        case ActionColumn:
            return tr("Action key %1").arg(entry.actionKey);
        case OutcomeColumn:
        case ChangeColumn:
            return entry.detail;
        case ReasonColumn:
            return entry.reason;
        }
        return {};
    case AuditIdRole:
        return entry.id;
    case RunIdRole:
        return entry.runId;
    case ActionKeyRole:
        return entry.actionKey;
    case AppliedRole:
        return entry.isApplied();
    case TimeRole:
        return entry.at;
    case DetailRole:
        return entry.detail;
    case ParamsJsonRole:
        return entry.params.pretty;
    case BeforeJsonRole:
        return entry.before.pretty;
    case AfterJsonRole:
        return entry.after.pretty;
    case DbRoleRole:
        return entry.dbRole;
    case AttributionRole:
        return AuditTableModel::attribution(entry);
    }
    return {};
}

QVariant AuditLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == WhoColumn)
        return AuditTableModel::whoHeaderToolTip();
    return TitledColumns::headerData(section, orientation, role);
}

} // namespace dedup::models
