// FaultPlan without a database: reproducible decisions (same seed, same faults; another
// seed, other faults; the interleaving of intents does not matter), rates respected, scripts
// first, latency within the configured range, safe under concurrent use.
#include "sim/FaultPlan.h"
#include "sim/ProviderConfig.h"
#include "sim/SimNames.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <thread>

using namespace dedup::sim;

namespace {

ProviderConfig faultyConfig() {
    ProviderConfig config = ProviderConfig::payments();
    config.faults.outage = 0.1;
    config.faults.validation = 0.1;
    config.faults.timeoutBeforeCommit = 0.1;
    config.faults.timeoutAfterCommit = 0.1;
    config.faults.duplication = 0.1;
    config.minLatency = std::chrono::milliseconds(0);
    config.maxLatency = std::chrono::milliseconds(50);
    return config;
}

QString intentNo(int i) {
    return QStringLiteral("intent-%1").arg(i);
}

// 300 calls over 37 intents, as one deterministic list of "fault@latency" strings.
QStringList traffic(FaultPlan &plan, const ProviderConfig &config) {
    QStringList out;
    for (int i = 0; i < 300; ++i) {
        const FaultDecision d =
            plan.decide(config, operation::CreatePaymentIntent, intentNo(i % 37));
        out.append(toString(d.fault) + QLatin1Char('@') + QString::number(d.latency.count()));
    }
    return out;
}

} // namespace

class TestFaultPlan : public QObject {
    Q_OBJECT

private slots:
    void faultNamesRoundTrip();
    void configValidation_data();
    void configValidation();
    void namedProviders_data();
    void namedProviders();
    void sameSeedSameDecisions();
    void differentSeedDifferentDecisions();
    void interleavingDoesNotChangeAnIntentsFaults();
    void ratesAreRespected();
    void certainFaultAlways_data();
    void certainFaultAlways();
    void latencyWithinRange();
    void scriptsComeBeforeRates();
    void anyIntentScriptIsAnOutageWindow();
    void resetStartsOver();
    void concurrentDecisionsMatchSerialOnes();
};

void TestFaultPlan::faultNamesRoundTrip() {
    QCOMPARE(allFaults().size(), 6);
    QSet<QString> names;
    for (Fault fault : allFaults()) {
        names.insert(toString(fault));
        QVERIFY(faultFromString(toString(fault)) == fault);
    }
    QCOMPARE(names.size(), 6);
    QCOMPARE(toString(Fault::TimeoutAfterCommit), QStringLiteral("timeout_after_commit"));
    QVERIFY(!faultFromString(u"Outage").has_value());
}

void TestFaultPlan::configValidation_data() {
    QTest::addColumn<double>("outage");
    QTest::addColumn<double>("duplication");
    QTest::addColumn<int>("minLatency");
    QTest::addColumn<int>("maxLatency");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    const QString ok = QStringLiteral("payments");
    QTest::newRow("defaults") << 0.0 << 0.0 << 0 << 0 << ok << true;
    QTest::newRow("sum exactly 1") << 0.7 << 0.3 << 0 << 0 << ok << true;
    QTest::newRow("sum over 1") << 0.7 << 0.31 << 0 << 0 << ok << false;
    QTest::newRow("negative rate") << -0.1 << 0.0 << 0 << 0 << ok << false;
    QTest::newRow("NaN rate") << qQNaN() << 0.0 << 0 << 0 << ok << false;
    QTest::newRow("latency range") << 0.0 << 0.0 << 5 << 10 << ok << true;
    QTest::newRow("inverted latency") << 0.0 << 0.0 << 10 << 5 << ok << false;
    QTest::newRow("negative latency") << 0.0 << 0.0 << -1 << 5 << ok << false;
    QTest::newRow("bad name") << 0.0 << 0.0 << 0 << 0 << QStringLiteral("Pay ments") << false;
}

