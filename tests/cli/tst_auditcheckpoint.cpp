// dedupctl audit checkpoint and verify-audit --checkpoint, black-box: keys made by the openssl
// command line as an administrator would; a checkpoint written 0600 holds while the chain
// grows; a rewrite by the store's owner (not a superuser) that verify-audit alone calls
// intact fails the checkpoint taken before it (exit 1, naming it); a changed checkpoint file
// or the wrong public key is exit 1 with the reason; bad keys and options are usage errors; a
// broken chain is not signed; a back-dated row is reported.
#include "DedupctlRun.h"
#include "TestCluster.h"
#include "TestDatabase.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgResult;

namespace {

using Run = DedupctlRun;

Run dedupctl(const QStringList &args) {
    return runDedupctl(args);
}

QString text(PgConnection &conn, const QString &sql) {
    const PgResult result = conn.exec(sql);
    if (!result.ok() || result.rows() != 1) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(result.error().toString()));
        return {};
    }
    return result.text(0, 0);
}

// `openssl` with `args`; empty on success, else what it said.
QString openssl(const QStringList &args) {
    QProcess process;
    process.start(QStringLiteral("openssl"), args);
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0)
        return QStringLiteral("openssl %1 failed: %2")
            .arg(args.join(u' '), QString::fromUtf8(process.readAllStandardError()));
    return {};
}

// A key pair as docs/CLI.md tells an administrator to make one.
QString makeKeyPair(const QString &privatePath, const QString &publicPath,
                    const QString &algorithm = QStringLiteral("ed25519")) {
    QStringList generate{QStringLiteral("genpkey"), QStringLiteral("-algorithm"), algorithm};
    if (algorithm == QLatin1String("EC"))
        generate << QStringLiteral("-pkeyopt") << QStringLiteral("ec_paramgen_curve:P-256");
    generate << QStringLiteral("-out") << privatePath;
    if (const QString error = openssl(generate); !error.isEmpty())
        return error;
    return openssl({QStringLiteral("pkey"), QStringLiteral("-in"), privatePath,
                    QStringLiteral("-pubout"), QStringLiteral("-out"), publicPath});
}

// Appends `count` audit rows (report reveals, as the superuser).
QString appendRows(const TestDatabase &db, int count) {
    static int counter = 0;
    QString sql;
    for (int i = 0; i < count; ++i, ++counter)
        sql += QStringLiteral("SELECT dedup.op_report_reveal('cli checkpoint test', '{}'::jsonb,"
                              " 'cli-ckpt-%1');")
                   .arg(counter);
    return db.exec(sql);
}

// A login that owns the store's schema and audit tables without being a superuser.
class StoreOwnerRole {
public:
    StoreOwnerRole()
        : m_name(QStringLiteral("t_cli_owner_%1").arg(QCoreApplication::applicationPid())) {
        QString error;
        if (!m_cluster.load(&error) ||
            !m_admin.open(m_cluster.conninfo(QStringLiteral("postgres"))))
            return;
        m_admin.exec(QStringLiteral("SET client_min_messages = warning"));
        m_admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_name));
        m_ok = m_admin.exec(QStringLiteral("CREATE ROLE %1 LOGIN NOSUPERUSER").arg(m_name)).ok();
    }
    ~StoreOwnerRole() {
        if (m_admin.isOpen())
            m_admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_name));
    }
    StoreOwnerRole(const StoreOwnerRole &) = delete;
    StoreOwnerRole &operator=(const StoreOwnerRole &) = delete;

    bool ok() const { return m_ok; }
    QString name() const { return m_name; }
    QString adopt(const TestDatabase &db) const {
        return db.exec(
            QStringLiteral("ALTER SCHEMA dedup OWNER TO %1;"
                           " ALTER TABLE dedup.audit_log OWNER TO %1;"
                           " ALTER TABLE dedup.audit_head OWNER TO %1;"
                           " GRANT EXECUTE ON FUNCTION dedup.audit_hash(dedup.audit_log),"
                           "   dedup.audit_canonical(dedup.audit_log) TO %1")
                .arg(m_name));
    }

