// Audit checkpoints (0013_audit_checkpoints.sql, store/AuditCheckpoint*): a checkpoint of the
// chain head signed with an Ed25519 key outside the database survives a file round trip and
// notices any change to its fields or the wrong key; bad keys are refused with a reason. In
// the database: times never decrease along the chain (a back-dated row is reported), the head
// is guarded like the log, and a rewrite by the store's owner (not a superuser: it disables
// the triggers, rewrites a row, recomputes every hash and moves the head) that verify_audit()
// cannot see is caught by a checkpoint taken before it.
#include "TestCluster.h"
#include "TestDatabase.h"
#include "store/AuditCheckpoint.h"
#include "store/AuditCheckpointKey.h"
#include "store/AuditCheckpointQueries.h"
#include "store/AuditVerifier.h"
#include "store/PgParams.h"
#include "store/StoreError.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

using namespace dedup::store;

#define VERIFY_OK(result)                                                                          \
    do {                                                                                           \
        const auto &checked_ = (result);                                                           \
        QVERIFY2(checked_.ok(), qPrintable(checked_.error().toString()));                          \
    } while (false)
#define VERIFY_KEY(result)                                                                         \
    do {                                                                                           \
        const auto &checked_ = (result);                                                           \
        QVERIFY2(checked_.ok(), qPrintable(checked_.errorMessage()));                              \
    } while (false)

namespace {

struct PkeyFree {
    void operator()(EVP_PKEY *key) const { EVP_PKEY_free(key); }
};
struct BioFree {
    void operator()(BIO *bio) const { BIO_free(bio); }
};

// PEM text of a fresh key pair of `algorithm` ("ED25519", or "EC" for a P-256 key).
struct PemPair {
    QByteArray privatePem;
    QByteArray publicPem;
};

PemPair generate(const char *algorithm) {
    std::unique_ptr<EVP_PKEY, PkeyFree> key(qstrcmp(algorithm, "EC") == 0
                                                ? EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")
                                                : EVP_PKEY_Q_keygen(nullptr, nullptr, algorithm));
    PemPair pair;
    if (!key)
        return pair;
    const auto pem = [](auto write) {
        std::unique_ptr<BIO, BioFree> bio(BIO_new(BIO_s_mem()));
        write(bio.get());
        char *data = nullptr;
        const long size = BIO_get_mem_data(bio.get(), &data);
        return QByteArray(data, qsizetype(size));
    };
    pair.privatePem = pem([&](BIO *bio) {
        PEM_write_bio_PrivateKey(bio, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    });
    pair.publicPem = pem([&](BIO *bio) { PEM_write_bio_PUBKEY(bio, key.get()); });
    return pair;
}

QString text(PgConnection &conn, const QString &sql, const PgParams &params = {}) {
    const PgResult result = conn.exec(sql, params);
    if (!result.ok() || result.rows() != 1) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(result.error().toString()));
        return {};
    }
    return result.text(0, 0);
}

AuditCheckpoint sampleCheckpoint() {
    AuditCheckpoint checkpoint;
    checkpoint.lastId = 42;
    checkpoint.lastHash = QString(64, QLatin1Char('a'));
    checkpoint.rowCount = 40;
    checkpoint.serverTime = QStringLiteral("2026-01-10T08:15:00.123456Z");
    return checkpoint;
}

// A login that owns the store's schema and audit tables without being a superuser: the
// party of the issue. Created in the cluster, dropped after the database that uses it.
class StoreOwnerRole {
public:
    StoreOwnerRole()
        : m_name(QStringLiteral("t_ckpt_owner_%1").arg(QCoreApplication::applicationPid())) {
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
    // Makes it the owner of `db`'s store (schema, audit log, head), as a migrating role is.
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

// The rewrite of the issue, as the owner: triggers off, a row's reason changed, every hash
// from there on recomputed, the head moved to the new last hash, triggers on again.
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

} // namespace

class TestAuditCheckpoint : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void signedFileRoundTrip();
    void changedFieldsAreCaught_data();
    void changedFieldsAreCaught();
    void wrongKeyIsNamed();
    void badKeysAreRefused();
    void malformedFilesAreRefused_data();
    void malformedFilesAreRefused();
    void checkpointHoldsWhileTheChainGrows();
    void ownerRewriteIsCaught();
    void brokenChainBeforeTheRow();
    void headMovedBack();
    void backDatedRowIsReported();
    void timesNeverDecrease();
    void headIsGuarded();
    void whoMayCheckpoint();

private:
    // Appends `count` audit rows (report reveals by the superuser, as the owner would write).
    bool appendRows(PgConnection &conn, int count);
    QList<qint64> ids(PgConnection &conn);

