// ConnectionCheck against real servers on loopback: one case per failure an operator can
// meet (unreachable, password wanted or wrong, TLS, no database, no store, store too old or
// too new, no access) and what the report says a login may see and do there, from the
// store's grants (owner, operator for everything or for some scopes, viewer, no grants).
//
// The shared test cluster trusts every connection, so passwords and TLS are tested on a
// dedicated cluster started here: scram-sha-256 for TCP, TLS with a throwaway CA.
#include "TestDatabase.h"
#include "store/ConnectionCheck.h"
#include "store/ConnectionProfile.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>
#include <pwd.h>
#include <unistd.h>

using namespace dedup::store;
using namespace Qt::StringLiterals;
using Failure = ConnectionReport::Failure;

namespace {

const QString kPassword = u"correct horse 'battery' \\ staple"_s;

QString tcpConninfo(const TestDatabase &db, const QString &user, const QString &extra = {}) {
    // The shared cluster's port, from the socket conninfo TestDatabase gives.
    const QString port = ConnectionProfile::effectiveValue(db.conninfo(), u"port"_s);
    QString info = u"host=127.0.0.1 port=%1 user=%2 dbname=%3"_s.arg(port, user, db.name());
    if (!extra.isEmpty())
        info += u' ' + extra;
    return info;
}

QString describe(const ConnectionReport &report) {
    return u"failure %1: %2 [%3]"_s.arg(int(report.failure)).arg(report.message, report.detail);
}

// dedup.access_grant for every workflow and scope, as the owner of a store that is not a
// TestDatabase (the password cluster's). Empty, or the error.
QString grantEverything(PgConnection &owner, const QString &login, const QString &capability) {
    PgParams params;
    params.add(login).add(capability);
    const PgResult result = owner.exec(u"SELECT dedup.access_grant($1, $2)"_s, params);
    return result.ok() ? QString() : result.error().toString();
}

} // namespace

class TestConnectionCheck : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void failures_data();
    void failures();
    void schemaStates_data();
    void schemaStates();
    void noAccess();
    void workerRoleHasNoAccess();
    void connectPrivilegeRevoked();
    void success_data();
    void success();
    void accessReports_data();
    void accessReports();
    void passwords_data();
    void passwords();
    void tls_data();
    void tls();

private:
    bool makeCertificates(QString *error);
    QString securedConninfo(const QString &host, const QString &extra) const;

    std::optional<QTemporaryDir> m_base;
    std::optional<LocalCluster> m_secured;
    QString m_securedError;
    QString m_tlsDir;
};