private:
    TestCluster m_cluster;
    PgConnection m_admin;
    QString m_name;
    bool m_ok = false;
};

// As the owner: triggers off, row %1's reason changed, every hash recomputed, the head moved
// to the new last hash, triggers on.
const QString kOwnerRewrite = QStringLiteral(R"(
    ALTER TABLE dedup.audit_log DISABLE TRIGGER USER;
    ALTER TABLE dedup.audit_head DISABLE TRIGGER USER;
    UPDATE dedup.audit_log SET reason = 'nothing happened here' WHERE id = %1;
    DO $$
    DECLARE
        r    record;
        prev text := repeat('0', 64);
    BEGIN
        FOR r IN SELECT id FROM dedup.audit_log ORDER BY id LOOP
            UPDATE dedup.audit_log l SET prev_hash = prev WHERE l.id = r.id;
            UPDATE dedup.audit_log l SET hash = dedup.audit_hash(l) WHERE l.id = r.id
                RETURNING l.hash INTO prev;
        END LOOP;
        UPDATE dedup.audit_head SET last_hash = prev;
    END
    $$;
    ALTER TABLE dedup.audit_log ENABLE TRIGGER USER;
    ALTER TABLE dedup.audit_head ENABLE TRIGGER USER;)");

QJsonObject jsonOf(const Run &run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

} // namespace

class TestAuditCheckpointCli : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void checkpointThenVerify();
    void ownerRewriteFailsTheCheckpoint();
    void changedFileAndWrongKey();
    void usageErrors();
    void brokenChainIsNotSigned();
    void backDatedRowIsReported();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    Run checkpoint(const TestDatabase &db, const QString &output, const QString &key,
                   const QString &user = QStringLiteral("t_viewer")) const {
        return dedupctl({QStringLiteral("audit"), QStringLiteral("checkpoint"),
                         QStringLiteral("--db"), db.conninfo(user), QStringLiteral("--key"), key,
                         QStringLiteral("--output"), output});
    }
    Run verify(const TestDatabase &db, const QStringList &checkpoints, const QString &pubkey = {},
               const QStringList &extra = {}) const {
        QStringList args{QStringLiteral("verify-audit"), QStringLiteral("--db"),
                         db.conninfo(QStringLiteral("t_viewer"))};
        for (const QString &file : checkpoints)
            args << QStringLiteral("--checkpoint") << file;
        if (!pubkey.isEmpty())
            args << QStringLiteral("--pubkey") << pubkey;
        return dedupctl(args + extra);
    }

    QTemporaryDir m_dir;
    QString m_key;
    QString m_pub;
    QString m_otherPub;
};

void TestAuditCheckpointCli::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_key = path(QStringLiteral("key.pem"));
    m_pub = path(QStringLiteral("pub.pem"));
    m_otherPub = path(QStringLiteral("other-pub.pem"));
    QCOMPARE(makeKeyPair(m_key, m_pub), QString());
    QCOMPARE(makeKeyPair(path(QStringLiteral("other-key.pem")), m_otherPub), QString());
    QCOMPARE(makeKeyPair(path(QStringLiteral("ec-key.pem")), path(QStringLiteral("ec-pub.pem")),
                         QStringLiteral("EC")),
             QString());
}

