// dedupctl verify-audit, black-box: an audit log written by real operator actions verifies;
// a superuser who bypasses the append-only triggers to change, remove or re-hash rows is
// caught, and the command names the first broken link (exit 1).
#include "DedupctlRun.h"
#include "TestDatabase.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgResult;

namespace {

using Run = DedupctlRun;

Run dedupctl(const QStringList &args) {
    return runDedupctl(args);
}

Run verify(const TestDatabase &db, QStringList args = {}, const QString &user = {}) {
    return dedupctl(
        QStringList{QStringLiteral("verify-audit"), QStringLiteral("--db"), db.conninfo(user)} +
        args);
}

QString text(PgConnection &conn, const QString &sql) {
    const PgResult result = conn.exec(sql);
    if (!result.ok() || result.rows() != 1) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(result.error().toString()));
        return {};
    }
    return result.text(0, 0);
}

// Runs created by workers, then acted on by an operator (login role t_operator): route to
// review, assign, note, resolve; cancel; clear a stale lease; and one refused action (stale
// token), which is audited too. Seven audit rows.
bool operatorActions(const TestDatabase &db, QString *error) {
    *error = db.exec(QStringLiteral(R"(
        SELECT dedup.claim('lab', 'k' || g, 'wf', 'fp', p_worker => 'w', p_steps => '{a}')
          FROM generate_series(1, 3) g;
        UPDATE dedup.runs SET lease_expires_at = now() - interval '5 minutes'
         WHERE idem_key = 'k3';)"));
    if (!error->isEmpty())
        return false;
    auto op = db.connect(QStringLiteral("t_operator"));
    if (!op) {
        *error = QStringLiteral("cannot connect as t_operator");
        return false;
    }
    // Each applied action moves the run's token (0017): the next one carries the new token.
    const QString actions = QStringLiteral(R"(
        SELECT outcome FROM dedup.op_route_to_review((SELECT id FROM dedup.runs WHERE idem_key = 'k1'), 1, 'provider says duplicate?', 'a-1');
        SELECT outcome FROM dedup.op_assign_review((SELECT id FROM dedup.runs WHERE idem_key = 'k1'), 2, 'mine', 'a-2', 'alice');
        SELECT outcome FROM dedup.op_review_note((SELECT id FROM dedup.runs WHERE idem_key = 'k1'), 3, 'note', 'a-3', 'called the lab');
        SELECT outcome FROM dedup.op_resolve_review((SELECT id FROM dedup.runs WHERE idem_key = 'k1'), 4, 'lab confirmed', 'a-4', 'cancelled');
        SELECT outcome FROM dedup.op_cancel((SELECT id FROM dedup.runs WHERE idem_key = 'k2'), 1, 'customer withdrew', 'a-5');
        SELECT outcome FROM dedup.op_clear_stale_lease((SELECT id FROM dedup.runs WHERE idem_key = 'k3'), 1, 'worker OOM-killed', 'a-6');
        SELECT outcome FROM dedup.op_cancel((SELECT id FROM dedup.runs WHERE idem_key = 'k3'), 1, 'stale view', 'a-7');)");
    const QStringList expected{QStringLiteral("applied"), QStringLiteral("applied"),
                               QStringLiteral("applied"), QStringLiteral("applied"),
                               QStringLiteral("applied"), QStringLiteral("applied"),
                               QStringLiteral("changed")};
    // The runs by key, looked up as the superuser: an operator reads keys redacted (0016).
    auto su = db.connect();
    if (!su) {
        *error = QStringLiteral("cannot connect as the superuser");
        return false;
    }
    QString script = actions;
    for (const char *key : {"k1", "k2", "k3"}) {
        const QString id =
            text(*su, QStringLiteral("SELECT id FROM dedup.runs WHERE idem_key = '%1'")
                          .arg(QLatin1String(key)));
        script.replace(QStringLiteral("(SELECT id FROM dedup.runs WHERE idem_key = '%1')")
                           .arg(QLatin1String(key)),
                       id);
    }
    const QStringList statements = script.trimmed().split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < statements.size(); ++i) {
        const QString outcome = text(*op, statements.at(i).trimmed());
        if (outcome != expected.at(i)) {
            *error = QStringLiteral("action %1 answered '%2'").arg(i + 1).arg(outcome);
            return false;
        }
    }
    return true;
}

} // namespace

class TestVerifyAudit : public QObject {
    Q_OBJECT

private slots:
    void emptyLogIsIntact();
    void intactAfterOperatorActions();
    void tamperingIsDetected_data();
    void tamperingIsDetected();
    void failures();
};