bool TestConnectionCheck::makeCertificates(QString *error) {
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
    const QStringList ec{u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s, u"ec_paramgen_curve:prime256v1"_s,
                         u"-nodes"_s};
    if (!openssl(QStringList{u"req"_s, u"-x509"_s, u"-days"_s, u"2"_s, u"-subj"_s,
                             u"/CN=dedup test CA"_s, u"-keyout"_s, u"ca.key"_s, u"-out"_s,
                             u"ca.crt"_s} +
                 ec) ||
        !openssl(QStringList{u"req"_s, u"-x509"_s, u"-days"_s, u"2"_s, u"-subj"_s,
                             u"/CN=some other CA"_s, u"-keyout"_s, u"other.key"_s, u"-out"_s,
                             u"other-ca.crt"_s} +
                 ec) ||
        !openssl(QStringList{u"req"_s, u"-subj"_s, u"/CN=localhost"_s, u"-keyout"_s,
                             u"server.key"_s, u"-out"_s, u"server.csr"_s} +
                 ec) ||
        !openssl({u"x509"_s, u"-req"_s, u"-in"_s, u"server.csr"_s, u"-CA"_s, u"ca.crt"_s,
                  u"-CAkey"_s, u"ca.key"_s, u"-CAcreateserial"_s, u"-days"_s, u"2"_s, u"-out"_s,
                  u"server.crt"_s}))
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

void TestConnectionCheck::initTestCase() {
    // libpq must see only what each case gives it.
    for (const char *name : {"PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGPASSWORD",
                             "PGSERVICE", "PGSSLMODE", "PGSSLROOTCERT"})
        qunsetenv(name);
    qputenv("PGPASSFILE", "/nonexistent/pgpass");
    m_base.emplace(QDir::tempPath() + u"/dedup-conncheck-XXXXXX"_s);
    QVERIFY(m_base->isValid());
    // As root the server runs as `postgres`, which must reach its directory below this one.
    QFile::setPermissions(m_base->path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                              QFile::ExeGroup | QFile::ExeOther);
    qputenv("HOME", QFile::encodeName(m_base->path())); // no ~/.postgresql/root.crt
    QString error;
    if (!makeCertificates(&error)) {
        m_securedError = error;
        return;
    }
    LocalCluster::Options options;
    options.baseDir = m_base->path() + u"/cluster"_s;
    options.durable = false;
    options.hostAuthMethod = u"scram-sha-256"_s;
    options.settings << u"ssl = on"_s << u"ssl_cert_file = '%1/server.crt'"_s.arg(m_tlsDir)
                     << u"ssl_key_file = '%1/server.key'"_s.arg(m_tlsDir);
    m_secured.emplace(options);
    if (!m_secured->start(&error)) {
        m_securedError = error;
        return;
    }
    PgConnection admin;
    if (!admin.open(m_secured->conninfo())) {
        m_securedError = admin.openError().toString();
        return;
    }
    if (const auto created = admin.exec(u"CREATE DATABASE store"_s); !created.ok()) {
        m_securedError = created.error().toString();
        return;
    }
    PgConnection store;
    Migrator::Report report;
    if (!store.open(m_secured->conninfo(u"store"_s)) || !Migrator(store).migrate(&report, &error)) {
        m_securedError = u"migrate: %1 %2"_s.arg(store.openError().toString(), error);
        return;
    }
    PgParams password;
    password.add(kPassword);
    // CREATE ROLE takes no parameters: the password travels as a setting and goes through
    // format()'s %L quoting.
    const auto set = admin.exec(u"SELECT set_config('dedup.pw', $1, false)"_s, password);
    const auto create = admin.exec(u"DO $$ BEGIN EXECUTE format('CREATE ROLE t_pw LOGIN "
                                   "PASSWORD %L IN ROLE dedup_operator', "
                                   "current_setting('dedup.pw')); END $$"_s);
    if (!set.ok() || !create.ok()) {
        m_securedError = set.error().toString() + create.error().toString();
        return;
    }
    // The store's own grant: without it t_pw would connect and see nothing.
    m_securedError = grantEverything(store, u"t_pw"_s, u"operator"_s);
}

void TestConnectionCheck::cleanupTestCase() {
    if (m_secured) {
        QString error;
        QVERIFY2(m_secured->stop(&error), qPrintable(error));
    }
    if (m_base)
        m_base->remove();
}

QString TestConnectionCheck::securedConninfo(const QString &host, const QString &extra) const {
    return u"host=%1 port=%2 dbname=store user=t_pw %3"_s.arg(host)
        .arg(m_secured->port())
        .arg(extra);
}

void TestConnectionCheck::failures_data() {
    QTest::addColumn<QString>("conninfo"); // %PORT% and %DB% are the shared cluster's
    QTest::addColumn<Failure>("failure");
    QTest::addColumn<QString>("message"); // a fragment

    QTest::newRow("unreadable settings")
        << u"host='127.0.0.1"_s << Failure::InvalidSettings << u"cannot be read"_s;
    QTest::newRow("port closed") << u"host=127.0.0.1 port=1 dbname=%DB%"_s
                                 << Failure::HostUnreachable
                                 << u"No PostgreSQL server answers at 127.0.0.1:1"_s;
    QTest::newRow("no socket") << u"host=/nonexistent-dir port=5432 dbname=%DB%"_s
                               << Failure::HostUnreachable
                               << u"No PostgreSQL server listens on the socket in "
                                  "/nonexistent-dir (port 5432)."_s;
    QTest::newRow("service not defined")
        << u"service=no_such_service"_s << Failure::InvalidSettings
        << u"The service named in these settings is not defined."_s;
    QTest::newRow("sslmode libpq does not know")
        << u"host=127.0.0.1 port=%PORT% sslmode=sometimes"_s << Failure::InvalidSettings
        << u"libpq cannot use these settings as written"_s;
    QTest::newRow("name not resolved")
        << u"host=no-such-host.invalid port=5432 connect_timeout=5"_s << Failure::HostUnreachable
        << u"The host name in no-such-host.invalid:5432 cannot be resolved"_s;
    QTest::newRow("database missing")
        << u"host=127.0.0.1 port=%PORT% user=postgres dbname=no_such_db"_s
        << Failure::DatabaseMissing << u"There is no database called no_such_db at 127.0.0.1"_s;
    QTest::newRow("role missing") << u"host=127.0.0.1 port=%PORT% user=no_such_role dbname=%DB%"_s
                                  << Failure::AuthenticationFailed
                                  << u"The server has no role called no_such_role"_s;
    QTest::newRow("TLS required, server without TLS")
        << u"host=127.0.0.1 port=%PORT% user=postgres dbname=%DB% sslmode=require"_s
        << Failure::TlsFailure << u"does not offer TLS, but this connection requires it"_s;
    QTest::newRow("verify-full, server without TLS")
        << u"host=127.0.0.1 port=%PORT% user=postgres dbname=%DB% sslmode=verify-full "
           "sslrootcert=/nonexistent/root.crt"_s
        << Failure::TlsFailure << u"(sslmode=verify-full)"_s;
}

void TestConnectionCheck::failures() {
    QFETCH(QString, conninfo);
    QFETCH(Failure, failure);
    QFETCH(QString, message);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    conninfo.replace(u"%PORT%"_s, ConnectionProfile::effectiveValue(db.conninfo(), u"port"_s))
        .replace(u"%DB%"_s, db.name());
    const ConnectionReport report = ConnectionCheck::run(conninfo, u"profile"_s);
    QVERIFY2(report.failure == failure, qPrintable(describe(report)));
    QVERIFY2(report.message.contains(message), qPrintable(describe(report)));
    QVERIFY(!report.ok());
    QVERIFY(!report.detail.isEmpty()); // libpq's own words
    QCOMPARE(report.profileName, u"profile"_s);
    QCOMPARE(report.conninfo, conninfo);
    QVERIFY(!report.canRead);
    QVERIFY(!report.canOperate);
}

void TestConnectionCheck::schemaStates_data() {
    QTest::addColumn<QString>("setup");
    QTest::addColumn<bool>("fromTemplate");
    QTest::addColumn<Failure>("failure");
    QTest::addColumn<QString>("message");
    const int latest = Migrator::latestVersion();

    QTest::newRow("empty database") << QString() << false << Failure::SchemaMissing
                                    << u"holds no dedup store (schema dedup is missing)"_s;
    QTest::newRow("schema without migrations")
        << u"CREATE SCHEMA dedup; CREATE TABLE dedup.runs (id bigint)"_s << false
        << Failure::SchemaMissing << u"dedupctl migrate --db"_s;
    QTest::newRow("outdated")
        << u"DELETE FROM dedup.schema_migrations WHERE version = %1"_s.arg(latest) << true
        << Failure::SchemaOutdated
        << u"The store is at schema version %1; this console needs version %2."_s.arg(latest - 1)
               .arg(latest);
    QTest::newRow("newer") << u"INSERT INTO dedup.schema_migrations (version, name, checksum) "
                              "VALUES (%1, 'from_the_future', 'x')"_s.arg(latest + 1)
                           << true << Failure::SchemaNewer
                           << u"The store is at schema version %1, newer than this console "
                              "(version %2)."_s.arg(latest + 1)
                                  .arg(latest);
}

void TestConnectionCheck::schemaStates() {
    QFETCH(QString, setup);
    QFETCH(bool, fromTemplate);
    QFETCH(Failure, failure);
    QFETCH(QString, message);
    TestDatabase db(fromTemplate);
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    if (!setup.isEmpty())
        QCOMPARE(db.exec(setup), QString());
    const ConnectionReport report = ConnectionCheck::run(db.conninfo());
    QVERIFY2(report.failure == failure, qPrintable(describe(report)));
    QVERIFY2(report.message.contains(message), qPrintable(describe(report)));
    // Connected: who we are is known even though the store does not fit.
    QCOMPARE(report.currentUser, u"postgres"_s);
    QVERIFY(report.serverVersion >= 150000);
    QVERIFY(report.target.endsWith(u'/' + db.name()));
    if (failure != Failure::SchemaMissing)
        QVERIFY(report.schemaVersion > 0);
}

void TestConnectionCheck::noAccess() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString role = u"t_noaccess_%1"_s.arg(QCoreApplication::applicationPid());
    QCOMPARE(db.exec(u"DROP ROLE IF EXISTS %1; CREATE ROLE %1 LOGIN"_s.arg(role)), QString());
    const ConnectionReport report = ConnectionCheck::run(db.conninfo(role));
    QCOMPARE(db.exec(u"DROP ROLE %1"_s.arg(role)), QString());
    QVERIFY2(report.failure == Failure::NoAccess, qPrintable(describe(report)));
    QCOMPARE(report.message,
             u"Role %1 may not read the dedup store: it has no viewer or operator grant here. "
             "Ask the store's owner for one, e.g. SELECT dedup.access_grant('%1', 'viewer'); "
             "(read-only, every workflow and scope) or 'operator' with the workflows and scope "
             "prefixes it may act on."_s.arg(role));
    QCOMPARE(report.currentUser, role);
    QVERIFY(!report.canRead);
    QVERIFY(!report.canOperate);
}