    PemPair m_ed25519;
    PemPair m_other;
    int m_keyCounter = 0;
};

void TestAuditCheckpoint::initTestCase() {
    m_ed25519 = generate("ED25519");
    m_other = generate("ED25519");
    QVERIFY(m_ed25519.privatePem.contains("BEGIN PRIVATE KEY"));
    QVERIFY(m_ed25519.publicPem.contains("BEGIN PUBLIC KEY"));
    QVERIFY(!m_other.publicPem.isEmpty());
}

bool TestAuditCheckpoint::appendRows(PgConnection &conn, int count) {
    for (int i = 0; i < count; ++i) {
        PgParams params;
        params.add(QStringLiteral("checkpoint test %1").arg(m_keyCounter))
            .add(QStringLiteral("ckpt-%1").arg(m_keyCounter));
        ++m_keyCounter;
        const PgResult result =
            conn.exec(QStringLiteral("SELECT dedup.op_report_reveal($1, '{}'::jsonb, $2)"), params);
        if (!result.ok()) {
            qWarning("%s", qPrintable(result.error().toString()));
            return false;
        }
    }
    return true;
}

QList<qint64> TestAuditCheckpoint::ids(PgConnection &conn) {
    const PgResult result = conn.exec(QStringLiteral("SELECT id FROM dedup.audit_log ORDER BY id"));
    QList<qint64> list;
    for (int row = 0; result.ok() && row < result.rows(); ++row)
        list << result.toInt64(row, 0);
    return list;
}

void TestAuditCheckpoint::signedFileRoundTrip() {
    const auto key = AuditCheckpointKey::fromPrivatePem(m_ed25519.privatePem, QStringLiteral("k"));
    VERIFY_KEY(key);
    QVERIFY(key.value().isPrivate());
    const auto pub = AuditCheckpointKey::fromPublicPem(m_ed25519.publicPem, QStringLiteral("p"));
    VERIFY_KEY(pub);
    QVERIFY(!pub.value().isPrivate());
    // A checkpoint names the key that signed it; the public key has the same id.
    QCOMPARE(key.value().id(), pub.value().id());
    QVERIFY(key.value().id().startsWith(QLatin1String("ed25519:")));
    QCOMPARE(key.value().id().size(), 8 + 32);

    const auto signedCheckpoint = sampleCheckpoint().signedWith(key.value());
    VERIFY_KEY(signedCheckpoint);
    QCOMPARE(signedCheckpoint.value().signature.size(), 64);
    QCOMPARE(signedCheckpoint.value().keyId, key.value().id());
    QCOMPARE(signedCheckpoint.value().signedBytes(),
             QByteArray("dedup-audit-checkpoint v1\nlast_id: 42\nlast_hash: ") +
                 QByteArray(64, 'a') +
                 "\nrow_count: 40\nserver_time: 2026-01-10T08:15:00.123456Z\nkey_id: " +
                 key.value().id().toLatin1() + "\n");

    const QByteArray file = signedCheckpoint.value().toFile();
    const auto read = AuditCheckpoint::fromFile(file, QStringLiteral("cp.json"));
    VERIFY_KEY(read);
    QCOMPARE(read.value().lastId, qint64(42));
    QCOMPARE(read.value().lastHash, QString(64, QLatin1Char('a')));
    QCOMPARE(read.value().rowCount, qint64(40));
    QCOMPARE(read.value().serverTime, QStringLiteral("2026-01-10T08:15:00.123456Z"));
    QCOMPARE(read.value().signature, signedCheckpoint.value().signature);
    const auto verified = read.value().verifiedWith(pub.value());
    VERIFY_KEY(verified);

    // Through a file on disk as well.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile out(dir.filePath(QStringLiteral("cp.json")));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(file);
    out.close();
    const auto fromDisk = AuditCheckpoint::readFile(out.fileName());
    VERIFY_KEY(fromDisk);
    VERIFY_KEY(fromDisk.value().verifiedWith(pub.value()));
}