void TestFaultPlan::configValidation() {
    QFETCH(double, outage);
    QFETCH(double, duplication);
    QFETCH(int, minLatency);
    QFETCH(int, maxLatency);
    QFETCH(QString, name);
    QFETCH(bool, valid);
    ProviderConfig config = ProviderConfig::payments();
    config.name = name;
    config.faults.outage = outage;
    config.faults.duplication = duplication;
    config.minLatency = std::chrono::milliseconds(minLatency);
    config.maxLatency = std::chrono::milliseconds(maxLatency);
    QCOMPARE(config.validate().isEmpty(), valid);
}

void TestFaultPlan::namedProviders_data() {
    QTest::addColumn<ProviderConfig>("config");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QStringList>("operations");
    QTest::addColumn<bool>("honours");
    QTest::newRow("messaging") << ProviderConfig::messaging() << QStringLiteral("messaging")
                               << QStringLiteral("msg")
                               << QStringList{QStringLiteral("send_message"),
                                              QStringLiteral("send_confirmation")}
                               << false;
    QTest::newRow("invoicing") << ProviderConfig::invoicing() << QStringLiteral("invoicing")
                               << QStringLiteral("inv")
                               << QStringList{QStringLiteral("draft_invoice")} << false;
    QTest::newRow("payments") << ProviderConfig::payments() << QStringLiteral("payments")
                              << QStringLiteral("pi")
                              << QStringList{QStringLiteral("create_payment_intent")} << true;
    QTest::newRow("records") << ProviderConfig::records() << QStringLiteral("records")
                             << QStringLiteral("rec")
                             << QStringList{QStringLiteral("update_lab_record")} << false;
    QTest::newRow("scheduling") << ProviderConfig::scheduling() << QStringLiteral("scheduling")
                                << QStringLiteral("appt")
                                << QStringList{QStringLiteral("book_appointment")} << true;
}

void TestFaultPlan::namedProviders() {
    QFETCH(ProviderConfig, config);
    QFETCH(QString, name);
    QFETCH(QString, prefix);
    QFETCH(QStringList, operations);
    QFETCH(bool, honours);
    QCOMPARE(config.name, name);
    QCOMPARE(config.refPrefix, prefix);
    QCOMPARE(config.operations, operations);
    QCOMPARE(config.honoursDownstreamKeys, honours);
    QCOMPARE(config.faults.total(), 0.0);
    QCOMPARE(config.maxLatency.count(), 0);
    QVERIFY2(config.validate().isEmpty(), qPrintable(config.validate()));
}

void TestFaultPlan::sameSeedSameDecisions() {
    const ProviderConfig config = faultyConfig();
    FaultPlan first(42);
    FaultPlan second(42);
    const QStringList a = traffic(first, config);
    const QStringList b = traffic(second, config);
    QCOMPARE(a, b);
    // Not trivially equal: the traffic does contain faults and varied latencies.
    QVERIFY(a.count(QStringLiteral("none@0")) < a.size());
    QVERIFY(std::any_of(a.begin(), a.end(),
                        [](const QString &s) { return !s.startsWith(QLatin1String("none")); }));
    QVERIFY(QSet<QString>(a.begin(), a.end()).size() > 50);
}

void TestFaultPlan::differentSeedDifferentDecisions() {
    const ProviderConfig config = faultyConfig();
    FaultPlan first(42);
    FaultPlan second(43);
    const QStringList a = traffic(first, config);
    const QStringList b = traffic(second, config);
    int differentFaults = 0;
    for (int i = 0; i < a.size(); ++i) {
        if (a[i].section(QLatin1Char('@'), 0, 0) != b[i].section(QLatin1Char('@'), 0, 0))
            ++differentFaults;
    }
    // With half the calls faulting, two independent seeds disagree on most of 300 calls.
    QVERIFY2(differentFaults > 60, qPrintable(QString::number(differentFaults)));
}