void TestConnectionCheck::workerRoleHasNoAccess() {
    // A worker may run the protocol but not read the tables: not a console role.
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const ConnectionReport report = ConnectionCheck::run(db.conninfo(u"t_worker"_s));
    QVERIFY2(report.failure == Failure::NoAccess, qPrintable(describe(report)));
    QVERIFY2(report.message.contains(u"SELECT dedup.access_grant('t_worker', 'viewer');"_s),
             qPrintable(report.message));
}

void TestConnectionCheck::connectPrivilegeRevoked() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(u"REVOKE CONNECT ON DATABASE %1 FROM PUBLIC"_s.arg(db.name())), QString());
    const ConnectionReport report = ConnectionCheck::run(db.conninfo(u"t_viewer"_s));
    QVERIFY2(report.failure == Failure::NoAccess, qPrintable(describe(report)));
    QVERIFY2(report.message.contains(u"GRANT CONNECT ON DATABASE %1 TO t_viewer;"_s.arg(db.name())),
             qPrintable(report.message));
}

void TestConnectionCheck::success_data() {
    QTest::addColumn<QString>("user");
    QTest::addColumn<bool>("canOperate");
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("explanation");
    QTest::newRow("operator") << u"t_operator"_s << true << u"operator for everything"_s
                              << u"It sees and may act on every run."_s;
    QTest::newRow("viewer") << u"t_viewer"_s << false << u"viewer for everything"_s
                            << u"It sees every run and may not act on any of them (read-only)."_s;
    QTest::newRow("superuser")
        << u"postgres"_s << true << u"owner"_s
        << u"As the store's owner it sees every run and may act on any of them."_s;
}

