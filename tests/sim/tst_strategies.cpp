// The four strategies on the same traffic with the same faults: the full protocol lets no
// duplicate side effect through, and each weaker strategy shows its known failure mode. Where
// the plan makes it possible, counts are predicted exactly from the traffic (which intent is
// delivered how often, where a worker dies), not just compared with zero.
#include "SimFixture.h"
#include "TestDatabase.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimNames.h"
#include "sim/SimSchema.h"
#include "sim/Simulation.h"
#include "sim/SimulationFaults.h"
#include "sim/TrafficPlan.h"
#include "store/WorkflowPauses.h"

#include <QtTest>

#include <thread>

using namespace dedup::sim;
using dedup::store::PgConnection;
using dedup::store::PgParams;

namespace {

struct Fixture : SimFixture {
    qint64 count(const QString &sql, const PgParams &params = {}) {
        const auto result = conn->exec(sql, params);
        if (!result.ok()) {
            qWarning("%s", qPrintable(result.error().toString()));
            return -1;
        }
        return result.toInt64(0, 0);
    }
};

#define SETUP(f)                                                                                   \
    Fixture f;                                                                                     \
    QVERIFY2(f.setUp(), qPrintable(f.error))

SimulationOptions baseOptions(const Fixture &f, int intents, int maxDeliveries, quint64 seed) {
    SimulationOptions options;
    options.conninfo = f.db.conninfo();
    options.strategies = allStrategies();
    options.traffic.intents = intents;
    options.traffic.maxDeliveries = maxDeliveries;
    options.traffic.seed = seed;
    options.faults = SimulationFaults{};
    options.workers = 4;
    return options;
}

FaultRates rates(double outage, double timeoutAfterCommit) {
    FaultRates r;
    r.outage = outage;
    r.timeoutAfterCommit = timeoutAfterCommit;
    return r;
}

// Side effects of `operation` under `strategy`, and how many of them were duplicates.
const EffectCount *operationOf(const StrategyResult &result, QLatin1String operation) {
    for (const EffectCount &count : result.operations) {
        if (count.operation == operation)
            return &count;
    }
    return nullptr;
}

qint64 duplicatesOf(const StrategyResult &result, QLatin1String operation) {
    const EffectCount *count = operationOf(result, operation);
    return count ? count->duplicates - count->providerDuplicates : 0;
}

QString describe(const SimulationResult &result) {
    return QStringLiteral("\n") + result.compareTable();
}

#define RUN_SIMULATION(result, options)                                                            \
    Simulation simulation(options);                                                                \
    const auto outcome = simulation.run();                                                         \
    QVERIFY2(outcome.ok(), qPrintable(outcome.errorMessage()));                                    \
    const SimulationResult &result = outcome.value()

#define STRATEGY(name, result, kind)                                                               \
    QVERIFY((result).find(kind));                                                                  \
    const StrategyResult &name = *(result).find(kind)

} // namespace

class TestStrategies : public QObject {
    Q_OBJECT

private slots:
    void strategyNames();
    void trafficIsReproducible();
    void faultsParse_data();
    void faultsParse();
    void redeliveriesWithoutFaults();
    void laterStepFailureRepeatsEarlierSteps();
    void crashedWorkersAreTakenOver();
    void mixedFaultsFullProtocolHasNoDuplicates();
    void sameSeedSameOutcome();
    void pausedDeliveriesComeBackAfterTheHint();
};

void TestStrategies::strategyNames() {
    QCOMPARE(allStrategies().size(), 4);
    for (StrategyKind kind : allStrategies()) {
        QVERIFY(strategyFromString(toString(kind)) == kind);
        QVERIFY(!describe(kind).isEmpty());
    }
    QCOMPARE(toString(StrategyKind::FirstStepOnly), QStringLiteral("first-step-only"));
    QVERIFY(!strategyFromString(u"Full"));
}

