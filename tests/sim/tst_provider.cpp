// Simulated providers against the private PostgreSQL: each fault does exactly what it says
// (asserted on the ledger afterwards), downstream keys are honoured or ignored as configured,
// also under concurrent calls, the same seed gives the same faults on the same traffic, and
// the schema installs idempotently.
#include "TestDatabase.h"
#include "sim/FaultPlan.h"
#include "sim/Ledger.h"
#include "sim/Provider.h"
#include "sim/SimNames.h"
#include "sim/SimSchema.h"

#include <QElapsedTimer>
#include <QtTest>

#include <latch>
#include <thread>

using namespace dedup::sim;
using dedup::core::ErrorClass;
using dedup::store::PgConnection;

namespace {

ProviderRequest request(QLatin1String operation, const QString &intent,
                        std::optional<QString> key = std::nullopt, QJsonObject payload = {}) {
    return ProviderRequest{operation, intent, std::move(key), std::move(payload)};
}

qint64 ledgerRows(TestDatabase &db, const QString &whereIntent = {}) {
    auto conn = db.connect();
    if (!conn)
        return -1;
    dedup::store::PgParams params;
    params.add(whereIntent.isEmpty() ? std::optional<QString>()
                                     : std::optional<QString>(whereIntent));
    const auto r = conn->exec(
        QStringLiteral("SELECT count(*) FROM sim.ledger WHERE $1::text IS NULL OR intent = $1"),
        params);
    return r.ok() ? r.toInt64(0, 0) : -1;
}

// An installed sim schema in a fresh database.
struct Fixture {
    TestDatabase db;
    std::unique_ptr<PgConnection> conn;
    QString error;

    bool setUp() {
        if (!db.isValid()) {
            error = db.error();
            return false;
        }
        conn = db.connect();
        if (!conn) {
            error = QStringLiteral("cannot connect");
            return false;
        }
        return SimSchema::install(*conn, &error);
    }
};

#define SETUP(f)                                                                                   \
    Fixture f;                                                                                     \
    QVERIFY2(f.setUp(), qPrintable(f.error))

#define OPEN(p, f)                                                                                 \
    do {                                                                                           \
        QString openError;                                                                         \
        QVERIFY2((p).open((f).db.conninfo(), &openError), qPrintable(openError));                  \
    } while (false)

} // namespace

class TestProvider : public QObject {
    Q_OBJECT

private slots:
    void installIsIdempotent();
    void concurrentInstallsSucceed();
    void openRefusesWithoutSchemaOrBadConfig();
    void eachFaultDoesWhatItSays_data();
    void eachFaultDoesWhatItSays();
    void timeoutAfterCommitThenRetry_data();
    void timeoutAfterCommitThenRetry();
    void honouringProviderReplaysTheFirstRef();
    void honouringProviderUnderConcurrentCalls();
    void nonHonouringProviderAddsARowPerCall();
    void callsWithoutKeyAreNeverDeduplicated();
    void keyReusedForAnotherRequestIsRefused();
    void keysAreScopedPerProviderAndLabel();
    void duplicationIsCountedAsDuplicate();
    void sameSeedSameFaultsOnSameTraffic();
    void badRequestsAreRefusedUncommitted();
    void latencyAndTimeoutAreWaited();
    void providersShareAConnection();
    void resetEmptiesTheLedger();
};

void TestProvider::installIsIdempotent() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    QString error;
    QVERIFY(!SimSchema::isInstalled(*conn, &error));
    QVERIFY(error.contains(QLatin1String("sim")));
    error.clear();
    QVERIFY2(SimSchema::install(*conn, &error), qPrintable(error));
    QVERIFY2(SimSchema::isInstalled(*conn, &error), qPrintable(error));

    Provider messaging(ProviderConfig::messaging());
    QVERIFY2(messaging.open(db.conninfo(), &error), qPrintable(error));
    const ProviderResult first =
        messaging.call(request(operation::SendMessage, QStringLiteral("i1")));
    QVERIFY2(first.ok, qPrintable(first.message));

    // A second install keeps the data and the numbering, and providers keep working.
    QVERIFY2(SimSchema::install(*conn, &error), qPrintable(error));
    QVERIFY2(SimSchema::install(*conn, &error), qPrintable(error));
    QCOMPARE(ledgerRows(db), 1);
    const ProviderResult second =
        messaging.call(request(operation::SendMessage, QStringLiteral("i2")));
    QVERIFY2(second.ok, qPrintable(second.message));
    QVERIFY(second.ref != first.ref);
    QCOMPARE(ledgerRows(db), 2);
    const auto objects = conn->exec(QStringLiteral(
        "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE n.nspname = 'sim' AND c.relkind IN ('r', 'S')"));
    QVERIFY(objects.ok());
    QCOMPARE(objects.toInt64(0, 0), 4); // ledger, idempotency, ref_seq, ledger id sequence
    // Installing never touches the dedup store's migrations.
    const auto dedupObjects = conn->exec(QStringLiteral(
        "SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
        " WHERE n.nspname = 'dedup' AND p.proname = 'perform'"));
    QVERIFY(dedupObjects.ok());
    QCOMPARE(dedupObjects.toInt64(0, 0), 0);
}

