// The audit log (docs/PROTOCOL.md section 9): every evaluated operator action writes one row
// saying who (the login role, not the definer; OS user, host and application from the
// session), what, why, the run before and after, and the action key; the rows form a hash
// chain that AuditVerifier checks, and a superuser who disables the append-only trigger and
// edits or removes rows is caught, with the first broken link reported.
#include "OperatorTestHelpers.h"
#include "TestDatabase.h"
#include "store/AuditVerifier.h"
#include "store/OperatorActions.h"

#include <QCryptographicHash>
#include <QSysInfo>
#include <QtTest>

using namespace dedup::store;
using namespace optest;

// Evaluates `result` once (QVERIFY2 evaluates its description even on success, so a call
// spelled there would run twice).
#define VERIFY_OK(result)                                                                          \
    do {                                                                                           \
        const auto &checked_ = (result);                                                           \
        QVERIFY2(checked_.ok(), qPrintable(checked_.error().toString()));                          \
    } while (false)
#define VERIFY_PREPARED(run) QVERIFY2((run).error.isEmpty(), qPrintable((run).error))

class TestAudit : public QObject {
    Q_OBJECT

private slots:
    void appliedActionIsRecorded();
    void sessionSettingsAreRecorded();
    void dbRoleIsTheLoginRole();
    void refusedActionIsRecorded();
    void eachActionWritesOneRow_data();
    void eachActionWritesOneRow();
    void chainVerifiesAfterManyActions();
    void tamperingIsDetected_data();
    void tamperingIsDetected();

private:
    bool setUp();
    // Applies `count` actions (a mix of applied and refused) as t_operator.
    bool makeHistory(int count);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<PgConnection> m_op;
};

bool TestAudit::setUp() {
    m_op.reset();
    m_su.reset();
    m_db = std::make_unique<TestDatabase>();
    if (!m_db->isValid()) {
        qWarning("%s", qPrintable(m_db->error()));
        return false;
    }
    if (const QString error = m_db->grantTestLogins(); !error.isEmpty()) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    m_su = m_db->connect();
    m_op = m_db->connect(QStringLiteral("t_operator"));
    return m_su && m_op;
}

static QJsonObject field(const QJsonObject &row, const char *name) {
    return row.value(QLatin1String(name)).toObject();
}

static QString str(const QJsonObject &row, const char *name) {
    return row.value(QLatin1String(name)).toString();
}

// What PgConnection::open reports as the operator's OS user and host (NULL when unknown).
static QJsonValue expectedOsUser() {
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("LOGNAME");
    return user.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(user);
}

static QJsonValue expectedHost() {
    const QString host = QSysInfo::machineHostName();
    return host.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(host);
}

