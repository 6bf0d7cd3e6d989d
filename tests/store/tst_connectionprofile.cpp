// Connection profiles without a database: the conninfo they build (libpq's quoting, URIs,
// overrides, passwords added in memory), what validation says, what target they show, and
// the settings round trip, which never writes a password.
#include "store/ConnectionProfile.h"
#include "store/ConnectionProfiles.h"
#include "store/PgConnection.h"

#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <libpq-fe.h>
#include <pwd.h>
#include <unistd.h>

using namespace dedup::store;
using namespace Qt::StringLiterals;
using Mode = ConnectionProfile::PasswordMode;

namespace {

QString option(const QString &conninfo, const QString &key) {
    const auto options = ConnectionProfile::parse(conninfo);
    if (!options)
        return QStringLiteral("<unparsable>");
    for (const auto &[k, v] : *options) {
        if (k == key)
            return v;
    }
    return QStringLiteral("<unset>");
}

ConnectionProfile fields(const QString &host, const QString &port, const QString &dbname,
                         const QString &user) {
    ConnectionProfile p;
    p.name = QStringLiteral("test");
    p.host = host;
    p.port = port;
    p.dbname = dbname;
    p.user = user;
    return p;
}

} // namespace

class TestConnectionProfile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void fieldsBecomeQuotedConninfo_data();
    void fieldsBecomeQuotedConninfo();
    void connectionStringKeepsItsTextPlusOverrides_data();
    void connectionStringKeepsItsTextPlusOverrides();
    void withPassword_data();
    void withPassword();
    void withoutPassword();
    void validation_data();
    void validation();
    void verifyModesNeedARootCertificate();
    void displayTarget_data();
    void displayTarget();
    void fromConninfo_data();
    void fromConninfo();
    void settingsRoundTrip();
    void passwordsAreNeverSaved_data();
    void passwordsAreNeverSaved();
    void parseErrorsHidePasswords_data();
    void parseErrorsHidePasswords();
    void secretKeywords_data();
    void secretKeywords();
    void storedSecretsAreRemoved();
    void defaultSslmode_data();
    void defaultSslmode();
    void defaultSslmodeFromEnvironmentAndService();
    void networkDefaultNeedsARootCertificate();

private:
    QTemporaryDir m_home;
    QString m_rootCert;
};

void TestConnectionProfile::initTestCase() {
    QVERIFY(m_home.isValid());
    // Only what each test sets may influence libpq's defaults.
    for (const char *name : {"PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE",
                             "PGSSLMODE", "PGSSLROOTCERT", "PGPASSWORD", "PGCONNECT_TIMEOUT"})
        qunsetenv(name);
    qputenv("HOME", QFile::encodeName(m_home.path()));
    m_rootCert = m_home.filePath(QStringLiteral("ca file.crt"));
    QFile cert(m_rootCert);
    QVERIFY(cert.open(QIODevice::WriteOnly));
    cert.write("not parsed by the profile, only required to exist\n");
}

void TestConnectionProfile::fieldsBecomeQuotedConninfo_data() {
    QTest::addColumn<ConnectionProfile>("profile");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value"); // what libpq reads back for `key`

    QTest::newRow("plain") << fields(u"db.example.com"_s, u"5432"_s, u"dedup"_s, u"alice"_s)
                           << u"host=db.example.com port=5432 dbname=dedup user=alice"_s
                           << u"dbname"_s << u"dedup"_s;
    QTest::newRow("unset fields are left out")
        << fields(u"h"_s, {}, {}, u"bob"_s) << u"host=h user=bob"_s << u"port"_s << u"<unset>"_s;
    QTest::newRow("space") << fields(u"h"_s, {}, u"my store"_s, {}) << u"host=h dbname='my store'"_s
                           << u"dbname"_s << u"my store"_s;
    QTest::newRow("single quote") << fields(u"h"_s, {}, {}, u"o'brien"_s)
                                  << u"host=h user='o\\'brien'"_s << u"user"_s << u"o'brien"_s;
    QTest::newRow("backslash") << fields(u"h"_s, {}, u"a\\b"_s, {}) << u"host=h dbname='a\\\\b'"_s
                               << u"dbname"_s << u"a\\b"_s;
    QTest::newRow("key=value injection")
        << fields(u"h"_s, {}, u"x sslmode=disable"_s, {}) << u"host=h dbname='x sslmode=disable'"_s
        << u"sslmode"_s << u"<unset>"_s;
    QTest::newRow("socket directory")
        << fields(u"/var/run/postgresql"_s, u"5433"_s, {}, {})
        << u"host=/var/run/postgresql port=5433"_s << u"host"_s << u"/var/run/postgresql"_s;
    QTest::newRow("several hosts") << fields(u"a,b"_s, u"5432,5433"_s, {}, {})
                                   << u"host=a,b port=5432,5433"_s << u"port"_s << u"5432,5433"_s;
    QTest::newRow("unicode") << fields(u"h"_s, {}, u"Zoë"_s, {}) << u"host=h dbname='Zoë'"_s
                             << u"dbname"_s << u"Zoë"_s;

    ConnectionProfile tls = fields(u"h"_s, {}, {}, {});
    tls.service = u"prod"_s;
    tls.sslmode = u"verify-full"_s;
    tls.sslrootcert = u"/etc/ssl/ca file.crt"_s;
    tls.connectTimeoutSeconds = 7;
    QTest::newRow("service, TLS and timeout")
        << tls
        << u"host=h service=prod sslmode=verify-full sslrootcert='/etc/ssl/ca file.crt' "
           "connect_timeout=7"_s
        << u"sslrootcert"_s << u"/etc/ssl/ca file.crt"_s;
}