void TestProvider::concurrentInstallsSucceed() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    constexpr int kInstallers = 4;
    std::vector<QString> errors(kInstallers);
    std::vector<int> ok(kInstallers, 0);
    std::latch start(kInstallers);
    std::vector<std::thread> threads;
    for (int i = 0; i < kInstallers; ++i) {
        threads.emplace_back([&, i] {
            PgConnection conn;
            const bool opened = conn.open(db.conninfo());
            start.arrive_and_wait();
            if (!opened) {
                errors[size_t(i)] = conn.openError().toString();
                return;
            }
            ok[size_t(i)] = SimSchema::install(conn, &errors[size_t(i)]) ? 1 : 0;
        });
    }
    for (std::thread &t : threads)
        t.join();
    for (int i = 0; i < kInstallers; ++i)
        QVERIFY2(ok[size_t(i)] == 1, qPrintable(errors[size_t(i)]));
}

void TestProvider::openRefusesWithoutSchemaOrBadConfig() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    Provider payments(ProviderConfig::payments());
    QString error;
    QVERIFY(!payments.open(db.conninfo(), &error));
    QVERIFY2(error.contains(QLatin1String("not installed")), qPrintable(error));
    QVERIFY(!payments.isOpen());
    // Calling an unopened provider is an error result, not a crash.
    const ProviderResult r =
        payments.call(request(operation::CreatePaymentIntent, QStringLiteral("i")));
    QVERIFY(!r.ok);
    QCOMPARE(toString(r.errorClass), toString(ErrorClass::Unavailable));
    QVERIFY(!r.committed);

    auto conn = db.connect();
    QVERIFY(conn);
    QVERIFY2(SimSchema::install(*conn, &error), qPrintable(error));
    ProviderConfig bad = ProviderConfig::payments();
    bad.faults.outage = 0.8;
    bad.faults.validation = 0.3;
    Provider badProvider(bad);
    error.clear();
    QVERIFY(!badProvider.open(db.conninfo(), &error));
    QVERIFY(error.contains(QLatin1String("fault rates")));
    QVERIFY(payments.open(db.conninfo(), &error));
}

void TestProvider::eachFaultDoesWhatItSays_data() {
    QTest::addColumn<Fault>("fault");
    QTest::addColumn<bool>("honours");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<ErrorClass>("errorClass");
    QTest::addColumn<bool>("committed");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("copies");
    for (const bool honours : {false, true}) {
        const char *h = honours ? "honouring" : "ignoring";
        QTest::addRow("none, %s", h)
            << Fault::None << honours << true << ErrorClass::Unknown << true << 1 << 0;
        QTest::addRow("outage, %s", h)
            << Fault::Outage << honours << false << ErrorClass::Unavailable << false << 0 << 0;
        QTest::addRow("validation, %s", h)
            << Fault::Validation << honours << false << ErrorClass::Validation << false << 0 << 0;
        QTest::addRow("timeout before commit, %s", h)
            << Fault::TimeoutBeforeCommit << honours << false << ErrorClass::Timeout << false << 0
            << 0;
        QTest::addRow("timeout after commit, %s", h)
            << Fault::TimeoutAfterCommit << honours << false << ErrorClass::Timeout << true << 1
            << 0;
        QTest::addRow("duplication, %s", h)
            << Fault::Duplication << honours << true << ErrorClass::Unknown << true << 2 << 1;
    }
}