void TestFaultPlan::interleavingDoesNotChangeAnIntentsFaults() {
    const ProviderConfig config = faultyConfig();
    const QString op = operation::CreatePaymentIntent;
    // Plan A: intents one after the other; plan B: round-robin, backwards.
    FaultPlan a(7);
    FaultPlan b(7);
    std::map<int, QStringList> seqA;
    std::map<int, QStringList> seqB;
    for (int intent = 0; intent < 20; ++intent) {
        for (int k = 0; k < 5; ++k)
            seqA[intent].append(toString(a.decide(config, op, intentNo(intent)).fault));
    }
    for (int k = 0; k < 5; ++k) {
        for (int intent = 19; intent >= 0; --intent)
            seqB[intent].append(toString(b.decide(config, op, intentNo(intent)).fault));
    }
    QCOMPARE(seqA, seqB);
    // A single shared random sequence would have failed this: check the intents differ.
    QSet<QStringList> distinct;
    for (const auto &[intent, faults] : seqA)
        distinct.insert(faults);
    QVERIFY(distinct.size() > 5);
}

void TestFaultPlan::ratesAreRespected() {
    ProviderConfig config = ProviderConfig::messaging();
    config.faults = {0.10, 0.05, 0.05, 0.10, 0.20};
    FaultPlan plan(2024);
    QHash<Fault, int> counts;
    const int n = 20000;
    for (int i = 0; i < n; ++i)
        ++counts[plan.decide(config, operation::SendMessage, intentNo(i)).fault];
    const auto share = [&](Fault f) { return double(counts.value(f)) / n; };
    QVERIFY2(qAbs(share(Fault::Outage) - 0.10) < 0.015,
             qPrintable(QString::number(share(Fault::Outage))));
    QVERIFY(qAbs(share(Fault::Validation) - 0.05) < 0.01);
    QVERIFY(qAbs(share(Fault::TimeoutBeforeCommit) - 0.05) < 0.01);
    QVERIFY(qAbs(share(Fault::TimeoutAfterCommit) - 0.10) < 0.015);
    QVERIFY(qAbs(share(Fault::Duplication) - 0.20) < 0.015);
    QVERIFY(qAbs(share(Fault::None) - 0.50) < 0.02);
}

void TestFaultPlan::certainFaultAlways_data() {
    QTest::addColumn<Fault>("fault");
    for (Fault fault : allFaults()) {
        if (fault != Fault::None)
            QTest::newRow(qPrintable(toString(fault))) << fault;
    }
}

void TestFaultPlan::certainFaultAlways() {
    QFETCH(Fault, fault);
    ProviderConfig config = ProviderConfig::records();
    config.faults.set(fault, 1);
    FaultPlan plan(1);
    for (int i = 0; i < 200; ++i) {
        const FaultDecision d = plan.decide(config, operation::UpdateLabRecord, intentNo(i % 13));
        QCOMPARE(toString(d.fault), toString(fault));
        QVERIFY(!d.scripted);
    }
    // And with all rates zero, never a fault.
    config.faults = {};
    for (int i = 0; i < 200; ++i)
        QCOMPARE(toString(plan.decide(config, operation::UpdateLabRecord, intentNo(i)).fault),
                 toString(Fault::None));
}

void TestFaultPlan::latencyWithinRange() {
    ProviderConfig config = ProviderConfig::scheduling();
    config.minLatency = std::chrono::milliseconds(5);
    config.maxLatency = std::chrono::milliseconds(9);
    FaultPlan plan(3);
    QSet<qint64> seen;
    for (int i = 0; i < 300; ++i) {
        const qint64 ms =
            plan.decide(config, operation::BookAppointment, intentNo(i)).latency.count();
        QVERIFY2(ms >= 5 && ms <= 9, qPrintable(QString::number(ms)));
        seen.insert(ms);
    }
    QCOMPARE(seen, (QSet<qint64>{5, 6, 7, 8, 9})); // both ends included
}