void TestConnectionProfile::fieldsBecomeQuotedConninfo() {
    QFETCH(ConnectionProfile, profile);
    QFETCH(QString, expected);
    QFETCH(QString, key);
    QFETCH(QString, value);
    QCOMPARE(profile.toConninfo(), expected);
    QCOMPARE(option(profile.toConninfo(), key), value);
}

void TestConnectionProfile::connectionStringKeepsItsTextPlusOverrides_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("sslmode");
    QTest::addColumn<int>("timeout");
    QTest::addColumn<QString>("expected");

    QTest::newRow("uri as written")
        << u"postgresql://alice@db:5433/dedup?application_name=x"_s << QString() << 0
        << u"postgresql://alice@db:5433/dedup?application_name=x"_s;
    QTest::newRow("uri plus overrides")
        << u"postgresql://alice@db/dedup"_s << u"require"_s << 5
        << u"postgresql://alice@db/dedup?sslmode=require&connect_timeout=5"_s;
    QTest::newRow("uri override replaces its own sslmode")
        << u"postgres://db/dedup?sslmode=disable"_s << u"verify-ca"_s << 0
        << u"postgres://db/dedup?sslmode=disable&sslmode=verify-ca"_s;
    QTest::newRow("key=value plus override") << u"host=db dbname=dedup"_s << u"require"_s << 0
                                             << u"host=db dbname=dedup sslmode=require"_s;
    QTest::newRow("service") << u"service=prod"_s << QString() << 3
                             << u"service=prod connect_timeout=3"_s;
    // Found by fuzzing (tests/fuzz/regressions/conninfo): appended overrides that libpq would
    // read otherwise; the options libpq read are rewritten as key=value pairs instead.
    QTest::newRow("key=value ending in a backslash")
        << u"host=a\\"_s << u"require"_s << 0 << u"host=a sslmode=require"_s;
    QTest::newRow("uri with '?' in the user name")
        << u"postgresql://a?b@db/dedup"_s << u"require"_s << 0
        << u"user='a?b' dbname=dedup host=db sslmode=require"_s;
}

void TestConnectionProfile::connectionStringKeepsItsTextPlusOverrides() {
    QFETCH(QString, text);
    QFETCH(QString, sslmode);
    QFETCH(int, timeout);
    QFETCH(QString, expected);
    ConnectionProfile profile;
    profile.name = u"x"_s;
    profile.connectionString = u"  "_s + text + u"\n"_s;
    profile.host = u"ignored-when-a-string-is-used"_s;
    profile.sslmode = sslmode;
    profile.connectTimeoutSeconds = timeout;
    QCOMPARE(profile.toConninfo(), expected);
    if (!sslmode.isEmpty())
        QCOMPARE(option(profile.toConninfo(), u"sslmode"_s), sslmode);
    QCOMPARE(option(profile.toConninfo(), u"host"_s) == u"ignored-when-a-string-is-used"_s, false);
}

void TestConnectionProfile::withPassword_data() {
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("expected");

    QTest::newRow("key=value") << u"host=h user=u"_s << u"s3cret"_s
                               << u"host=h user=u password='s3cret'"_s;
    QTest::newRow("quotes, backslash, spaces")
        << u"host=h"_s << u"it's a \\ pass"_s << u"host=h password='it\\'s a \\\\ pass'"_s;
    QTest::newRow("empty conninfo") << QString() << u"pw"_s << u"password='pw'"_s;
    QTest::newRow("empty password changes nothing") << u"host=h"_s << QString() << u"host=h"_s;
    QTest::newRow("uri is rebuilt")
        << u"postgresql://alice@db.example.com:6432/dedup?sslmode=require"_s << u"pw"_s
        << u"user=alice dbname=dedup host=db.example.com port=6432 sslmode=require "
           "password='pw'"_s;
    QTest::newRow("uri password is replaced")
        << u"postgresql://alice:old@db/dedup"_s << u"new"_s
        << u"user=alice dbname=dedup host=db password='new'"_s;
    // Found by fuzzing (tests/fuzz/regressions/conninfo): appended to "host=a\", the
    // password became part of the host's value.
    QTest::newRow("key=value ending in a backslash")
        << u"host=a\\"_s << u"pw"_s << u"host=a password='pw'"_s;
}

void TestConnectionProfile::withPassword() {
    QFETCH(QString, conninfo);
    QFETCH(QString, password);
    QFETCH(QString, expected);
    const QString result = ConnectionProfile::withPassword(conninfo, password);
    QCOMPARE(result, expected);
    QCOMPARE(option(result, u"password"_s), password.isEmpty() ? u"<unset>"_s : password);
}