void TestProvider::eachFaultDoesWhatItSays() {
    QFETCH(Fault, fault);
    QFETCH(bool, honours);
    QFETCH(bool, ok);
    QFETCH(ErrorClass, errorClass);
    QFETCH(bool, committed);
    QFETCH(int, rows);
    QFETCH(int, copies);
    SETUP(f);

    // The fault comes from the rates (probability 1), the configuration path scenarios use.
    ProviderConfig config = ProviderConfig::invoicing();
    config.honoursDownstreamKeys = honours;
    config.faults.set(fault, 1);
    Provider invoicing(config, std::make_shared<FaultPlan>(1), QStringLiteral("run-1"));
    OPEN(invoicing, f);
    const QJsonObject body{{QStringLiteral("patientId"), QStringLiteral("p-1")},
                           {QStringLiteral("amountCents"), 4200}};
    const ProviderResult r = invoicing.call(request(
        operation::DraftInvoice, QStringLiteral("inv-1"), QStringLiteral("v1:draft:inv-1"), body));
    QCOMPARE(toString(r.fault), toString(fault));
    QCOMPARE(r.ok, ok);
    if (!ok) {
        QCOMPARE(toString(r.errorClass), toString(errorClass));
        QVERIFY(!r.message.isEmpty());
        QVERIFY(r.ref.isEmpty()); // the caller learns nothing about a committed effect
    }
    QCOMPARE(r.committed, committed);
    QVERIFY(!r.replayed);

    Ledger ledger(*f.conn);
    const auto entries = ledger.byIntent(QStringLiteral("inv-1"));
    QVERIFY2(entries.ok(), qPrintable(entries.errorMessage()));
    QCOMPARE(entries.value().size(), rows);
    int providerCopies = 0;
    for (const LedgerEntry &e : entries.value()) {
        QCOMPARE(e.provider, QStringLiteral("invoicing"));
        QCOMPARE(e.operation, QStringLiteral("draft_invoice"));
        QCOMPARE(e.label, QStringLiteral("run-1"));
        QCOMPARE(e.downstreamKey, std::optional<QString>(QStringLiteral("v1:draft:inv-1")));
        QCOMPARE(e.payload, body);
        QCOMPARE(e.fault, fault == Fault::None ? QString() : toString(fault));
        QVERIFY(e.ref.startsWith(QLatin1String("inv_")));
        providerCopies += e.providerCopy ? 1 : 0;
    }
    QCOMPARE(providerCopies, copies);
    if (ok)
        QCOMPARE(r.ref, entries.value().first().ref); // the ref returned is the first row's
    const auto totals = ledger.totals();
    QVERIFY(totals.ok());
    QCOMPARE(totals.value().sideEffects, rows);
    QCOMPARE(totals.value().duplicates, copies);
    QCOMPARE(totals.value().providerDuplicates, copies);
    // Honouring providers remember a key only when something was committed.
    const auto keys = f.conn->exec(QStringLiteral("SELECT count(*) FROM sim.idempotency"));
    QVERIFY(keys.ok());
    QCOMPARE(keys.toInt64(0, 0), honours && committed ? 1 : 0);
}

void TestProvider::timeoutAfterCommitThenRetry_data() {
    QTest::addColumn<bool>("honours");
    QTest::addColumn<int>("rows");
    QTest::newRow("provider honours the key: one payment intent") << true << 1;
    QTest::newRow("provider ignores the key: a second payment intent") << false << 2;
}

void TestProvider::timeoutAfterCommitThenRetry() {
    QFETCH(bool, honours);
    QFETCH(int, rows);
    SETUP(f);
    ProviderConfig config = ProviderConfig::payments();
    config.honoursDownstreamKeys = honours;
    auto plan = std::make_shared<FaultPlan>(9);
    const QString intent = QStringLiteral("invoice-77/payment");
    plan->script(config.name, operation::CreatePaymentIntent, intent, {Fault::TimeoutAfterCommit});
    Provider payments(config, plan);
    OPEN(payments, f);
    const auto req = request(operation::CreatePaymentIntent, intent, QStringLiteral("pi-key-77"),
                             {{QStringLiteral("amountCents"), 1000}});
    const ProviderResult first = payments.call(req);
    QVERIFY(!first.ok);
    QCOMPARE(toString(first.errorClass), toString(ErrorClass::Timeout));
    QVERIFY(first.committed);
    QCOMPARE(ledgerRows(f.db, intent), 1); // it happened, though the caller was told "timeout"

    const ProviderResult retry = payments.call(req);
    QVERIFY2(retry.ok, qPrintable(retry.message));
    QCOMPARE(retry.replayed, honours);
    QCOMPARE(retry.committed, !honours);
    QCOMPARE(ledgerRows(f.db, intent), rows);
    Ledger ledger(*f.conn);
    const auto entries = ledger.byIntent(intent);
    QVERIFY(entries.ok());
    QCOMPARE(entries.value().first().fault, QStringLiteral("timeout_after_commit"));
    if (honours)
        QCOMPARE(retry.ref, entries.value().first().ref); // the first call's effect, reused
    else
        QCOMPARE(retry.ref, entries.value().last().ref);
    const auto totals = ledger.totals();
    QVERIFY(totals.ok());
    QCOMPARE(totals.value().duplicates, rows - 1);
    QCOMPARE(totals.value().providerDuplicates, 0); // the caller's retry, not the provider's bug
}