void TestAuditCheckpoint::changedFieldsAreCaught_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<int>("error");
    const int invalid = int(AuditCheckpointError::SignatureInvalid);
    QTest::newRow("last_id") << "last_id" << QJsonValue(43) << invalid;
    QTest::newRow("last_hash") << "last_hash" << QJsonValue(QString(64, QLatin1Char('b')))
                               << invalid;
    QTest::newRow("row_count") << "row_count" << QJsonValue(41) << invalid;
    QTest::newRow("server_time") << "server_time"
                                 << QJsonValue(QStringLiteral("2026-01-11T08:15:00.123456Z"))
                                 << invalid;
    QTest::newRow("key_id") << "key_id"
                            << QJsonValue(QStringLiteral("ed25519:") +
                                          QString(32, QLatin1Char('0')))
                            << int(AuditCheckpointError::WrongKey);
    QTest::newRow("signature") << "signature"
                               << QJsonValue(QString::fromLatin1(QByteArray(64, '\x01').toBase64()))
                               << invalid;
}

void TestAuditCheckpoint::changedFieldsAreCaught() {
    QFETCH(QString, field);
    QFETCH(QJsonValue, value);
    QFETCH(int, error);
    const auto key = AuditCheckpointKey::fromPrivatePem(m_ed25519.privatePem, QStringLiteral("k"));
    const auto pub = AuditCheckpointKey::fromPublicPem(m_ed25519.publicPem, QStringLiteral("p"));
    VERIFY_KEY(key);
    VERIFY_KEY(pub);
    const auto signedCheckpoint = sampleCheckpoint().signedWith(key.value());
    VERIFY_KEY(signedCheckpoint);
    QJsonObject object = QJsonDocument::fromJson(signedCheckpoint.value().toFile()).object();
    QVERIFY(object.contains(field));
    object.insert(field, value);
    const auto read =
        AuditCheckpoint::fromFile(QJsonDocument(object).toJson(), QStringLiteral("cp.json"));
    VERIFY_KEY(read); // still well-formed
    const auto verified = read.value().verifiedWith(pub.value());
    QVERIFY(!verified.ok());
    QCOMPARE(int(verified.error()), error);
    QVERIFY(!verified.errorMessage().isEmpty());
    if (error == int(AuditCheckpointError::SignatureInvalid))
        QVERIFY2(verified.errorMessage().contains(QLatin1String("changed after it was signed")),
                 qPrintable(verified.errorMessage()));
}

void TestAuditCheckpoint::wrongKeyIsNamed() {
    const auto key = AuditCheckpointKey::fromPrivatePem(m_ed25519.privatePem, QStringLiteral("k"));
    const auto other = AuditCheckpointKey::fromPublicPem(m_other.publicPem, QStringLiteral("o"));
    VERIFY_KEY(key);
    VERIFY_KEY(other);
    QVERIFY(key.value().id() != other.value().id());
    const auto signedCheckpoint = sampleCheckpoint().signedWith(key.value());
    VERIFY_KEY(signedCheckpoint);
    const auto verified = signedCheckpoint.value().verifiedWith(other.value());
    QVERIFY(!verified.ok());
    QCOMPARE(verified.error(), AuditCheckpointError::WrongKey);
    QVERIFY2(verified.errorMessage().contains(key.value().id()) &&
                 verified.errorMessage().contains(other.value().id()),
             qPrintable(verified.errorMessage()));
    // The other key's own signature over the same fields does not pass as ours either.
    AuditCheckpoint forged = signedCheckpoint.value();
    const auto otherPrivate =
        AuditCheckpointKey::fromPrivatePem(m_other.privatePem, QStringLiteral("o"));
    VERIFY_KEY(otherPrivate);
    forged.signature = otherPrivate.value().sign(forged.signedBytes()).value();
    const auto pub = AuditCheckpointKey::fromPublicPem(m_ed25519.publicPem, QStringLiteral("p"));
    VERIFY_KEY(pub);
    QCOMPARE(forged.verifiedWith(pub.value()).error(), AuditCheckpointError::SignatureInvalid);
}

