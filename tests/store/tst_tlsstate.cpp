// TLS against a real server: a private cluster with ssl=on and a certificate for
// db.dedup.test, signed by a throwaway CA made here with the openssl command. Connections go
// to 127.0.0.1 (hostaddr) under that name (host), so verify-full's name check can pass or
// fail as a network connection's would. Checks what TlsState reads (protocol, subject, names),
// that a network host gets verify-full when no sslmode is given and a chosen weaker mode is
// kept, and what a failed verification tells the operator.
#include "store/ConnectionCheck.h"
#include "store/ConnectionProfile.h"
#include "store/LocalCluster.h"
#include "store/PgConnection.h"
#include "store/TlsState.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>
#include <pwd.h>
#include <unistd.h>

using namespace dedup::store;
using namespace Qt::StringLiterals;
using Failure = ConnectionReport::Failure;

namespace {

const QString kServerName = u"db.dedup.test"_s;

} // namespace

class TestTlsState : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void verifyFullByName();
    void networkHostDefaultsToVerifyFull();
    void defaultWithoutRootCertificateSaysWhatToDo();
    void nameMismatchFails();
    void weakerModeIsKeptAndMarked_data();
    void weakerModeIsKeptAndMarked();
    void localSocketIsNotEncrypted();
    void serverTextIsMadePrintable();

private:
    bool makeCertificates(QString *error);
    // host=<name> hostaddr=127.0.0.1: the name is checked, the packets stay on this machine.
    QString conninfo(const QString &name, const QString &extra = {}) const;
    void installDefaultRootCertificate(bool installed);

    std::optional<QTemporaryDir> m_base;
    std::optional<LocalCluster> m_cluster;
    QString m_setupError;
    QString m_tlsDir;
};

bool TestTlsState::makeCertificates(QString *error) {
    m_tlsDir = m_base->path() + u"/tls"_s;
    QDir().mkpath(m_tlsDir);
    auto openssl = [&](const QStringList &args) {
        QProcess process;
        process.setWorkingDirectory(m_tlsDir);
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(u"openssl"_s, args);
        if (!process.waitForFinished(60000) || process.exitCode() != 0) {
            *error = u"openssl %1: %2 %3"_s.arg(args.join(u' '), process.errorString(),
                                                QString::fromLocal8Bit(process.readAll()));
            return false;
        }
        return true;
    };
    QFile extensions(m_tlsDir + u"/server.ext"_s);
    if (!extensions.open(QIODevice::WriteOnly)) {
        *error = u"cannot write %1"_s.arg(extensions.fileName());
        return false;
    }
    extensions.write("subjectAltName = DNS:" + kServerName.toUtf8() + "\n");
    extensions.close();
    const QStringList ec{u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:prime256v1"_s,
                         u"-nodes"_s};
    if (!openssl(QStringList{u"req"_s, u"-x509"_s, u"-days"_s, u"2"_s, u"-subj"_s,
                             u"/CN=dedup tls test CA"_s, u"-keyout"_s, u"ca.key"_s, u"-out"_s,
                             u"ca.crt"_s} +
                 ec) ||
        !openssl(QStringList{u"req"_s, u"-subj"_s, u"/O=Dedup Test/CN=%1"_s.arg(kServerName),
                             u"-keyout"_s, u"server.key"_s, u"-out"_s, u"server.csr"_s} +
                 ec) ||
        !openssl({u"x509"_s, u"-req"_s, u"-in"_s, u"server.csr"_s, u"-CA"_s, u"ca.crt"_s,
                  u"-CAkey"_s, u"ca.key"_s, u"-CAcreateserial"_s, u"-days"_s, u"2"_s, u"-extfile"_s,
                  u"server.ext"_s, u"-out"_s, u"server.crt"_s}))
        return false;
    // The server refuses a key others can read; as root it runs as `postgres`, which must
    // own it.
    QFile::setPermissions(m_tlsDir + u"/server.key"_s, QFile::ReadOwner | QFile::WriteOwner);
    if (geteuid() == 0) {
        const passwd *pw = getpwnam("postgres");
        if (!pw) {
            *error = u"no postgres user"_s;
            return false;
        }
        for (const char *file : {"/server.key", "/server.crt"}) {
            const QByteArray path = QFile::encodeName(m_tlsDir) + file;
            if (::chown(path.constData(), pw->pw_uid, pw->pw_gid) != 0) {
                *error = u"cannot chown %1"_s.arg(QString::fromUtf8(path));
                return false;
            }
        }
    }
    return true;
}

