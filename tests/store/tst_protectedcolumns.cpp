// Protected columns (0016_protected_columns.sql, docs/SECURITY.md "Patient data"): operators
// and viewers cannot read the patient-bearing columns of runs, steps and events; the store's
// redacted reads give them the same rows with those values as keyed hashes (equal values
// equal within a salt), the owner reads raw values through the same functions, and the
// console's lists, searches, detail, correlation and Stuck queries work for such a login
// without naming a protected column.
#include "OperatorTestHelpers.h"
#include "TestDatabase.h"
#include "store/CorrelationQueries.h"
#include "store/RunDetailQueries.h"
#include "store/RunQueries.h"
#include "store/StuckQueries.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

using namespace dedup::store;
using namespace optest;

namespace {

const QString kMrn = QStringLiteral("MRN-0012345");

bool isHash(const QString &value) {
    static const QRegularExpression hash(QStringLiteral("^h:[0-9a-f]{16}$"));
    return hash.match(value).hasMatch();
}

void collectNames(const QJsonValue &value, QSet<QString> &names) {
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            names.insert(it.key());
            collectNames(it.value(), names);
        }
    } else if (value.isArray()) {
        for (const QJsonValue &element : value.toArray())
            collectNames(element, names);
    }
}

RunFilter viewerFilter() {
    RunFilter filter;
    filter.readable = ReadRegions{ReadRegion{}}; // an unrestricted viewer grant
    return filter;
}

} // namespace

class TestProtectedColumns : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void protectedColumnsAreNotReadable_data();
    void protectedColumnsAreNotReadable();
    void otherColumnsStayReadable();
    void redactedReadsHashPatientData();
    void equalValuesHashEquallyWithinASalt();
    void ownerReadsRawValues();
    void redactedReadsFollowTheGrants();
    void listsAndSearchesOfAViewer_data();
    void listsAndSearchesOfAViewer();
    void detailCorrelationAndStuckOfAViewer();
    void everyEventNameIsReviewed();

private:
    QList<qint64> listIds(PgConnection &conn, const RunFilter &filter, QList<RunRow> *rows);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<PgConnection> m_viewer;
    std::unique_ptr<PgConnection> m_op;
    QList<qint64> m_patientRuns; // keys patient:MRN-0012345:lab:<n>, correlation corr-MRN-...
};

void TestProtectedColumns::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    const QString error = m_db->grantTestLogins();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_su = m_db->connect();
    m_viewer = m_db->connect(QStringLiteral("t_viewer"));
    m_op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_su && m_viewer && m_op);
    // Three runs of one patient in one correlation, failed by a provider naming the patient;
    // one of them stuck (its lease aged); and an unrelated run.
    for (int n = 1; n <= 3; ++n) {
        PgParams params;
        params.add(QStringLiteral("patient:%1:lab:%2").arg(kMrn).arg(n))
            .add(QStringLiteral("corr-%1").arg(kMrn))
            .add(QStringLiteral("{\"mrn\": \"%1\", \"tests\": 3}").arg(kMrn));
        const PgResult claimed = m_su->exec(
            QStringLiteral("SELECT run_id, lease_token, lease_secret::text FROM dedup.claim("
                           "p_scope => 'clinic-1', p_key => $1, p_workflow => 'lab-order',"
                           " p_fingerprint => 'fp-' || $1, p_correlation_id => $2,"
                           " p_worker => 'worker-1', p_steps => ARRAY['order', 'notify'],"
                           " p_context => $3::jsonb)"),
            params);
        QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
        const qint64 id = claimed.toInt64(0, 0);
        m_patientRuns << id;
        PgParams ids;
        ids.add(id)
            .add(claimed.toInt64(0, 1))
            .add(claimed.text(0, 2))
            .add(QStringLiteral("lab refused the order of %1").arg(kMrn));
        const PgResult work = m_su->exec(
            QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'order', 'dk-' || $4)"), ids);
        QVERIFY2(work.ok(), qPrintable(work.error().toString()));
        if (n == 3) {
            PgParams aged;
            aged.add(id);
            QVERIFY(m_su->exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() -"
                                              " interval '1 minute' WHERE id = $1"),
                               aged)
                        .ok());
            continue;
        }
        const PgResult failed = m_su->exec(
            QStringLiteral("SELECT dedup.fail($1, $2, $3::uuid, 'provider_4xx', $4, true)"), ids);
        QVERIFY2(failed.ok(), qPrintable(failed.error().toString()));
    }
    const PreparedRun other =
        prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("other-1"));
    QVERIFY2(other.error.isEmpty(), qPrintable(other.error));
}