void TestAuditCheckpoint::badKeysAreRefused() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto missing = AuditCheckpointKey::readPrivate(dir.filePath(QStringLiteral("none.pem")));
    QCOMPARE(missing.error(), AuditCheckpointError::FileUnreadable);
    QVERIFY(missing.errorMessage().contains(QLatin1String("none.pem")));

    const auto garbage =
        AuditCheckpointKey::fromPrivatePem("not a key at all\n", QStringLiteral("junk.pem"));
    QCOMPARE(garbage.error(), AuditCheckpointError::KeyMalformed);
    QVERIFY(garbage.errorMessage().contains(QLatin1String("junk.pem")));

    const PemPair ec = generate("EC");
    QVERIFY(!ec.privatePem.isEmpty());
    const auto ecPrivate = AuditCheckpointKey::fromPrivatePem(ec.privatePem, QStringLiteral("ec"));
    QCOMPARE(ecPrivate.error(), AuditCheckpointError::KeyNotEd25519);
    QVERIFY2(ecPrivate.errorMessage().contains(QLatin1String("EC")) &&
                 ecPrivate.errorMessage().contains(QLatin1String("Ed25519")),
             qPrintable(ecPrivate.errorMessage()));
    const auto ecPublic = AuditCheckpointKey::fromPublicPem(ec.publicPem, QStringLiteral("ec"));
    QCOMPARE(ecPublic.error(), AuditCheckpointError::KeyNotEd25519);

    // The halves swapped.
    const auto publicAsPrivate =
        AuditCheckpointKey::fromPrivatePem(m_ed25519.publicPem, QStringLiteral("pub.pem"));
    QCOMPARE(publicAsPrivate.error(), AuditCheckpointError::KeyMalformed);
    QVERIFY(publicAsPrivate.errorMessage().contains(QLatin1String("public key")));
    const auto privateAsPublic =
        AuditCheckpointKey::fromPublicPem(m_ed25519.privatePem, QStringLiteral("key.pem"));
    QCOMPARE(privateAsPublic.error(), AuditCheckpointError::KeyMalformed);
    QVERIFY(privateAsPublic.errorMessage().contains(QLatin1String("private key")));

    // A passphrase would need a prompt: refused, never asked for.
    std::unique_ptr<EVP_PKEY, PkeyFree> key(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
    std::unique_ptr<BIO, BioFree> bio(BIO_new(BIO_s_mem()));
    char passphrase[] = "secret";
    QCOMPARE(PEM_write_bio_PKCS8PrivateKey(bio.get(), key.get(), EVP_aes_256_cbc(), passphrase,
                                           int(qstrlen(passphrase)), nullptr, nullptr),
             1);
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    const auto encrypted = AuditCheckpointKey::fromPrivatePem(QByteArray(data, qsizetype(size)),
                                                              QStringLiteral("enc.pem"));
    QCOMPARE(encrypted.error(), AuditCheckpointError::KeyMalformed);
    QVERIFY(encrypted.errorMessage().contains(QLatin1String("passphrase")));
}