void TestConnectionCheck::success() {
    QFETCH(QString, user);
    QFETCH(bool, canOperate);
    QFETCH(QString, role);
    QFETCH(QString, explanation);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    const QString conninfo = tcpConninfo(db, user);
    const ConnectionReport report =
        ConnectionCheck::run(conninfo, u"prod"_s, u"dedup-console-test"_s);
    QVERIFY2(report.ok(), qPrintable(describe(report)));
    QCOMPARE(report.currentUser, user);
    QCOMPARE(report.canOperate, canOperate);
    QVERIFY(report.canRead);
    QVERIFY(report.access);
    QCOMPARE(report.accessSummary(), role);
    QVERIFY(report.warning.isEmpty());
    QCOMPARE(report.schemaVersion, Migrator::latestVersion());
    QVERIFY(report.serverVersion >= 150000);
    QVERIFY(!report.ssl);
    QCOMPARE(report.profileName, u"prod"_s);
    QCOMPARE(report.conninfo, conninfo);
    const QString port = ConnectionProfile::effectiveValue(db.conninfo(), u"port"_s);
    const QString target = u"%1@127.0.0.1:%2/%3"_s.arg(user, port, db.name());
    QCOMPARE(report.target, target);
    QCOMPARE(
        report.message,
        u"Connected as %1 (%2) to %3, PostgreSQL %4, schema v%5. Not encrypted (loopback). %6"_s
            .arg(user, role, target, ConnectionCheck::versionText(report.serverVersion))
            .arg(Migrator::latestVersion())
            .arg(explanation));
    QVERIFY(report.message.contains(u"PostgreSQL 15."_s));
}