void TestConnectionProfile::withoutPassword() {
    QString password;
    QCOMPARE(ConnectionProfile::withoutPassword(u"postgresql://u:pw%20x@h:5/d"_s, &password),
             u"user=u dbname=d host=h port=5"_s);
    QCOMPARE(password, u"pw x"_s);
    password.clear();
    QCOMPARE(ConnectionProfile::withoutPassword(u"host=h password=p"_s, &password), u"host=h"_s);
    QCOMPARE(password, u"p"_s);
    QCOMPARE(ConnectionProfile::withoutPassword(u"postgresql://h/d"_s),
             u"postgresql://h/d"_s); // nothing to remove: left as written
    QVERIFY(ConnectionProfile::containsPassword(u"postgresql://u:x@h/d"_s));
    QVERIFY(!ConnectionProfile::containsPassword(u"postgresql://u@h/d"_s));
}

void TestConnectionProfile::validation_data() {
    QTest::addColumn<ConnectionProfile>("profile");
    QTest::addColumn<QString>("expected"); // a fragment of the message; empty: valid

    ConnectionProfile ok = fields(u"h"_s, u"5432"_s, u"d"_s, u"u"_s);
    ok.sslrootcert = m_rootCert; // a network host: verify-full unless chosen otherwise
    QTest::newRow("valid fields") << ok << QString();
    ConnectionProfile p = ok;
    p.name = u"  "_s;
    QTest::newRow("no name") << p << u"Give the profile a name"_s;
    for (const QString &port : {u"99999"_s, u"0"_s, u"abc"_s, u"-1"_s}) {
        p = ok;
        p.port = port;
        QTest::addRow("port %s", qPrintable(port))
            << p << u"\"%1\" is not a port number: use 1 to 65535"_s.arg(port);
    }
    p = ok;
    p.port = u"5432,5433"_s;
    QTest::newRow("port list") << p << QString();
    p = ok;
    p.connectTimeoutSeconds = -3;
    QTest::newRow("negative timeout") << p << u"cannot be negative"_s;
    p = ok;
    p.sslrootcert = u"/nonexistent/root.crt"_s;
    QTest::newRow("root certificate missing")
        << p << u"The root certificate file /nonexistent/root.crt does not exist"_s;
    p.sslrootcert = m_rootCert;
    p.sslmode = u"verify-full"_s;
    QTest::newRow("verify-full with root certificate") << p << QString();

    auto string = [this](const QString &text) {
        ConnectionProfile s;
        s.name = u"s"_s;
        s.connectionString = text;
        s.sslrootcert = m_rootCert;
        return s;
    };
    QTest::newRow("uri") << string(u"postgresql://alice@db/dedup"_s) << QString();
    QTest::newRow("service") << string(u"service=prod"_s) << QString();
    QTest::newRow("unparsable uri")
        << string(u"postgresql://[::1/dedup"_s) << u"The connection string cannot be read"_s;
    QTest::newRow("unterminated quote")
        << string(u"host='db dbname=x"_s) << u"The connection string cannot be read"_s;
    QTest::newRow("unknown option")
        << string(u"host=db colour=blue"_s) << u"invalid connection option \"colour\""_s;
    QTest::newRow("uri port out of range")
        << string(u"postgresql://db:70000/dedup"_s) << u"\"70000\" is not a port number"_s;
    QTest::newRow("bad sslmode in string")
        << string(u"host=db sslmode=maybe"_s) << u"sslmode \"maybe\" is not one of"_s;
    QTest::newRow("bad timeout in string")
        << string(u"host=db connect_timeout=soon"_s) << u"connect_timeout must be"_s;
    QTest::newRow("password in uri")
        << string(u"postgresql://alice:s3cret@db/dedup"_s) << u"contains a password"_s;
    QTest::newRow("password pair")
        << string(u"host=db password=s3cret"_s) << u"\"System keychain\" or \"Ask each time\""_s;
    QTest::newRow("sslpassword pair")
        << string(u"host=db sslkey=/home/a/k.pem sslpassword=s3cret"_s)
        << u"The connection string contains an sslpassword"_s;
    QTest::newRow("sslpassword in a uri")
        << string(u"postgresql://db/dedup?sslpassword=s3cret"_s) << u"contains an sslpassword"_s;
    QTest::newRow("sslkey alone is a path, not a secret")
        << string(u"host=db sslkey=/home/a/k.pem sslcert=/home/a/c.pem"_s) << QString();
    p = ok;
    p.standbyConnectionString = u"host=replica sslpassword=s3cret"_s;
    QTest::newRow("sslpassword in the standby")
        << p << u"The standby's connection string contains an sslpassword"_s;
    p = ok;
    p.sslrootcert.clear();
    QTest::newRow("network host, no root certificate")
        << p << u"reached over the network, so sslmode is verify-full unless chosen otherwise"_s;
    p.sslmode = u"require"_s;
    QTest::newRow("network host, require chosen") << p << QString();
    p = fields(u"localhost"_s, {}, u"d"_s, {});
    QTest::newRow("loopback host, no root certificate") << p << QString();
}

void TestConnectionProfile::validation() {
    QFETCH(ConnectionProfile, profile);
    QFETCH(QString, expected);
    const QString error = profile.validationError();
    if (expected.isEmpty())
        QVERIFY2(error.isEmpty(), qPrintable(error));
    else
        QVERIFY2(error.contains(expected), qPrintable(error));
}

