// Ledger queries over side effects made through real provider calls: counts per provider and
// operation, duplicates per (label, provider, operation, intent), provider-made duplicates
// apart, entries by intent, filters.
#include "TestDatabase.h"
#include "sim/FaultPlan.h"
#include "sim/Ledger.h"
#include "sim/Provider.h"
#include "sim/SimNames.h"
#include "sim/SimSchema.h"

#include <QtTest>

using namespace dedup::sim;

namespace {

ProviderRequest request(QLatin1String operation, const QString &intent,
                        std::optional<QString> key = std::nullopt, QJsonObject payload = {}) {
    return ProviderRequest{operation, intent, std::move(key), std::move(payload)};
}

LedgerFilter labelled(const QString &label) {
    LedgerFilter filter;
    filter.label = label;
    return filter;
}

} // namespace

class TestLedger : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void emptyLedgerCountsNothing();
    void countsPerProviderAndOperation();
    void duplicatesAreCountedPerLabel();
    void duplicateGroupsListTheirRefs();
    void byIntentListsEverySideEffectInOrder();
    void filtersNarrow();
    void missingSchemaIsAnError();

private:
    bool call(Provider &provider, const ProviderRequest &req, QString *ref = nullptr);
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<dedup::store::PgConnection> m_conn;
    std::shared_ptr<FaultPlan> m_plan;
};

void TestLedger::init() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_conn = m_db->connect();
    QVERIFY(m_conn);
    QString error;
    QVERIFY2(SimSchema::install(*m_conn, &error), qPrintable(error));
    m_plan = std::make_shared<FaultPlan>(5);
}

void TestLedger::cleanup() {
    m_conn.reset();
    m_db.reset();
}

bool TestLedger::call(Provider &provider, const ProviderRequest &req, QString *ref) {
    if (!provider.isOpen()) {
        QString error;
        if (!provider.open(m_db->conninfo(), &error)) {
            qWarning("%s", qPrintable(error));
            return false;
        }
    }
    const ProviderResult result = provider.call(req);
    if (ref)
        *ref = result.ref;
    return result.ok;
}

void TestLedger::emptyLedgerCountsNothing() {
    Ledger ledger(*m_conn);
    const auto totals = ledger.totals();
    QVERIFY2(totals.ok(), qPrintable(totals.errorMessage()));
    QCOMPARE(totals.value().sideEffects, 0);
    QCOMPARE(totals.value().intents, 0);
    QCOMPARE(totals.value().duplicates, 0);
    const auto counts = ledger.counts();
    QVERIFY(counts.ok());
    QVERIFY(counts.value().isEmpty());
    QVERIFY(ledger.duplicates().value().isEmpty());
}

void TestLedger::countsPerProviderAndOperation() {
    Provider messaging(ProviderConfig::messaging(), m_plan);
    Provider payments(ProviderConfig::payments(), m_plan);
    // messaging/send_message: A twice (a duplicate), B once.
    QVERIFY(call(messaging, request(operation::SendMessage, QStringLiteral("A"))));
    QVERIFY(call(messaging, request(operation::SendMessage, QStringLiteral("A"))));
    QVERIFY(call(messaging, request(operation::SendMessage, QStringLiteral("B"))));
    // messaging/send_confirmation: A once: another operation, not a duplicate of the above.
    QVERIFY(call(messaging, request(operation::SendConfirmation, QStringLiteral("A"))));
    // payments: A once, C once but the provider duplicates it.
    QVERIFY(call(payments, request(operation::CreatePaymentIntent, QStringLiteral("A"))));
    m_plan->script(provider::Payments, operation::CreatePaymentIntent, QStringLiteral("C"),
                   {Fault::Duplication});
    QVERIFY(call(payments, request(operation::CreatePaymentIntent, QStringLiteral("C"))));
    // A failed call adds nothing.
    m_plan->script(provider::Payments, operation::CreatePaymentIntent, QStringLiteral("D"),
                   {Fault::Outage});
    QVERIFY(!call(payments, request(operation::CreatePaymentIntent, QStringLiteral("D"))));

    Ledger ledger(*m_conn);
    const auto counts = ledger.counts();
    QVERIFY2(counts.ok(), qPrintable(counts.errorMessage()));
    QCOMPARE(counts.value().size(), 3);
    const auto check = [&](int i, const char *prov, const char *op, qint64 effects, qint64 intents,
                           qint64 dups, qint64 providerDups) {
        const EffectCount &c = counts.value().at(i);
        QCOMPARE(c.label, QString());
        QCOMPARE(c.provider, QLatin1String(prov));
        QCOMPARE(c.operation, QLatin1String(op));
        QCOMPARE(c.sideEffects, effects);
        QCOMPARE(c.intents, intents);
        QCOMPARE(c.duplicates, dups);
        QCOMPARE(c.providerDuplicates, providerDups);
    };
    check(0, "messaging", "send_confirmation", 1, 1, 0, 0);
    check(1, "messaging", "send_message", 3, 2, 1, 0);
    check(2, "payments", "create_payment_intent", 3, 2, 1, 1);
    const auto totals = ledger.totals();
    QVERIFY(totals.ok());
    QCOMPARE(totals.value().sideEffects, 7);
    QCOMPARE(totals.value().intents, 5);
    QCOMPARE(totals.value().duplicates, 2);
    QCOMPARE(totals.value().providerDuplicates, 1);
}