void TestProvider::honouringProviderReplaysTheFirstRef() {
    SETUP(f);
    Provider scheduling(ProviderConfig::scheduling());
    OPEN(scheduling, f);
    const QJsonObject slot{{QStringLiteral("slot"), QStringLiteral("2026-03-01T09:00")}};
    const auto req = request(operation::BookAppointment, QStringLiteral("appt-1"),
                             QStringLiteral("key-1"), slot);
    const ProviderResult a = scheduling.call(req);
    const ProviderResult b = scheduling.call(req);
    const ProviderResult c = scheduling.call(req);
    QVERIFY(a.ok && b.ok && c.ok);
    QVERIFY(a.ref.startsWith(QLatin1String("appt_")));
    QCOMPARE(b.ref, a.ref);
    QCOMPARE(c.ref, a.ref);
    QVERIFY(!a.replayed && b.replayed && c.replayed);
    QVERIFY(a.committed && !b.committed && !c.committed);
    QCOMPARE(ledgerRows(f.db), 1);

    // An edited slot is a new intent with a new key: a second appointment, correctly.
    const QJsonObject edited{{QStringLiteral("slot"), QStringLiteral("2026-03-01T10:00")}};
    const ProviderResult d = scheduling.call(request(
        operation::BookAppointment, QStringLiteral("appt-2"), QStringLiteral("key-2"), edited));
    QVERIFY(d.ok && !d.replayed && d.committed);
    QVERIFY(d.ref != a.ref);
    QCOMPARE(ledgerRows(f.db), 2);
}

void TestProvider::honouringProviderUnderConcurrentCalls() {
    SETUP(f);
    constexpr int kThreads = 8;
    constexpr int kRounds = 25;
    auto plan = std::make_shared<FaultPlan>(3);
    // One Provider (and connection) per thread, as workers would have; one shared plan.
    std::vector<std::unique_ptr<Provider>> providers;
    for (int t = 0; t < kThreads; ++t) {
        providers.push_back(std::make_unique<Provider>(ProviderConfig::payments(), plan));
        OPEN(*providers.back(), f);
    }
    for (int round = 0; round < kRounds; ++round) {
        const QString intent = QStringLiteral("pay-%1").arg(round);
        std::vector<ProviderResult> results(kThreads);
        std::latch start(kThreads);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
                start.arrive_and_wait();
                results[size_t(t)] = providers[size_t(t)]->call(request(
                    operation::CreatePaymentIntent, intent, QStringLiteral("key-%1").arg(round),
                    {{QStringLiteral("amountCents"), 500}}));
            });
        }
        for (std::thread &t : threads)
            t.join();
        int committed = 0;
        for (const ProviderResult &r : results) {
            QVERIFY2(r.ok, qPrintable(r.message));
            QCOMPARE(r.ref, results.front().ref);
            committed += r.committed ? 1 : 0;
        }
        QCOMPARE(committed, 1);
        QCOMPARE(ledgerRows(f.db, intent), 1);
    }
    QCOMPARE(ledgerRows(f.db), kRounds);
}

void TestProvider::nonHonouringProviderAddsARowPerCall() {
    SETUP(f);
    Provider messaging(ProviderConfig::messaging());
    OPEN(messaging, f);
    const auto req = request(operation::SendMessage, QStringLiteral("lab-results/p-1/r-1"),
                             QStringLiteral("same-key"));
    QSet<QString> refs;
    for (int i = 0; i < 3; ++i) {
        const ProviderResult r = messaging.call(req);
        QVERIFY(r.ok && r.committed && !r.replayed);
        refs.insert(r.ref);
    }
    QCOMPARE(refs.size(), 3);
    QCOMPARE(ledgerRows(f.db), 3);
    Ledger ledger(*f.conn);
    const auto totals = ledger.totals();
    QVERIFY(totals.ok());
    QCOMPARE(totals.value().duplicates, 2); // two extra patient messages
    const auto keys = f.conn->exec(QStringLiteral("SELECT count(*) FROM sim.idempotency"));
    QCOMPARE(keys.toInt64(0, 0), 0);
}

