#include "sim/DemoTraffic.h"

#include "sim/FaultPlan.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimSchema.h"
#include "sim/Strategy.h"
#include "store/PgConnection.h"

#include <QDate>
#include <QDateTime>
#include <QRandomGenerator>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace dedup::sim {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A crashed delivery comes back this long after its lease expired (a queue's visibility
// timeout is a little longer than the lease).
constexpr milliseconds kRedeliveryMargin{300};
// Idle workers look for operator continuations this often.
constexpr milliseconds kCommandPoll{1000};
// Visits in flight at once: their intents interleave, as patients' do.
constexpr int kOpenVisits = 4;

// A patient's visit: the workflows it triggers, in order, all under one correlation id.
const QList<QStringList> kVisitShapes{
    {workflow::AppointmentScheduling, workflow::AppointmentConfirmation},
    {workflow::AppointmentScheduling, workflow::AppointmentConfirmation,
     workflow::InvoicePaymentIntent},
    {workflow::LabSampleSync, workflow::LabResultsNotification},
    {workflow::LabSampleSync, workflow::LabResultsNotification, workflow::InvoicePaymentIntent},
    {workflow::AppointmentScheduling, workflow::LabSampleSync, workflow::LabResultsNotification},
    {workflow::LabResultsNotification},
};

QRandomGenerator seeded(quint64 seed, quint32 stream) {
    const quint32 words[] = {quint32(seed), quint32(seed >> 32), stream};
    return QRandomGenerator(words, std::size(words));
}

struct Visit {
    QString correlationId;
    QString patient;
    int number = 0;
    QStringList workflows;
    int next = 0;
};

// A delivery that ended in an error (its worker could not reach the store for the whole of its
// reconnect budget) is handed out again, like a message a consumer never acknowledged, at most
// this many times.
constexpr int kMaxErrorRedeliveries = 3;

struct Job {
    std::shared_ptr<const TrafficIntent> intent;
    TrafficDelivery delivery;
    int errors = 0; // deliveries of this job that ended in an error
};

// The intent of `visit`'s workflow, with identifiers unique to this session and visit.
TrafficIntent visitIntent(const Visit &visit, const QString &workflowName, const QString &session,
                          QRandomGenerator &random) {
    const QString tag = QStringLiteral("%1-%2").arg(session).arg(visit.number);
    TrafficIntent made;
    if (workflowName == workflow::AppointmentScheduling)
        made = ScenarioWorkflows::appointmentBooking(
            visit.patient, QStringLiteral("dr-%1").arg(visit.number % 9 + 1),
            QStringLiteral("%1T%2:%3")
                .arg(QDate::currentDate().addDays(1 + visit.number % 20).toString(Qt::ISODate))
                .arg(8 + visit.number % 9, 2, 10, QLatin1Char('0'))
                .arg(visit.number % 2 * 30, 2, 10, QLatin1Char('0')));
    else if (workflowName == workflow::AppointmentConfirmation)
        made = ScenarioWorkflows::appointmentConfirmation(
            QStringLiteral("evt-") + tag, visit.patient, QStringLiteral("confirmed"));
    else if (workflowName == workflow::InvoicePaymentIntent)
        made = ScenarioWorkflows::invoicePayment(
            visit.patient, QDate::currentDate().toString(QStringLiteral("yyyy-MM")),
            QStringLiteral("visit"), 1500 + int(random.bounded(20000)));
    else if (workflowName == workflow::LabSampleSync)
        made = ScenarioWorkflows::labSample(QStringLiteral("S-") + tag,
                                            QDate::currentDate().toString(Qt::ISODate));
    else
        made = ScenarioWorkflows::labResults(visit.patient, QStringLiteral("r-") + tag);
    made.intent.correlationId = visit.correlationId;
    return made;
}

} // namespace

struct DemoTraffic::State {
    std::mutex lifecycle; // start() and stop()
    std::atomic<bool> stopRequested{false};
    std::thread starter;
    bool running = false;
    QString error;

    // The delivery queue, by due time; `stopping` ends every thread.
    std::mutex mutex;
    std::condition_variable changed;
    std::multimap<Clock::time_point, Job> queue;
    bool stopping = false;

    mutable std::mutex countersMutex;
    DemoTrafficCounters counters;

    QString session;
    std::vector<std::unique_ptr<Strategy>> strategies;
    std::vector<std::thread> threads;

    void push(Job job, Clock::time_point due) {
        {
            std::lock_guard lock(mutex);
            queue.emplace(due, std::move(job));
        }
        changed.notify_one();
    }

    // The next due job; nullopt at `deadline` or when stopping.
    std::optional<Job> take(Clock::time_point deadline) {
        std::unique_lock lock(mutex);
        while (!stopping) {
            const auto now = Clock::now();
            if (!queue.empty() && queue.begin()->first <= now) {
                Job job = std::move(queue.begin()->second);
                queue.erase(queue.begin());
                return job;
            }
            if (now >= deadline)
                return std::nullopt;
            changed.wait_until(lock,
                               queue.empty() ? deadline : std::min(deadline, queue.begin()->first));
        }
        return std::nullopt;
    }