void TestConnectionProfile::verifyModesNeedARootCertificate() {
    for (const QString &mode : {u"verify-ca"_s, u"verify-full"_s}) {
        ConnectionProfile p = fields(u"h"_s, {}, {}, {});
        p.sslmode = mode;
        const QString standard = m_home.path() + u"/.postgresql/root.crt"_s;
        QVERIFY(!QFile::exists(standard));
        QCOMPARE(p.validationError(),
                 u"sslmode %1 checks the server's certificate, so it needs the root certificate "
                 "of the authority that signed it: choose it under \"Root certificate\", or "
                 "install it as %2."_s.arg(mode, standard));
        // The same mode from the environment needs it too.
        ConnectionProfile fromEnv = fields(u"h"_s, {}, {}, {});
        qputenv("PGSSLMODE", mode.toUtf8());
        QVERIFY(fromEnv.validationError().contains(standard));
        qunsetenv("PGSSLMODE");
        // ~/.postgresql/root.crt is libpq's default: then nothing is missing.
        QVERIFY(QDir().mkpath(m_home.path() + u"/.postgresql"_s));
        QVERIFY(QFile::copy(m_rootCert, standard));
        QCOMPARE(p.validationError(), QString());
        QVERIFY(QFile::remove(standard));
    }
    ConnectionProfile require = fields(u"h"_s, {}, {}, {});
    require.sslmode = u"require"_s; // encrypts without verifying: no certificate needed
    QCOMPARE(require.validationError(), QString());
}

void TestConnectionProfile::displayTarget_data() {
    QTest::addColumn<ConnectionProfile>("profile");
    QTest::addColumn<QString>("pguser");
    QTest::addColumn<QString>("expected");

    QTest::newRow("all fields") << fields(u"db"_s, u"6000"_s, u"store"_s, u"alice"_s) << QString()
                                << u"alice@db:6000/store"_s;
    // libpq's default user is the OS account's name (getpwuid, not $USER).
    const QString osUser = QString::fromLocal8Bit(getpwuid(geteuid())->pw_name);
    QTest::newRow("libpq defaults")
        << fields(u"db"_s, {}, {}, {}) << QString() << u"%1@db:5432/%1"_s.arg(osUser);
    QTest::newRow("PGUSER") << fields(u"db"_s, {}, u"store"_s, {}) << u"envuser"_s
                            << u"envuser@db:5432/store"_s;
    QTest::newRow("local socket") << fields({}, {}, u"store"_s, u"bob"_s) << QString()
                                  << u"bob@local socket:5432/store"_s;
    ConnectionProfile uri;
    uri.name = u"u"_s;
    uri.connectionString = u"postgresql://carol:TopSecret@db.example.com:6432/dedup"_s;
    QTest::newRow("uri without its password")
        << uri << QString() << u"carol@db.example.com:6432/dedup"_s;
    ConnectionProfile service = fields({}, {}, {}, u"dave"_s);
    service.service = u"prod"_s;
    QTest::newRow("service") << service << QString() << u"service prod (user=dave)"_s;
}

void TestConnectionProfile::displayTarget() {
    QFETCH(ConnectionProfile, profile);
    QFETCH(QString, pguser);
    QFETCH(QString, expected);
    if (!pguser.isEmpty())
        qputenv("PGUSER", pguser.toUtf8());
    const QString target = profile.displayTarget();
    qunsetenv("PGUSER");
    QCOMPARE(target, expected);
    QVERIFY(!target.contains(u"TopSecret"_s));
}

void TestConnectionProfile::fromConninfo_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("asString");
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("service");

    QTest::newRow("fields") << u"host=db port=5 dbname=d user=u sslmode=require"_s << false
                            << u"db"_s << QString();
    QTest::newRow("service") << u"service=prod"_s << false << QString() << u"prod"_s;
    QTest::newRow("uri") << u"postgresql://db/d"_s << true << QString() << QString();
    QTest::newRow("other options")
        << u"host=db application_name=x"_s << true << QString() << QString();
    QTest::newRow("unparsable") << u"host='db"_s << true << QString() << QString();
    // Found by fuzzing (tests/fuzz/regressions/conninfo): the fields are trimmed, so a value
    // with surrounding spaces would name another database.
    QTest::newRow("value with spaces")
        << u"dbname=' x ' host=h"_s << true << QString() << QString();
}

void TestConnectionProfile::fromConninfo() {
    QFETCH(QString, text);
    QFETCH(bool, asString);
    QFETCH(QString, host);
    QFETCH(QString, service);
    const ConnectionProfile p = ConnectionProfile::fromConninfo(u"n"_s, text);
    QCOMPARE(p.name, u"n"_s);
    QCOMPARE(p.usesConnectionString(), asString);
    QCOMPARE(p.connectionString, asString ? text : QString());
    QCOMPARE(p.host, host);
    QCOMPARE(p.service, service);
    if (!asString) // the fields give back what was written
        QCOMPARE(ConnectionProfile::parse(p.toConninfo()), ConnectionProfile::parse(text));
}