void TestProvider::callsWithoutKeyAreNeverDeduplicated() {
    SETUP(f);
    Provider payments(ProviderConfig::payments()); // honours keys, but none is sent
    OPEN(payments, f);
    const auto req = request(operation::CreatePaymentIntent, QStringLiteral("pay-1"));
    const ProviderResult a = payments.call(req);
    const ProviderResult b = payments.call(req);
    QVERIFY(a.ok && b.ok);
    QVERIFY(a.ref != b.ref);
    QCOMPARE(ledgerRows(f.db), 2);
}

void TestProvider::keyReusedForAnotherRequestIsRefused() {
    SETUP(f);
    Provider payments(ProviderConfig::payments());
    OPEN(payments, f);
    const ProviderResult a =
        payments.call(request(operation::CreatePaymentIntent, QStringLiteral("pay-1"),
                              QStringLiteral("k"), {{QStringLiteral("amountCents"), 100}}));
    QVERIFY(a.ok);
    const ProviderResult b =
        payments.call(request(operation::CreatePaymentIntent, QStringLiteral("pay-1"),
                              QStringLiteral("k"), {{QStringLiteral("amountCents"), 200}}));
    QVERIFY(!b.ok);
    QCOMPARE(toString(b.errorClass), toString(ErrorClass::Validation));
    QVERIFY(!b.committed);
    QCOMPARE(ledgerRows(f.db), 1);
    // The intent is the simulator's bookkeeping, not the provider's: the same key and request
    // under another intent is still a replay (a provider cannot know our intents).
    const ProviderResult c =
        payments.call(request(operation::CreatePaymentIntent, QStringLiteral("pay-2"),
                              QStringLiteral("k"), {{QStringLiteral("amountCents"), 100}}));
    QVERIFY(c.ok && c.replayed);
    QCOMPARE(c.ref, a.ref);
    QCOMPARE(ledgerRows(f.db), 1);
}

void TestProvider::keysAreScopedPerProviderAndLabel() {
    SETUP(f);
    auto plan = std::make_shared<FaultPlan>(1);
    Provider paymentsA(ProviderConfig::payments(), plan, QStringLiteral("a"));
    Provider paymentsB(ProviderConfig::payments(), plan, QStringLiteral("b"));
    Provider schedulingA(ProviderConfig::scheduling(), plan, QStringLiteral("a"));
    OPEN(paymentsA, f);
    OPEN(paymentsB, f);
    OPEN(schedulingA, f);
    const QString key = QStringLiteral("shared-key");
    const ProviderResult r1 =
        paymentsA.call(request(operation::CreatePaymentIntent, QStringLiteral("i"), key));
    const ProviderResult r2 =
        paymentsB.call(request(operation::CreatePaymentIntent, QStringLiteral("i"), key));
    const ProviderResult r3 =
        schedulingA.call(request(operation::BookAppointment, QStringLiteral("i"), key));
    const ProviderResult r4 =
        paymentsA.call(request(operation::CreatePaymentIntent, QStringLiteral("i"), key));
    QVERIFY(r1.committed && r2.committed && r3.committed);
    QVERIFY(r4.replayed);
    QCOMPARE(r4.ref, r1.ref);
    QCOMPARE(QSet<QString>({r1.ref, r2.ref, r3.ref}).size(), 3);
    QCOMPARE(ledgerRows(f.db), 3);
}