void TestLedger::duplicatesAreCountedPerLabel() {
    // Two strategies over the same traffic: each delivers intent X once. Not duplicates.
    Provider strategyA(ProviderConfig::records(), m_plan, QStringLiteral("no-key"));
    Provider strategyB(ProviderConfig::records(), m_plan, QStringLiteral("full-protocol"));
    QVERIFY(call(strategyA, request(operation::UpdateLabRecord, QStringLiteral("X"))));
    QVERIFY(call(strategyB, request(operation::UpdateLabRecord, QStringLiteral("X"))));
    Ledger ledger(*m_conn);
    QCOMPARE(ledger.totals().value().duplicates, 0);
    QCOMPARE(ledger.totals().value().intents, 2); // one per label
    // The no-key strategy redelivers X: a duplicate in its run only.
    QVERIFY(call(strategyA, request(operation::UpdateLabRecord, QStringLiteral("X"))));
    QCOMPARE(ledger.totals().value().duplicates, 1);
    QCOMPARE(ledger.totals(labelled(QStringLiteral("no-key"))).value().duplicates, 1);
    QCOMPARE(ledger.totals(labelled(QStringLiteral("no-key"))).value().sideEffects, 2);
    QCOMPARE(ledger.totals(labelled(QStringLiteral("full-protocol"))).value().duplicates, 0);
    QCOMPARE(ledger.totals(labelled(QString())).value().sideEffects, 0); // "" is a label too
    const auto counts = ledger.counts();
    QVERIFY(counts.ok());
    QCOMPARE(counts.value().size(), 2);
    QCOMPARE(counts.value().at(0).label, QStringLiteral("full-protocol"));
    QCOMPARE(counts.value().at(1).label, QStringLiteral("no-key"));
    QCOMPARE(counts.value().at(1).duplicates, 1);
}

void TestLedger::duplicateGroupsListTheirRefs() {
    Provider invoicing(ProviderConfig::invoicing(), m_plan, QStringLiteral("run"));
    QString r1, r2, r3, other;
    QVERIFY(call(invoicing, request(operation::DraftInvoice, QStringLiteral("inv-9")), &r1));
    QVERIFY(call(invoicing, request(operation::DraftInvoice, QStringLiteral("inv-1")), &other));
    QVERIFY(call(invoicing, request(operation::DraftInvoice, QStringLiteral("inv-9")), &r2));
    QVERIFY(call(invoicing, request(operation::DraftInvoice, QStringLiteral("inv-9")), &r3));
    Ledger ledger(*m_conn);
    const auto groups = ledger.duplicates();
    QVERIFY2(groups.ok(), qPrintable(groups.errorMessage()));
    QCOMPARE(groups.value().size(), 1);
    const DuplicateGroup &g = groups.value().first();
    QCOMPARE(g.label, QStringLiteral("run"));
    QCOMPARE(g.provider, QStringLiteral("invoicing"));
    QCOMPARE(g.operation, QStringLiteral("draft_invoice"));
    QCOMPARE(g.intent, QStringLiteral("inv-9"));
    QCOMPARE(g.sideEffects, 3);
    QCOMPARE(g.refs, (QStringList{r1, r2, r3}));
    QVERIFY(!g.refs.contains(other));
}

