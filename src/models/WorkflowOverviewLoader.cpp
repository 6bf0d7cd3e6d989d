#include "models/WorkflowOverviewLoader.h"

#include "lanes/ChangeListener.h"
#include "store/PgConnection.h"
#include "store/WorkflowOverviewQueries.h"

namespace dedup::models {

namespace {

constexpr int PeriodMs = 10000;
constexpr int LiveSpacingMs = 3000;

QVariant readOverview(store::PgConnection &conn, store::PgError *error) {
    const std::optional<store::WorkflowOverview> overview =
        store::WorkflowOverviewQueries::read(conn, error);
    return overview ? QVariant::fromValue(*overview) : QVariant();
}

} // namespace

WorkflowOverviewLoader::WorkflowOverviewLoader(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-workflows"))
    , m_query(
          m_runner,
          [this] {
              m_schedule.readStarting();
              return m_runner.submit(&readOverview);
          },
          [this](const QVariant &value) {
              m_overview = value.value<store::WorkflowOverview>();
              ++m_reads;
              emit loaded();
          })
    , m_schedule(
          this, [this] { refresh(); }, PeriodMs, LiveSpacingMs,
          RefreshSchedule::Coalesce::AfterRead) {
    qRegisterMetaType<store::WorkflowOverview>();
    m_query.forwardSignalsTo(this);
    // Queued: the first read starts once the event loop runs, after the owner's set-up.
    QMetaObject::invokeMethod(this, &WorkflowOverviewLoader::refresh, Qt::QueuedConnection);
}

WorkflowOverviewLoader::~WorkflowOverviewLoader() = default;

void WorkflowOverviewLoader::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, [this] { m_schedule.notified(); });
    connect(listener, &lanes::ChangeListener::resynced, this, &WorkflowOverviewLoader::refresh);
}

void WorkflowOverviewLoader::refresh() {
    m_query.refresh();
}

void WorkflowOverviewLoader::cancel() {
    m_query.cancel(tr("Loading was cancelled."));
}

} // namespace dedup::models