void TestConnectionProfile::settingsRoundTrip() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(u"console.ini"_s);
    ConnectionProfile a = fields(u"db"_s, u"5433"_s, u"store"_s, u"alice"_s);
    a.name = u"Production / EU west"_s; // a slash must not become a settings group
    a.service = u"prod"_s;
    a.sslmode = u"verify-full"_s;
    a.sslrootcert = m_rootCert;
    a.connectTimeoutSeconds = 9;
    a.passwordMode = Mode::Keychain;
    ConnectionProfile b;
    b.name = u"local"_s;
    b.connectionString = u"postgresql:///dedup?host=/var/run/postgresql"_s;
    b.passwordMode = Mode::NoPassword;
    {
        QSettings settings(file, QSettings::IniFormat);
        ConnectionProfiles profiles(settings);
        QString error;
        QVERIFY2(profiles.save(a, &error), qPrintable(error));
        QVERIFY2(profiles.save(b, &error), qPrintable(error));
        profiles.setLastUsed(a.name);
    }
    QSettings settings(file, QSettings::IniFormat);
    ConnectionProfiles profiles(settings);
    QCOMPARE(profiles.names(), (QStringList{u"local"_s, u"Production / EU west"_s}));
    QCOMPARE(profiles.find(a.name), std::optional<ConnectionProfile>(a));
    QCOMPARE(profiles.find(b.name), std::optional<ConnectionProfile>(b));
    QCOMPARE(profiles.lastUsed(), a.name);

    // Saving under an existing name replaces; a rename carries the last-used mark along.
    a.port = u"6000"_s;
    QVERIFY(profiles.save(a));
    QCOMPARE(profiles.all().size(), 2);
    QCOMPARE(profiles.find(a.name)->port, u"6000"_s);
    ConnectionProfile renamed = a;
    renamed.name = u"prod"_s;
    QString error;
    QVERIFY(!profiles.replace(a.name, ConnectionProfile(b), &error)); // "local" is taken
    QCOMPARE(error, u"Another profile is already called \"local\"."_s);
    QVERIFY2(profiles.replace(a.name, renamed, &error), qPrintable(error));
    QCOMPARE(profiles.names(), (QStringList{u"local"_s, u"prod"_s}));
    QCOMPARE(profiles.lastUsed(), u"prod"_s);
    QVERIFY(profiles.remove(u"prod"_s));
    QVERIFY(!profiles.remove(u"prod"_s));
    QCOMPARE(profiles.names(), QStringList{u"local"_s});
    QCOMPARE(profiles.lastUsed(), QString());
    ConnectionProfile unnamed = b;
    unnamed.name.clear();
    QVERIFY(!profiles.save(unnamed, &error));
    QCOMPARE(error, u"A profile needs a name."_s);
}

void TestConnectionProfile::passwordsAreNeverSaved_data() {
    QTest::addColumn<QString>("connectionString");
    QTest::newRow("uri") << u"postgresql://alice:Pa55-Secret@db/dedup"_s;
    QTest::newRow("uri query") << u"postgresql://db/dedup?password=Pa55-Secret"_s;
    QTest::newRow("key=value") << u"host=db password=Pa55-Secret"_s;
    QTest::newRow("quoted") << u"host=db password='Pa55-Secret'"_s;
    QTest::newRow("sslpassword") << u"host=db sslpassword=Pa55-Secret"_s;
    QTest::newRow("sslpassword in a uri") << u"postgresql://db/dedup?sslpassword=Pa55-Secret"_s;
}

void TestConnectionProfile::passwordsAreNeverSaved() {
    QFETCH(QString, connectionString);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(u"console.ini"_s);
    {
        QSettings settings(file, QSettings::IniFormat);
        ConnectionProfiles profiles(settings);
        ConnectionProfile kept = fields(u"db"_s, {}, u"dedup"_s, u"alice"_s);
        kept.name = u"kept"_s;
        QVERIFY(profiles.save(kept));
        ConnectionProfile p;
        p.name = u"with password"_s;
        p.connectionString = connectionString;
        p.passwordMode = Mode::Keychain;
        QString error;
        QVERIFY(!profiles.save(p, &error));
        QVERIFY2(error.contains(u"contains a password"_s) || error.contains(u"an sslpassword"_s),
                 qPrintable(error));
        QVERIFY(!profiles.replace(u"kept"_s, p, &error));
        QCOMPARE(profiles.names(), QStringList{u"kept"_s});
    }
    QFile ini(file);
    QVERIFY(ini.open(QIODevice::ReadOnly));
    const QByteArray bytes = ini.readAll();
    QVERIFY2(bytes.contains("kept"), bytes.constData()); // the file is the one written
    QVERIFY2(!bytes.contains("Pa55-Secret"), bytes.constData());
    QVERIFY2(!bytes.contains("password="), bytes.constData());
}

void TestConnectionProfile::parseErrorsHidePasswords_data() {
    // libpq's parse errors quote the token they stumbled on; here that token is (part of) the
    // password, found in the message before redaction.
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("secret");
    QTest::addColumn<QString>("shownPart"); // what the redacted message still says
    QTest::newRow("space in an unquoted password")
        << u"host=db password=Pa55 T0pSecret"_s << u"T0pSecret"_s << u"missing \"=\" after"_s;
    QTest::newRow("quote in an unquoted password")
        << u"host=db password=Pa55 T0p\"Secret"_s << u"Secret"_s << u"missing \"=\" after"_s;
    QTest::newRow("bad percent-encoding in a URI password")
        << u"postgresql://alice:T0p%zzSecret@db/dedup"_s << u"T0p"_s << u"percent-encoded"_s;
    QTest::newRow("a whole URI quoted")
        << u"postgresql://alice:T0pSecret@[::1/dedup"_s << u"T0pSecret"_s << u"IPv6"_s;
    QTest::newRow("bad percent-encoding in a URI query password")
        << u"postgresql://db/dedup?password=T0p%zzSecret"_s << u"T0p"_s << u"percent-encoded"_s;
}

