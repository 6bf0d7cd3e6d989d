// The database enforces the roles (docs/PROTOCOL.md section 11), not only the UI:
// dedup_viewer reads and changes nothing through any path; dedup_operator acts only through
// op_*; dedup_worker only through the protocol functions; and nobody, the superuser
// included, can UPDATE or DELETE audit rows while the append-only triggers are on. Each test
// login holds the store's grant of its own capability for everything (the grants decide
// what a login may see and do within its role's privileges; tst_access tests them), so a
// refusal here is the role's.
#include "OperatorTestHelpers.h"
#include "TestDatabase.h"
#include "store/AuditVerifier.h"
#include "store/Migrator.h"
#include "store/OperatorActions.h"
#include "store/StoreError.h"

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

class TestRoles : public QObject {
    Q_OBJECT

private slots:
    void operatorActionsRefused_data();
    void operatorActionsRefused();
    void operatorCanCallEveryAction_data();
    void operatorCanCallEveryAction();
    void functionsRefused_data();
    void functionsRefused();
    void directWritesRefused_data();
    void directWritesRefused();
    void workerHasNoTableAccess_data();
    void workerHasNoTableAccess();
    void readersCanRead_data();
    void readersCanRead();
    void workerCanRunTheProtocol();
    void auditLogIsAppendOnly_data();
    void auditLogIsAppendOnly();
    void eventsAreAppendOnly();

private:
    // A failed run with a queued continuation (so runs, steps, events, commands and
    // audit_log all have rows a forbidden write could touch) and a processing run.
    bool setUp();
    QString everything(); // snapshot of every table, the audit log and its head included

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    PreparedRun m_failed;
    PreparedRun m_processing;
};

bool TestRoles::setUp() {
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
    if (!m_su)
        return false;
    m_failed = prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("key-failed"));
    m_processing = prepareRun(*m_su, QStringLiteral("processing"), QStringLiteral("key-live"));
    if (!m_failed.error.isEmpty() || !m_processing.error.isEmpty()) {
        qWarning("%s %s", qPrintable(m_failed.error), qPrintable(m_processing.error));
        return false;
    }
    OperatorActions admin(*m_su);
    const auto queued = admin.requestContinuation(request(m_failed, QStringLiteral("setup")));
    return queued.ok() && queued.value().outcome == OperatorOutcomeKind::Applied;
}

QString TestRoles::everything() {
    return snapshot(*m_su) +
           QString::fromUtf8(QJsonDocument(auditRows(*m_su)).toJson(QJsonDocument::Compact)) +
           text(*m_su, QStringLiteral("SELECT row_to_json(h)::text FROM dedup.audit_head h"));
}

// ---------------------------------------------------------------------------------------------
// op_* through OperatorActions
// ---------------------------------------------------------------------------------------------

void TestRoles::operatorActionsRefused_data() {
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("action");
    for (const char *role : {"t_viewer", "t_worker"})
        for (const QString &action : allActions())
            QTest::addRow("%s/%s", role, qPrintable(action)) << QString::fromLatin1(role) << action;
}