void TestProvider::duplicationIsCountedAsDuplicate() {
    SETUP(f);
    auto plan = std::make_shared<FaultPlan>(1);
    Provider records(ProviderConfig::records(), plan);
    OPEN(records, f);
    plan->script(records.config().name, operation::UpdateLabRecord, QStringLiteral("sample-9"),
                 {Fault::Duplication});
    const ProviderResult r =
        records.call(request(operation::UpdateLabRecord, QStringLiteral("sample-9")));
    QVERIFY(r.ok && r.committed);
    QCOMPARE(toString(r.fault), toString(Fault::Duplication));
    const ProviderResult clean =
        records.call(request(operation::UpdateLabRecord, QStringLiteral("sample-10")));
    QVERIFY(clean.ok);
    Ledger ledger(*f.conn);
    const auto groups = ledger.duplicates();
    QVERIFY(groups.ok());
    QCOMPARE(groups.value().size(), 1);
    const DuplicateGroup &g = groups.value().first();
    QCOMPARE(g.intent, QStringLiteral("sample-9"));
    QCOMPARE(g.sideEffects, 2);
    QCOMPARE(g.refs.size(), 2);
    QCOMPARE(g.refs.first(), r.ref);
    const auto totals = ledger.totals();
    QVERIFY(totals.ok());
    QCOMPARE(totals.value().sideEffects, 3);
    QCOMPARE(totals.value().intents, 2);
    QCOMPARE(totals.value().duplicates, 1);
    QCOMPARE(totals.value().providerDuplicates, 1);

    // A key does not protect against the provider's own bug: one call, two effects.
    Provider payments(ProviderConfig::payments(), plan);
    OPEN(payments, f);
    plan->script(payments.config().name, operation::CreatePaymentIntent, QStringLiteral("pay-3"),
                 {Fault::Duplication, Fault::Duplication});
    const auto req =
        request(operation::CreatePaymentIntent, QStringLiteral("pay-3"), QStringLiteral("k3"));
    QVERIFY(payments.call(req).committed);
    const ProviderResult replay = payments.call(req); // the retry is replayed, not duplicated
    QVERIFY(replay.replayed && !replay.committed);
    QCOMPARE(ledgerRows(f.db, QStringLiteral("pay-3")), 2);
}

void TestProvider::sameSeedSameFaultsOnSameTraffic() {
    SETUP(f);
    ProviderConfig config = ProviderConfig::scheduling();
    config.faults = {0.12, 0.12, 0.12, 0.12, 0.12};
    // The same traffic (40 intents, 3 deliveries each, one key per intent) under three labels.
    const auto run = [&](quint64 seed, const QString &label, QStringList *outcomes) {
        Provider provider(config, std::make_shared<FaultPlan>(seed), label);
        QString error;
        if (!provider.open(f.db.conninfo(), &error)) {
            outcomes->append(error);
            return;
        }
        for (int delivery = 0; delivery < 3; ++delivery) {
            for (int i = 0; i < 40; ++i) {
                const ProviderResult r = provider.call(request(operation::BookAppointment,
                                                               QStringLiteral("appt-%1").arg(i),
                                                               QStringLiteral("key-%1").arg(i)));
                outcomes->append(QStringLiteral("%1 %2 %3 %4 %5")
                                     .arg(toString(r.fault))
                                     .arg(r.ok)
                                     .arg(r.ok ? QString() : dedup::core::toString(r.errorClass))
                                     .arg(r.committed)
                                     .arg(r.replayed));
            }
        }
    };
    QStringList a;
    QStringList b;
    QStringList c;
    run(11, QStringLiteral("a"), &a);
    run(11, QStringLiteral("b"), &b);
    run(12, QStringLiteral("c"), &c);
    QCOMPARE(a.size(), 120);
    QCOMPARE(a, b);
    QVERIFY(a != c);

    // The ledgers of a and b agree row for row (apart from refs); c's does not.
    const auto ledgerOf = [&](const QString &label) {
        QStringList rows;
        const auto r = f.conn->exec(
            QStringLiteral("SELECT intent || ' ' || coalesce(fault, '-') || ' ' || provider_copy"
                           "  FROM sim.ledger WHERE label = $1 ORDER BY id"),
            dedup::store::PgParams().add(label));
        for (int i = 0; i < r.rows(); ++i)
            rows.append(r.text(i, 0));
        return rows;
    };
    QVERIFY(!ledgerOf(QStringLiteral("a")).isEmpty());
    QCOMPARE(ledgerOf(QStringLiteral("a")), ledgerOf(QStringLiteral("b")));
    QVERIFY(ledgerOf(QStringLiteral("a")) != ledgerOf(QStringLiteral("c")));
    Ledger ledger(*f.conn);
    const auto ta = ledger.totals({QStringLiteral("a"), {}, {}, {}});
    const auto tb = ledger.totals({QStringLiteral("b"), {}, {}, {}});
    QVERIFY(ta.ok() && tb.ok());
    QCOMPARE(ta.value().sideEffects, tb.value().sideEffects);
    QCOMPARE(ta.value().duplicates, tb.value().duplicates);
    // Each kind of fault occurred at least once in 120 calls at 12% each.
    for (Fault fault : allFaults())
        QVERIFY2(a.filter(toString(fault) + QLatin1Char(' ')).size() > 0,
                 qPrintable(toString(fault)));
}