void TestAuditCheckpoint::malformedFilesAreRefused_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reason");
    const auto key = AuditCheckpointKey::fromPrivatePem(m_ed25519.privatePem, QStringLiteral("k"));
    const QJsonObject good =
        QJsonDocument::fromJson(sampleCheckpoint().signedWith(key.value()).value().toFile())
            .object();
    const auto with = [&good](const QString &field, const QJsonValue &value) {
        QJsonObject changed = good;
        if (value.isUndefined())
            changed.remove(field);
        else
            changed.insert(field, value);
        return QJsonDocument(changed).toJson();
    };
    QTest::newRow("not json") << QByteArray("last_id=4") << "not JSON";
    QTest::newRow("array") << QByteArray("[]") << "not a JSON object";
    QTest::newRow("format") << with(QStringLiteral("format"), QStringLiteral("other")) << "format";
    QTest::newRow("version") << with(QStringLiteral("version"), 2) << "version 2";
    QTest::newRow("missing") << with(QStringLiteral("row_count"), QJsonValue::Undefined)
                             << "\"row_count\" is missing";
    QTest::newRow("unknown") << with(QStringLiteral("comment"), QStringLiteral("signed by Bob"))
                             << "unknown field \"comment\"";
    QTest::newRow("negative id") << with(QStringLiteral("last_id"), -1) << "last_id";
    QTest::newRow("fractional id") << with(QStringLiteral("last_id"), 4.5) << "last_id";
    QTest::newRow("upper-case hash")
        << with(QStringLiteral("last_hash"), QString(64, QLatin1Char('A'))) << "last_hash";
    QTest::newRow("local time") << with(QStringLiteral("server_time"),
                                        QStringLiteral("2026-01-10 09:15:00+01"))
                                << "server_time";
    QTest::newRow("short signature")
        << with(QStringLiteral("signature"), QString::fromLatin1(QByteArray(10, 'x').toBase64()))
        << "signature";
    QTest::newRow("signature not base64")
        << with(QStringLiteral("signature"), QStringLiteral("!!")) << "base64";
}

void TestAuditCheckpoint::malformedFilesAreRefused() {
    QFETCH(QByteArray, content);
    QFETCH(QString, reason);
    const auto read = AuditCheckpoint::fromFile(content, QStringLiteral("cp.json"));
    QVERIFY(!read.ok());
    QCOMPARE(read.error(), AuditCheckpointError::FileMalformed);
    QVERIFY2(read.errorMessage().startsWith(QLatin1String("cp.json is not an audit checkpoint")),
             qPrintable(read.errorMessage()));
    QVERIFY2(read.errorMessage().contains(reason), qPrintable(read.errorMessage()));
}

void TestAuditCheckpoint::checkpointHoldsWhileTheChainGrows() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    AuditCheckpointQueries queries(*su);

    // An empty chain: row 0, the zero hash; it holds trivially.
    const auto empty = queries.head();
    VERIFY_OK(empty);
    QCOMPARE(empty.value().lastId, qint64(0));
    QCOMPARE(empty.value().lastHash, QString(64, QLatin1Char('0')));
    QCOMPARE(empty.value().rowCount, qint64(0));
    QVERIFY(queries.check(empty.value()).value().holds());

    QVERIFY(appendRows(*su, 5));
    const auto head = queries.head();
    VERIFY_OK(head);
    const QList<qint64> rows = ids(*su);
    QCOMPARE(head.value().lastId, rows.last());
    QCOMPARE(head.value().rowCount, qint64(5));
    QCOMPARE(
        head.value().lastHash,
        text(*su, QStringLiteral("SELECT hash FROM dedup.audit_log ORDER BY id DESC LIMIT 1")));
    QVERIFY2(QDateTime::fromString(head.value().serverTime, Qt::ISODateWithMs).isValid(),
             qPrintable(head.value().serverTime));
    QVERIFY(head.value().serverTime.endsWith(QLatin1Char('Z')));

    const auto key = AuditCheckpointKey::fromPrivatePem(m_ed25519.privatePem, QStringLiteral("k"));
    const auto checkpoint = head.value().signedWith(key.value());
    VERIFY_KEY(checkpoint);
    QVERIFY(queries.check(checkpoint.value()).value().holds());

    QVERIFY(appendRows(*su, 3));
    const auto later = queries.check(checkpoint.value());
    VERIFY_OK(later);
    QVERIFY(later.value().holds());
    QCOMPARE(later.value().storedHash, checkpoint.value().lastHash);
    QCOMPARE(later.value().headId, ids(*su).last());

    // The function refuses what is not a checkpoint's row.
    PgParams params;
    params.addNull().add(QString(64, QLatin1Char('0')));
    const PgResult refused =
        su->exec(QStringLiteral("SELECT * FROM dedup.audit_checkpoint_holds($1, $2)"), params);
    QCOMPARE(classify(refused.error()), StoreErrorKind::InvalidArgument);
}