void TestConnectionProfile::parseErrorsHidePasswords() {
    QFETCH(QString, conninfo);
    QFETCH(QString, secret);
    QFETCH(QString, shownPart);
    char *raw = nullptr;
    PQconninfoOption *parsed = PQconninfoParse(conninfo.toUtf8().constData(), &raw);
    QVERIFY(!parsed);
    QVERIFY(raw);
    const QString unredacted = QString::fromUtf8(raw);
    PQfreemem(raw);
    // Otherwise the row proves nothing.
    QVERIFY2(unredacted.contains(secret), qPrintable(unredacted));

    QString error;
    QVERIFY(!ConnectionProfile::parse(conninfo, &error));
    QVERIFY2(!error.contains(secret), qPrintable(error));
    QVERIFY2(error.contains(shownPart), qPrintable(error));

    PgConnection conn;
    QVERIFY(!conn.open(conninfo));
    QVERIFY2(!conn.openError().message.contains(secret), qPrintable(conn.openError().message));
    QVERIFY2(conn.openError().message.contains(shownPart), qPrintable(conn.openError().message));
}

void TestConnectionProfile::secretKeywords_data() {
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("keyword"); // the secret found; empty: none
    QTest::newRow("password pair") << u"host=db password=x"_s << u"password"_s;
    QTest::newRow("sslpassword pair") << u"host=db sslpassword=x"_s << u"sslpassword"_s;
    QTest::newRow("uri user:password") << u"postgresql://a:x@db/d"_s << u"password"_s;
    QTest::newRow("uri query sslpassword")
        << u"postgresql://db/d?sslpassword=x"_s << u"sslpassword"_s;
    QTest::newRow("both") << u"sslpassword=y host=db password=x"_s << u"password"_s;
    QTest::newRow("empty password holds nothing") << u"host=db password=''"_s << QString();
    QTest::newRow("key and certificate paths")
        << u"host=db sslkey=/k.pem sslcert=/c.pem sslrootcert=/r.crt passfile=/p"_s << QString();
    QTest::newRow("unparsable") << u"host='db password=x"_s << QString();
}

void TestConnectionProfile::secretKeywords() {
    QFETCH(QString, conninfo);
    QFETCH(QString, keyword);
    QVERIFY(ConnectionProfile::secretKeywords().contains(u"password"_s));
    QVERIFY(ConnectionProfile::secretKeywords().contains(u"sslpassword"_s));
    QVERIFY(!ConnectionProfile::secretKeywords().contains(u"sslkey"_s));
    QCOMPARE(ConnectionProfile::secretKeyword(conninfo), keyword);
    // withoutSecrets() takes out exactly the secrets, every other option stays.
    QStringList removed;
    const QString without = ConnectionProfile::withoutSecrets(conninfo, &removed);
    QCOMPARE(ConnectionProfile::secretKeyword(without), QString());
    if (keyword.isEmpty()) {
        QCOMPARE(without, conninfo);
        QVERIFY(removed.isEmpty());
        return;
    }
    QVERIFY(removed.contains(keyword));
    auto others = [](const QString &text) {
        QList<ConnectionProfile::Option> kept;
        for (const auto &option : ConnectionProfile::parse(text).value_or(kept)) {
            if (!ConnectionProfile::secretKeywords().contains(option.first))
                kept.append(option);
        }
        std::sort(kept.begin(), kept.end());
        return kept;
    };
    QCOMPARE(others(without), others(conninfo));
}