void TestConnectionCheck::accessReports_data() {
    // Each grant: "capability workflows prefixes", lists comma-separated, "-" for NULL.
    QTest::addColumn<QStringList>("grants");
    QTest::addColumn<bool>("owner"); // connect as the cluster's superuser instead
    QTest::addColumn<QString>("summary");
    QTest::addColumn<bool>("canOperate");
    QTest::addColumn<bool>("canRead");
    QTest::addColumn<QString>("explanation");

    QTest::newRow("owner") << QStringList{} << true << u"owner"_s << true << true
                           << u"As the store's owner it sees every run and may act on any of "
                              "them."_s;
    QTest::newRow("operator for one clinic")
        << QStringList{u"operator - clinic-42/"_s} << false << u"operator for clinic-42/*"_s << true
        << true << u"It sees and may act on the runs of clinic-42/*."_s;
    QTest::newRow("operator for a workflow in a clinic, viewer for everything")
        << QStringList{u"operator lab-results clinic-42/"_s, u"viewer - -"_s} << false
        << u"operator for lab-results in clinic-42/*; viewer for everything"_s << true << true
        << u"It sees every run and may act on the runs of lab-results in clinic-42/* only; the "
           "others are read-only."_s;
    QTest::newRow("viewer for two workflows")
        << QStringList{u"viewer booking,invoice -"_s} << false << u"viewer for booking, invoice"_s
        << false << true
        << u"It sees the runs of booking, invoice and may not act on any of them (read-only)."_s;
    // A member of the group role (it may read the tables) without a grant in this store.
    QTest::newRow("no grants") << QStringList{} << false << u"no access in this store"_s << false
                               << false
                               << u"It has no grants in this store: the console will show no "
                                  "runs and offer no actions."_s;
}

void TestConnectionCheck::accessReports() {
    QFETCH(QStringList, grants);
    QFETCH(bool, owner);
    QFETCH(QString, summary);
    QFETCH(bool, canOperate);
    QFETCH(bool, canRead);
    QFETCH(QString, explanation);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Login roles are the cluster's: one per case and process, dropped at the end.
    const QString login = owner ? u"postgres"_s
                                : u"t_access_%1_%2"_s.arg(QCoreApplication::applicationPid())
                                      .arg(QString::fromLatin1(QTest::currentDataTag())
                                               .toLower()
                                               .replace(QRegularExpression(u"[^a-z0-9]+"_s), u"_"_s)
                                               .left(30));
    if (!owner) {
        QCOMPARE(db.exec(u"DROP ROLE IF EXISTS %1; CREATE ROLE %1 LOGIN IN ROLE dedup_viewer"_s.arg(
                     login)),
                 QString());
    }
    auto dropRole = qScopeGuard([&] {
        if (!owner)
            db.exec(u"DROP ROLE IF EXISTS %1"_s.arg(login));
    });
    auto list = [](const QString &text) { return text == u"-" ? QStringList() : text.split(u','); };
    for (const QString &row : grants) {
        const QStringList parts = row.split(u' ');
        QCOMPARE(db.grant(login, parts.at(0), list(parts.at(1)), list(parts.at(2))), QString());
    }

    const ConnectionReport report = ConnectionCheck::run(db.conninfo(login));
    QVERIFY2(report.ok(), qPrintable(describe(report)));
    QCOMPARE(report.currentUser, login);
    QVERIFY(report.access);
    QCOMPARE(report.access->isOwner(), owner);
    QCOMPARE(report.accessSummary(), summary);
    QCOMPARE(report.canOperate, canOperate);
    QCOMPARE(report.canRead, canRead);
    QVERIFY2(report.message.startsWith(u"Connected as %1 (%2) to "_s.arg(login, summary)),
             qPrintable(report.message));
    QVERIFY2(report.message.endsWith(u". "_s + explanation), qPrintable(report.message));
    if (canRead) {
        QVERIFY2(report.warning.isEmpty(), qPrintable(report.warning));
    } else {
        // Connecting works (grants may come later), but the report says it will be empty.
        QCOMPARE(report.warning,
                 u"Login %1 has no viewer or operator grant in this store: the console will "
                 "show no runs and offer no actions. Ask the store's owner for one, e.g. SELECT "
                 "dedup.access_grant('%1', 'viewer');"_s.arg(login));
        QCOMPARE(report.effectiveAccess().isEmpty(), true);
    }
}

void TestConnectionCheck::passwords_data() {
    QTest::addColumn<QString>("password");
    QTest::addColumn<Failure>("failure");
    QTest::addColumn<QString>("message");
    QTest::newRow("none given") << QString() << Failure::PasswordRequired
                                << u"The server asks for a password for role t_pw."_s;
    QTest::newRow("wrong") << u"Tr0ub4dor&3"_s << Failure::AuthenticationFailed
                           << u"The server refused the login of role t_pw."_s;
    QTest::newRow("right") << kPassword << Failure::None
                           << u"Connected as t_pw (operator for everything)"_s;
}