void TestAuditCheckpoint::ownerRewriteIsCaught() {
    StoreOwnerRole owner;
    QVERIFY(owner.ok());
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(owner.adopt(db), QString());
    auto su = db.connect();
    QVERIFY(su);
    QVERIFY(appendRows(*su, 3));
    AuditCheckpointQueries queries(*su);
    const auto key = AuditCheckpointKey::fromPrivatePem(m_ed25519.privatePem, QStringLiteral("k"));
    const auto early = queries.head().value().signedWith(key.value()).value();
    QVERIFY(appendRows(*su, 4));
    const auto late = queries.head().value().signedWith(key.value()).value();
    const QList<qint64> rows = ids(*su);
    QCOMPARE(rows.size(), qsizetype(7));

    // The owner (not a superuser) rewrites the 5th row and covers its tracks.
    auto ownerConn = db.connect(owner.name());
    QVERIFY(ownerConn);
    QCOMPARE(text(*ownerConn, QStringLiteral("SELECT rolsuper::text FROM pg_roles WHERE rolname ="
                                             " current_user")),
             QStringLiteral("false"));
    const PgResult rewritten = ownerConn->execScript(kOwnerRewrite.arg(rows.at(4)));
    VERIFY_OK(rewritten);
    QCOMPARE(
        text(*su,
             QStringLiteral("SELECT reason FROM dedup.audit_log WHERE id = %1").arg(rows.at(4))),
        QStringLiteral("nothing happened here"));

    // The chain alone is clean...
    const auto verified = AuditVerifier(*su).verify();
    VERIFY_OK(verified);
    QVERIFY(verified.value().ok());
    // ...but not the checkpoint taken after the rewritten row; the one before it still holds.
    const auto earlyCheck = queries.check(early);
    VERIFY_OK(earlyCheck);
    QVERIFY(earlyCheck.value().holds());
    const auto lateCheck = queries.check(late);
    VERIFY_OK(lateCheck);
    QCOMPARE(lateCheck.value().verdict, AuditCheckpointCheck::Verdict::HashDiffers);
    QCOMPARE(lateCheck.value().problemText, QStringLiteral("hash"));
    QCOMPARE(lateCheck.value().storedHash, verified.value().headHash);
    QVERIFY(lateCheck.value().storedHash != late.lastHash);
}

void TestAuditCheckpoint::brokenChainBeforeTheRow() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    QVERIFY(appendRows(*su, 4));
    AuditCheckpointQueries queries(*su);
    const AuditCheckpoint checkpoint = queries.head().value();
    const QList<qint64> rows = ids(*su);
    // The 2nd row changed without re-hashing: the checkpoint's row keeps its hash, but the
    // chain up to it no longer verifies.
    VERIFY_OK(su->execScript(
        QStringLiteral("ALTER TABLE dedup.audit_log DISABLE TRIGGER audit_log_append_only;"
                       " UPDATE dedup.audit_log SET reason = 'edited' WHERE id = %1;"
                       " ALTER TABLE dedup.audit_log ENABLE TRIGGER audit_log_append_only;")
            .arg(rows.at(1))));
    const auto check = queries.check(checkpoint);
    VERIFY_OK(check);
    QCOMPARE(check.value().verdict, AuditCheckpointCheck::Verdict::ChainBroken);
    QCOMPARE(check.value().brokenId, rows.at(1));
    QCOMPARE(check.value().brokenProblem, QStringLiteral("hash"));
    QCOMPARE(check.value().storedHash, checkpoint.lastHash);
}

void TestAuditCheckpoint::headMovedBack() {
    StoreOwnerRole owner;
    QVERIFY(owner.ok());
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(owner.adopt(db), QString());
    auto su = db.connect();
    QVERIFY(su);
    QVERIFY(appendRows(*su, 5));
    AuditCheckpointQueries queries(*su);
    const AuditCheckpoint checkpoint = queries.head().value();
    const QList<qint64> rows = ids(*su);
    // The owner removes the last two rows and moves the head back onto the third.
    auto ownerConn = db.connect(owner.name());
    QVERIFY(ownerConn);
    VERIFY_OK(ownerConn->execScript(
        QStringLiteral("ALTER TABLE dedup.audit_log DISABLE TRIGGER USER;"
                       " ALTER TABLE dedup.audit_head DISABLE TRIGGER USER;"
                       " DELETE FROM dedup.audit_log WHERE id > %1;"
                       " UPDATE dedup.audit_head SET last_id = %1,"
                       "   last_hash = (SELECT hash FROM dedup.audit_log WHERE id = %1);"
                       " ALTER TABLE dedup.audit_log ENABLE TRIGGER USER;"
                       " ALTER TABLE dedup.audit_head ENABLE TRIGGER USER;")
            .arg(rows.at(2))));
    const auto verified = AuditVerifier(*su).verify();
    VERIFY_OK(verified);
    QVERIFY(verified.value().ok()); // a shorter chain, consistent in itself
    const auto check = queries.check(checkpoint);
    VERIFY_OK(check);
    QCOMPARE(check.value().verdict, AuditCheckpointCheck::Verdict::HeadBefore);
    QCOMPARE(check.value().headId, rows.at(2));
}