void TestAudit::appliedActionIsRecorded() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("processing_expired"));
    VERIFY_PREPARED(run);
    const QDateTime started = QDateTime::currentDateTimeUtc().addSecs(-5);
    OperatorActions actions(*m_op);
    const auto result = actions.clearStaleLease(
        request(run, QStringLiteral("clear-1"), QStringLiteral("worker pod OOM-killed")));
    VERIFY_OK(result);
    QCOMPARE(name(result.value().outcome), QStringLiteral("applied"));

    const QJsonArray rows = auditRows(*m_su);
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows.at(0).toObject();
    QCOMPARE(qint64(row.value(QStringLiteral("id")).toDouble()), result.value().auditId);
    QCOMPARE(str(row, "db_role"), QStringLiteral("t_operator"));
    QCOMPARE(row.value(QStringLiteral("os_user")), expectedOsUser());
    QCOMPARE(row.value(QStringLiteral("client_host")), expectedHost());
    QVERIFY(row.value(QStringLiteral("client_addr")).isNull()); // Unix socket
    QCOMPARE(str(row, "application_name"), QStringLiteral("dedup"));
    QCOMPARE(str(row, "action"), QStringLiteral("op_clear_stale_lease"));
    QCOMPARE(qint64(row.value(QStringLiteral("run_id")).toDouble()), run.id);
    QCOMPARE(str(row, "action_key"), QStringLiteral("clear-1"));
    QCOMPARE(str(row, "reason"), QStringLiteral("worker pod OOM-killed"));
    QCOMPARE(row.value(QStringLiteral("expected_token")).toInt(), 1);
    QCOMPARE(str(row, "outcome"), QStringLiteral("applied"));
    QCOMPARE(str(row, "detail"), result.value().detail);
    const QDateTime at = QDateTime::fromString(str(row, "at"), Qt::ISODateWithMs);
    QVERIFY2(at >= started && at <= QDateTime::currentDateTimeUtc().addSecs(5),
             qPrintable(str(row, "at")));

    const QJsonObject before = field(row, "before");
    const QJsonObject after = field(row, "after");
    QCOMPARE(str(before, "status"), QStringLiteral("processing"));
    QCOMPARE(before.value(QStringLiteral("lease_token")).toInt(), 1);
    QCOMPARE(str(before, "lease_owner"), QStringLiteral("worker-1"));
    QCOMPARE(before.value(QStringLiteral("attempt")).toInt(), 1);
    QCOMPARE(before.value(QStringLiteral("steps")).toArray(),
             QJsonDocument::fromJson(R"([{"name":"draft","status":"done"},)"
                                     R"({"name":"send","status":"in_progress"},)"
                                     R"({"name":"notify","status":"pending"}])")
                 .array());
    QCOMPARE(str(after, "status"), QStringLiteral("failed"));
    QCOMPARE(after.value(QStringLiteral("lease_token")).toInt(), 2);
    QVERIFY(after.value(QStringLiteral("lease_owner")).isNull());
    QCOMPARE(str(after.value(QStringLiteral("last_error")).toObject(), "class"),
             QStringLiteral("lease_expired"));
    QCOMPARE(after.value(QStringLiteral("steps"))
                 .toArray()
                 .at(1)
                 .toObject()
                 .value(QStringLiteral("status")),
             QJsonValue(QStringLiteral("uncertain")));
    // The audit outlives the run and keys may derive from personal data: none in the row.
    for (const QJsonObject &state : {before, after})
        for (const char *key : {"scope", "idem_key", "result", "context", "fingerprint"})
            QVERIFY2(!state.contains(QLatin1String(key)), key);
    // first link of the chain
    QCOMPARE(str(row, "prev_hash"), QString(64, QLatin1Char('0')));
    QCOMPARE(str(row, "hash").size(), 64);
}

// The who-columns come from the session settings PgConnection sets (client-reported) and the
// application name the console connects with.
void TestAudit::sessionSettingsAreRecorded() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    QVERIFY(
        m_op->open(m_db->conninfo(QStringLiteral("t_operator")), QStringLiteral("dedup-console")));
    VERIFY_OK(
        m_op->exec(QStringLiteral("SELECT set_config('dedup.os_user', 'alice', false),"
                                  " set_config('dedup.client_host', 'ops-laptop-3', false)")));
    OperatorActions actions(*m_op);
    VERIFY_OK(actions.cancel(request(run, QStringLiteral("cancel-1"))));
    const QJsonObject row = auditRows(*m_su).at(0).toObject();
    QCOMPARE(str(row, "db_role"), QStringLiteral("t_operator"));
    QCOMPARE(str(row, "os_user"), QStringLiteral("alice"));
    QCOMPARE(str(row, "client_host"), QStringLiteral("ops-laptop-3"));
    QCOMPARE(str(row, "application_name"), QStringLiteral("dedup-console"));
}

// db_role is session_user: the login role, neither the SECURITY DEFINER owner nor a
// SET ROLE target.
void TestAudit::dbRoleIsTheLoginRole() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"));
    VERIFY_PREPARED(run);
    const QString owner = text(*m_su, QStringLiteral("SELECT proowner::regrole::text FROM pg_proc"
                                                     " WHERE proname = 'op_route_to_review'"));
    const QString superuser = text(*m_su, QStringLiteral("SELECT session_user::text"));
    QVERIFY(owner != QLatin1String("t_operator"));

    OperatorActions asOperator(*m_op);
    VERIFY_OK(asOperator.routeToReview(request(run, QStringLiteral("route-1"))));
    VERIFY_OK(m_su->exec(QStringLiteral("SET ROLE dedup_operator")));
    OperatorActions asSuperuserInRole(*m_su);
    VERIFY_OK(asSuperuserInRole.assignReview(request(run, QStringLiteral("assign-1")),
                                             QStringLiteral("alice")));
    VERIFY_OK(m_su->exec(QStringLiteral("RESET ROLE")));

    const QJsonArray rows = auditRows(*m_su);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(str(rows.at(0).toObject(), "db_role"), QStringLiteral("t_operator"));
    QCOMPARE(str(rows.at(1).toObject(), "db_role"), superuser);
    // and the command / event actor is the login role as well
    PgParams id;
    id.add(run.id);
    QCOMPARE(text(*m_su,
                  QStringLiteral("SELECT actor FROM dedup.events WHERE run_id = $1"
                                 " AND kind = 'routed_to_review'"),
                  id),
             QStringLiteral("t_operator"));
}