void TestConnectionProfile::storedSecretsAreRemoved() {
    // A settings file from before secrets were refused (or edited by hand): the profile keeps
    // everything else, the secrets are neither returned nor, after removeStoredSecrets(), kept.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(u"console.ini"_s);
    {
        QSettings settings(file, QSettings::IniFormat);
        settings.beginWriteArray(u"connections/profiles"_s, 2);
        settings.setArrayIndex(0);
        settings.setValue(u"name"_s, u"old"_s);
        settings.setValue(u"connectionString"_s,
                          u"postgresql://alice@db.example:6432/dedup?sslkey=/k.pem&"
                          "sslpassword=Pa55-Key&application_name=ops"_s);
        settings.setValue(u"standbyConnectionString"_s, u"host=replica password=Pa55-Stby"_s);
        settings.setValue(u"password"_s, u"Pa55-Stray"_s); // a key of its own
        settings.setValue(u"sslmode"_s, u"verify-full"_s);
        settings.setValue(u"passwordMode"_s, u"keychain"_s);
        settings.setArrayIndex(1);
        settings.setValue(u"name"_s, u"clean"_s);
        settings.setValue(u"host"_s, u"/var/run/postgresql"_s);
        settings.endArray();
        settings.setValue(u"connections/lastUsed"_s, u"old"_s);
    }
    auto fileBytes = [&] {
        QFile ini(file);
        return ini.open(QIODevice::ReadOnly) ? ini.readAll() : QByteArray();
    };
    QSettings settings(file, QSettings::IniFormat);
    ConnectionProfiles profiles(settings);
    QStringList warnings;
    const QList<ConnectionProfile> all = profiles.all(&warnings);
    QCOMPARE(all.size(), 2);
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings.first().startsWith(u"Profile \"old\": the settings file held its "_s),
             qPrintable(warnings.first()));
    for (const QString &keyword : {u"password"_s, u"sslpassword"_s})
        QVERIFY2(warnings.first().contains(keyword), qPrintable(warnings.first()));
    QVERIFY(!warnings.first().contains(u"Pa55"_s));
    const ConnectionProfile old = *profiles.find(u"old"_s);
    QVERIFY(!old.connectionString.contains(u"Pa55"_s));
    QVERIFY(!old.standbyConnectionString.contains(u"Pa55"_s));
    // Nothing else is lost: the options libpq reads are the same, less the secret.
    const auto options = ConnectionProfile::parse(old.connectionString);
    QVERIFY(options);
    QCOMPARE(option(old.connectionString, u"host"_s), u"db.example"_s);
    QCOMPARE(option(old.connectionString, u"port"_s), u"6432"_s);
    QCOMPARE(option(old.connectionString, u"user"_s), u"alice"_s);
    QCOMPARE(option(old.connectionString, u"dbname"_s), u"dedup"_s);
    QCOMPARE(option(old.connectionString, u"sslkey"_s), u"/k.pem"_s);
    QCOMPARE(option(old.connectionString, u"application_name"_s), u"ops"_s);
    QCOMPARE(option(old.standbyConnectionString, u"host"_s), u"replica"_s);
    QCOMPARE(old.sslmode, u"verify-full"_s);
    QCOMPARE(old.passwordMode, Mode::Keychain);
    QVERIFY(old.validationError().isEmpty() ||
            !old.validationError().contains(u"password"_s, Qt::CaseInsensitive));
    // Reading alone changes nothing on disk; removeStoredSecrets() rewrites it once.
    QVERIFY(fileBytes().contains("Pa55"));
    QCOMPARE(profiles.removeStoredSecrets(), warnings);
    settings.sync();
    const QByteArray bytes = fileBytes();
    QVERIFY2(!bytes.contains("Pa55"), bytes.constData());
    QVERIFY2(!bytes.contains("sslpassword") && !bytes.contains("\\password="), bytes.constData());
    QVERIFY2(bytes.contains("passwordMode=keychain"), bytes.constData());
    QCOMPARE(profiles.removeStoredSecrets(), QStringList());
    QCOMPARE(profiles.find(u"old"_s), std::optional<ConnectionProfile>(old));
    QCOMPARE(profiles.find(u"clean"_s)->host, u"/var/run/postgresql"_s);
    QCOMPARE(profiles.lastUsed(), u"old"_s);
}

void TestConnectionProfile::defaultSslmode_data() {
    using Source = ConnectionProfile::SslmodeSource;
    QTest::addColumn<QString>("conninfo");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<int>("source");
    const int local = int(Source::LocalDefault);
    const int network = int(Source::NetworkDefault);
    const int chosen = int(Source::Explicit);
    QTest::newRow("nothing: default socket") << QString() << u"prefer"_s << local;
    QTest::newRow("socket path") << u"host=/var/run/postgresql"_s << u"prefer"_s << local;
    QTest::newRow("abstract socket") << u"host=@dedup"_s << u"prefer"_s << local;
    QTest::newRow("localhost") << u"host=localhost"_s << u"prefer"_s << local;
    QTest::newRow("LOCALHOST") << u"host=LOCALHOST"_s << u"prefer"_s << local;
    QTest::newRow("127.0.0.1") << u"host=127.0.0.1"_s << u"prefer"_s << local;
    QTest::newRow("127.45.6.7") << u"hostaddr=127.45.6.7"_s << u"prefer"_s << local;
    QTest::newRow("::1") << u"host=::1"_s << u"prefer"_s << local;
    QTest::newRow("[::1] in a uri") << u"postgresql://[::1]:5433/d"_s << u"prefer"_s << local;
    QTest::newRow("v4-mapped loopback") << u"hostaddr=::ffff:127.0.0.1"_s << u"prefer"_s << local;
    QTest::newRow("local list") << u"host=localhost,/tmp,127.0.0.1"_s << u"prefer"_s << local;
    QTest::newRow("db.example") << u"host=db.example"_s << u"verify-full"_s << network;
    QTest::newRow("uri db.example")
        << u"postgresql://alice@db.example/d"_s << u"verify-full"_s << network;
    QTest::newRow("128.0.0.1") << u"host=128.0.0.1"_s << u"verify-full"_s << network;
    QTest::newRow("10.0.0.5") << u"hostaddr=10.0.0.5"_s << u"verify-full"_s << network;
    QTest::newRow("::2") << u"host=::2"_s << u"verify-full"_s << network;
    QTest::newRow("localhost at a network address")
        << u"host=localhost hostaddr=10.0.0.5"_s << u"verify-full"_s << network;
    QTest::newRow("network name at loopback")
        << u"host=db.example hostaddr=127.0.0.1"_s << u"verify-full"_s << network;
    QTest::newRow("multi-host mixed")
        << u"host=/tmp,db.example,localhost"_s << u"verify-full"_s << network;
    QTest::newRow("multi-host uri mixed")
        << u"postgresql://localhost:5432,db2.example:5433/d"_s << u"verify-full"_s << network;
    QTest::newRow("explicit disable kept")
        << u"host=db.example sslmode=disable"_s << u"disable"_s << chosen;
    QTest::newRow("explicit require in a uri kept")
        << u"postgresql://db.example/d?sslmode=require"_s << u"require"_s << chosen;
    QTest::newRow("explicit verify-ca kept")
        << u"host=db.example sslmode=verify-ca"_s << u"verify-ca"_s << chosen;
    QTest::newRow("explicit on a socket")
        << u"host=/tmp sslmode=disable"_s << u"disable"_s << chosen;
}