void TestProtectedColumns::cleanupTestCase() {
    m_op.reset();
    m_viewer.reset();
    m_su.reset();
    m_db.reset();
}

void TestProtectedColumns::protectedColumnsAreNotReadable_data() {
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("column");
    for (const char *column : {"idem_key", "correlation_id", "fingerprint", "context", "result",
                               "last_error", "review_reason", "lease_secret"})
        QTest::newRow(column) << QStringLiteral("runs") << QString::fromLatin1(column);
    for (const char *column : {"downstream_key", "side_effect_ref", "error"})
        QTest::newRow(column) << QStringLiteral("steps") << QString::fromLatin1(column);
    QTest::newRow("detail") << QStringLiteral("events") << QStringLiteral("detail");
}

void TestProtectedColumns::protectedColumnsAreNotReadable() {
    QFETCH(QString, table);
    QFETCH(QString, column);
    for (PgConnection *conn : {m_viewer.get(), m_op.get()}) {
        // also in a condition only: a WHERE on the column would be an oracle
        for (const QString &sql :
             {QStringLiteral("SELECT %2 FROM dedup.%1 LIMIT 1"),
              QStringLiteral("SELECT count(*) FROM dedup.%1 WHERE %2 IS NOT NULL")}) {
            const PgResult result = conn->exec(sql.arg(table, column));
            QVERIFY2(!result.ok(), qPrintable(sql.arg(table, column)));
            QCOMPARE(result.error().sqlState, QStringLiteral("42501"));
        }
    }
}

void TestProtectedColumns::otherColumnsStayReadable() {
    const PgResult runs = m_viewer->exec(
        QStringLiteral("SELECT id, scope, workflow, status, attempt, lease_owner, created_at,"
                       " review_note FROM dedup.runs"));
    QVERIFY2(runs.ok(), qPrintable(runs.error().toString()));
    QCOMPARE(runs.rows(), 4);
    const PgResult steps =
        m_viewer->exec(QStringLiteral("SELECT run_id, name, status FROM dedup.steps"));
    QVERIFY2(steps.ok(), qPrintable(steps.error().toString()));
    const PgResult events =
        m_viewer->exec(QStringLiteral("SELECT id, kind, actor, step FROM dedup.events"));
    QVERIFY2(events.ok(), qPrintable(events.error().toString()));
}

void TestProtectedColumns::redactedReadsHashPatientData() {
    const QString all = text(
        *m_viewer,
        QStringLiteral("SELECT json_build_object("
                       " 'runs', (SELECT json_agg(r) FROM dedup.runs_redacted($1::bigint[]) r),"
                       " 'steps', (SELECT json_agg(s) FROM dedup.steps_redacted($1::bigint[]) s),"
                       " 'events', (SELECT json_agg(e) FROM dedup.events_redacted($2, 100) e)"
                       ")::text"),
        PgParams()
            .add(QStringList{QString::number(m_patientRuns[0]), QString::number(m_patientRuns[1])})
            .add(m_patientRuns[0]));
    QVERIFY2(!all.startsWith(QLatin1String("ERROR")), qPrintable(all));
    QVERIFY2(!all.contains(kMrn), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("provider_4xx")), "the error class is shown");
    QVERIFY2(all.contains(QLatin1String("\"tests\"")), "a context keeps its names");
    const PgResult run = m_viewer->exec(
        QStringLiteral("SELECT idem_key, correlation_id, fingerprint, lease_secret,"
                       " last_error ->> 'class', last_error ->> 'message', context ->> 'tests',"
                       " scope, workflow FROM dedup.runs_redacted(ARRAY[$1::bigint])"),
        PgParams().add(m_patientRuns[0]));
    QVERIFY2(run.ok(), qPrintable(run.error().toString()));
    QCOMPARE(run.rows(), 1);
    for (int column : {0, 1, 2, 5, 6})
        QVERIFY2(isHash(run.text(0, column)), qPrintable(run.text(0, column)));
    QVERIFY(run.isNull(0, 3));
    QCOMPARE(run.text(0, 4), QStringLiteral("provider_4xx"));
    QCOMPARE(run.text(0, 7), QStringLiteral("clinic-1"));
    QCOMPARE(run.text(0, 8), QStringLiteral("lab-order"));
}