void TestAudit::refusedActionIsRecorded() {
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("processing")); // lease is live
    VERIFY_PREPARED(run);
    OperatorActions actions(*m_op);
    const auto result = actions.clearStaleLease(request(run, QStringLiteral("clear-1")));
    VERIFY_OK(result);
    QCOMPARE(name(result.value().outcome), QStringLiteral("changed"));
    const QJsonArray rows = auditRows(*m_su);
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows.at(0).toObject();
    QCOMPARE(str(row, "outcome"), QStringLiteral("changed"));
    QCOMPARE(str(row, "detail"), result.value().detail);
    QCOMPARE(str(field(row, "before"), "status"), QStringLiteral("processing"));
    QVERIFY(row.value(QStringLiteral("after")).isNull());
    QCOMPARE(str(row, "db_role"), QStringLiteral("t_operator"));
}

void TestAudit::eachActionWritesOneRow_data() {
    QTest::addColumn<QString>("action");
    QTest::addColumn<QString>("params"); // expected params JSON
    QTest::newRow("op_clear_stale_lease") << "op_clear_stale_lease"
                                          << "null";
    QTest::newRow("op_request_continuation") << "op_request_continuation"
                                             << R"({"rerun_uncertain": false, "command_id": 1})";
    QTest::newRow("op_route_to_review") << "op_route_to_review"
                                        << R"({"assignee": "alice"})";
    QTest::newRow("op_resolve_review")
        << "op_resolve_review"
        << R"({"resolution": "cancelled", "result": null, "rerun_uncertain": false})";
    QTest::newRow("op_cancel") << "op_cancel"
                               << "null";
    QTest::newRow("op_assign_review") << "op_assign_review"
                                      << R"({"assignee": "alice"})";
    QTest::newRow("op_review_note") << "op_review_note"
                                    << R"({"note": "checked the provider log"})";
    QTest::newRow("op_resolve_step")
        << "op_resolve_step"
        << R"({"step": "send", "resolution": "skipped", "side_effect_ref": null})";
}

void TestAudit::eachActionWritesOneRow() {
    QFETCH(QString, action);
    QFETCH(QString, params);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(action));
    VERIFY_PREPARED(run);
    PgParams id;
    id.add(run.id);
    // the superuser (the owner here) may call the internal helper the audit row is made with
    // The run's state as the audit keeps it: minimised (0014_audit_minimise.sql).
    const QString runState =
        QStringLiteral("SELECT dedup._audit_minimise_doc(dedup._run_state($1), k.ipad, k.opad)"
                       "::text FROM dedup.audit_digest_key k");
    const QString beforeState = text(*m_su, runState, id);
    OperatorActions actions(*m_op);
    const auto result = invoke(actions, action, request(run, QStringLiteral("k-1")));
    VERIFY_OK(result);
    QCOMPARE(name(result.value().outcome), QStringLiteral("applied"));
    const QString afterState = text(*m_su, runState, id);

    const QJsonArray rows = auditRows(*m_su);
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows.at(0).toObject();
    QCOMPARE(str(row, "action"), action);
    QCOMPARE(str(row, "action_key"), QStringLiteral("k-1"));
    QCOMPARE(str(row, "reason"), QStringLiteral("operator test"));
    QCOMPARE(str(row, "outcome"), QStringLiteral("applied"));
    QCOMPARE(str(row, "db_role"), QStringLiteral("t_operator"));
    const QJsonValue expectedParams =
        params == QLatin1String("null")
            ? QJsonValue(QJsonValue::Null)
            : QJsonValue(QJsonDocument::fromJson(params.toUtf8()).object());
    QCOMPARE(row.value(QStringLiteral("params")), expectedParams);
    // before / after are the run's state around the action, exactly
    QCOMPARE(row.value(QStringLiteral("before")).toObject(),
             QJsonDocument::fromJson(beforeState.toUtf8()).object());
    QCOMPARE(row.value(QStringLiteral("after")).toObject(),
             QJsonDocument::fromJson(afterState.toUtf8()).object());
    QVERIFY(row.value(QStringLiteral("before")).toObject() !=
            row.value(QStringLiteral("after")).toObject());
    // the run's event for the action points at the row
    QCOMPARE(scalar(*m_su,
                    QStringLiteral("SELECT (detail->>'audit_id')::bigint FROM dedup.events"
                                   " WHERE run_id = $1 AND detail ? 'audit_id'"),
                    id),
             result.value().auditId);
}