void TestProvider::badRequestsAreRefusedUncommitted() {
    SETUP(f);
    ProviderConfig config = ProviderConfig::messaging();
    config.faults.duplication = 1; // would double any performed call
    Provider messaging(config);
    OPEN(messaging, f);
    const ProviderResult wrongOperation =
        messaging.call(request(operation::DraftInvoice, QStringLiteral("i")));
    QVERIFY(!wrongOperation.ok);
    QCOMPARE(toString(wrongOperation.errorClass), toString(ErrorClass::Validation));
    QCOMPARE(toString(wrongOperation.fault), toString(Fault::None));
    const ProviderResult noIntent = messaging.call(request(operation::SendMessage, QString()));
    QVERIFY(!noIntent.ok);
    QCOMPARE(toString(noIntent.errorClass), toString(ErrorClass::Validation));
    QVERIFY(!wrongOperation.committed && !noIntent.committed);
    QCOMPARE(ledgerRows(f.db), 0);
}

void TestProvider::latencyAndTimeoutAreWaited() {
    SETUP(f);
    ProviderConfig config = ProviderConfig::messaging();
    config.minLatency = std::chrono::milliseconds(60);
    config.maxLatency = std::chrono::milliseconds(60);
    config.timeout = std::chrono::milliseconds(120);
    auto plan = std::make_shared<FaultPlan>(1);
    Provider messaging(config, plan);
    OPEN(messaging, f);
    QElapsedTimer timer;
    timer.start();
    QVERIFY(messaging.call(request(operation::SendConfirmation, QStringLiteral("c1"))).ok);
    QVERIFY2(timer.elapsed() >= 60, qPrintable(QString::number(timer.elapsed())));
    plan->script(config.name, operation::SendConfirmation, QStringLiteral("c2"),
                 {Fault::TimeoutAfterCommit});
    timer.restart();
    const ProviderResult timedOut =
        messaging.call(request(operation::SendConfirmation, QStringLiteral("c2")));
    QCOMPARE(toString(timedOut.errorClass), toString(ErrorClass::Timeout));
    QVERIFY2(timer.elapsed() >= 180, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(ledgerRows(f.db), 2);
}

void TestProvider::providersShareAConnection() {
    SETUP(f);
    auto shared = std::shared_ptr<PgConnection>(f.db.connect().release());
    QVERIFY(shared);
    Provider invoicing(ProviderConfig::invoicing());
    Provider payments(ProviderConfig::payments());
    QString error;
    QVERIFY2(invoicing.open(shared, &error), qPrintable(error));
    QVERIFY2(payments.open(shared, &error), qPrintable(error));
    QVERIFY(invoicing.call(request(operation::DraftInvoice, QStringLiteral("i"))).ok);
    QVERIFY(payments.call(request(operation::CreatePaymentIntent, QStringLiteral("i"))).ok);
    Ledger ledger(*f.conn);
    const auto counts = ledger.counts();
    QVERIFY(counts.ok());
    QCOMPARE(counts.value().size(), 2);
    QVERIFY(!invoicing.open(std::shared_ptr<PgConnection>(), &error));
}

void TestProvider::resetEmptiesTheLedger() {
    SETUP(f);
    Provider payments(ProviderConfig::payments());
    OPEN(payments, f);
    const auto req =
        request(operation::CreatePaymentIntent, QStringLiteral("i"), QStringLiteral("k"));
    const ProviderResult before = payments.call(req);
    QVERIFY(before.ok);
    QString error;
    QVERIFY2(SimSchema::reset(*f.conn, &error), qPrintable(error));
    QCOMPARE(ledgerRows(f.db), 0);
    const ProviderResult after = payments.call(req); // the key was forgotten as well
    QVERIFY(after.committed && !after.replayed);
    QCOMPARE(after.ref, QStringLiteral("pi_000001"));
    QVERIFY(SimSchema::drop(*f.conn, &error));
    QVERIFY(!SimSchema::isInstalled(*f.conn, &error));
}

QTEST_GUILESS_MAIN(TestProvider)
#include "tst_provider.moc"
