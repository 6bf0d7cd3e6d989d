#include "models/DashboardLoader.h"

#include "lanes/ChangeListener.h"
#include "store/DashboardQueries.h"
#include "store/PgConnection.h"

namespace dedup::models {

using store::DashboardQueries;
using store::DashboardSnapshot;

DashboardLoader::DashboardLoader(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-dashboard"))
    , m_query(
          m_runner, [this] { return submitRead(); },
          [this](const QVariant &value) { applyRead(value); })
    , m_schedule(
          this, [this] { refresh(); }, DefaultRefreshIntervalMs, DefaultMinIntervalMs,
          RefreshSchedule::Coalesce::AfterRead) {
    qRegisterMetaType<DashboardSnapshot>();
    m_query.forwardSignalsTo(this);
    // Queued: a range set right after construction applies to the first read.
    QMetaObject::invokeMethod(this, &DashboardLoader::refresh, Qt::QueuedConnection);
}

DashboardLoader::~DashboardLoader() = default;

void DashboardLoader::setRange(const store::DashboardRange &range) {
    store::DashboardRange next = range;
    next.readable = m_range.readable;
    if (next == m_range && hasSnapshot())
        return;
    m_range = next;
    m_query.discard(); // the answer in flight is for the old range
    refresh();
}

void DashboardLoader::setReadRegions(const std::optional<store::ReadRegions> &regions) {
    if (regions == m_range.readable)
        return;
    m_range.readable = regions;
    m_query.discard();
    refresh();
}

void DashboardLoader::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &DashboardLoader::onRunsChanged);
    connect(listener, &lanes::ChangeListener::resynced, this, &DashboardLoader::refresh);
}

void DashboardLoader::onRunsChanged(const QSet<qint64> &, bool) {
    // One read per minInterval however fast runs change; the first change after a quiet
    // spell is read at once.
    m_schedule.notified();
}

void DashboardLoader::refresh() {
    m_query.refresh();
}

int DashboardLoader::submitRead() {
    m_schedule.readStarting();
    return m_runner.submit(
        [range = m_range](store::PgConnection &conn, store::PgError *error) -> QVariant {
            // Fold first (when this role may, on a primary): the read then finds few deltas.
            // A refresh that fails is reported with the figures, which are exact anyway.
            store::PgError refreshError;
            const std::optional<bool> may = DashboardQueries::canRefresh(conn, error);
            if (!may)
                return {};
            const qint64 folded = *may ? DashboardQueries::refresh(conn, &refreshError) : -1;
            if (refreshError.connectionLost) {
                *error = refreshError;
                return {};
            }
            std::optional<DashboardSnapshot> snapshot = DashboardQueries::read(conn, range, error);
            if (!snapshot)
                return {};
            snapshot->folded = folded;
            snapshot->refreshError = refreshError.isEmpty() ? QString() : refreshError.toString();
            return QVariant::fromValue(*snapshot);
        });
}

void DashboardLoader::cancel() {
    m_query.cancel(tr("Loading was cancelled."));
}

void DashboardLoader::applyRead(const QVariant &value) {
    m_snapshot = value.value<DashboardSnapshot>();
    m_figures = DashboardFigures::from(m_snapshot);
    ++m_reads;
    emit loaded();
}

} // namespace dedup::models