    bool isStopping() {
        std::lock_guard lock(mutex);
        return stopping;
    }

    void generate(const DemoTrafficOptions &options);
    void work(const DemoTrafficOptions &options, Strategy &strategy);
};

void DemoTraffic::State::generate(const DemoTrafficOptions &options) {
    QRandomGenerator random = seeded(options.seed, 1);
    const auto interval = std::chrono::microseconds(qint64(1e6 / options.rate));
    std::vector<Visit> open;
    int visits = 0;
    int sequence = 0;
    auto next = Clock::now();
    for (;;) {
        {
            std::unique_lock lock(mutex);
            if (changed.wait_until(lock, next, [this] { return stopping; }))
                return;
        }
        if (int(open.size()) < kOpenVisits) {
            Visit visit;
            visit.number = ++visits;
            visit.patient = QStringLiteral("p-%1-%2").arg(session).arg(visit.number);
            visit.correlationId = QStringLiteral("visit-%1-%2").arg(session).arg(visit.number);
            visit.workflows = kVisitShapes.at(int(random.bounded(quint32(kVisitShapes.size()))));
            open.push_back(visit);
        }
        const auto pick = std::size_t(random.bounded(quint32(open.size())));
        Visit &visit = open[pick];
        const QString workflowName = visit.workflows.at(visit.next++);
        auto intent = std::make_shared<const TrafficIntent>(
            visitIntent(visit, workflowName, session, random));
        if (visit.next >= visit.workflows.size())
            open.erase(open.begin() + std::ptrdiff_t(pick));

        const int steps = int(ScenarioWorkflows::steps(workflowName).size());
        const bool duplicate = random.generateDouble() < options.duplicateShare;
        const auto now = Clock::now();
        for (int copy = 0; copy < (duplicate ? 2 : 1); ++copy) {
            Job job{intent, {}};
            job.delivery.sequence = ++sequence;
            job.delivery.copy = copy;
            if (random.generateDouble() < options.crashShare)
                job.delivery.crashAfterCall = 1 + int(random.bounded(quint32(steps)));
            auto due = now;
            if (copy > 0) {
                // A racing copy (a double click) or a later redelivery (a webhook retry).
                job.delivery.concurrent = random.generateDouble() < 0.4;
                if (!job.delivery.concurrent)
                    due += milliseconds(50 + random.bounded(1500));
            }
            push(std::move(job), due);
        }
        {
            std::lock_guard lock(countersMutex);
            ++counters.intents;
            counters.duplicates += duplicate ? 1 : 0;
        }
        // Keep the rate, but do not burst to catch up after a stall.
        next = std::max(next + interval, Clock::now() - std::chrono::seconds(1));
    }
}

void DemoTraffic::State::work(const DemoTrafficOptions &options, Strategy &strategy) {
    auto lastCommandPoll = Clock::now();
    while (!isStopping()) {
        if (auto job = take(Clock::now() + kCommandPoll)) {
            const DeliveryReport report = strategy.deliver(*job->intent, job->delivery);
            if (options.onDelivered)
                options.onDelivered(*job->intent, report);
            bool redeliver = false;
            {
                std::lock_guard lock(countersMutex);
                ++counters.deliveries;
                const QString &outcome = report.outcome;
                if (outcome == QLatin1String("succeeded"))
                    ++counters.succeeded;
                else if (outcome == QLatin1String("replayed"))
                    ++counters.replayed;
                else if (outcome == QLatin1String("failed"))
                    ++counters.failed;
                else if (outcome == QLatin1String("in_review"))
                    ++counters.inReview;
                else if (outcome == QLatin1String("in_progress"))
                    ++counters.inProgress;
                else if (outcome == QLatin1String("crashed")) {
                    // Exactly `abandonShare` of the crashes, the first one included, so
                    // that a stuck run shows up right away rather than by luck.
                    ++counters.crashed;
                    const auto quota = [&](qint64 crashes) {
                        return qint64(std::ceil(double(crashes) * options.abandonShare));
                    };
                    redeliver = quota(counters.crashed) == quota(counters.crashed - 1) ||
                                counters.abandoned >= options.maxAbandoned;
                    counters.abandoned += redeliver ? 0 : 1;
                } else if (outcome == QLatin1String("error") &&
                           job->errors < kMaxErrorRedeliveries) {
                    ++counters.redelivered;
                    ++job->errors;
                    redeliver = true;
                } else
                    ++counters.other;
            }
            if (redeliver) {
                // The consumer died (or gave up) without acknowledging: the queue hands the
                // message out again once the lease has expired, and a worker takes the run
                // over if it was claimed.
                job->delivery.redelivery = true;
                job->delivery.crashAfterCall = 0;
                push(std::move(*job), Clock::now() + options.lease + kRedeliveryMargin);
            }
        }
        if (Clock::now() - lastCommandPoll >= kCommandPoll) {
            lastCommandPoll = Clock::now();
            while (!isStopping() && strategy.processNextCommand()) {
                std::lock_guard lock(countersMutex);
                ++counters.continued;
            }
        }
    }
}