bool TestAudit::makeHistory(int count) {
    OperatorActions actions(*m_op);
    for (int i = 0; i < count; ++i) {
        // cycle through the actions; every fourth is refused (stale token)
        const QString action = allActions().at(i % allActions().size());
        const PreparedRun run =
            prepareRun(*m_su, stateFor(action), QStringLiteral("history-%1").arg(i));
        if (!run.error.isEmpty()) {
            qWarning("%s", qPrintable(run.error));
            return false;
        }
        OperatorRequest req = request(run, QStringLiteral("history-%1").arg(i),
                                      QStringLiteral("reason number %1 ✓").arg(i));
        if (i % 4 == 3)
            req.expectedToken += 5;
        const auto result = invoke(actions, action, req);
        if (!result.ok()) {
            qWarning("%s", qPrintable(result.error().toString()));
            return false;
        }
    }
    return true;
}

void TestAudit::chainVerifiesAfterManyActions() {
    QVERIFY(setUp());
    const int count = 12;
    QVERIFY(makeHistory(count));
    const QJsonArray rows = auditRows(*m_su);
    QCOMPARE(rows.size(), count);
    QCOMPARE(scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"
                                          " WHERE outcome = 'changed'")),
             qint64(count / 4));

    // Recompute the chain here, from the documented formula, independently of verify_audit:
    // hash = hex(sha256(prev_hash || '|' || audit_canonical(row))).
    const PgResult canonical = m_su->exec(
        QStringLiteral("SELECT id, dedup.audit_canonical(a) FROM dedup.audit_log a ORDER BY id"));
    VERIFY_OK(canonical);
    QString previous(64, QLatin1Char('0'));
    for (int i = 0; i < rows.size(); ++i) {
        const QJsonObject row = rows.at(i).toObject();
        QCOMPARE(str(row, "prev_hash"), previous);
        const QByteArray input = (previous + QLatin1Char('|') + canonical.text(i, 1)).toUtf8();
        const QString hash = QString::fromLatin1(
            QCryptographicHash::hash(input, QCryptographicHash::Sha256).toHex());
        QCOMPARE(str(row, "hash"), hash);
        previous = hash;
    }

    for (const QString &role :
         {QString(), QStringLiteral("t_operator"), QStringLiteral("t_viewer")}) {
        auto conn = m_db->connect(role);
        QVERIFY(conn);
        AuditVerifier verifier(*conn);
        const auto verified = verifier.verify();
        VERIFY_OK(verified);
        QVERIFY2(verified.value().ok(), qPrintable(role));
        QCOMPARE(verified.value().headId,
                 qint64(rows.last().toObject().value(QStringLiteral("id")).toDouble()));
        QCOMPARE(verified.value().headHash, previous);
    }
}

void TestAudit::tamperingIsDetected_data() {
    QTest::addColumn<QString>("disable"); // which triggers the superuser disables
    QTest::addColumn<QString>("tamper");  // SQL; {1}..{5} = the ids of the five rows
    QTest::addColumn<int>("brokenRow");   // 1-based row the break is reported at
    QTest::addColumn<AuditBreak::Problem>("problem");
    const QString user = QStringLiteral("USER");
    const QString one = QStringLiteral("audit_log_append_only");
    QTest::newRow("reason of a middle row changed")
        << user << "UPDATE dedup.audit_log SET reason = 'nothing to see' WHERE id = {3}" << 3
        << AuditBreak::Problem::Hash;
    QTest::newRow("outcome of the first row changed")
        << one << "UPDATE dedup.audit_log SET outcome = 'changed' WHERE id = {1}" << 1
        << AuditBreak::Problem::Hash;
    QTest::newRow("who of the last row changed")
        << one << "UPDATE dedup.audit_log SET db_role = 'someone_else' WHERE id = {5}" << 5
        << AuditBreak::Problem::Hash;
    QTest::newRow("middle row deleted") << user << "DELETE FROM dedup.audit_log WHERE id = {3}" << 4
                                        << AuditBreak::Problem::PrevHash;
    QTest::newRow("first row deleted") << one << "DELETE FROM dedup.audit_log WHERE id = {1}" << 2
                                       << AuditBreak::Problem::PrevHash;
    QTest::newRow("last row deleted")
        << user << "DELETE FROM dedup.audit_log WHERE id = {5}" << 5 << AuditBreak::Problem::Tail;
    QTest::newRow("last two rows deleted")
        << one << "DELETE FROM dedup.audit_log WHERE id IN ({4}, {5})" << 5
        << AuditBreak::Problem::Tail;
    QTest::newRow("middle row changed and re-hashed")
        << user
        << "UPDATE dedup.audit_log SET reason = 'nothing to see' WHERE id = {2};"
           " UPDATE dedup.audit_log a SET hash = dedup.audit_hash(a) WHERE id = {2}"
        << 3 << AuditBreak::Problem::PrevHash;
    QTest::newRow("last row changed and re-hashed")
        << one
        << "UPDATE dedup.audit_log SET reason = 'nothing to see' WHERE id = {5};"
           " UPDATE dedup.audit_log a SET hash = dedup.audit_hash(a) WHERE id = {5}"
        << 5 << AuditBreak::Problem::Tail;
}