void TestAuditCheckpoint::backDatedRowIsReported() {
    StoreOwnerRole owner;
    QVERIFY(owner.ok());
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(owner.adopt(db), QString());
    auto su = db.connect();
    QVERIFY(su);
    QVERIFY(appendRows(*su, 3));
    // The owner slips in a row dated yesterday, correctly chained, and moves the head.
    auto ownerConn = db.connect(owner.name());
    QVERIFY(ownerConn);
    VERIFY_OK(ownerConn->execScript(QStringLiteral(R"(
        ALTER TABLE dedup.audit_log DISABLE TRIGGER USER;
        ALTER TABLE dedup.audit_head DISABLE TRIGGER USER;
        DO $$
        DECLARE
            h dedup.audit_head;
            a dedup.audit_log;
        BEGIN
            SELECT * INTO h FROM dedup.audit_head;
            a.id := h.last_id + 1;
            a.at := now() - interval '1 day';
            a.db_role := 'alice';
            a.action := 'op_cancel';
            a.action_key := 'backdated';
            a.reason := 'approved yesterday';
            a.outcome := 'applied';
            a.prev_hash := h.last_hash;
            a.hash := dedup.audit_hash(a);
            INSERT INTO dedup.audit_log SELECT a.*;
            UPDATE dedup.audit_head SET last_id = a.id, last_hash = a.hash;
        END
        $$;
        ALTER TABLE dedup.audit_log ENABLE TRIGGER USER;
        ALTER TABLE dedup.audit_head ENABLE TRIGGER USER;)")));
    const qint64 forged = ids(*su).last();
    const auto verified = AuditVerifier(*su).verify();
    VERIFY_OK(verified);
    QVERIFY(!verified.value().ok());
    const AuditBreak &link = *verified.value().firstBreak;
    QCOMPARE(link.id, forged);
    QCOMPARE(link.problem, AuditBreak::Problem::Time);
    QCOMPARE(link.problemText, QStringLiteral("time"));
    // expected: the predecessor's time; actual: the forged one, a day earlier
    const QDateTime expected = QDateTime::fromString(link.expected, Qt::ISODateWithMs);
    const QDateTime actual = QDateTime::fromString(link.actual, Qt::ISODateWithMs);
    QVERIFY2(expected.isValid() && actual.isValid(), qPrintable(link.expected + link.actual));
    QVERIFY(actual < expected.addSecs(-23 * 3600));
}

void TestAuditCheckpoint::timesNeverDecrease() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    QVERIFY(appendRows(*su, 2));
    // A clock that jumped back, seen from the chain: the head's time lies an hour ahead.
    VERIFY_OK(su->execScript(
        QStringLiteral("ALTER TABLE dedup.audit_head DISABLE TRIGGER audit_head_guard;"
                       " UPDATE dedup.audit_head SET updated_at = updated_at + interval '1 hour';"
                       " ALTER TABLE dedup.audit_head ENABLE TRIGGER audit_head_guard;")));
    const QString ahead =
        text(*su, QStringLiteral("SELECT updated_at::text FROM dedup.audit_head"));
    QVERIFY(appendRows(*su, 2));
    // Both new rows carry the head's time, not the earlier clock.
    QCOMPARE(text(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"
                                      " WHERE at = (SELECT '%1'::timestamptz)")
                           .arg(ahead)),
             QStringLiteral("2"));
    QCOMPARE(text(*su, QStringLiteral("SELECT count(*) FROM (SELECT at < lag(at) OVER (ORDER BY"
                                      " id) AS back FROM dedup.audit_log) t WHERE back")),
             QStringLiteral("0"));
    const auto verified = AuditVerifier(*su).verify();
    VERIFY_OK(verified);
    QVERIFY(verified.value().ok());
}