void TestStrategies::trafficIsReproducible() {
    TrafficOptions options;
    options.intents = 200;
    options.maxDeliveries = 4;
    options.seed = 42;
    const TrafficPlan a = TrafficPlan::generate(options);
    const TrafficPlan b = TrafficPlan::generate(options);
    QCOMPARE(a.intents.size(), 200);
    QCOMPARE(a.deliveries.size(), b.deliveries.size());
    QHash<int, int> perIntent;
    int concurrent = 0;
    for (qsizetype i = 0; i < a.deliveries.size(); ++i) {
        QCOMPARE(a.deliveries.at(i).intent, b.deliveries.at(i).intent);
        QCOMPARE(a.deliveries.at(i).sequence, b.deliveries.at(i).sequence);
        QCOMPARE(a.intents.at(a.deliveries.at(i).intent).id,
                 b.intents.at(b.deliveries.at(i).intent).id);
        QCOMPARE(a.deliveries.at(i).crashAfterCall, 0);
        ++perIntent[a.deliveries.at(i).intent];
        concurrent += a.deliveries.at(i).concurrent ? 1 : 0;
        if (i > 0)
            QVERIFY(a.deliveries.at(i - 1).order <= a.deliveries.at(i).order);
    }
    // Every intent 1..4 times, every count and every workflow present, some copies concurrent.
    QSet<int> counts;
    for (int n : perIntent)
        counts.insert(n);
    QCOMPARE(counts, QSet<int>({1, 2, 3, 4}));
    QCOMPARE(perIntent.size(), 200);
    QVERIFY(concurrent > 0);
    QVERIFY(concurrent < a.deliveries.size() - 200);
    for (const QString &workflow : ScenarioWorkflows::names())
        QVERIFY2(a.intentsOf(workflow) > 10, qPrintable(workflow));
    // Intent ids are distinct: the ledger counts per intent.
    QSet<QString> ids;
    for (const TrafficIntent &intent : a.intents)
        ids.insert(intent.id);
    QCOMPARE(ids.size(), 200);

    // Another seed, other traffic; a crash rate changes only the crash points.
    options.seed = 43;
    QVERIFY(TrafficPlan::generate(options).intents.at(0).id != a.intents.at(0).id ||
            TrafficPlan::generate(options).deliveries.size() != a.deliveries.size());
    options.seed = 42;
    options.crashRate = 0.3;
    const TrafficPlan crashing = TrafficPlan::generate(options);
    QCOMPARE(crashing.deliveries.size(), a.deliveries.size());
    int crashes = 0;
    for (qsizetype i = 0; i < a.deliveries.size(); ++i) {
        QCOMPARE(crashing.deliveries.at(i).intent, a.deliveries.at(i).intent);
        crashes += crashing.deliveries.at(i).crashAfterCall > 0 ? 1 : 0;
    }
    QVERIFY(crashes > a.deliveries.size() / 2);
}

void TestStrategies::faultsParse_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("normalised");
    QTest::newRow("example")
        << QStringLiteral("timeout=0.1,outage=0.05,validation=0.02,duplication=0.01") << true
        << QStringLiteral("timeout=0.1,outage=0.05,validation=0.02,duplication=0.01");
    QTest::newRow("spaces, crash") << QStringLiteral(" crash = 0.5 , timeout_before=0.2") << true
                                   << QStringLiteral("timeout_before=0.2,crash=0.5");
    QTest::newRow("none") << QStringLiteral("none") << true << QStringLiteral("none");
    QTest::newRow("empty") << QString() << true << QStringLiteral("none");
    QTest::newRow("unknown") << QStringLiteral("timeout=0.1,bogus=0.1") << false << QString();
    QTest::newRow("above 1") << QStringLiteral("timeout=2") << false << QString();
    QTest::newRow("negative") << QStringLiteral("outage=-0.1") << false << QString();
    QTest::newRow("not a number") << QStringLiteral("outage=lots") << false << QString();
    QTest::newRow("no value") << QStringLiteral("outage") << false << QString();
    QTest::newRow("twice") << QStringLiteral("outage=0.1,outage=0.2") << false << QString();
    QTest::newRow("sum above 1") << QStringLiteral("outage=0.6,timeout=0.6") << false << QString();
    QTest::newRow("crash not in sum") << QStringLiteral("outage=0.6,timeout=0.4,crash=0.9") << true
                                      << QStringLiteral("timeout=0.4,outage=0.6,crash=0.9");
}