void TestAudit::tamperingIsDetected() {
    QFETCH(QString, disable);
    QFETCH(QString, tamper);
    QFETCH(int, brokenRow);
    QFETCH(AuditBreak::Problem, problem);
    QVERIFY(setUp());
    QVERIFY(makeHistory(5));
    const QJsonArray rows = auditRows(*m_su);
    QCOMPARE(rows.size(), 5);
    QList<qint64> ids;
    QStringList hashes;
    for (const QJsonValue &row : rows) {
        ids << qint64(row.toObject().value(QStringLiteral("id")).toDouble());
        hashes << str(row.toObject(), "hash");
    }
    AuditVerifier verifier(*m_op);
    {
        const auto intact = verifier.verify();
        VERIFY_OK(intact);
        QVERIFY(intact.value().ok());
    }

    // The trigger stops the superuser until it is disabled.
    // Rows by position, as SQL: the ids stay out of the statement text.
    QString sql = tamper;
    for (int i = 1; i <= 5; ++i)
        sql.replace(QLatin1Char('{') + QString::number(i) + QLatin1Char('}'),
                    QStringLiteral("(SELECT id FROM dedup.audit_log ORDER BY id OFFSET %1 LIMIT 1)")
                        .arg(i - 1));
    const PgResult refused = m_su->execScript(sql);
    QCOMPARE(classify(refused.error()), StoreErrorKind::AppendOnly);
    const QString toggle = QStringLiteral("ALTER TABLE dedup.audit_log %1 TRIGGER %2;");
    const PgResult tampered =
        m_su->execScript(toggle.arg(QStringLiteral("DISABLE"), disable) + sql + QLatin1Char(';') +
                         toggle.arg(QStringLiteral("ENABLE"), disable));
    VERIFY_OK(tampered);
    QVERIFY(auditRows(*m_su) != rows);

    const auto verified = verifier.verify();
    VERIFY_OK(verified);
    QVERIFY(!verified.value().ok());
    const AuditBreak &link = *verified.value().firstBreak;
    QCOMPARE(int(link.problem), int(problem));
    const int index = brokenRow - 1;
    QCOMPARE(link.id, ids.at(index));
    switch (problem) {
    case AuditBreak::Problem::Hash:
        QCOMPARE(link.problemText, QStringLiteral("hash"));
        QCOMPARE(link.actual, hashes.at(index)); // the stored hash, of the original content
        QVERIFY(link.expected != link.actual);
        QCOMPARE(link.expected.size(), 64);
        break;
    case AuditBreak::Problem::PrevHash: {
        QCOMPARE(link.problemText, QStringLiteral("prev_hash"));
        // expected: the hash of the row now before it (zeros when it is now the first)
        const QJsonArray now = auditRows(*m_su);
        QString previousNow(64, QLatin1Char('0'));
        for (const QJsonValue &row : now) {
            if (qint64(row.toObject().value(QStringLiteral("id")).toDouble()) == link.id)
                break;
            previousNow = str(row.toObject(), "hash");
        }
        QCOMPARE(link.expected, previousNow);
        QCOMPARE(link.actual, index > 0 ? hashes.at(index - 1) : QString(64, QLatin1Char('0')));
        break;
    }
    case AuditBreak::Problem::Tail: {
        QCOMPARE(link.problemText, QStringLiteral("tail"));
        QCOMPARE(link.expected, verified.value().headHash);
        QCOMPARE(verified.value().headId, ids.last());
        const QJsonArray now = auditRows(*m_su);
        QCOMPARE(link.actual, str(now.last().toObject(), "hash"));
        break;
    }
    case AuditBreak::Problem::Time:
    case AuditBreak::Problem::Other:
        QFAIL("unexpected problem");
    }
    // The trigger is back on: the evidence cannot be tidied up without disabling it again.
    const PgResult again = m_su->exec(QStringLiteral("DELETE FROM dedup.audit_log"));
    QCOMPARE(classify(again.error()), StoreErrorKind::AppendOnly);
}

QTEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"