void TestFaultPlan::scriptsComeBeforeRates() {
    const ProviderConfig config = ProviderConfig::payments(); // no random faults
    const QString op = operation::CreatePaymentIntent;
    FaultPlan plan(5);
    plan.script(config.name, op, QStringLiteral("x"),
                {Fault::TimeoutAfterCommit, Fault::None, Fault::Outage});
    const FaultDecision d1 = plan.decide(config, op, QStringLiteral("x"));
    QCOMPARE(toString(d1.fault), toString(Fault::TimeoutAfterCommit));
    QVERIFY(d1.scripted);
    QCOMPARE(toString(plan.decide(config, op, QStringLiteral("y")).fault),
             toString(Fault::None)); // other intent
    QCOMPARE(toString(plan.decide(config, op, QStringLiteral("x")).fault), toString(Fault::None));
    // Another provider or operation with the same intent is not scripted.
    QCOMPARE(toString(plan.decide(ProviderConfig::scheduling(), op, QStringLiteral("x")).fault),
             toString(Fault::None));
    QCOMPARE(toString(plan.decide(config, operation::DraftInvoice, QStringLiteral("x")).fault),
             toString(Fault::None));
    QCOMPARE(toString(plan.decide(config, op, QStringLiteral("x")).fault), toString(Fault::Outage));
    const FaultDecision after = plan.decide(config, op, QStringLiteral("x"));
    QCOMPARE(toString(after.fault), toString(Fault::None));
    QVERIFY(!after.scripted);
}

void TestFaultPlan::anyIntentScriptIsAnOutageWindow() {
    const ProviderConfig config = ProviderConfig::messaging();
    const QString op = operation::SendMessage;
    FaultPlan plan(5);
    plan.script(config.name, op, QString(), {Fault::Outage, Fault::Outage});
    plan.script(config.name, op, QStringLiteral("b"), {Fault::Validation});
    QCOMPARE(toString(plan.decide(config, op, QStringLiteral("a")).fault), toString(Fault::Outage));
    QCOMPARE(toString(plan.decide(config, op, QStringLiteral("b")).fault),
             toString(Fault::Validation)); // own first
    QCOMPARE(toString(plan.decide(config, op, QStringLiteral("b")).fault), toString(Fault::Outage));
    QCOMPARE(toString(plan.decide(config, op, QStringLiteral("c")).fault),
             toString(Fault::None)); // window over
}

void TestFaultPlan::resetStartsOver() {
    const ProviderConfig config = faultyConfig();
    FaultPlan plan(99);
    const QStringList first = traffic(plan, config);
    const QStringList continued = traffic(plan, config);
    QVERIFY(first != continued); // later calls of an intent draw anew
    plan.script(config.name, operation::CreatePaymentIntent, intentNo(0), {Fault::Outage});
    plan.reset();
    QCOMPARE(traffic(plan, config), first); // counts and the script are gone
}

void TestFaultPlan::concurrentDecisionsMatchSerialOnes() {
    const ProviderConfig config = faultyConfig();
    const QString op = operation::CreatePaymentIntent;
    // Serially: per intent, the multiset of its 8 decisions.
    FaultPlan serial(11);
    std::map<int, QStringList> expected;
    for (int t = 0; t < 8; ++t) {
        for (int i = 0; i < 100; ++i)
            expected[i].append(toString(serial.decide(config, op, intentNo(i)).fault));
    }
    // 8 threads each deliver every intent once, concurrently, on one shared plan.
    FaultPlan shared(11);
    std::vector<std::map<int, QString>> perThread(8);
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 100; ++i)
                perThread[size_t(t)][i] = toString(shared.decide(config, op, intentNo(i)).fault);
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (int i = 0; i < 100; ++i) {
        QStringList got;
        for (const auto &m : perThread)
            got.append(m.at(i));
        QStringList want = expected[i];
        got.sort();
        want.sort();
        QCOMPARE(got, want);
    }
}

QTEST_GUILESS_MAIN(TestFaultPlan)
#include "tst_faultplan.moc"