void TestConnectionCheck::passwords() {
    QFETCH(QString, password);
    QFETCH(Failure, failure);
    QFETCH(QString, message);
    QVERIFY2(m_securedError.isEmpty(), qPrintable(m_securedError));
    const QString conninfo = ConnectionProfile::withPassword(
        securedConninfo(u"127.0.0.1"_s, u"sslmode=disable"_s), password);
    const ConnectionReport report = ConnectionCheck::run(conninfo);
    QVERIFY2(report.failure == failure, qPrintable(describe(report)));
    QVERIFY2(report.message.contains(message), qPrintable(describe(report)));
    QVERIFY(!report.message.contains(kPassword));
    QVERIFY(!report.detail.contains(kPassword));
    QVERIFY(!report.target.contains(kPassword));
    // The URI form of the same: libpq takes it alone, so withPassword rebuilds it.
    const QString uri =
        u"postgresql://t_pw@127.0.0.1:%1/store?sslmode=disable"_s.arg(m_secured->port());
    const ConnectionReport viaUri =
        ConnectionCheck::run(ConnectionProfile::withPassword(uri, password));
    QVERIFY2(viaUri.failure == failure, qPrintable(describe(viaUri)));
}

void TestConnectionCheck::tls_data() {
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("settings"); // %TLS% is the certificates' directory
    QTest::addColumn<Failure>("failure");
    QTest::addColumn<QString>("message");
    // The report names the protocol and the certificate, and a mode weaker than verify-full.
    QTest::newRow("require") << u"127.0.0.1"_s << u"sslmode=require"_s << Failure::None
                             << u"schema v%1. TLS 1.3, server CN=localhost (not verified: "
                                "sslmode=require). "_s.arg(Migrator::latestVersion());
    QTest::newRow("verify-ca") << u"127.0.0.1"_s << u"sslmode=verify-ca sslrootcert=%TLS%/ca.crt"_s
                               << Failure::None
                               << u"TLS 1.3, server CN=localhost (host name not checked: "
                                  "sslmode=verify-ca). "_s;
    QTest::newRow("verify-full") << u"localhost"_s
                                 << u"sslmode=verify-full sslrootcert=%TLS%/ca.crt"_s
                                 << Failure::None << u"TLS 1.3, server CN=localhost. "_s;
    QTest::newRow("verify-full, other host name")
        << u"127.0.0.1"_s << u"sslmode=verify-full sslrootcert=%TLS%/ca.crt"_s
        << Failure::TlsFailure << u"not issued for the host name used"_s;
    QTest::newRow("verify-ca, wrong authority")
        << u"localhost"_s << u"sslmode=verify-ca sslrootcert=%TLS%/other-ca.crt"_s
        << Failure::TlsFailure << u"not signed by the given root certificate"_s;
    QTest::newRow("verify-full, root certificate missing")
        << u"localhost"_s << u"sslmode=verify-full sslrootcert=/nonexistent/root.crt"_s
        << Failure::TlsFailure << u"root certificate needed to verify the server"_s;
    QTest::newRow("verify-full, no root certificate at all")
        << u"localhost"_s << u"sslmode=verify-full"_s << Failure::TlsFailure
        << u"install it as ~/.postgresql/root.crt"_s;
}

void TestConnectionCheck::tls() {
    QFETCH(QString, host);
    QFETCH(QString, settings);
    QFETCH(Failure, failure);
    QFETCH(QString, message);
    QVERIFY2(m_securedError.isEmpty(), qPrintable(m_securedError));
    settings.replace(u"%TLS%"_s, m_tlsDir);
    const ConnectionReport report = ConnectionCheck::run(
        ConnectionProfile::withPassword(securedConninfo(host, settings), kPassword));
    QVERIFY2(report.failure == failure, qPrintable(describe(report)));
    QVERIFY2(report.message.contains(message), qPrintable(describe(report)));
    QCOMPARE(report.ssl, failure == Failure::None);
    if (report.ok()) {
        QVERIFY(report.canOperate);
        QVERIFY(report.tls.known && report.tls.inUse);
        QCOMPARE(report.tls.commonName, u"localhost"_s);
        QCOMPARE(report.tls.subject, u"CN=localhost"_s);
        QCOMPARE(report.tls.issuer, u"CN=dedup test CA"_s);
        QVERIFY(!report.tls.cipher.isEmpty());
        QVERIFY(report.tls.local); // loopback: no warning, even for require
        QVERIFY(!report.tls.isWarning());
    }
}

QTEST_GUILESS_MAIN(TestConnectionCheck)
#include "tst_connectioncheck.moc"