void TestAuditCheckpoint::headIsGuarded() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    QVERIFY(appendRows(*su, 2));
    const QString before =
        text(*su, QStringLiteral("SELECT row_to_json(h)::text FROM dedup.audit_head h"));
    // Not even a superuser writes the head directly, nor from a function of its own.
    for (const QString &sql :
         {QStringLiteral("UPDATE dedup.audit_head SET last_hash = md5(last_hash)"),
          QStringLiteral("UPDATE dedup.audit_head SET last_id = last_id + 1"),
          QStringLiteral("DELETE FROM dedup.audit_head"),
          QStringLiteral("TRUNCATE dedup.audit_head"),
          QStringLiteral("INSERT INTO dedup.audit_head (singleton, last_id, last_hash)"
                         " VALUES (true, 0, 'x') ON CONFLICT (singleton) DO NOTHING"),
          QStringLiteral("DO $$ BEGIN UPDATE dedup.audit_head SET last_id = 0; END $$")}) {
        const PgResult refused = su->exec(sql);
        QVERIFY2(!refused.ok(), qPrintable(sql));
        QCOMPARE(classify(refused.error()), StoreErrorKind::AppendOnly);
        QVERIFY2(refused.error().message.contains(QLatin1String("audit_head")),
                 qPrintable(refused.error().toString()));
    }
    QCOMPARE(text(*su, QStringLiteral("SELECT row_to_json(h)::text FROM dedup.audit_head h")),
             before);
    // The chain still moves it.
    QVERIFY(appendRows(*su, 1));
    QCOMPARE(text(*su, QStringLiteral("SELECT last_id FROM dedup.audit_head")),
             QString::number(ids(*su).last()));
    const auto verified = AuditVerifier(*su).verify();
    VERIFY_OK(verified);
    QVERIFY(verified.value().ok());
}

void TestAuditCheckpoint::whoMayCheckpoint() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    QVERIFY(appendRows(*su, 2));
    const AuditCheckpoint checkpoint = AuditCheckpointQueries(*su).head().value();
    // Members of the group roles without a grant of this store: DD010.
    for (const QString &login : {QStringLiteral("t_viewer"), QStringLiteral("t_operator")}) {
        auto conn = db.connect(login);
        QVERIFY(conn);
        const auto head = AuditCheckpointQueries(*conn).head();
        QCOMPARE(head.errorKind(), StoreErrorKind::PermissionDenied);
        QCOMPARE(head.error().sqlState, QStringLiteral("DD010"));
    }
    QCOMPARE(db.grantTestLogins(), QString());
    // Whoever may run verify_audit: an operator or viewer grant.
    for (const QString &login : {QStringLiteral("t_viewer"), QStringLiteral("t_operator")}) {
        auto conn = db.connect(login);
        QVERIFY(conn);
        AuditCheckpointQueries queries(*conn);
        const auto head = queries.head();
        VERIFY_OK(head);
        QCOMPARE(head.value().lastId, checkpoint.lastId);
        QCOMPARE(head.value().lastHash, checkpoint.lastHash);
        QCOMPARE(head.value().rowCount, qint64(2));
        const auto check = queries.check(checkpoint);
        VERIFY_OK(check);
        QVERIFY(check.value().holds());
    }
    // Workers have no EXECUTE on them.
    auto worker = db.connect(QStringLiteral("t_worker"));
    QVERIFY(worker);
    const auto refused = AuditCheckpointQueries(*worker).head();
    QCOMPARE(refused.error().sqlState, QStringLiteral("42501"));
    const auto refusedCheck = AuditCheckpointQueries(*worker).check(checkpoint);
    QCOMPARE(refusedCheck.error().sqlState, QStringLiteral("42501"));
}

QTEST_GUILESS_MAIN(TestAuditCheckpoint)
#include "tst_auditcheckpoint.moc"