void TestRoles::operatorActionsRefused() {
    QFETCH(QString, role);
    QFETCH(QString, action);
    QVERIFY(setUp());
    // A run in the state the action applies to, so only the role can be the reason.
    const PreparedRun run = prepareRun(*m_su, stateFor(action), QStringLiteral("target"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    auto conn = m_db->connect(role);
    QVERIFY(conn);
    OperatorActions actions(*conn);
    const QString before = everything();
    const auto result = invoke(actions, action, request(run, QStringLiteral("k")));
    QVERIFY(!result.ok());
    QCOMPARE(result.errorKind(), StoreErrorKind::PermissionDenied);
    QCOMPARE(result.error().sqlState, QStringLiteral("42501"));
    QCOMPARE(everything(), before);
}

void TestRoles::operatorCanCallEveryAction_data() {
    QTest::addColumn<QString>("action");
    for (const QString &action : allActions())
        QTest::newRow(qPrintable(action)) << action;
}

void TestRoles::operatorCanCallEveryAction() {
    QFETCH(QString, action);
    QVERIFY(setUp());
    const PreparedRun run = prepareRun(*m_su, stateFor(action), QStringLiteral("target"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    auto conn = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(conn);
    OperatorActions actions(*conn);
    const auto result = invoke(actions, action, request(run, QStringLiteral("k")));
    VERIFY_OK(result);
    QCOMPARE(name(result.value().outcome), QStringLiteral("applied"));
    QCOMPARE(auditRows(*m_su).last().toObject().value(QStringLiteral("db_role")).toString(),
             QStringLiteral("t_operator"));
}

// ---------------------------------------------------------------------------------------------
// Functions a role may not execute ($1 = the processing run, token 1; the lease secret a
// guess: EXECUTE is refused before any argument is looked at)
// ---------------------------------------------------------------------------------------------

void TestRoles::functionsRefused_data() {
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("sql");
    const QList<std::pair<const char *, const char *>> worker{
        {"claim", "SELECT * FROM dedup.claim('test', 'new-key', 'wf', 'fp') WHERE $1::bigint > 0"},
        {"heartbeat", "SELECT dedup.heartbeat($1, 1, gen_random_uuid())"},
        {"begin_step", "SELECT dedup.begin_step($1, 1, gen_random_uuid(), 'notify')"},
        {"complete_step", "SELECT dedup.complete_step($1, 1, gen_random_uuid(), 'send', 'ref')"},
        {"fail_step", "SELECT dedup.fail_step($1, 1, gen_random_uuid(), 'send', 'timeout')"},
        {"skip_step", "SELECT dedup.skip_step($1, 1, gen_random_uuid(), 'notify')"},
        {"succeed", "SELECT dedup.succeed($1, 1, gen_random_uuid())"},
        {"fail", "SELECT dedup.fail($1, 1, gen_random_uuid(), 'timeout', 'x', true)"},
        {"take_command", "SELECT * FROM dedup.take_command('w') WHERE $1::bigint > 0"},
    };
    const QList<std::pair<const char *, const char *>> reading{
        {"continuation_preview", "SELECT * FROM dedup.continuation_preview($1)"},
        {"verify_audit", "SELECT * FROM dedup.verify_audit() WHERE $1::bigint > 0"},
    };
    const std::pair<const char *, const char *> purge{
        "purge_expired", "SELECT * FROM dedup.purge_expired(10) WHERE $1::bigint > 0"};
    // Internal helpers run inside the SECURITY DEFINER functions; called directly they would
    // forge events, audit rows or state changes.
    QList<std::pair<const char *, const char *>> internal{
        {"_event", "SELECT dedup._event($1, 'forged', 'x', 1, NULL, NULL)"},
        {"_mark_uncertain", "SELECT dedup._mark_uncertain($1, 'x', 1, 'forged')"},
        {"_close_commands", "SELECT dedup._close_commands($1, 'failed', true, 'forged')"},
        {"_op_record", "SELECT dedup._op_record('op_cancel', $1, 1, 'r', 'forged', NULL,"
                       " 'applied', 'd', NULL, NULL)"},
        {"_run_state", "SELECT dedup._run_state($1)"},
        {"_fence", "SELECT dedup._fence($1, 1, gen_random_uuid(), 'x')"},
        // 0010: the store's lock rows, and the bodies its grant-checking wrappers call
        {"_lock", "SELECT dedup._lock(1, 'k') WHERE $1::bigint > 0"},
        {"_purge_expired_checked",
         "SELECT * FROM dedup._purge_expired_checked(10) WHERE $1::bigint > 0"},
        {"_op_bulk_step_checked", "SELECT * FROM dedup._op_bulk_step_checked(gen_random_uuid(),"
                                  " 10, NULL) WHERE $1::bigint > 0"},
    };
    // Bulk operations (0006): operators only; the helpers never directly.
    const QList<std::pair<const char *, const char *>> bulk{
        {"op_bulk_create", "SELECT dedup.op_bulk_create(gen_random_uuid(), 'op_cancel', '{}',"
                           " 'r', '{}') WHERE $1::bigint > 0"},
        {"op_bulk_add_items", "SELECT dedup.op_bulk_add_items(gen_random_uuid(),"
                              " ARRAY[$1::bigint], ARRAY[1::bigint], ARRAY['failed'])"},
        {"op_bulk_control", "SELECT dedup.op_bulk_control(gen_random_uuid(), 'abort', 'r', 'k')"
                            " WHERE $1::bigint > 0"},
        {"op_bulk_step", "SELECT * FROM dedup.op_bulk_step(gen_random_uuid())"
                         " WHERE $1::bigint > 0"},
    };
    internal.append(std::pair{"_bulk_apply", "SELECT dedup._bulk_apply(NULL::dedup.bulk_operations,"
                                             " NULL::dedup.bulk_items) WHERE $1::bigint > 0"});
    internal.append(std::pair{"_bulk_audit",
                              "SELECT dedup._bulk_audit(NULL::dedup.bulk_operations, 'start',"
                              " 'r', 'forged', 'a', 'b') WHERE $1::bigint > 0"});
    auto add = [](const char *role, const std::pair<const char *, const char *> &fn) {
        QTest::addRow("%s/%s", role, fn.first)
            << QString::fromLatin1(role) << QString::fromLatin1(fn.second);
    };
    for (const auto &fn : worker) {
        add("t_viewer", fn);
        add("t_operator", fn);
    }
    for (const auto &fn : bulk) {
        add("t_viewer", fn);
        add("t_worker", fn);
    }
    add("t_viewer", purge);
    add("t_worker", purge);
    // Dashboard (0008): operators fold the rollup; nobody but the owner recounts it.
    const std::pair<const char *, const char *> dashboardRefresh{
        "dashboard_refresh", "SELECT * FROM dedup.dashboard_refresh() WHERE $1::bigint > 0"};
    add("t_viewer", dashboardRefresh);
    add("t_worker", dashboardRefresh);
    for (const char *role : {"t_viewer", "t_operator", "t_worker"})
        add(role, {"dashboard_rebuild", "SELECT dedup.dashboard_rebuild() WHERE $1::bigint > 0"});
    // Report reveal (0007): operators only; a viewer's report is always redacted.
    const std::pair<const char *, const char *> reveal{
        "op_report_reveal", "SELECT dedup.op_report_reveal('r', '{}', 'k') WHERE $1::bigint > 0"};
    add("t_viewer", reveal);
    add("t_worker", reveal);
    for (const auto &fn : reading)
        add("t_worker", fn);
    for (const char *role : {"t_viewer", "t_operator", "t_worker"})
        for (const auto &fn : internal)
            add(role, fn);
}

void TestRoles::functionsRefused() {
    QFETCH(QString, role);
    QFETCH(QString, sql);
    QVERIFY(setUp());
    auto conn = m_db->connect(role);
    QVERIFY(conn);
    const QString before = everything();
    PgParams params;
    params.add(m_processing.id);
    const PgResult result = conn->exec(sql, params);
    QVERIFY2(!result.ok(), "the call was allowed");
    QCOMPARE(classify(result.error()), StoreErrorKind::PermissionDenied);
    // refused for the function itself, not only for a table it would touch
    QVERIFY2(result.error().message.startsWith(QLatin1String("permission denied for function")),
             qPrintable(result.error().message));
    QCOMPARE(everything(), before);
}

// ---------------------------------------------------------------------------------------------
// Direct writes
// ---------------------------------------------------------------------------------------------

// Writes a role might try ($1 = the failed run with a queued command). Permissions are
// checked before constraints, so the refusal is 42501 whatever the values.
static QString writeSql(const QString &table, const QString &verb) {
    if (verb == QLatin1String("TRUNCATE"))
        return QStringLiteral("TRUNCATE dedup.%1 CASCADE").arg(table);
    if (verb == QLatin1String("DELETE"))
        return table == QLatin1String("runs")
                   ? QStringLiteral("DELETE FROM dedup.runs WHERE id = $1")
               : table == QLatin1String("audit_head") || table == QLatin1String("bulk_operations")
                   ? QStringLiteral("DELETE FROM dedup.%1 WHERE $1::bigint > 0").arg(table)
                   : QStringLiteral("DELETE FROM dedup.%1 WHERE run_id = $1").arg(table);
    if (verb == QLatin1String("UPDATE")) {
        if (table == QLatin1String("runs"))
            return QStringLiteral("UPDATE dedup.runs SET status = 'cancelled' WHERE id = $1");
        if (table == QLatin1String("steps"))
            return QStringLiteral("UPDATE dedup.steps SET status = 'done' WHERE run_id = $1");
        if (table == QLatin1String("events"))
            return QStringLiteral("UPDATE dedup.events SET kind = 'forged' WHERE run_id = $1");
        if (table == QLatin1String("commands"))
            return QStringLiteral(
                "UPDATE dedup.commands SET status = 'cancelled' WHERE run_id = $1");
        if (table == QLatin1String("audit_head"))
            return QStringLiteral(
                "UPDATE dedup.audit_head SET last_hash = 'forged' WHERE $1::bigint > 0");
        if (table == QLatin1String("bulk_operations"))
            return QStringLiteral(
                "UPDATE dedup.bulk_operations SET status = 'finished' WHERE $1::bigint > 0");
        if (table == QLatin1String("bulk_items"))
            return QStringLiteral(
                "UPDATE dedup.bulk_items SET state = 'applied' WHERE run_id = $1");
        return QStringLiteral("UPDATE dedup.audit_log SET reason = 'forged' WHERE run_id = $1");
    }
    if (table == QLatin1String("bulk_operations"))
        return QStringLiteral("INSERT INTO dedup.bulk_operations (id, action, reason,"
                              " requested_by) SELECT gen_random_uuid(), 'op_cancel', 'r', 'x'"
                              " WHERE $1::bigint > 0");
    if (table == QLatin1String("bulk_items"))
        return QStringLiteral("INSERT INTO dedup.bulk_items (bulk_id, run_id, expected_token,"
                              " expected_status) VALUES (gen_random_uuid(), $1, 1, 'failed')");
    if (table == QLatin1String("runs"))
        return QStringLiteral("INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint,"
                              " status) SELECT 'x', 'forged', 'wf', 'fp', 'failed'"
                              " WHERE $1::bigint > 0");
    if (table == QLatin1String("steps"))
        return QStringLiteral(
            "INSERT INTO dedup.steps (run_id, ordinal, name) VALUES ($1, 99, 'forged')");
    if (table == QLatin1String("events"))
        return QStringLiteral("INSERT INTO dedup.events (run_id, kind) VALUES ($1, 'forged')");
    if (table == QLatin1String("commands"))
        return QStringLiteral("INSERT INTO dedup.commands (run_id, action_key, requested_by,"
                              " status) VALUES ($1, 'forged', 'x', 'done')");
    if (table == QLatin1String("audit_head"))
        return QStringLiteral("INSERT INTO dedup.audit_head (singleton, last_id, last_hash)"
                              " SELECT false, 0, 'forged' WHERE $1::bigint > 0");
    return QStringLiteral("INSERT INTO dedup.audit_log (id, at, db_role, action, run_id,"
                          " action_key, reason, outcome, prev_hash, hash) VALUES (0, now(),"
                          " 'x', 'op_cancel', $1, 'forged', 'r', 'applied', '', '')");
}

void TestRoles::directWritesRefused_data() {
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("sql");
    const QStringList tables{QStringLiteral("runs"),
                             QStringLiteral("steps"),
                             QStringLiteral("events"),
                             QStringLiteral("commands"),
                             QStringLiteral("audit_log"),
                             QStringLiteral("audit_head"),
                             QStringLiteral("bulk_operations"),
                             QStringLiteral("bulk_items")};
    const QStringList verbs{QStringLiteral("INSERT"), QStringLiteral("UPDATE"),
                            QStringLiteral("DELETE"), QStringLiteral("TRUNCATE")};
    for (const char *role : {"t_viewer", "t_operator", "t_worker"})
        for (const QString &table : tables)
            for (const QString &verb : verbs)
                QTest::addRow("%s/%s %s", role, qPrintable(verb), qPrintable(table))
                    << QString::fromLatin1(role) << writeSql(table, verb);
}

void TestRoles::directWritesRefused() {
    QFETCH(QString, role);
    QFETCH(QString, sql);
    QVERIFY(setUp());
    auto conn = m_db->connect(role);
    QVERIFY(conn);
    const QString before = everything();
    PgParams params;
    if (sql.contains(QLatin1String("$1")))
        params.add(m_failed.id);
    const PgResult result = conn->exec(sql, params);
    QVERIFY2(!result.ok(), "the write was allowed");
    QCOMPARE(classify(result.error()), StoreErrorKind::PermissionDenied);
    QCOMPARE(everything(), before);
}

void TestRoles::workerHasNoTableAccess_data() {
    QTest::addColumn<QString>("table");
    for (const char *table : {"runs", "steps", "events", "commands", "audit_log", "audit_head",
                              "workflow_settings", "schema_migrations"})
        QTest::newRow(table) << QString::fromLatin1(table);
}

void TestRoles::workerHasNoTableAccess() {
    QFETCH(QString, table);
    QVERIFY(setUp());
    auto conn = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(conn);
    const PgResult result = conn->exec(QStringLiteral("SELECT count(*) FROM dedup.%1").arg(table));
    QVERIFY(!result.ok());
    QCOMPARE(classify(result.error()), StoreErrorKind::PermissionDenied);
}

// ---------------------------------------------------------------------------------------------
// What readers may do
// ---------------------------------------------------------------------------------------------

void TestRoles::readersCanRead_data() {
    QTest::addColumn<QString>("role");
    QTest::addColumn<bool>("isOperator");
    QTest::newRow("viewer") << QStringLiteral("t_viewer") << false;
    QTest::newRow("operator") << QStringLiteral("t_operator") << true;
}

void TestRoles::readersCanRead() {
    QFETCH(QString, role);
    QFETCH(bool, isOperator);
    QVERIFY(setUp());
    auto conn = m_db->connect(role);
    QVERIFY(conn);
    const QString before = everything();
    // 2 runs, 3 steps each, 1 command, 1 audit row (setUp's continuation); -1: any count
    const QList<std::pair<const char *, qint64>> counts{
        {"runs", 2},
        {"steps", 6},
        {"commands", 1},
        {"audit_log", 1},
        {"audit_head", 1},
        {"events", -1},
        {"workflow_settings", -1},
        {"schema_migrations", qint64(Migrator::bundled().size())}};
    for (const auto &[table, expected] : counts) {
        const PgResult result =
            conn->exec(QStringLiteral("SELECT count(*) FROM dedup.%1").arg(QLatin1String(table)));
        QVERIFY2(result.ok(), qPrintable(result.error().toString()));
        if (expected >= 0)
            QCOMPARE(result.toInt64(0, 0), expected);
    }
    PgParams id;
    id.add(m_failed.id);
    const PgResult run =
        conn->exec(QStringLiteral("SELECT status, lease_token FROM dedup.runs WHERE id = $1"), id);
    VERIFY_OK(run);
    QCOMPARE(run.text(0, "status"), QStringLiteral("failed"));

    OperatorActions actions(*conn);
    const auto preview = actions.continuationPreview(m_failed.id);
    VERIFY_OK(preview);
    QCOMPARE(preview.value().size(), 3);
    AuditVerifier verifier(*conn);
    const auto verified = verifier.verify();
    VERIFY_OK(verified);
    QVERIFY(verified.value().ok());
    QCOMPARE(verified.value().headId, qint64(1));

    // What the console uses to decide on read-only mode.
    QCOMPARE(text(*conn, QStringLiteral("SELECT pg_has_role('dedup_operator', 'MEMBER')::text")),
             isOperator ? QStringLiteral("true") : QStringLiteral("false"));
    QCOMPARE(everything(), before);
}

void TestRoles::workerCanRunTheProtocol() {
    QVERIFY(setUp());
    auto conn = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(conn);
    const PgResult claimed = conn->exec(
        QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret::text AS lease_secret"
                       " FROM dedup.claim('test', 'by-worker', 'wf', 'fp',"
                       " p_worker => 'w', p_steps => '{one}')"));
    VERIFY_OK(claimed);
    QCOMPARE(claimed.text(0, "outcome"), QStringLiteral("acquired"));
    PgParams ids;
    ids.add(claimed.toInt64(0, "run_id"))
        .add(claimed.toInt64(0, "lease_token"))
        .add(claimed.text(0, "lease_secret"));
    VERIFY_OK(conn->exec(QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'one')"), ids));
    VERIFY_OK(conn->exec(
        QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, 'one', 'r1')"), ids));
    VERIFY_OK(conn->exec(QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid)"), ids));
    const PgResult taken =
        conn->exec(QStringLiteral("SELECT command_id FROM dedup.take_command('w')"));
    VERIFY_OK(taken);
    QCOMPARE(taken.rows(), 1); // setUp's continuation
    PgParams id;
    id.add(claimed.toInt64(0, "run_id"));
    QCOMPARE(text(*m_su, QStringLiteral("SELECT status FROM dedup.runs WHERE id = $1"), id),
             QStringLiteral("succeeded"));
}

// ---------------------------------------------------------------------------------------------
// Append-only audit log: the triggers stop even the superuser (the table owner here)
// ---------------------------------------------------------------------------------------------

void TestRoles::auditLogIsAppendOnly_data() {
    QTest::addColumn<QString>("role"); // empty: superuser
    QTest::addColumn<QString>("sql");
    QTest::addColumn<StoreErrorKind>("expected");
    const QString update = QStringLiteral("UPDATE dedup.audit_log SET reason = 'rewritten'");
    const QString updateOne =
        QStringLiteral("UPDATE dedup.audit_log SET reason = 'rewritten' WHERE id = 1");
    const QString rehash = QStringLiteral("UPDATE dedup.audit_log SET hash = dedup.audit_hash(a)"
                                          " FROM dedup.audit_log a WHERE a.id = audit_log.id");
    const QString remove = QStringLiteral("DELETE FROM dedup.audit_log");
    const QString removeOne = QStringLiteral("DELETE FROM dedup.audit_log WHERE id = 1");
    const QString truncate = QStringLiteral("TRUNCATE dedup.audit_log");
    QTest::newRow("superuser UPDATE") << QString() << update << StoreErrorKind::AppendOnly;
    QTest::newRow("superuser UPDATE one row")
        << QString() << updateOne << StoreErrorKind::AppendOnly;
    QTest::newRow("superuser re-hash") << QString() << rehash << StoreErrorKind::AppendOnly;
    QTest::newRow("superuser DELETE") << QString() << remove << StoreErrorKind::AppendOnly;
    QTest::newRow("superuser DELETE one row")
        << QString() << removeOne << StoreErrorKind::AppendOnly;
    QTest::newRow("superuser TRUNCATE") << QString() << truncate << StoreErrorKind::AppendOnly;
    QTest::newRow("superuser as dedup_operator UPDATE")
        << QString() << QStringLiteral("SET ROLE dedup_operator; ") + update
        << StoreErrorKind::PermissionDenied;
    for (const char *role : {"t_operator", "t_viewer", "t_worker"}) {
        QTest::addRow("%s UPDATE", role)
            << QString::fromLatin1(role) << update << StoreErrorKind::PermissionDenied;
        QTest::addRow("%s DELETE", role)
            << QString::fromLatin1(role) << remove << StoreErrorKind::PermissionDenied;
        QTest::addRow("%s TRUNCATE", role)
            << QString::fromLatin1(role) << truncate << StoreErrorKind::PermissionDenied;
    }
}

void TestRoles::auditLogIsAppendOnly() {
    QFETCH(QString, role);
    QFETCH(QString, sql);
    QFETCH(StoreErrorKind, expected);
    QVERIFY(setUp());
    // a second audit row, so a DELETE of one row is not a DELETE of everything
    OperatorActions admin(*m_su);
    VERIFY_OK(admin.routeToReview(request(m_processing, QStringLiteral("route"))));
    const QJsonArray before = auditRows(*m_su);
    QCOMPARE(before.size(), 2);
    const QString all = everything();

    auto conn = m_db->connect(role);
    QVERIFY(conn);
    const PgResult result = conn->execScript(sql);
    QVERIFY2(!result.ok(), "the audit log was changed");
    QCOMPARE(classify(result.error()), expected);
    if (expected == StoreErrorKind::AppendOnly)
        QCOMPARE(result.error().sqlState, QStringLiteral("DD008"));
    QCOMPARE(auditRows(*m_su), before);
    QCOMPARE(everything(), all);
    AuditVerifier verifier(*m_su);
    const auto verified = verifier.verify();
    VERIFY_OK(verified);
    QVERIFY(verified.value().ok());
}

void TestRoles::eventsAreAppendOnly() {
    QVERIFY(setUp());
    const QString before = everything();
    const PgResult result = m_su->exec(
        QStringLiteral("UPDATE dedup.events SET kind = 'forged' WHERE kind = 'claimed'"));
    QVERIFY(!result.ok());
    QCOMPARE(classify(result.error()), StoreErrorKind::AppendOnly);
    QCOMPARE(everything(), before);
}

QTEST_GUILESS_MAIN(TestRoles)
#include "tst_roles.moc"
