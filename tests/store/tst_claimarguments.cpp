// claim's argument checks (docs/PROTOCOL.md sections 4 and 7a): every valid call takes one
// expression's fast path (0023), an invalid one gets the exact error of the check it fails,
// first failing check first, and nothing is written.
#include "TestDatabase.h"
#include "store/PgConnection.h"

#include <QtTest>

using namespace dedup::store;
using namespace Qt::StringLiterals;

class TestClaimArguments : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void checked_data();
    void checked();

private:
    std::unique_ptr<TestDatabase> db;
    std::unique_ptr<PgConnection> conn;
};

void TestClaimArguments::initTestCase() {
    db = std::make_unique<TestDatabase>();
    QVERIFY2(db->isValid(), qPrintable(db->error()));
    conn = db->connect();
    QVERIFY(conn);
}

void TestClaimArguments::checked_data() {
    QTest::addColumn<QString>("args"); // after dedup.claim(
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("message"); // a part of it; for success the outcome

    const QString ok = u"'s', 'k%1', 'wf', 'fp'"_s;
    QTest::newRow("valid, every optional NULL")
        << ok.arg(1) + u", NULL, NULL"_s << QString() << u"acquired"_s;
    QTest::newRow("valid, all set")
        << ok.arg(2) + u", 'corr', 'w1', '30 s', '{a,b}', 'v1', 'wv1', 7, '{\"x\":1}'"_s
        << QString() << u"acquired"_s;
    QTest::newRow("valid, 100 steps")
        << ok.arg(3) + u", p_steps => (SELECT array_agg('s' || i) FROM generate_series(1, 100) i)"_s
        << QString() << u"acquired"_s;
    QTest::newRow("scope NULL") << u"NULL, 'k', 'wf', 'fp'"_s << u"DD004"_s
                                << u"claim: p_scope is required"_s;
    QTest::newRow("key blank") << u"'s', ' \t', 'wf', 'fp'"_s << u"DD004"_s
                               << u"claim: p_key must not be empty or blank"_s;
    QTest::newRow("workflow too long") << u"'s', 'k', repeat('w', 101), 'fp'"_s << u"DD009"_s
                                       << u"claim: p_workflow is 101 bytes; the limit is 100"_s;
    QTest::newRow("key 512 bytes is fine")
        << u"'s', repeat('k', 512), 'wf', 'fp'"_s << QString() << u"acquired"_s;
    QTest::newRow("key 513 bytes")
        << u"'s', repeat('k', 513), 'wf', 'fp'"_s << u"DD009"_s << u"p_key is 513 bytes"_s;
    QTest::newRow("fingerprint blank")
        << u"'s', 'k', 'wf', ''"_s << u"DD004"_s << u"p_fingerprint must not be empty"_s;
    QTest::newRow("scope and key bad: scope first")
        << u"'', '', 'wf', 'fp'"_s << u"DD004"_s << u"p_scope"_s;
    QTest::newRow("correlation blank") << ok.arg(4) + u", p_correlation_id => ''"_s << u"DD004"_s
                                       << u"p_correlation_id must not be empty"_s;
    QTest::newRow("worker too long") << ok.arg(5) + u", p_worker => repeat('w', 201)"_s
                                     << u"DD009"_s << u"p_worker is 201 bytes"_s;
    QTest::newRow("key version blank")
        << ok.arg(6) + u", p_key_version => ' '"_s << u"DD004"_s << u"p_key_version"_s;
    QTest::newRow("workflow version too long")
        << ok.arg(7) + u", p_workflow_version => repeat('v', 101)"_s << u"DD009"_s
        << u"p_workflow_version"_s;
    QTest::newRow("lease NULL") << ok.arg(8) + u", p_lease => NULL"_s << u"DD004"_s
                                << u"claim: p_lease must be positive"_s;
    QTest::newRow("lease 0") << ok.arg(9) + u", p_lease => '0 s'"_s << u"DD004"_s
                             << u"p_lease must be positive"_s;
    QTest::newRow("lease over max") << ok.arg(10) + u", p_lease => '2 hours'"_s << u"DD009"_s
                                    << u"longer than the store's max_lease"_s;
    QTest::newRow("max attempts 0") << ok.arg(11) + u", p_max_attempts => 0"_s << u"DD004"_s
                                    << u"p_max_attempts must be between 1 and 1000"_s;
    QTest::newRow("max attempts 1001")
        << ok.arg(12) + u", p_max_attempts => 1001"_s << u"DD004"_s << u"between 1 and 1000"_s;
    QTest::newRow("steps two-dimensional")
        << ok.arg(13) + u", p_steps => '{{a},{b}}'"_s << u"DD004"_s << u"one-dimensional"_s;
    QTest::newRow("101 steps")
        << ok.arg(14) +
               u", p_steps => (SELECT array_agg('s' || i) FROM generate_series(1, 101) i)"_s
        << u"DD009"_s << u"p_steps has 101 steps; the limit is 100"_s;
    QTest::newRow("step NULL") << ok.arg(15) + u", p_steps => '{a,NULL}'"_s << u"DD004"_s
                               << u"a step name is required"_s;
    QTest::newRow("step blank") << ok.arg(16) + u", p_steps => '{a,\" \"}'"_s << u"DD004"_s
                                << u"a step name must not be empty"_s;
    QTest::newRow("step too long") << ok.arg(17) + u", p_steps => ARRAY['a', repeat('s', 101)]"_s
                                   << u"DD009"_s << u"a step name is 101 bytes"_s;
    QTest::newRow("steps repeated") << ok.arg(18) + u", p_steps => '{a,b,a}'"_s << u"DD004"_s
                                    << u"distinct, non-empty step names"_s;
    QTest::newRow("context too large")
        << ok.arg(19) + u", p_context => jsonb_build_object('x', repeat('c', 70000))"_s
        << u"DD009"_s << u"claim: p_context is"_s;
}

void TestClaimArguments::checked() {
    QFETCH(QString, args);
    QFETCH(QString, state);
    QFETCH(QString, message);
    const QString before = conn->exec(u"SELECT count(*) FROM dedup.runs"_s).text(0, 0);
    const PgResult r = conn->exec(u"SELECT outcome FROM dedup.claim("_s + args + u")"_s);
    if (state.isEmpty()) {
        QVERIFY2(r.ok(), qPrintable(r.error().toString()));
        QCOMPARE(r.text(0, 0), message);
        return;
    }
    QVERIFY(!r.ok());
    QCOMPARE(r.error().sqlState, state);
    QVERIFY2(r.error().message.contains(message), qPrintable(r.error().message));
    QCOMPARE(conn->exec(u"SELECT count(*) FROM dedup.runs"_s).text(0, 0), before);
}

QTEST_GUILESS_MAIN(TestClaimArguments)
#include "tst_claimarguments.moc"