void TestAuditCheckpointCli::checkpointThenVerify() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(appendRows(db, 3), QString());
    auto conn = db.connect();
    QVERIFY(conn);
    const QString lastId = text(*conn, QStringLiteral("SELECT max(id) FROM dedup.audit_log"));
    const QString lastHash =
        text(*conn, QStringLiteral("SELECT hash FROM dedup.audit_log ORDER BY id DESC LIMIT 1"));

    // A viewer may take one (as it may verify).
    const QString file = path(QStringLiteral("cp-clean.json"));
    const Run written = checkpoint(db, file, m_key);
    QVERIFY2(written.exitCode == 0, qPrintable(written.err));
    QVERIFY2(
        written.out.startsWith(QStringLiteral("audit checkpoint written to %1: row %2, hash %3,"
                                              " 3 rows, server time ")
                                   .arg(file, lastId, lastHash)),
        qPrintable(written.out));
    const QFileInfo info(file);
    QVERIFY(info.exists());
    QCOMPARE(info.permissions() & (QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                   QFileDevice::ReadOther | QFileDevice::WriteOther),
             QFileDevice::Permissions());
    QVERIFY(!QFileInfo::exists(file + QStringLiteral(".part")));
    QFile content(file);
    QVERIFY(content.open(QIODevice::ReadOnly));
    const QJsonObject fields = QJsonDocument::fromJson(content.readAll()).object();
    QCOMPARE(fields.value(QStringLiteral("format")).toString(),
             QStringLiteral("dedup-audit-checkpoint"));
    QCOMPARE(fields.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(QString::number(fields.value(QStringLiteral("last_id")).toInteger()), lastId);
    QCOMPARE(fields.value(QStringLiteral("last_hash")).toString(), lastHash);
    QCOMPARE(fields.value(QStringLiteral("row_count")).toInt(), 3);
    QVERIFY(
        fields.value(QStringLiteral("key_id")).toString().startsWith(QLatin1String("ed25519:")));
    QCOMPARE(QByteArray::fromBase64(fields.value(QStringLiteral("signature")).toString().toLatin1())
                 .size(),
             64);

    Run run = verify(db, {file}, m_pub);
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    QVERIFY2(run.out.startsWith(QStringLiteral("audit chain intact: 3 rows\n")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("checkpoint %1: holds (row %2, hash %3, signed at ")
                                  .arg(file, lastId, lastHash)),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("every checkpoint holds")), qPrintable(run.out));

    // The chain grows: the checkpoint still holds.
    QCOMPARE(appendRows(db, 2), QString());
    run = verify(db, {file}, m_pub, {QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    const QJsonObject report = jsonOf(run);
    QVERIFY(report.value(QStringLiteral("intact")).toBool());
    QCOMPARE(report.value(QStringLiteral("rows")).toInt(), 5);
    QVERIFY(report.value(QStringLiteral("first_failed_checkpoint")).isNull());
    const QJsonArray checkpoints = report.value(QStringLiteral("checkpoints")).toArray();
    QCOMPARE(checkpoints.size(), 1);
    const QJsonObject entry = checkpoints.at(0).toObject();
    QCOMPARE(entry.value(QStringLiteral("file")).toString(), file);
    QVERIFY(entry.value(QStringLiteral("holds")).toBool());
    QVERIFY(entry.value(QStringLiteral("problem")).isNull());
    QCOMPARE(QString::number(entry.value(QStringLiteral("last_id")).toInteger()), lastId);

    // Without checkpoints the output says what the verdict did not rest on.
    run = verify(db, {});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(QStringLiteral("not checked against a signed checkpoint")),
             qPrintable(run.out));
    run = verify(db, {}, {}, {QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(jsonOf(run).value(QStringLiteral("checkpoints")).toArray().size(), 0);

    // As report --output does, an existing file is replaced whole.
    const Run again = checkpoint(db, file, m_key, QStringLiteral("t_operator"));
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QFile reread(file);
    QVERIFY(reread.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(reread.readAll())
                 .object()
                 .value(QStringLiteral("row_count"))
                 .toInt(),
             5);
}

void TestAuditCheckpointCli::ownerRewriteFailsTheCheckpoint() {
    StoreOwnerRole owner;
    QVERIFY(owner.ok());
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(owner.adopt(db), QString());
    QCOMPARE(appendRows(db, 2), QString());
    const QString early = path(QStringLiteral("cp-early.json"));
    QCOMPARE(checkpoint(db, early, m_key).exitCode, 0);
    QCOMPARE(appendRows(db, 4), QString());
    const QString late = path(QStringLiteral("cp-late.json"));
    QCOMPARE(checkpoint(db, late, m_key).exitCode, 0);
    QCOMPARE(verify(db, {early, late}, m_pub).exitCode, 0);

    auto conn = db.connect();
    QVERIFY(conn);
    const QString victim =
        text(*conn, QStringLiteral("SELECT id FROM dedup.audit_log ORDER BY id OFFSET 3 LIMIT 1"));
    const QString lateId = text(*conn, QStringLiteral("SELECT max(id) FROM dedup.audit_log"));
    auto ownerConn = db.connect(owner.name());
    QVERIFY(ownerConn);
    const PgResult rewritten = ownerConn->execScript(kOwnerRewrite.arg(victim));
    QVERIFY2(rewritten.ok(), qPrintable(rewritten.error().toString()));

    // The chain alone: clean.
    Run run = verify(db, {});
    QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
    QVERIFY(run.out.startsWith(QStringLiteral("audit chain intact: 6 rows\n")));

    // Against the checkpoints: the early one (before the rewritten row) holds, the late one
    // does not, and it is named.
    run = verify(db, {early, late}, m_pub);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.out.startsWith(QStringLiteral("audit chain intact: 6 rows\n")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("checkpoint %1: holds").arg(early)),
             qPrintable(run.out));
    QVERIFY2(
        run.out.contains(
            QStringLiteral("checkpoint %1: DOES NOT HOLD: row %2 now has hash ").arg(late, lateId)),
        qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("rewritten and the chain re-hashed")),
             qPrintable(run.out));
    QVERIFY2(
        run.out.contains(QStringLiteral("first checkpoint that does not hold: %1: ").arg(late)),
        qPrintable(run.out));

    run = verify(db, {late, early}, m_pub, {QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 1);
    const QJsonObject report = jsonOf(run);
    QVERIFY(report.value(QStringLiteral("intact")).toBool());
    QCOMPARE(report.value(QStringLiteral("first_failed_checkpoint")).toString(), late);
    const QJsonArray checkpoints = report.value(QStringLiteral("checkpoints")).toArray();
    QCOMPARE(checkpoints.size(), 2);
    QCOMPARE(checkpoints.at(0).toObject().value(QStringLiteral("problem")).toString(),
             QStringLiteral("hash"));
    QVERIFY(!checkpoints.at(0).toObject().value(QStringLiteral("holds")).toBool(true));
    QVERIFY(checkpoints.at(1).toObject().value(QStringLiteral("holds")).toBool());
}

void TestAuditCheckpointCli::changedFileAndWrongKey() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(appendRows(db, 3), QString());
    const QString file = path(QStringLiteral("cp-tamper.json"));
    QCOMPARE(checkpoint(db, file, m_key).exitCode, 0);
    QFile original(file);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray content = original.readAll();

    // The row count lowered by hand: the signature no longer covers it.
    const QString tampered = path(QStringLiteral("cp-tampered.json"));
    QJsonObject fields = QJsonDocument::fromJson(content).object();
    fields.insert(QStringLiteral("row_count"), 2);
    QFile out(tampered);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(fields).toJson());
    out.close();
    Run run = verify(db, {file, tampered}, m_pub);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.out.contains(QStringLiteral("checkpoint %1: holds").arg(file)),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("checkpoint %1: DOES NOT HOLD: the signature does not "
                                             "match the checkpoint's fields: the file was changed "
                                             "after it was signed")
                                  .arg(tampered)),
             qPrintable(run.out));
    QVERIFY2(
        run.out.contains(QStringLiteral("first checkpoint that does not hold: %1").arg(tampered)),
        qPrintable(run.out));
    run = verify(db, {tampered}, m_pub, {QStringLiteral("--json")});
    QCOMPARE(jsonOf(run)
                 .value(QStringLiteral("checkpoints"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("problem")),
             QJsonValue(QStringLiteral("signature")));

    // Another key's public half.
    run = verify(db, {file}, m_otherPub);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(
        run.out.contains(
            QStringLiteral("checkpoint %1: DOES NOT HOLD: signed with another key ").arg(file)),
        qPrintable(run.out));

    // No longer a checkpoint at all, or gone: exit 1 too (it does not hold), with the reason.
    const QString cut = path(QStringLiteral("cp-cut.json"));
    QFile truncated(cut);
    QVERIFY(truncated.open(QIODevice::WriteOnly));
    truncated.write(content.left(content.size() / 2));
    truncated.close();
    run = verify(db, {cut}, m_pub);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.out.contains(QStringLiteral("%1 is not an audit checkpoint").arg(cut)),
             qPrintable(run.out));
    run = verify(db, {path(QStringLiteral("absent.json"))}, m_pub);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.out.contains(QStringLiteral("Cannot read the checkpoint")), qPrintable(run.out));
}