void TestProtectedColumns::equalValuesHashEquallyWithinASalt() {
    const QString sql = QStringLiteral(
        "SELECT count(DISTINCT correlation_id), count(DISTINCT idem_key), min(correlation_id)"
        " FROM dedup.runs_redacted($1::bigint[])");
    PgParams ids;
    QStringList idTexts;
    for (const qint64 id : m_patientRuns)
        idTexts << QString::number(id);
    ids.add(idTexts);
    const PgResult first = m_viewer->exec(sql, ids);
    QVERIFY2(first.ok(), qPrintable(first.error().toString()));
    QCOMPARE(first.toInt64(0, 0), 1); // one correlation id, one hash
    QCOMPARE(first.toInt64(0, 1), 3); // three keys, three hashes
    // Another connection of this process: the same salt (PgConnection), the same hash.
    const auto second = m_db->connect(QStringLiteral("t_viewer"));
    QVERIFY(second);
    const QString minimum =
        QStringLiteral("SELECT min(correlation_id) FROM dedup.runs_redacted($1::bigint[])");
    QCOMPARE(text(*second, minimum, ids), first.text(0, 2));
    // Another salt (another console): another hash.
    QVERIFY(second->exec(QStringLiteral("SET dedup.redaction_salt = 'another console'")).ok());
    const QString other = text(*second, minimum, ids);
    QVERIFY(isHash(other));
    QVERIFY(other != first.text(0, 2));
}

void TestProtectedColumns::ownerReadsRawValues() {
    const PgResult run =
        m_su->exec(QStringLiteral("SELECT idem_key, last_error ->> 'message', lease_secret IS NULL"
                                  " FROM dedup.runs_redacted(ARRAY[$1::bigint])"),
                   PgParams().add(m_patientRuns[0]));
    QVERIFY2(run.ok(), qPrintable(run.error().toString()));
    QCOMPARE(run.text(0, 0), QStringLiteral("patient:%1:lab:1").arg(kMrn));
    QCOMPARE(run.text(0, 1), QStringLiteral("lab refused the order of %1").arg(kMrn));
    QCOMPARE(run.text(0, 2), QStringLiteral("t")); // the secret never, not even to the owner
}

void TestProtectedColumns::redactedReadsFollowTheGrants() {
    // A viewer of another workflow gets no row from any of the functions.
    const auto narrow = m_db->connect(QStringLiteral("t_viewer"));
    QVERIFY(narrow);
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.access_revoke('t_viewer', 'viewer')")).ok());
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.access_grant('t_viewer', 'viewer',"
                                      " ARRAY['some-other-workflow'])"))
                .ok());
    const PgParams id = PgParams().add(m_patientRuns[0]);
    for (const QString &sql :
         {QStringLiteral("SELECT count(*) FROM dedup.runs_redacted(ARRAY[$1::bigint])"),
          QStringLiteral("SELECT count(*) FROM dedup.steps_redacted(ARRAY[$1::bigint])"),
          QStringLiteral("SELECT count(*) FROM dedup.events_redacted($1, 100)")})
        QCOMPARE(scalar(*narrow, sql, id), 0);
    QCOMPARE(scalar(*narrow, QStringLiteral("SELECT count(*) FROM dedup.run_ids_by_key($1)"),
                    PgParams().add(QStringLiteral("patient:%1:lab:1").arg(kMrn))),
             0);
    QCOMPARE(scalar(*narrow,
                    QStringLiteral("SELECT count(*) FROM dedup.run_ids_by_correlation($1)"),
                    PgParams().add(QStringLiteral("corr-%1").arg(kMrn))),
             0);
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.access_revoke('t_viewer', 'viewer')")).ok());
    const QString restored = m_db->grant(QStringLiteral("t_viewer"), QStringLiteral("viewer"));
    QVERIFY2(restored.isEmpty(), qPrintable(restored));
}

QList<qint64> TestProtectedColumns::listIds(PgConnection &conn, const RunFilter &filter,
                                            QList<RunRow> *rows) {
    const RunQuery query = RunQueries::page(filter, {}, 50);
    const PgResult result = conn.exec(query.sql, query.params);
    if (!result.ok()) {
        qWarning("%s\n%s", qPrintable(result.error().toString()), qPrintable(query.sql));
        return {-1};
    }
    *rows = RunQueries::readRows(result);
    if (qEnvironmentVariableIsSet("DEBUG_PLAN")) {
        const PgResult plan = conn.exec(QStringLiteral("EXPLAIN ") + query.sql, query.params);
        for (int i = 0; i < plan.rows(); ++i)
            qWarning("%s", qPrintable(plan.text(i, 0)));
    }
    QList<qint64> ids;
    for (const RunRow &row : *rows)
        ids << row.id;
    return ids;
}