void TestVerifyAudit::emptyLogIsIntact() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const Run run = verify(db);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.startsWith(QStringLiteral("audit chain intact: 0 rows\n")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(
                 QStringLiteral("chain head: row 0, hash %1").arg(QString(64, QLatin1Char('0')))),
             qPrintable(run.out));
}

void TestVerifyAudit::intactAfterOperatorActions() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QString error;
    QVERIFY2(operatorActions(db, &error), qPrintable(error));
    auto conn = db.connect();
    QVERIFY(conn);
    QCOMPARE(text(*conn, QStringLiteral("SELECT count(*) FROM dedup.audit_log")),
             QStringLiteral("7"));
    const QString lastId = text(*conn, QStringLiteral("SELECT max(id) FROM dedup.audit_log"));
    const QString lastHash =
        text(*conn, QStringLiteral("SELECT hash FROM dedup.audit_log ORDER BY id DESC LIMIT 1"));

    const Run run = verify(db);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.startsWith(QStringLiteral("audit chain intact: 7 rows\n")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("chain head: row %1, hash %2").arg(lastId, lastHash)),
             qPrintable(run.out));

    const Run json = verify(db, {QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QVERIFY(report.value(QStringLiteral("intact")).toBool());
    QCOMPARE(report.value(QStringLiteral("rows")).toInt(), 7);
    QVERIFY(report.value(QStringLiteral("broken")).isNull());
    const QJsonObject head = report.value(QStringLiteral("head")).toObject();
    QCOMPARE(QString::number(head.value(QStringLiteral("id")).toInteger()), lastId);
    QCOMPARE(head.value(QStringLiteral("hash")).toString(), lastHash);

    // read-only roles may verify too
    const Run viewer = verify(db, {}, QStringLiteral("t_viewer"));
    QVERIFY2(viewer.exitCode == 0, qPrintable(viewer.err));
    QVERIFY(viewer.out.startsWith(QStringLiteral("audit chain intact: 7 rows")));
}

void TestVerifyAudit::tamperingIsDetected_data() {
    // %1 = id of the 3rd audit row, %2 = the 4th, %3 = the last. Each tampering runs with
    // the append-only triggers disabled, as only a superuser or the table owner can.
    QTest::addColumn<QString>("tamper");
    QTest::addColumn<int>("brokenRow"); // 0-based position of the row verify must name
    QTest::addColumn<QString>("problem");
    QTest::addColumn<QString>("expectedSql"); // what verify_audit's expected/actual must be
    QTest::addColumn<QString>("actualSql");
    QTest::addColumn<QString>("wording");
    QTest::newRow("reason changed")
        << QStringLiteral("UPDATE dedup.audit_log SET reason = 'routine check' WHERE id = %1") << 2
        << QStringLiteral("hash")
        << QStringLiteral("SELECT dedup.audit_hash(l) FROM dedup.audit_log l WHERE id = %1")
        << QStringLiteral("SELECT hash FROM dedup.audit_log WHERE id = %1")
        << QStringLiteral("was changed after it was written");
    QTest::newRow("who changed")
        << QStringLiteral("UPDATE dedup.audit_log SET db_role = 'postgres', os_user = 'nobody'"
                          " WHERE id = %1")
        << 2 << QStringLiteral("hash")
        << QStringLiteral("SELECT dedup.audit_hash(l) FROM dedup.audit_log l WHERE id = %1")
        << QStringLiteral("SELECT hash FROM dedup.audit_log WHERE id = %1")
        << QStringLiteral("was changed after it was written");
    QTest::newRow("row changed and re-hashed")
        << QStringLiteral("UPDATE dedup.audit_log SET reason = 'routine check' WHERE id = %1;"
                          " UPDATE dedup.audit_log l SET hash = dedup.audit_hash(l) WHERE id = %1")
        << 3 << QStringLiteral("prev_hash")
        << QStringLiteral("SELECT hash FROM dedup.audit_log WHERE id = %1")
        << QStringLiteral("SELECT prev_hash FROM dedup.audit_log WHERE id = %2")
        << QStringLiteral("the link into row");
    QTest::newRow("middle row deleted")
        << QStringLiteral("DELETE FROM dedup.audit_log WHERE id = %1") << 3
        << QStringLiteral("prev_hash")
        << QStringLiteral("SELECT hash FROM dedup.audit_log WHERE id < %1 ORDER BY id DESC LIMIT 1")
        << QStringLiteral("SELECT prev_hash FROM dedup.audit_log WHERE id = %2")
        << QStringLiteral("a row before it was removed");
    QTest::newRow("last row deleted")
        << QStringLiteral("DELETE FROM dedup.audit_log WHERE id = %3") << 6
        << QStringLiteral("tail") << QStringLiteral("SELECT last_hash FROM dedup.audit_head")
        << QStringLiteral("SELECT hash FROM dedup.audit_log ORDER BY id DESC LIMIT 1")
        << QStringLiteral("removed from the end");
}

void TestVerifyAudit::tamperingIsDetected() {
    QFETCH(QString, tamper);
    QFETCH(int, brokenRow);
    QFETCH(QString, problem);
    QFETCH(QString, expectedSql);
    QFETCH(QString, actualSql);
    QFETCH(QString, wording);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QString error;
    QVERIFY2(operatorActions(db, &error), qPrintable(error));
    QCOMPARE(verify(db).exitCode, 0);

    auto conn = db.connect();
    QVERIFY(conn);
    const PgResult idRows =
        conn->exec(QStringLiteral("SELECT id FROM dedup.audit_log ORDER BY id"));
    QCOMPARE(idRows.rows(), 7);
    QStringList ids;
    for (int row = 0; row < idRows.rows(); ++row)
        ids << idRows.text(row, 0);
    const auto fill = [&](QString sql) {
        return sql.replace(QStringLiteral("%1"), ids[2])
            .replace(QStringLiteral("%2"), ids[3])
            .replace(QStringLiteral("%3"), ids.last());
    };
    const QString originalHash =
        text(*conn, fill(QStringLiteral("SELECT hash FROM dedup.audit_log WHERE id = %1")));

    // The triggers hold even for the superuser...
    error = db.exec(fill(QStringLiteral("UPDATE dedup.audit_log SET reason = 'x' WHERE id = %1")));
    QVERIFY2(error.contains(QStringLiteral("append-only")), qPrintable(error));
    // ...until it disables them.
    error = db.exec(
        QStringLiteral("ALTER TABLE dedup.audit_log DISABLE TRIGGER audit_log_append_only; ") +
        fill(tamper) +
        QStringLiteral("; ALTER TABLE dedup.audit_log ENABLE TRIGGER audit_log_append_only;"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString brokenId = brokenRow == 6 ? ids.last() : ids[brokenRow];
    const QString expected = text(*conn, fill(expectedSql));
    const QString actual = text(*conn, fill(actualSql));
    QCOMPARE(expected.size(), 64);
    QCOMPARE(actual.size(), 64);
    QVERIFY(expected != actual);
    if (problem == QLatin1String("hash"))
        QCOMPARE(actual, originalHash); // the stored hash is the one written at append time

    const Run run = verify(db);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.out.startsWith(QStringLiteral("audit chain BROKEN at row %1 ").arg(brokenId)),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(wording), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("expected: %1\n").arg(expected)), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("actual:   %1\n").arg(actual)), qPrintable(run.out));

    const Run json = verify(db, {QStringLiteral("--json")});
    QCOMPARE(json.exitCode, 1);
    const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(report.value(QStringLiteral("intact")).toBool(true), false);
    const QJsonObject broken = report.value(QStringLiteral("broken")).toObject();
    QCOMPARE(QString::number(broken.value(QStringLiteral("id")).toInteger()), brokenId);
    QCOMPARE(broken.value(QStringLiteral("problem")).toString(), problem);
    QCOMPARE(broken.value(QStringLiteral("expected")).toString(), expected);
    QCOMPARE(broken.value(QStringLiteral("actual")).toString(), actual);
}

void TestVerifyAudit::failures() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    // workers have no business reading the audit log
    const Run worker = verify(db, {}, QStringLiteral("t_worker"));
    QCOMPARE(worker.exitCode, 4);
    QVERIFY2(worker.err.contains(QStringLiteral("permission denied")), qPrintable(worker.err));

    TestDatabase empty(false);
    QVERIFY2(empty.isValid(), qPrintable(empty.error()));
    QCOMPARE(verify(empty).exitCode, 4);

    const Run unreachable = dedupctl({QStringLiteral("verify-audit"), QStringLiteral("--db"),
                                      QStringLiteral("host=/nonexistent port=1")});
    QCOMPARE(unreachable.exitCode, 3);
}

QTEST_GUILESS_MAIN(TestVerifyAudit)
#include "tst_verifyaudit.moc"