void TestAuditCheckpointCli::usageErrors() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(appendRows(db, 1), QString());
    const QString file = path(QStringLiteral("cp-usage.json"));
    QCOMPARE(checkpoint(db, file, m_key).exitCode, 0);

    struct Case {
        QStringList args;
        QString says;
    };
    const QString conninfo = db.conninfo(QStringLiteral("t_viewer"));
    const QString out = path(QStringLiteral("never.json"));
    const QStringList db_{QStringLiteral("--db"), conninfo};
    const QList<Case> cases{
        {QStringList{QStringLiteral("verify-audit"), QStringLiteral("--checkpoint"), file} + db_,
         QStringLiteral("--checkpoint needs --pubkey")},
        {QStringList{QStringLiteral("verify-audit"), QStringLiteral("--pubkey"), m_pub} + db_,
         QStringLiteral("--pubkey needs --checkpoint")},
        {QStringList{QStringLiteral("verify-audit"), QStringLiteral("--checkpoint"), file,
                     QStringLiteral("--pubkey"), m_key} +
             db_,
         QStringLiteral("holds a private key")},
        {QStringList{QStringLiteral("verify-audit"), QStringLiteral("--checkpoint"), file,
                     QStringLiteral("--pubkey"), path(QStringLiteral("ec-pub.pem"))} +
             db_,
         QStringLiteral("Ed25519")},
        {QStringList{QStringLiteral("audit")} + db_, QStringLiteral("missing subcommand")},
        {QStringList{QStringLiteral("audit"), QStringLiteral("sign")} + db_,
         QStringLiteral("unknown subcommand 'sign'")},
        {QStringList{QStringLiteral("audit"), QStringLiteral("checkpoint"),
                     QStringLiteral("--output"), out} +
             db_,
         QStringLiteral("--key KEY.pem is required")},
        {QStringList{QStringLiteral("audit"), QStringLiteral("checkpoint"), QStringLiteral("--key"),
                     m_key} +
             db_,
         QStringLiteral("--output FILE is required")},
        {QStringList{QStringLiteral("audit"), QStringLiteral("checkpoint"), QStringLiteral("--key"),
                     m_pub, QStringLiteral("--output"), out} +
             db_,
         QStringLiteral("holds a public key")},
        {QStringList{QStringLiteral("audit"), QStringLiteral("checkpoint"), QStringLiteral("--key"),
                     path(QStringLiteral("ec-key.pem")), QStringLiteral("--output"), out} +
             db_,
         QStringLiteral("holds a key of type EC: audit checkpoints are signed with Ed25519")},
        {QStringList{QStringLiteral("audit"), QStringLiteral("checkpoint"), QStringLiteral("--key"),
                     path(QStringLiteral("none.pem")), QStringLiteral("--output"), out} +
             db_,
         QStringLiteral("Cannot read the key file")},
    };
    for (const Case &c : cases) {
        const Run run = dedupctl(c.args);
        QVERIFY2(run.exitCode == 2, qPrintable(c.args.join(u' ') + QStringLiteral(": ") + run.err));
        QVERIFY2(run.err.contains(c.says), qPrintable(run.err));
    }
    QVERIFY(!QFileInfo::exists(out));

    // A worker may not read the head: a refusal from the store, exit 4, nothing written.
    const Run worker = checkpoint(db, out, m_key, QStringLiteral("t_worker"));
    QCOMPARE(worker.exitCode, 4);
    QVERIFY(!QFileInfo::exists(out));
    QVERIFY(!QFileInfo::exists(out + QStringLiteral(".part")));
}