void TestProtectedColumns::listsAndSearchesOfAViewer_data() {
    QTest::addColumn<RunFilter>("filter");
    QTest::addColumn<int>("expected"); // runs of the patient found
    const auto make = [](auto change) {
        RunFilter filter = viewerFilter();
        change(filter);
        return filter;
    };
    QTest::newRow("all") << viewerFilter() << 3;
    QTest::newRow("exact key") << make([](RunFilter &f) {
        f.exactKey = QStringLiteral("patient:%1:lab:2").arg(kMrn);
    }) << 1;
    QTest::newRow("exact key outside its prefix") << make([](RunFilter &f) {
        f.exactKey = QStringLiteral("patient:%1:lab:2").arg(kMrn);
        f.keyPrefix = QStringLiteral("other");
    }) << 0;
    QTest::newRow("key prefix") << make([](RunFilter &f) {
        f.keyPrefix = QStringLiteral("patient:%1").arg(kMrn);
    }) << 3;
    QTest::newRow("correlation") << make([](RunFilter &f) {
        f.correlationId = QStringLiteral("corr-%1").arg(kMrn);
    }) << 3;
    QTest::newRow("correlation and prefix") << make([](RunFilter &f) {
        f.correlationId = QStringLiteral("corr-%1").arg(kMrn);
        f.keyPrefix = QStringLiteral("patient:%1:lab:1").arg(kMrn);
    }) << 1;
    QTest::newRow("prefix and status") << make([](RunFilter &f) {
        f.keyPrefix = QStringLiteral("patient:");
        f.statuses = {dedup::core::RunStatus::Failed};
    }) << 2;
}

void TestProtectedColumns::listsAndSearchesOfAViewer() {
    QFETCH(RunFilter, filter);
    QFETCH(int, expected);
    QList<RunRow> rows;
    const QList<qint64> ids = listIds(*m_viewer, filter, &rows);
    QVERIFY(!ids.contains(-1));
    int patient = 0;
    for (const RunRow &row : rows) {
        QVERIFY2(isHash(row.idemKey), qPrintable(row.idemKey));
        patient += m_patientRuns.contains(row.id) ? 1 : 0;
    }
    QCOMPARE(patient, expected);
    // The owner's list of the same filter (raw columns) finds the same runs.
    RunFilter owners = filter;
    owners.readable.reset();
    QList<RunRow> ownerRows;
    QCOMPARE(listIds(*m_su, owners, &ownerRows), ids);
    // Refreshing rows by id (live updates) and counting work too.
    const RunQuery byId = RunQueries::rowsById(filter, m_patientRuns);
    const PgResult refreshed = m_viewer->exec(byId.sql, byId.params);
    QVERIFY2(refreshed.ok(), qPrintable(refreshed.error().toString()));
    QCOMPARE(refreshed.rows(), expected);
    const RunQuery count = RunQueries::cappedCount(filter, 100);
    QCOMPARE(scalar(*m_viewer, count.sql, count.params), qint64(ids.size()));
    const RunQuery estimate = RunQueries::estimate(filter);
    QVERIFY(m_viewer->exec(estimate.sql, estimate.params).ok());
}

void TestProtectedColumns::detailCorrelationAndStuckOfAViewer() {
    const PgParams id = PgParams().add(m_patientRuns[0]);
    const RunQuery run = RunDetailQueries::run(m_patientRuns[0]);
    const PgResult detail = m_viewer->exec(run.sql, run.params);
    QVERIFY2(detail.ok(), qPrintable(detail.error().toString()));
    const std::optional<RunDetail> read = RunDetailQueries::readRun(detail);
    QVERIFY(read);
    QVERIFY(isHash(read->idemKey));
    QVERIFY(isHash(read->lastErrorMessage));
    QCOMPARE(read->lastErrorClass, QStringLiteral("provider_4xx"));
    for (const RunQuery &query : {RunDetailQueries::steps(m_patientRuns[0], 10),
                                  RunDetailQueries::events(m_patientRuns[0], 10),
                                  RunDetailQueries::audit(m_patientRuns[0], 10),
                                  RunDetailQueries::commands(m_patientRuns[0], 10)}) {
        const PgResult result = m_viewer->exec(query.sql, query.params);
        QVERIFY2(result.ok(),
                 qPrintable(result.error().toString() + QLatin1Char('\n') + query.sql));
        QVERIFY(result.rows() > 0 || query.sql.contains(QLatin1String("audit_log")) ||
                query.sql.contains(QLatin1String("commands")));
    }
    const RunQuery correlated = CorrelationQueries::runs(QStringLiteral("corr-%1").arg(kMrn), 10);
    const PgResult runs = m_viewer->exec(correlated.sql, correlated.params);
    QVERIFY2(runs.ok(), qPrintable(runs.error().toString()));
    bool more = true;
    const QList<CorrelatedRun> list = CorrelationQueries::readRuns(runs, 10, &more);
    QCOMPARE(list.size(), 3);
    QVERIFY(!more);
    QVERIFY(list.first().id < list.last().id); // oldest first
    for (const CorrelatedRun &r : list)
        QVERIFY(isHash(r.idemKey));
    // "Show Correlation" from a run: the viewer sees the correlation id hashed, so the
    // console asks for the correlation of the run instead.
    PgError error;
    const std::optional<CorrelationSnapshot> ofRun =
        CorrelationQueries::read(*m_viewer, read->correlationId, 10, &error, m_patientRuns[1]);
    QVERIFY2(ofRun, qPrintable(error.toString()));
    QCOMPARE(ofRun->runs.size(), 3);
    const std::optional<CorrelationSnapshot> byHash =
        CorrelationQueries::read(*m_viewer, read->correlationId, 10, &error);
    QVERIFY(byHash && byHash->runs.isEmpty()); // a hash is not searchable
    const std::optional<StuckSnapshot> stuck =
        StuckQueries::read(*m_viewer, std::chrono::minutes(15), 10, 100, &error);
    QVERIFY2(stuck, qPrintable(error.toString()));
    QCOMPARE(stuck->runs.size(), 1);
    QCOMPARE(stuck->runs.first().id, m_patientRuns[2]);
    QVERIFY(isHash(stuck->runs.first().idemKey));
    const std::optional<StuckSnapshot> owners =
        StuckQueries::read(*m_su, std::chrono::minutes(15), 10, 100, &error);
    QVERIFY2(owners, qPrintable(error.toString()));
    QCOMPARE(owners->runs.first().idemKey, QStringLiteral("patient:%1:lab:3").arg(kMrn));
}