void TestTlsState::initTestCase() {
    // libpq must see only what each case gives it.
    for (const char *name : {"PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGPASSWORD",
                             "PGSERVICE", "PGSERVICEFILE", "PGSSLMODE", "PGSSLROOTCERT"})
        qunsetenv(name);
    m_base.emplace(QDir::tempPath() + u"/dedup-tls-XXXXXX"_s);
    QVERIFY(m_base->isValid());
    // As root the server runs as `postgres`, which must reach its directory below this one.
    QFile::setPermissions(m_base->path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                              QFile::ExeGroup | QFile::ExeOther);
    qputenv("HOME", QFile::encodeName(m_base->path())); // ~/.postgresql/root.crt is ours
    QString error;
    if (!makeCertificates(&error)) {
        m_setupError = error;
        return;
    }
    LocalCluster::Options options;
    options.baseDir = m_base->path() + u"/cluster"_s;
    options.durable = false;
    options.settings << u"ssl = on"_s << u"ssl_cert_file = '%1/server.crt'"_s.arg(m_tlsDir)
                     << u"ssl_key_file = '%1/server.key'"_s.arg(m_tlsDir);
    m_cluster.emplace(options);
    if (!m_cluster->start(&error))
        m_setupError = error;
}

void TestTlsState::cleanupTestCase() {
    if (m_cluster) {
        QString error;
        QVERIFY2(m_cluster->stop(&error), qPrintable(error));
    }
    if (m_base)
        m_base->remove();
}

QString TestTlsState::conninfo(const QString &name, const QString &extra) const {
    return u"host=%1 hostaddr=127.0.0.1 port=%2 user=postgres dbname=postgres %3"_s.arg(name)
        .arg(m_cluster->port())
        .arg(extra)
        .trimmed();
}

void TestTlsState::installDefaultRootCertificate(bool installed) {
    const QString path = m_base->path() + u"/.postgresql/root.crt"_s;
    QFile::remove(path);
    if (installed) {
        QVERIFY(QDir().mkpath(m_base->path() + u"/.postgresql"_s));
        QVERIFY(QFile::copy(m_tlsDir + u"/ca.crt"_s, path));
    }
}

void TestTlsState::verifyFullByName() {
    QVERIFY2(m_setupError.isEmpty(), qPrintable(m_setupError));
    PgConnection conn;
    QVERIFY2(conn.open(conninfo(kServerName,
                                u"sslmode=verify-full sslrootcert=%1/ca.crt"_s.arg(m_tlsDir))),
             qPrintable(conn.openError().toString()));
    const TlsState tls = TlsState::read(conn.handle());
    QVERIFY(tls.known);
    QVERIFY(tls.inUse);
    QVERIFY2(tls.protocol.startsWith(u"TLSv1."_s), qPrintable(tls.protocol));
    QVERIFY(!tls.cipher.isEmpty());
    QCOMPARE(tls.commonName, kServerName);
    QCOMPARE(tls.subject, u"CN=%1,O=Dedup Test"_s.arg(kServerName));
    QCOMPARE(tls.issuer, u"CN=dedup tls test CA"_s);
    QCOMPARE(tls.dnsNames, QStringList{kServerName});
    QCOMPARE(tls.host, kServerName);
    QCOMPARE(tls.sslmode, u"verify-full"_s);
    QVERIFY(!tls.socket);
    QVERIFY(!tls.local); // a network name, whatever address it was given
    QVERIFY(!tls.isWarning());
    QCOMPARE(tls.summary(), u"%1, server CN=%2"_s.arg(tls.protocolText(), kServerName));
    QVERIFY(tls.protocolText().startsWith(u"TLS 1."_s));
    QVERIFY(tls.details().contains(u"Server certificate: CN=%1,O=Dedup Test"_s.arg(kServerName)));
}

void TestTlsState::networkHostDefaultsToVerifyFull() {
    QVERIFY2(m_setupError.isEmpty(), qPrintable(m_setupError));
    installDefaultRootCertificate(true);
    const auto cleanup = qScopeGuard([this] { installDefaultRootCertificate(false); });
    // No sslmode anywhere: libpq alone would use prefer; PgConnection asks for verify-full.
    const QString info = conninfo(kServerName);
    QVERIFY(ConnectionProfile::parse(info));
    QCOMPARE(ConnectionProfile::effectiveValue(info, u"sslmode"_s), u"prefer"_s);
    PgConnection conn;
    QVERIFY2(conn.open(info), qPrintable(conn.openError().toString()));
    const TlsState tls = TlsState::read(conn.handle());
    QCOMPARE(tls.sslmode, u"verify-full"_s);
    QVERIFY(tls.inUse);
    QCOMPARE(tls.commonName, kServerName);

    // The report of the console's check carries the same, even where the store is missing.
    const ConnectionReport report = ConnectionCheck::run(info);
    QCOMPARE(report.failure, Failure::SchemaMissing);
    QVERIFY(report.tls.inUse);
    QCOMPARE(report.tls.sslmode, u"verify-full"_s);
}