void TestAuditCheckpointCli::brokenChainIsNotSigned() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(appendRows(db, 3), QString());
    QCOMPARE(db.exec(QStringLiteral(
                 "ALTER TABLE dedup.audit_log DISABLE TRIGGER audit_log_append_only;"
                 " UPDATE dedup.audit_log SET reason = 'edited'"
                 "  WHERE id = (SELECT min(id) FROM dedup.audit_log);"
                 " ALTER TABLE dedup.audit_log ENABLE TRIGGER audit_log_append_only;")),
             QString());
    const QString file = path(QStringLiteral("cp-broken.json"));
    const Run run = checkpoint(db, file, m_key);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("the audit chain is BROKEN at row")),
             qPrintable(run.err));
    QVERIFY(!QFileInfo::exists(file));
}

void TestAuditCheckpointCli::backDatedRowIsReported() {
    StoreOwnerRole owner;
    QVERIFY(owner.ok());
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(owner.adopt(db), QString());
    QCOMPARE(appendRows(db, 2), QString());
    auto ownerConn = db.connect(owner.name());
    QVERIFY(ownerConn);
    const PgResult forged = ownerConn->execScript(QStringLiteral(R"(
        ALTER TABLE dedup.audit_log DISABLE TRIGGER USER;
        ALTER TABLE dedup.audit_head DISABLE TRIGGER USER;
        DO $$
        DECLARE
            h dedup.audit_head;
            a dedup.audit_log;
        BEGIN
            SELECT * INTO h FROM dedup.audit_head;
            a.id := h.last_id + 1;
            a.at := now() - interval '3 days';
            a.db_role := 'alice';
            a.action := 'op_cancel';
            a.action_key := 'backdated';
            a.reason := 'approved on Monday';
            a.outcome := 'applied';
            a.prev_hash := h.last_hash;
            a.hash := dedup.audit_hash(a);
            INSERT INTO dedup.audit_log SELECT a.*;
            UPDATE dedup.audit_head SET last_id = a.id, last_hash = a.hash;
        END
        $$;
        ALTER TABLE dedup.audit_log ENABLE TRIGGER USER;
        ALTER TABLE dedup.audit_head ENABLE TRIGGER USER;)"));
    QVERIFY2(forged.ok(), qPrintable(forged.error().toString()));
    auto conn = db.connect();
    QVERIFY(conn);
    const QString forgedId = text(*conn, QStringLiteral("SELECT max(id) FROM dedup.audit_log"));

    Run run = verify(db, {});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.out.startsWith(QStringLiteral("audit chain BROKEN at row %1 ").arg(forgedId)),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(
                 QStringLiteral("row %1 is dated before the row preceding it").arg(forgedId)),
             qPrintable(run.out));
    run = verify(db, {}, {}, {QStringLiteral("--json")});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(
        jsonOf(run).value(QStringLiteral("broken")).toObject().value(QStringLiteral("problem")),
        QJsonValue(QStringLiteral("time")));
}

QTEST_GUILESS_MAIN(TestAuditCheckpointCli)
#include "tst_auditcheckpoint.moc"