void TestStrategies::faultsParse() {
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(QString, normalised);
    QString error;
    const auto faults = SimulationFaults::parse(text, &error);
    QCOMPARE(faults.has_value(), valid);
    if (valid)
        QCOMPARE(faults->toString(), normalised);
    else
        QVERIFY(!error.isEmpty());
}

void TestStrategies::redeliveriesWithoutFaults() {
    // No faults at all: only duplicate and concurrent deliveries. The known failure modes of
    // no-key and key-per-attempt (every redelivery repeats everything) against strategies
    // with a durable key (first-step-only and full: one run per intent, nothing repeated).
    SETUP(f);
    SimulationOptions options = baseOptions(f, 40, 3, 5);
    RUN_SIMULATION(result, options);
    const TrafficPlan &plan = simulation.plan();
    qint64 perDelivery = 0; // side effects if every delivery ran every step
    qint64 perIntent = 0;   // side effects if every intent ran once
    for (const TrafficDelivery &delivery : plan.deliveries)
        perDelivery += ScenarioWorkflows::steps(plan.intents.at(delivery.intent).workflow).size();
    for (const TrafficIntent &intent : plan.intents)
        perIntent += ScenarioWorkflows::steps(intent.workflow).size();
    const qint64 deliveries = plan.deliveries.size();
    QVERIFY(deliveries > 60);

    STRATEGY(noKey, result, StrategyKind::NoKey);
    STRATEGY(perAttempt, result, StrategyKind::KeyPerAttempt);
    STRATEGY(firstStep, result, StrategyKind::FirstStepOnly);
    STRATEGY(full, result, StrategyKind::Full);
    for (const StrategyResult &strategy : result.strategies) {
        QCOMPARE(strategy.intents, 40);
        QCOMPARE(strategy.deliveries, deliveries);
        QCOMPARE(strategy.providerDuplicates, 0);
    }
    QCOMPARE(noKey.sideEffects, perDelivery);
    QCOMPARE(noKey.duplicates, perDelivery - perIntent);
    QVERIFY2(noKey.duplicates > 0, qPrintable(describe(result)));
    QVERIFY(!noKey.usesStore);
    QCOMPARE(perAttempt.sideEffects, perDelivery);
    QCOMPARE(perAttempt.duplicates, perDelivery - perIntent);
    QCOMPARE(perAttempt.runsWith(QStringLiteral("succeeded")), deliveries); // a run per delivery

    for (const StrategyResult *keyed : {&firstStep, &full}) {
        QVERIFY2(keyed->duplicates == 0, qPrintable(describe(result)));
        QCOMPARE(keyed->sideEffects, perIntent);
        QCOMPARE(keyed->runsWith(QStringLiteral("succeeded")), 40);
        QCOMPARE(keyed->outcomes.value(QStringLiteral("succeeded")), 40);
        QCOMPARE(keyed->outcomes.value(QStringLiteral("replayed")) +
                     keyed->outcomes.value(QStringLiteral("in_progress")),
                 deliveries - 40);
    }
    // Each strategy's runs are under its own scope prefix, and no-key has none.
    QCOMPARE(f.count(QStringLiteral("SELECT count(*) FROM dedup.runs")), deliveries + 40 + 40);
    QCOMPARE(
        f.count(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE scope LIKE 'sim/full/%'")),
        40);
    QCOMPARE(
        f.count(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE scope LIKE 'sim/no-key/%'")),
        0);
}

void TestStrategies::laterStepFailureRepeatsEarlierSteps() {
    // Every intent delivered once; the second step's provider fails often (outages, and
    // timeouts after it committed). first-step-only retries the whole block and repeats the
    // first step; the full protocol repeats only the missing step. key-per-attempt tracks
    // steps within its run, so without redeliveries it does not duplicate here.
    SETUP(f);
    SimulationOptions options = baseOptions(f, 40, 1, 9);
    options.traffic.workflows = {workflow::InvoicePaymentIntent, workflow::AppointmentConfirmation};
    options.providerFaults.insert(provider::Payments, rates(0.3, 0.2));
    options.providerFaults.insert(provider::Messaging, rates(0.3, 0.2));
    RUN_SIMULATION(result, options);
    const int invoices = simulation.plan().intentsOf(workflow::InvoicePaymentIntent);
    const int confirmations = simulation.plan().intentsOf(workflow::AppointmentConfirmation);
    QVERIFY(invoices > 5 && confirmations > 5);
    const QLatin1String draft = operation::DraftInvoice;
    const QLatin1String update{ScenarioWorkflows::UpdateAppointmentStatus};

    STRATEGY(firstStep, result, StrategyKind::FirstStepOnly);
    STRATEGY(noKey, result, StrategyKind::NoKey);
    STRATEGY(perAttempt, result, StrategyKind::KeyPerAttempt);
    STRATEGY(full, result, StrategyKind::Full);
    QVERIFY2(duplicatesOf(firstStep, draft) + duplicatesOf(firstStep, update) > 0,
             qPrintable(describe(result)));
    QVERIFY2(duplicatesOf(noKey, draft) + duplicatesOf(noKey, update) > 0,
             qPrintable(describe(result)));
    QCOMPARE(duplicatesOf(perAttempt, draft) + duplicatesOf(perAttempt, update), 0);
    // The full protocol: the first step exactly once per intent, nothing duplicated at all.
    QCOMPARE(full.duplicates, 0);
    QVERIFY(operationOf(full, draft));
    QCOMPARE(operationOf(full, draft)->sideEffects, invoices);
    QCOMPARE(operationOf(full, update)->sideEffects, confirmations);
    QCOMPARE(full.runsWith(QStringLiteral("processing")), 0);
    QCOMPARE(full.runsWith(QStringLiteral("succeeded")) + full.runsWith(QStringLiteral("failed")) +
                 full.runsWith(QStringLiteral("manual_review")),
             invoices + confirmations);
    // A timeout on the messaging step (no downstream key) is not retried blindly.
    QVERIFY(full.runsWith(QStringLiteral("manual_review")) > 0);
}

void TestStrategies::crashedWorkersAreTakenOver() {
    // Workers die right after a provider call; the queue redelivers once the lease expired.
    // The plan says exactly where: from it, every strategy's duplicates are predicted.
    SETUP(f);
    SimulationOptions options = baseOptions(f, 30, 1, 21);
    options.traffic.workflows = {workflow::LabSampleSync, workflow::InvoicePaymentIntent};
    options.faults.crash = 0.25;
    options.lease = std::chrono::milliseconds(300);
    RUN_SIMULATION(result, options);
    const TrafficPlan &plan = simulation.plan();
    qint64 crashes = 0;
    qint64 repeatedCalls = 0; // provider calls made before the crashes
    qint64 draftsLost = 0;    // crashes right after an invoice draft (no key: needs a person)
    for (const TrafficDelivery &delivery : plan.deliveries) {
        const QString workflow = plan.intents.at(delivery.intent).workflow;
        const qint64 steps = ScenarioWorkflows::steps(workflow).size();
        if (delivery.crashAfterCall == 0 || delivery.crashAfterCall > steps)
            continue;
        ++crashes;
        repeatedCalls += delivery.crashAfterCall;
        if (workflow == workflow::InvoicePaymentIntent && delivery.crashAfterCall == 1)
            ++draftsLost;
    }
    QVERIFY2(crashes >= 3 && draftsLost >= 1,
             qPrintable(QStringLiteral("%1 crashes, %2 drafts").arg(crashes).arg(draftsLost)));

    STRATEGY(noKey, result, StrategyKind::NoKey);
    STRATEGY(perAttempt, result, StrategyKind::KeyPerAttempt);
    STRATEGY(firstStep, result, StrategyKind::FirstStepOnly);
    STRATEGY(full, result, StrategyKind::Full);
    for (const StrategyResult &strategy : result.strategies) {
        QCOMPARE(strategy.redeliveries, crashes);
        QCOMPARE(strategy.deliveries, 30 + crashes);
        QCOMPARE(strategy.outcomes.value(QStringLiteral("crashed")), crashes);
    }
    // Whatever a dead worker did, the redelivery does again...
    QCOMPARE(noKey.duplicates, repeatedCalls);
    QCOMPARE(firstStep.duplicates, repeatedCalls);
    QCOMPARE(firstStep.runsWith(QStringLiteral("succeeded")), 30);
    // ... and with a per-attempt key the dead worker's run is abandoned for good.
    QCOMPARE(perAttempt.duplicates, repeatedCalls);
    QCOMPARE(perAttempt.runsWith(QStringLiteral("processing")), crashes);
    // The full protocol: the takeover repeats an uncertain step only with its downstream key;
    // a draft (no key) goes to manual review instead.
    QCOMPARE(full.duplicates, 0);
    QCOMPARE(full.runsWith(QStringLiteral("processing")), 0);
    QCOMPARE(full.runsWith(QStringLiteral("manual_review")), draftsLost);
    QCOMPARE(full.runsWith(QStringLiteral("succeeded")), 30 - draftsLost);
    QCOMPARE(f.count(QStringLiteral("SELECT count(*) FROM dedup.events e JOIN dedup.runs r"
                                    " ON r.id = e.run_id WHERE r.scope LIKE 'sim/full/%'"
                                    " AND e.kind = 'lease_taken_over'")),
             crashes);
}

void TestStrategies::mixedFaultsFullProtocolHasNoDuplicates() {
    // Everything at once: duplicates, concurrency, timeouts before and after commit, outages,
    // validation errors, provider-side duplication and crashes.
    SETUP(f);
    SimulationOptions options = baseOptions(f, 60, 3, 11);
    QString error;
    const auto faults = SimulationFaults::parse(
        QStringLiteral("timeout=0.1,timeout_before=0.05,outage=0.08,validation=0.03,"
                       "duplication=0.02,crash=0.03"),
        &error);
    QVERIFY2(faults, qPrintable(error));
    options.faults = *faults;
    options.lease = std::chrono::milliseconds(400);
    RUN_SIMULATION(result, options);

    STRATEGY(full, result, StrategyKind::Full);
    QVERIFY2(full.duplicates == 0, qPrintable(describe(result)));
    // Every extra side effect in its ledger is a provider's own copy.
    PgParams label;
    label.add(full.label);
    QCOMPARE(f.count(QStringLiteral("SELECT count(*) FROM sim.ledger WHERE label = $1"
                                    " AND provider_copy"),
                     label),
             full.providerDuplicates);
    QCOMPARE(f.count(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM sim.ledger"
                                    " WHERE label = $1 AND NOT provider_copy"
                                    " GROUP BY provider, operation, intent HAVING count(*) > 1) x"),
                     label),
             0);
    // One run per intent, none left behind.
    qint64 runs = 0;
    for (qint64 n : full.runs)
        runs += n;
    QCOMPARE(runs, 60);
    QCOMPARE(full.runsWith(QStringLiteral("processing")), 0);
    QCOMPARE(full.outcomes.value(QStringLiteral("error")), 0);
    QCOMPARE(full.outcomes.value(QStringLiteral("mismatch")), 0);

    for (StrategyKind weak :
         {StrategyKind::NoKey, StrategyKind::KeyPerAttempt, StrategyKind::FirstStepOnly}) {
        STRATEGY(strategy, result, weak);
        QVERIFY2(strategy.duplicates > 0, qPrintable(toString(weak) + describe(result)));
        QCOMPARE(strategy.intents, 60);
    }
    QVERIFY(result.find(StrategyKind::NoKey)->duplicates >
            result.find(StrategyKind::FirstStepOnly)->duplicates);
}

void TestStrategies::sameSeedSameOutcome() {
    // One worker, so the order of calls is the plan's: two runs with the same seed (under
    // different tags, in one database) meet the same faults and end the same way.
    SETUP(f);
    SimulationOptions options = baseOptions(f, 25, 2, 77);
    options.strategies = {StrategyKind::Full, StrategyKind::FirstStepOnly};
    options.workers = 1;
    QString error;
    options.faults =
        *SimulationFaults::parse(QStringLiteral("timeout=0.15,outage=0.1,validation=0.05"), &error);
    options.tag = QStringLiteral("a");
    Simulation first(options);
    const auto one = first.run();
    QVERIFY2(one.ok(), qPrintable(one.errorMessage()));
    options.tag = QStringLiteral("b");
    Simulation second(options);
    const auto two = second.run();
    QVERIFY2(two.ok(), qPrintable(two.errorMessage()));
    for (int i = 0; i < 2; ++i) {
        const StrategyResult &a = one.value().strategies.at(i);
        const StrategyResult &b = two.value().strategies.at(i);
        QCOMPARE(a.label, QStringLiteral("a/") + toString(a.strategy));
        QCOMPARE(b.label, QStringLiteral("b/") + toString(b.strategy));
        QCOMPARE(a.sideEffects, b.sideEffects);
        QCOMPARE(a.duplicates, b.duplicates);
        QCOMPARE(a.runs, b.runs);
        QCOMPARE(a.outcomes, b.outcomes);
    }
    QCOMPARE(
        f.count(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE scope LIKE 'sim/a/full/%'")),
        25);
}

void TestStrategies::pausedDeliveriesComeBackAfterTheHint() {
    // An operator pauses the workflow (retry after 1 s) before the traffic and resumes it
    // 400 ms in: every first delivery is answered `paused` without a provider call, the queue
    // delivers it again after the hint, and then each intent runs once.
    SETUP(f);
    dedup::store::WorkflowPauses pauses(*f.conn);
    dedup::store::PgError error;
    const auto paused =
        pauses.pause(QString(workflow::LabResultsNotification), {}, false, 1,
                     QStringLiteral("messaging outage"), QStringLiteral("pause-1"), &error);
    QVERIFY2(paused, qPrintable(error.toString()));
    SimulationOptions options = baseOptions(f, 8, 1, 3);
    options.strategies = {StrategyKind::Full};
    options.traffic.workflows = {QString(workflow::LabResultsNotification)};
    auto operatorConn = f.db.connect();
    QVERIFY(operatorConn);
    std::thread resume([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        dedup::store::PgError resumeError;
        dedup::store::WorkflowPauses(*operatorConn)
            .resume(QString(workflow::LabResultsNotification), {}, QStringLiteral("messaging back"),
                    QStringLiteral("resume-1"), &resumeError);
    });
    Simulation simulation(options);
    const auto outcome = simulation.run();
    resume.join();
    QVERIFY2(outcome.ok(), qPrintable(outcome.errorMessage()));
    STRATEGY(full, outcome.value(), StrategyKind::Full);
    const qint64 pausedAnswers = full.outcomes.value(QStringLiteral("paused"));
    QVERIFY2(pausedAnswers >= 8, qPrintable(describe(outcome.value())));
    QCOMPARE(full.outcomes.value(QStringLiteral("succeeded")), 8);
    QCOMPARE(full.deliveries, 8 + pausedAnswers);
    QCOMPARE(full.sideEffects, 8);
    QCOMPARE(full.duplicates, 0);
    QCOMPARE(full.runsWith(QStringLiteral("succeeded")), 8);
    QVERIFY(full.elapsedMs >= 1000); // the redeliveries waited for the hint
    // Nothing reached the provider before the resume.
    QCOMPARE(f.count(QStringLiteral("SELECT count(*) FROM sim.ledger WHERE at < (SELECT at FROM"
                                    " dedup.audit_log WHERE action = 'op_resume_workflow')")),
             0);
    QCOMPARE(f.count(QStringLiteral("SELECT count(*) FROM dedup.workflow_pauses")), 0);
}

QTEST_GUILESS_MAIN(TestStrategies)
#include "tst_strategies.moc"