SimulationFaults DemoTrafficOptions::demoFaults() {
    // Higher than `dedupctl simulate`'s defaults, so that every state shows up within seconds.
    SimulationFaults faults;
    faults.provider.timeoutAfterCommit = 0.06;
    faults.provider.timeoutBeforeCommit = 0.02;
    faults.provider.outage = 0.06;
    faults.provider.validation = 0.04;
    return faults;
}

DemoTraffic::DemoTraffic(DemoTrafficOptions options)
    : m_options(std::move(options))
    , m_state(std::make_unique<State>()) {}

DemoTraffic::~DemoTraffic() {
    stop();
}

bool DemoTraffic::start(QString *error) {
    std::lock_guard lock(m_state->lifecycle);
    const auto fail = [&](const QString &message) {
        m_state->error = message;
        m_state->strategies.clear();
        *error = message;
        return false;
    };
    if (m_state->running || m_state->stopRequested)
        return fail(tr("the demo traffic was already started"));
    if (!(m_options.rate > 0) || m_options.workers < 1 || m_options.lease.count() <= 0 ||
        !m_options.faults.provider.isValid())
        return fail(tr("invalid demo traffic options"));

    store::PgConnection admin;
    if (!admin.open(m_options.ledgerConninfo(), QStringLiteral("dedup-demo-traffic")))
        return fail(admin.openError().toString());
    // The install script's "already exists, skipping" notices are noise here.
    (void)admin.exec(QStringLiteral("SET client_min_messages = warning"));
    QString installError;
    if (!SimSchema::install(admin, &installError))
        return fail(tr("cannot install the simulator's schema: %1").arg(installError));

    // Fresh keys per start: the demo store persists, and old keys would only replay.
    m_state->session = QString::number(QDateTime::currentMSecsSinceEpoch(), 36);
    core::RetryPolicy policy;
    policy.setMaxAttempts(3);
    policy.setBaseDelay(milliseconds(20));
    policy.setMaxDelay(milliseconds(200));
    QList<ProviderConfig> providers = ScenarioWorkflows::providerConfigs(m_options.faults.provider);
    for (ProviderConfig &config : providers) {
        // Fast enough for a lively demo, slow enough that duplicates really race.
        config.minLatency = milliseconds(2);
        config.maxLatency = milliseconds(30);
        config.timeout = milliseconds(100);
    }
    const auto faults = std::make_shared<FaultPlan>(m_options.seed);
    for (int w = 0; w < m_options.workers; ++w) {
        StrategyConfig config;
        config.conninfo = m_options.conninfo;
        config.providerConninfo = m_options.providerConninfo;
        config.label = QStringLiteral("demo");
        config.workerId = QStringLiteral("demo-%1-w%2").arg(m_state->session).arg(w + 1);
        config.lease = m_options.lease;
        config.policy = policy;
        config.seed = quint32(m_options.seed) + quint32(w);
        config.providers = providers;
        config.faults = faults;
        auto strategy = Strategy::create(StrategyKind::Full, config);
        QString openError;
        if (!strategy->open(&openError))
            return fail(openError);
        m_state->strategies.push_back(std::move(strategy));
    }
    if (m_state->stopRequested)
        return fail(tr("the demo traffic was stopped before it started"));

    State &state = *m_state;
    state.threads.emplace_back([&state, this] { state.generate(m_options); });
    for (int w = 0; w < m_options.workers; ++w) {
        Strategy &strategy = *state.strategies.at(std::size_t(w));
        state.threads.emplace_back([&state, &strategy, this] { state.work(m_options, strategy); });
    }
    state.running = true;
    return true;
}

void DemoTraffic::startInBackground() {
    m_state->starter = std::thread([this] {
        QString ignored; // kept in error()
        start(&ignored);
    });
}

void DemoTraffic::stop() {
    m_state->stopRequested = true;
    if (m_state->starter.joinable())
        m_state->starter.join();
    std::lock_guard lock(m_state->lifecycle);
    {
        std::lock_guard queueLock(m_state->mutex);
        m_state->stopping = true;
    }
    m_state->changed.notify_all();
    for (std::thread &thread : m_state->threads)
        thread.join();
    m_state->threads.clear();
    m_state->strategies.clear();
    m_state->running = false;
}

bool DemoTraffic::isRunning() const {
    std::lock_guard lock(m_state->lifecycle);
    return m_state->running;
}

QString DemoTraffic::error() const {
    std::lock_guard lock(m_state->lifecycle);
    return m_state->error;
}

DemoTrafficCounters DemoTraffic::counters() const {
    std::lock_guard lock(m_state->countersMutex);
    return m_state->counters;
}

} // namespace dedup::sim