// Every name the store writes into an event detail, a step's error or last_error is either
// shown (dedup.redaction_shown_names()) or one reviewed here as hidden. A function that starts
// writing a new name fails this test until someone decides which it is.
void TestProtectedColumns::everyEventNameIsReviewed() {
    int n = 0;
    for (const QString &action : allActions()) {
        const PreparedRun run =
            prepareRun(*m_su, stateFor(action), QStringLiteral("names-%1").arg(++n));
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        OperatorActions actions(*m_op);
        const auto result =
            invoke(actions, action, request(run, QStringLiteral("names-%1").arg(n)));
        QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    }
    const PreparedRun done = prepareRun(*m_su, QStringLiteral("succeeded"), QStringLiteral("done"));
    QVERIFY2(done.error.isEmpty(), qPrintable(done.error));
    // a duplicate and a mismatch
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.claim(p_scope => 'test', p_key => 'done',"
                                      " p_workflow => 'wf', p_fingerprint => 'fp')"))
                .ok());
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.claim(p_scope => 'test', p_key => 'done',"
                                      " p_workflow => 'wf', p_fingerprint => 'other')"))
                .ok());
    const PgResult docs = m_su->exec(
        QStringLiteral("SELECT json_build_object('e', (SELECT json_agg(detail) FROM dedup.events),"
                       " 's', (SELECT json_agg(error) FROM dedup.steps),"
                       " 'r', (SELECT json_agg(last_error) FROM dedup.runs))::text"));
    QVERIFY2(docs.ok(), qPrintable(docs.error().toString()));
    QSet<QString> names;
    const QJsonObject all = QJsonDocument::fromJson(docs.text(0, 0).toUtf8()).object();
    for (const QJsonValue &list : all)
        for (const QJsonValue &doc : list.toArray())
            collectNames(doc, names);
    names.remove(QStringLiteral("e"));
    const QStringList shown =
        text(*m_su, QStringLiteral("SELECT array_to_string(dedup.redaction_shown_names(), ',')"))
            .split(QLatin1Char(','));
    const QSet<QString> hidden{QStringLiteral("message"),
                               QStringLiteral("reason"),
                               QStringLiteral("note"),
                               QStringLiteral("fingerprint"),
                               QStringLiteral("stored_fingerprint"),
                               QStringLiteral("downstream_key"),
                               QStringLiteral("side_effect_ref"),
                               QStringLiteral("result")};
    QStringList unreviewed;
    for (const QString &name : names) {
        if (!shown.contains(name) && !hidden.contains(name))
            unreviewed << name;
    }
    unreviewed.sort();
    QVERIFY2(unreviewed.isEmpty(), qPrintable(unreviewed.join(QStringLiteral(", "))));
    QVERIFY2(names.contains(QStringLiteral("fingerprint")), "no mismatch was exercised");
}

QTEST_GUILESS_MAIN(TestProtectedColumns)
#include "tst_protectedcolumns.moc"
