// The standby a connection profile may name (docs/SCALING.md section 1): its conninfo, its
// validation and its persistence. No server needed.
#include "store/ConnectionProfile.h"
#include "store/ConnectionProfiles.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using dedup::store::ConnectionProfile;
using dedup::store::ConnectionProfiles;
using namespace Qt::StringLiterals;

class TestStandbyProfile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void standbyConninfo_data();
    void standbyConninfo();
    void noStandby();
    void passwordIsRefused();
    void unreadableStandbyIsRefused();
    void persists();

private:
    QTemporaryDir m_home;
};

void TestStandbyProfile::initTestCase() {
    // Network hosts connect with verify-full unless the profile says otherwise: a root
    // certificate where libpq looks by default keeps that from being what validation reports.
    QVERIFY(m_home.isValid());
    for (const char *name : {"PGHOST", "PGHOSTADDR", "PGSERVICE", "PGSSLMODE", "PGSSLROOTCERT"})
        qunsetenv(name);
    qputenv("HOME", QFile::encodeName(m_home.path()));
    QVERIFY(QDir().mkpath(m_home.filePath(u".postgresql"_s)));
    QFile cert(m_home.filePath(u".postgresql/root.crt"_s));
    QVERIFY(cert.open(QIODevice::WriteOnly));
    cert.write("only required to exist\n");
}

void TestStandbyProfile::standbyConninfo_data() {
    QTest::addColumn<QString>("primary");
    QTest::addColumn<QString>("standby");
    QTest::addColumn<QString>("expected");
    // What the standby leaves out comes from the primary; where it is comes from it alone.
    QTest::newRow("host only") << u"host=db1 port=5433 dbname=dedup user=alice sslmode=require"_s
                               << u"host=replica1"_s
                               << u"dbname=dedup user=alice sslmode=require host=replica1"_s;
    QTest::newRow("host and port")
        << u"host=db1 port=5433 dbname=dedup user=alice"_s << u"host=replica1 port=6432"_s
        << u"dbname=dedup user=alice host=replica1 port=6432"_s;
    QTest::newRow("primary hostaddr dropped")
        << u"hostaddr=10.0.0.1 dbname=dedup"_s << u"host=replica1"_s
        << u"dbname=dedup host=replica1"_s;
    QTest::newRow("standby overrides user")
        << u"host=db1 dbname=dedup user=alice"_s << u"host=replica1 user=reader"_s
        << u"host=replica1 dbname=dedup user=reader"_s;
    QTest::newRow("standby uri") << u"postgresql://alice@db1/dedup"_s
                                 << u"postgresql://replica1:6432"_s
                                 << u"user=alice dbname=dedup host=replica1 port=6432"_s;
    QTest::newRow("port only keeps nothing of the primary's location")
        << u"host=db1 port=5432 dbname=dedup"_s << u"port=5433"_s << u"dbname=dedup port=5433"_s;
}

void TestStandbyProfile::standbyConninfo() {
    QFETCH(QString, primary);
    QFETCH(QString, standby);
    QFETCH(QString, expected);
    ConnectionProfile profile = ConnectionProfile::fromConninfo(u"p"_s, primary);
    profile.standbyConnectionString = standby;
    QVERIFY(profile.hasStandby());
    QCOMPARE(profile.validationError(), QString());
    const auto got = ConnectionProfile::parse(profile.standbyConninfo());
    const auto want = ConnectionProfile::parse(expected);
    QVERIFY(got && want);
    // Compared as option sets: libpq's order is not part of the contract.
    auto sorted = [](QList<ConnectionProfile::Option> options) {
        std::sort(options.begin(), options.end());
        return options;
    };
    QCOMPARE(sorted(*got), sorted(*want));
}

void TestStandbyProfile::noStandby() {
    ConnectionProfile profile = ConnectionProfile::fromConninfo(u"p"_s, u"host=db1"_s);
    QVERIFY(!profile.hasStandby());
    QCOMPARE(profile.standbyConninfo(), QString());
    profile.standbyConnectionString = u"   "_s;
    QVERIFY(!profile.hasStandby());
    QCOMPARE(profile.standbyConninfo(), QString());
}

void TestStandbyProfile::passwordIsRefused() {
    ConnectionProfile profile = ConnectionProfile::fromConninfo(u"p"_s, u"host=db1"_s);
    profile.standbyConnectionString = u"postgresql://alice:secret@replica1/dedup"_s;
    QVERIFY(profile.validationError().startsWith(
        u"The standby's connection string contains a password."_s));
    QTemporaryDir dir;
    QSettings settings(dir.filePath(u"p.ini"_s), QSettings::IniFormat);
    ConnectionProfiles profiles(settings);
    QString error;
    QVERIFY(!profiles.save(profile, &error));
    QVERIFY(error.startsWith(u"The standby's connection string contains a password."_s));
    QVERIFY(profiles.all().isEmpty());
    // Nothing of it reached the file.
    settings.sync();
    QFile file(dir.filePath(u"p.ini"_s));
    QVERIFY(!file.open(QIODevice::ReadOnly) || !file.readAll().contains("secret"));
}

void TestStandbyProfile::unreadableStandbyIsRefused() {
    ConnectionProfile profile = ConnectionProfile::fromConninfo(u"p"_s, u"host=db1"_s);
    profile.standbyConnectionString = u"host='replica1"_s;
    QVERIFY2(
        profile.validationError().startsWith(u"The standby's connection string cannot be read"_s),
        qPrintable(profile.validationError()));
}

void TestStandbyProfile::persists() {
    QTemporaryDir dir;
    const QString path = dir.filePath(u"profiles.ini"_s);
    ConnectionProfile profile =
        ConnectionProfile::fromConninfo(u"prod"_s, u"host=db1 dbname=dedup user=alice"_s);
    profile.standbyConnectionString = u"host=replica1 port=6432"_s;
    profile.passwordMode = ConnectionProfile::PasswordMode::Keychain;
    {
        QSettings settings(path, QSettings::IniFormat);
        QString error;
        QVERIFY2(ConnectionProfiles(settings).save(profile, &error), qPrintable(error));
    }
    QSettings reread(path, QSettings::IniFormat);
    const auto loaded = ConnectionProfiles(reread).find(u"prod"_s);
    QVERIFY(loaded);
    QCOMPARE(loaded->standbyConnectionString, u"host=replica1 port=6432"_s);
    QCOMPARE(*loaded, profile);
    // Cleared, it is gone.
    ConnectionProfile cleared = *loaded;
    cleared.standbyConnectionString.clear();
    QVERIFY(ConnectionProfiles(reread).save(cleared));
    QSettings again(path, QSettings::IniFormat);
    QCOMPARE(ConnectionProfiles(again).find(u"prod"_s)->standbyConnectionString, QString());
}

QTEST_GUILESS_MAIN(TestStandbyProfile)
#include "tst_standbyprofile.moc"