void TestConnectionProfile::defaultSslmode() {
    QFETCH(QString, conninfo);
    QFETCH(QString, mode);
    QFETCH(int, source);
    const auto effective = ConnectionProfile::effectiveSslmode(conninfo);
    QCOMPARE(effective.mode, mode);
    QCOMPARE(int(effective.source), source);
    QCOMPARE(ConnectionProfile::reachesNetwork(conninfo),
             !conninfo.contains(u"/tmp sslmode"_s) &&
                 (source == int(ConnectionProfile::SslmodeSource::NetworkDefault) ||
                  (source == int(ConnectionProfile::SslmodeSource::Explicit))));
    // What PgConnection::open() connects with: verify-full added only for the network default,
    // everything else as written.
    const QString connected = ConnectionProfile::withDefaultSslmode(conninfo);
    const auto before = ConnectionProfile::parse(conninfo);
    const auto after = ConnectionProfile::parse(connected);
    QVERIFY(before && after);
    if (source == int(ConnectionProfile::SslmodeSource::NetworkDefault)) {
        QCOMPARE(option(connected, u"sslmode"_s), u"verify-full"_s);
        QCOMPARE(after->size(), before->size() + 1);
    } else {
        QCOMPARE(connected, conninfo);
    }
    for (const auto &[key, value] : *before)
        QCOMPARE(option(connected, key), value);
}

void TestConnectionProfile::defaultSslmodeFromEnvironmentAndService() {
    using Source = ConnectionProfile::SslmodeSource;
    // PGHOST and PGSSLMODE count as libpq counts them: under what the conninfo says.
    qputenv("PGHOST", "db.example");
    QCOMPARE(int(ConnectionProfile::effectiveSslmode(QString()).source),
             int(Source::NetworkDefault));
    QCOMPARE(int(ConnectionProfile::effectiveSslmode(u"host=/tmp"_s).source),
             int(Source::LocalDefault));
    qputenv("PGSSLMODE", "require");
    QCOMPARE(ConnectionProfile::effectiveSslmode(QString()).mode, u"require"_s);
    QCOMPARE(ConnectionProfile::withDefaultSslmode(u"dbname=d"_s), u"dbname=d"_s);
    qunsetenv("PGSSLMODE");
    qunsetenv("PGHOST");

    // A service's entry in pg_service.conf: its host and sslmode count, the conninfo's first.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(u"services.conf"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# services for the test\n"
               "[net]\nhost=db.example\ndbname=dedup\n\n"
               "[weak]\nhost=db.example\nsslmode=require\n"
               "[local]\nhost=/var/run/postgresql\n");
    file.close();
    qputenv("PGSERVICEFILE", QFile::encodeName(path));
    QCOMPARE(int(ConnectionProfile::effectiveSslmode(u"service=net"_s).source),
             int(Source::NetworkDefault));
    QCOMPARE(ConnectionProfile::effectiveSslmode(u"service=weak"_s).mode, u"require"_s);
    QCOMPARE(int(ConnectionProfile::effectiveSslmode(u"service=local"_s).source),
             int(Source::LocalDefault));
    QCOMPARE(int(ConnectionProfile::effectiveSslmode(u"service=local host=db2.example"_s).source),
             int(Source::NetworkDefault));
    QCOMPARE(ConnectionProfile::effectiveSslmode(u"service=net sslmode=disable"_s).mode,
             u"disable"_s);
    qputenv("PGSERVICE", "net");
    QCOMPARE(int(ConnectionProfile::effectiveSslmode(QString()).source),
             int(Source::NetworkDefault));
    qunsetenv("PGSERVICE");
    qunsetenv("PGSERVICEFILE");
}

void TestConnectionProfile::networkDefaultNeedsARootCertificate() {
    const QString standard = m_home.path() + u"/.postgresql/root.crt"_s;
    QVERIFY(!QFile::exists(standard));
    ConnectionProfile p = fields(u"db.example"_s, {}, u"dedup"_s, {});
    const QString error = p.validationError();
    QCOMPARE(error, u"The server is reached over the network, so sslmode is verify-full unless "
                    "chosen otherwise: the server's certificate and host name are checked "
                    "against the root certificate of the authority that signed it. Choose it "
                    "under \"Root certificate\" or install it as %1. Only on a network you "
                    "trust, choose a weaker sslmode explicitly (require encrypts without "
                    "verifying the server)."_s.arg(standard));
    p.sslrootcert = m_rootCert;
    QCOMPARE(p.validationError(), QString());
    p.sslrootcert.clear();
    p.sslmode = u"disable"_s; // a weaker mode, chosen: kept, and nothing to verify
    QCOMPARE(p.validationError(), QString());
    QCOMPARE(option(p.toConninfo(), u"sslmode"_s), u"disable"_s);
    QCOMPARE(ConnectionProfile::withDefaultSslmode(p.toConninfo()), p.toConninfo());
}

QTEST_GUILESS_MAIN(TestConnectionProfile)
#include "tst_connectionprofile.moc"