void TestLedger::byIntentListsEverySideEffectInOrder() {
    Provider scheduling(ProviderConfig::scheduling(), m_plan, QStringLiteral("s"));
    Provider messaging(ProviderConfig::messaging(), m_plan, QStringLiteral("s"));
    const QJsonObject slot{{QStringLiteral("slot"), QStringLiteral("09:00")}};
    QString booked, confirmed;
    QVERIFY(call(
        scheduling,
        request(operation::BookAppointment, QStringLiteral("appt-5"), QStringLiteral("k5"), slot),
        &booked));
    m_plan->script(provider::Messaging, operation::SendConfirmation, QStringLiteral("appt-5"),
                   {Fault::TimeoutAfterCommit});
    QVERIFY(!call(messaging, request(operation::SendConfirmation, QStringLiteral("appt-5"))));
    QVERIFY(call(messaging, request(operation::SendConfirmation, QStringLiteral("appt-5")),
                 &confirmed));
    QVERIFY(call(messaging, request(operation::SendConfirmation, QStringLiteral("appt-6"))));

    Ledger ledger(*m_conn);
    const auto entries = ledger.byIntent(QStringLiteral("appt-5"));
    QVERIFY2(entries.ok(), qPrintable(entries.errorMessage()));
    const QList<LedgerEntry> &e = entries.value();
    QCOMPARE(e.size(), 3);
    QVERIFY(e[0].id < e[1].id && e[1].id < e[2].id);
    QVERIFY(e[0].at <= e[1].at && e[1].at <= e[2].at);
    QVERIFY(e[0].at.isValid());
    QCOMPARE(e[0].ref, booked);
    QCOMPARE(e[0].provider, QStringLiteral("scheduling"));
    QCOMPARE(e[0].downstreamKey, std::optional<QString>(QStringLiteral("k5")));
    QCOMPARE(e[0].payload, slot);
    QCOMPARE(e[0].fault, QString());
    QCOMPARE(e[0].label, QStringLiteral("s"));
    QCOMPARE(e[1].operation, QStringLiteral("send_confirmation"));
    QCOMPARE(e[1].fault, QStringLiteral("timeout_after_commit"));
    QCOMPARE(e[1].downstreamKey, std::nullopt);
    QVERIFY(!e[1].providerCopy);
    QCOMPARE(e[2].ref, confirmed);
    // The timed-out confirmation happened: the patient got two.
    QCOMPARE(ledger.totals().value().duplicates, 1);
}

void TestLedger::filtersNarrow() {
    Provider messaging(ProviderConfig::messaging(), m_plan, QStringLiteral("x"));
    Provider payments(ProviderConfig::payments(), m_plan, QStringLiteral("x"));
    QVERIFY(call(messaging, request(operation::SendMessage, QStringLiteral("1"))));
    QVERIFY(call(messaging, request(operation::SendConfirmation, QStringLiteral("1"))));
    QVERIFY(call(messaging, request(operation::SendConfirmation, QStringLiteral("2"))));
    QVERIFY(call(payments, request(operation::CreatePaymentIntent, QStringLiteral("1"))));
    Ledger ledger(*m_conn);
    LedgerFilter filter;
    filter.provider = QStringLiteral("messaging");
    QCOMPARE(ledger.totals(filter).value().sideEffects, 3);
    QCOMPARE(ledger.entries(filter).value().size(), 3);
    filter.operation = QStringLiteral("send_confirmation");
    QCOMPARE(ledger.totals(filter).value().sideEffects, 2);
    QCOMPARE(ledger.counts(filter).value().size(), 1);
    filter.intent = QStringLiteral("2");
    QCOMPARE(ledger.entries(filter).value().size(), 1);
    QCOMPARE(ledger.byIntent(QStringLiteral("1")).value().size(), 3);
    LedgerFilter byProvider;
    byProvider.provider = QStringLiteral("payments");
    QCOMPARE(ledger.byIntent(QStringLiteral("1"), byProvider).value().size(), 1);
    QCOMPARE(ledger.entries({}, 2).value().size(), 2);
    // Values travel as parameters: a quote in a filter is just a character.
    filter.intent = QStringLiteral("2' OR '1'='1");
    QCOMPARE(ledger.entries(filter).value().size(), 0);
}

void TestLedger::missingSchemaIsAnError() {
    QString error;
    QVERIFY(SimSchema::drop(*m_conn, &error));
    Ledger ledger(*m_conn);
    const auto totals = ledger.totals();
    QVERIFY(!totals.ok());
    QCOMPARE(totals.error(), Ledger::Error::Database);
    QVERIFY(totals.errorMessage().contains(QLatin1String("sim.ledger")));
}

QTEST_GUILESS_MAIN(TestLedger)
#include "tst_ledger.moc"