void TestTlsState::defaultWithoutRootCertificateSaysWhatToDo() {
    QVERIFY2(m_setupError.isEmpty(), qPrintable(m_setupError));
    installDefaultRootCertificate(false);
    PgConnection conn;
    QVERIFY(!conn.open(conninfo(kServerName)));
    QVERIFY2(conn.openError().message.contains(u"root certificate file"_s),
             qPrintable(conn.openError().message));
    const ConnectionReport report = ConnectionCheck::run(conninfo(kServerName));
    QCOMPARE(report.failure, Failure::TlsFailure);
    QVERIFY2(report.message.contains(u"is reached over the network, so sslmode is verify-full "
                                     "unless chosen otherwise"_s),
             qPrintable(report.message));
    QVERIFY2(report.message.contains(u"install it as ~/.postgresql/root.crt"_s),
             qPrintable(report.message));
    // The operator's explicit choice is not second-guessed: require connects without it.
    PgConnection weak;
    QVERIFY2(weak.open(conninfo(kServerName, u"sslmode=require"_s)),
             qPrintable(weak.openError().toString()));
}

void TestTlsState::nameMismatchFails() {
    QVERIFY2(m_setupError.isEmpty(), qPrintable(m_setupError));
    const QString info = conninfo(u"other.dedup.test"_s,
                                  u"sslmode=verify-full sslrootcert=%1/ca.crt"_s.arg(m_tlsDir));
    PgConnection conn;
    QVERIFY(!conn.open(info));
    const ConnectionReport report = ConnectionCheck::run(info);
    QCOMPARE(report.failure, Failure::TlsFailure);
    QVERIFY2(report.message.contains(u"not issued for the host name used"_s),
             qPrintable(report.message));
    QVERIFY2(report.detail.contains(u"does not match host name \"other.dedup.test\""_s),
             qPrintable(report.detail));
    // The same by default (no sslmode given): a network name is verified too.
    installDefaultRootCertificate(true);
    const auto cleanup = qScopeGuard([this] { installDefaultRootCertificate(false); });
    QCOMPARE(ConnectionCheck::run(conninfo(u"other.dedup.test"_s)).failure, Failure::TlsFailure);
}

void TestTlsState::weakerModeIsKeptAndMarked_data() {
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("encrypted");
    QTest::addColumn<QString>("summary"); // %1: the protocol text
    QTest::newRow("disable")
        << u"disable"_s << false
        << u"Not encrypted: %1 is reached over the network (sslmode=disable)"_s.arg(kServerName);
    QTest::newRow("prefer") << u"prefer"_s << true
                            << u"%1, server CN=%2 (not verified: sslmode=prefer)"_s;
    QTest::newRow("require") << u"require"_s << true
                             << u"%1, server CN=%2 (not verified: sslmode=require)"_s;
    QTest::newRow("verify-ca") << u"verify-ca"_s << true
                               << u"%1, server CN=%2 (host name not checked: sslmode=verify-ca)"_s;
}

void TestTlsState::weakerModeIsKeptAndMarked() {
    QFETCH(QString, mode);
    QFETCH(bool, encrypted);
    QFETCH(QString, summary);
    QVERIFY2(m_setupError.isEmpty(), qPrintable(m_setupError));
    const QString info =
        conninfo(kServerName, u"sslmode=%1 sslrootcert=%2/ca.crt"_s.arg(mode, m_tlsDir));
    QCOMPARE(ConnectionProfile::withDefaultSslmode(info), info);
    PgConnection conn;
    QVERIFY2(conn.open(info), qPrintable(conn.openError().toString()));
    const TlsState tls = TlsState::read(conn.handle());
    QCOMPARE(tls.sslmode, mode);
    QCOMPARE(tls.inUse, encrypted);
    QVERIFY(tls.isWarning());
    if (encrypted)
        summary = summary.arg(tls.protocolText(), kServerName);
    QCOMPARE(tls.summary(), summary);
}

void TestTlsState::localSocketIsNotEncrypted() {
    QVERIFY2(m_setupError.isEmpty(), qPrintable(m_setupError));
    PgConnection conn;
    QVERIFY2(conn.open(m_cluster->conninfo()), qPrintable(conn.openError().toString()));
    const TlsState tls = TlsState::read(conn.handle());
    QVERIFY(tls.known);
    QVERIFY(!tls.inUse);
    QVERIFY(tls.socket);
    QVERIFY(tls.local);
    QVERIFY(!tls.isWarning());
    QCOMPARE(tls.summary(), u"Not encrypted (local socket)"_s);
    QCOMPARE(TlsState().summary(), QString()); // a report built by hand shows nothing
}

void TestTlsState::serverTextIsMadePrintable() {
    const QString hostile = u"db\n<b>x</b>\x1b[31m\u202Eevil"_s;
    const QString shown = TlsState::printable(hostile);
    QVERIFY(!shown.contains(u'\n'));
    QVERIFY(!shown.contains(QChar(0x1b)));
    QVERIFY(!shown.contains(QChar(0x202E))); // no right-to-left override
    QVERIFY(shown.contains(u"<b>x</b>"_s));  // kept as characters: labels are plain text
    QCOMPARE(TlsState::printable(QString(300, u'a'), 200).size(), 201);
}

QTEST_GUILESS_MAIN(TestTlsState)
#include "tst_tlsstate.moc"
