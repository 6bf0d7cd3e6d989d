// The connection dialog offscreen, against the private PostgreSQL: inline validation keeps
// Connect disabled, Test shows the role or the failure, Connect accepts with a good report,
// checks run in the background (cancel, close while running), and a typed password never
// reaches the settings file. No keychain here (no D-Bus session): the dialog must say so and
// ask for the password instead, without waiting.
#include "SilentServer.h"
#include "TestDatabase.h"
#include "store/ConnectionProfile.h"
#include "store/ConnectionProfiles.h"
#include "widgets/ConnectionDialog.h"
#include "widgets/PasswordVault.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace dedup;
using namespace Qt::StringLiterals;
using widgets::ConnectionDialog;

namespace {

template <typename T>
T *child(const QWidget &parent, const QString &name) {
    T *widget = parent.findChild<T *>(name);
    if (!widget)
        qWarning("no %s named %s", T::staticMetaObject.className(), qPrintable(name));
    return widget;
}

QString port(const TestDatabase &db) {
    return store::ConnectionProfile::effectiveValue(db.conninfo(), u"port"_s);
}

// Fills the fields of the dialog's current profile.
void fill(ConnectionDialog &dialog, const QString &host, const QString &portText,
          const QString &dbname, const QString &user) {
    child<QRadioButton>(dialog, u"fieldsRadio"_s)->setChecked(true);
    child<QLineEdit>(dialog, u"hostEdit"_s)->setText(host);
    child<QLineEdit>(dialog, u"portEdit"_s)->setText(portText);
    child<QLineEdit>(dialog, u"dbnameEdit"_s)->setText(dbname);
    child<QLineEdit>(dialog, u"userEdit"_s)->setText(user);
}

QByteArray settingsBytes() {
    QSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestConnectionDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void keychainAbsentIsDetectedQuickly();
    void badPortDisablesConnect_data();
    void badPortDisablesConnect();
    void connectionStringValidation_data();
    void connectionStringValidation();
    void profilesNewDuplicateRename();
    void testShowsRole();
    void testWarnsWithoutGrants();
    void testShowsFailure();
    void connectNowAccepts();
    void returnKeyConnects();
    void typedPasswordIsNotSaved();
    void initialConninfoIsNotSaved();
    void initialConninfoSecretIsRefused();
    void sslModeNoteShowsTheEffectiveMode();
    void storedSecretIsRemovedVisibly();
    void cancelAbandonsTheCheck();
    void closingWhileCheckingIsSafe();

private:
    QTemporaryDir m_certDir;
};

void TestConnectionDialog::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
    // No keychain on a headless machine, whatever this one has: the fallback is under test,
    // and a developer's real keychain is never touched.
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    qunsetenv("DISPLAY");
    for (const char *name : {"PGHOST", "PGPORT", "PGDATABASE", "PGUSER", "PGPASSWORD", "PGSERVICE",
                             "PGSSLMODE", "PGSSLROOTCERT"})
        qunsetenv(name);
    // Network hosts connect with verify-full unless a profile says otherwise: a root
    // certificate (PGSSLROOTCERT) keeps that from being what these forms report.
    QVERIFY(m_certDir.isValid());
    QFile cert(m_certDir.filePath(u"root.crt"_s));
    QVERIFY(cert.open(QIODevice::WriteOnly));
    cert.write("only required to exist\n");
    qputenv("PGSSLROOTCERT", QFile::encodeName(cert.fileName()));
}

void TestConnectionDialog::init() {
    QSettings().clear();
}

void TestConnectionDialog::keychainAbsentIsDetectedQuickly() {
    widgets::PasswordVault vault;
    QSignalSpy known(&vault, &widgets::PasswordVault::availabilityKnown);
    QElapsedTimer timer;
    timer.start();
    vault.probe();
    QTRY_COMPARE_WITH_TIMEOUT(known.size(), 1, 5000);
    QVERIFY(timer.elapsed() < widgets::PasswordVault::TimeoutMs); // an answer, not a timeout
    QCOMPARE(known.at(0).at(0).toBool(), false);
    QVERIFY(vault.isKnown());
    QVERIFY(!vault.available());
    QVERIFY(!vault.unavailableReason().isEmpty());
    QSignalSpy failed(&vault, &widgets::PasswordVault::failed);
    vault.write(u"prod"_s, u"secret"_s);
    QTRY_COMPARE(failed.size(), 1);
    QCOMPARE(failed.at(0).at(0).toString(), u"prod"_s);

    ConnectionDialog dialog;
    auto *keychain = child<QRadioButton>(dialog, u"keychainRadio"_s);
    QTRY_VERIFY2(keychain->toolTip().startsWith(u"No system keychain here"_s),
                 qPrintable(keychain->toolTip()));
    QVERIFY(!keychain->isEnabled());
    QVERIFY(!child<QCheckBox>(dialog, u"rememberCheck"_s)->isVisibleTo(&dialog));

    // A profile saved with the keychain on another machine: the password is asked for.
    {
        QSettings settings;
        store::ConnectionProfile saved;
        saved.name = u"from my laptop"_s;
        saved.host = u"db"_s;
        saved.passwordMode = store::ConnectionProfile::PasswordMode::Keychain;
        QVERIFY(store::ConnectionProfiles(settings).save(saved));
    }
    ConnectionDialog withKeychainProfile;
    withKeychainProfile.show();
    auto *radio = child<QRadioButton>(withKeychainProfile, u"keychainRadio"_s);
    auto *status = child<QLabel>(withKeychainProfile, u"passwordStatusLabel"_s);
    QTRY_VERIFY2(status->text().startsWith(u"The system keychain is not available here ("_s),
                 qPrintable(status->text()));
    QVERIFY(status->text().endsWith(u"Type the password: it is used for this connection only "
                                    "and not stored."_s));
    QVERIFY(radio->isChecked());
    QVERIFY(radio->isEnabled()); // its setting stays visible
    QVERIFY(child<QLineEdit>(withKeychainProfile, u"passwordEdit"_s)->isVisible());
    QVERIFY(!child<QCheckBox>(withKeychainProfile, u"rememberCheck"_s)->isVisible());
}

void TestConnectionDialog::badPortDisablesConnect_data() {
    QTest::addColumn<QString>("port");
    QTest::addColumn<QString>("message");
    QTest::newRow("too big") << u"99999"_s << u"\"99999\" is not a port number: use 1 to 65535"_s;
    QTest::newRow("zero") << u"0"_s << u"\"0\" is not a port number"_s;
    QTest::newRow("text") << u"pg"_s << u"\"pg\" is not a port number"_s;
}

void TestConnectionDialog::badPortDisablesConnect() {
    QFETCH(QString, port);
    QFETCH(QString, message);
    ConnectionDialog dialog;
    dialog.show();
    fill(dialog, u"db.example.com"_s, u"5432"_s, u"dedup"_s, u"alice"_s);
    auto *connect = child<QPushButton>(dialog, u"connectButton"_s);
    auto *test = child<QPushButton>(dialog, u"testButton"_s);
    auto *validation = child<QLabel>(dialog, u"validationLabel"_s);
    QVERIFY(connect->isEnabled());
    QVERIFY(!validation->isVisible());
    QCOMPARE(child<QLabel>(dialog, u"targetLabel"_s)->text(),
             u"Connects to alice@db.example.com:5432/dedup"_s);

    auto *portEdit = child<QLineEdit>(dialog, u"portEdit"_s);
    portEdit->clear();
    QTest::keyClicks(portEdit, port);
    QVERIFY(validation->isVisible());
    QVERIFY2(validation->text().contains(message), qPrintable(validation->text()));
    QVERIFY(!connect->isEnabled());
    QVERIFY(!test->isEnabled());
    QVERIFY(!child<QPushButton>(dialog, u"saveButton"_s)->isEnabled());
    // Return does nothing while invalid.
    QTest::keyClick(portEdit, Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QCOMPARE(child<QLabel>(dialog, u"resultLabel"_s)->text(), QString());

    portEdit->setText(u"6543"_s);
    QVERIFY(!validation->isVisible());
    QVERIFY(connect->isEnabled());
}

void TestConnectionDialog::connectionStringValidation_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message"); // empty: valid
    QTest::newRow("uri") << u"postgresql://alice@db/dedup"_s << QString();
    QTest::newRow("service") << u"service=prod"_s << QString();
    QTest::newRow("unparsable uri")
        << u"postgresql://[::1/dedup"_s << u"The connection string cannot be read"_s;
    QTest::newRow("unknown option")
        << u"host=db flavour=mint"_s << u"invalid connection option \"flavour\""_s;
    QTest::newRow("password") << u"postgresql://alice:hunter2@db/dedup"_s
                              << u"The connection string contains a password."_s;
    QTest::newRow("empty") << QString() << u"Type a connection string, or choose Fields."_s;
    QTest::newRow("verify-full without root certificate")
        << u"host=db sslmode=verify-full sslrootcert=/nonexistent/ca.crt"_s
        << u"The root certificate file /nonexistent/ca.crt does not exist."_s;
}

void TestConnectionDialog::connectionStringValidation() {
    QFETCH(QString, text);
    QFETCH(QString, message);
    ConnectionDialog dialog;
    dialog.show();
    QTest::mouseClick(child<QRadioButton>(dialog, u"connectionStringRadio"_s), Qt::LeftButton);
    auto *edit = child<QLineEdit>(dialog, u"connectionStringEdit"_s);
    QVERIFY(edit->isVisible());
    QVERIFY(!child<QLineEdit>(dialog, u"hostEdit"_s)->isVisible());
    QTest::keyClicks(edit, text);
    auto *validation = child<QLabel>(dialog, u"validationLabel"_s);
    auto *connect = child<QPushButton>(dialog, u"connectButton"_s);
    if (message.isEmpty()) {
        QVERIFY2(!validation->isVisible(), qPrintable(validation->text()));
        QVERIFY(connect->isEnabled());
    } else {
        QVERIFY(validation->isVisible());
        QVERIFY2(validation->text().contains(message), qPrintable(validation->text()));
        QVERIFY(!connect->isEnabled());
    }
}

void TestConnectionDialog::profilesNewDuplicateRename() {
    ConnectionDialog dialog;
    dialog.show();
    auto *list = child<QListWidget>(dialog, u"profileList"_s);
    auto *name = child<QLineEdit>(dialog, u"nameEdit"_s);
    QCOMPARE(list->count(), 1); // nothing saved: one empty profile to fill in
    QCOMPARE(name->text(), u"New connection"_s);
    fill(dialog, u"db"_s, {}, u"dedup"_s, u"alice"_s);
    name->setText(u"prod"_s);
    QCOMPARE(list->item(0)->text(), u"prod"_s); // renamed through the name field
    QTest::mouseClick(child<QPushButton>(dialog, u"duplicateButton"_s), Qt::LeftButton);
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->currentRow(), 1);
    QCOMPARE(name->text(), u"prod (copy)"_s);
    QCOMPARE(child<QLineEdit>(dialog, u"hostEdit"_s)->text(), u"db"_s);
    name->setText(u"prod"_s);
    auto *validation = child<QLabel>(dialog, u"validationLabel"_s);
    QCOMPARE(validation->text(), u"Another profile is already called \"prod\"."_s);
    QVERIFY(!child<QPushButton>(dialog, u"saveButton"_s)->isEnabled());
    name->setText(u"staging"_s);
    QTest::mouseClick(child<QPushButton>(dialog, u"saveButton"_s), Qt::LeftButton);
    QTest::mouseClick(child<QPushButton>(dialog, u"newButton"_s), Qt::LeftButton);
    QCOMPARE(list->count(), 3);
    QCOMPARE(name->text(), u"New connection"_s);

    QSettings settings;
    store::ConnectionProfiles profiles(settings);
    QCOMPARE(profiles.names(), QStringList{u"staging"_s}); // only what was saved
    QCOMPARE(profiles.find(u"staging"_s)->host, u"db"_s);

    ConnectionDialog again; // the saved profile comes back
    QCOMPARE(child<QListWidget>(again, u"profileList"_s)->count(), 1);
    QCOMPARE(child<QLineEdit>(again, u"nameEdit"_s)->text(), u"staging"_s);
    QCOMPARE(child<QLineEdit>(again, u"userEdit"_s)->text(), u"alice"_s);
}

void TestConnectionDialog::testShowsRole() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grant(u"t_viewer"_s, u"viewer"_s), QString());
    ConnectionDialog dialog;
    dialog.show();
    fill(dialog, u"127.0.0.1"_s, port(db), db.name(), u"t_viewer"_s);
    QTest::mouseClick(child<QRadioButton>(dialog, u"noPasswordRadio"_s), Qt::LeftButton);
    QVERIFY(!child<QLineEdit>(dialog, u"passwordEdit"_s)->isVisible());
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QTest::keyClick(&dialog, Qt::Key_T, Qt::ControlModifier); // Test connection
    auto *result = child<QLabel>(dialog, u"resultLabel"_s);
    QTRY_VERIFY2(result->text().startsWith(u"Connected"_s), qPrintable(result->text()));
    QVERIFY2(result->text().startsWith(
                 u"Connected as t_viewer (viewer for everything) to "
                 "t_viewer@127.0.0.1:%1/%2, PostgreSQL 15."_s.arg(port(db), db.name())),
             qPrintable(result->text()));
    // What the login may see and do, in words.
    QVERIFY2(result->text().endsWith(
                 u". Not encrypted (loopback). It sees every run and may not act on any of them "
                 "(read-only)."_s),
             qPrintable(result->text()));
    QVERIFY(dialog.isVisible()); // a test does not connect the console
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(!dialog.report().ok() || dialog.report().currentUser.isEmpty());
    QVERIFY(child<QPushButton>(dialog, u"connectButton"_s)->isEnabled());
}

void TestConnectionDialog::testWarnsWithoutGrants() {
    // t_operator is in the group role, but this store has no grant for it: it may connect,
    // and the result says plainly that it will see nothing.
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    ConnectionDialog dialog;
    dialog.show();
    fill(dialog, u"127.0.0.1"_s, port(db), db.name(), u"t_operator"_s);
    QTest::mouseClick(child<QRadioButton>(dialog, u"noPasswordRadio"_s), Qt::LeftButton);
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QTest::keyClick(&dialog, Qt::Key_T, Qt::ControlModifier); // Test connection
    auto *result = child<QLabel>(dialog, u"resultLabel"_s);
    QTRY_VERIFY2(result->text().startsWith(u"Connected"_s), qPrintable(result->text()));
    QVERIFY2(result->text().startsWith(u"Connected as t_operator (no access in this store)"_s),
             qPrintable(result->text()));
    QVERIFY2(result->text().endsWith(
                 u"\n\nWarning: Login t_operator has no viewer or operator grant in this store: "
                 "the console will show no runs and offer no actions. Ask the store's owner for "
                 "one, e.g. SELECT dedup.access_grant('t_operator', 'viewer');"_s),
             qPrintable(result->text()));
}

void TestConnectionDialog::testShowsFailure() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    ConnectionDialog dialog;
    dialog.show();
    fill(dialog, u"127.0.0.1"_s, port(db), u"no_such_store"_s, u"t_operator"_s);
    QTest::mouseClick(child<QPushButton>(dialog, u"testButton"_s), Qt::LeftButton);
    auto *result = child<QLabel>(dialog, u"resultLabel"_s);
    QTRY_VERIFY2(result->text().startsWith(u"There is no database"_s), qPrintable(result->text()));
    QVERIFY2(result->text().startsWith(u"There is no database called no_such_store at "
                                       "127.0.0.1:%1."_s.arg(port(db))),
             qPrintable(result->text()));
    // libpq's own words follow the explanation.
    QVERIFY(result->text().contains(u"FATAL:  database \"no_such_store\" does not exist"_s));
    QVERIFY(dialog.isVisible());
}

void TestConnectionDialog::connectNowAccepts() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grant(u"t_operator"_s, u"operator"_s), QString());
    ConnectionDialog dialog;
    dialog.show();
    child<QLineEdit>(dialog, u"nameEdit"_s)->setText(u"test store"_s);
    fill(dialog, u"127.0.0.1"_s, port(db), db.name(), u"t_operator"_s);
    QSignalSpy accepted(&dialog, &QDialog::accepted);
    dialog.connectNow();
    QVERIFY(child<QPushButton>(dialog, u"cancelCheckButton"_s)->isVisible()); // running
    QVERIFY(!child<QPushButton>(dialog, u"connectButton"_s)->isEnabled());
    QTRY_COMPARE(accepted.size(), 1);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const store::ConnectionReport report = dialog.report();
    QVERIFY2(report.ok(), qPrintable(report.message + report.detail));
    QVERIFY(report.canOperate);
    QCOMPARE(report.currentUser, u"t_operator"_s);
    QCOMPARE(report.profileName, u"test store"_s);
    QSettings settings;
    store::ConnectionProfiles profiles(settings);
    QCOMPARE(profiles.names(), QStringList{u"test store"_s}); // Connect saves the profile
    QCOMPARE(profiles.lastUsed(), u"test store"_s);
}

void TestConnectionDialog::returnKeyConnects() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grant(u"t_viewer"_s, u"viewer"_s), QString());
    ConnectionDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    fill(dialog, u"127.0.0.1"_s, port(db), db.name(), u"t_viewer"_s);
    QTest::keyClick(child<QLineEdit>(dialog, u"dbnameEdit"_s), Qt::Key_Return);
    QTRY_COMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(dialog.report().ok());
    QVERIFY(!dialog.report().canOperate);
    QCOMPARE(dialog.report().roleDescription(), u"viewer (read-only)"_s);
}

void TestConnectionDialog::typedPasswordIsNotSaved() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString secret = u"Typed-S3cret'pw"_s;
    ConnectionDialog dialog;
    dialog.show();
    fill(dialog, u"127.0.0.1"_s, port(db), db.name(), u"t_operator"_s);
    // The keychain mode is not offered here; "ask each time" is what remains.
    QTest::mouseClick(child<QRadioButton>(dialog, u"askRadio"_s), Qt::LeftButton);
    auto *password = child<QLineEdit>(dialog, u"passwordEdit"_s);
    QVERIFY(password->isVisible());
    QCOMPARE(password->echoMode(), QLineEdit::Password);
    QTest::keyClicks(password, secret);
    QTest::mouseClick(child<QPushButton>(dialog, u"saveButton"_s), Qt::LeftButton);
    QCOMPARE(child<QLabel>(dialog, u"resultLabel"_s)->text(), u"Saved."_s);
    dialog.connectNow();
    QTRY_COMPARE(dialog.result(), int(QDialog::Accepted));
    // The password was used (the test cluster trusts, so any password is accepted)...
    QCOMPARE(store::ConnectionProfile::effectiveValue(dialog.report().conninfo, u"password"_s),
             secret);
    // ...and is nowhere in the settings.
    const QByteArray bytes = settingsBytes();
    QVERIFY2(bytes.contains(db.name().toUtf8()), bytes.constData()); // the profile is there
    QVERIFY2(!bytes.contains("Typed-S3cret"), bytes.constData());
}

void TestConnectionDialog::initialConninfoIsNotSaved() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString uri =
        u"host=127.0.0.1 port=%1 user=t_operator dbname=%2"_s.arg(port(db), db.name());
    ConnectionDialog dialog;
    dialog.setInitialConninfo(uri);
    auto *list = child<QListWidget>(dialog, u"profileList"_s);
    QCOMPARE(list->count(), 1); // replaces the empty profile
    QCOMPARE(child<QLineEdit>(dialog, u"nameEdit"_s)->text(), u"Command line"_s);
    QCOMPARE(child<QLineEdit>(dialog, u"passwordEdit"_s)->text(), QString());
    QCOMPARE(child<QLineEdit>(dialog, u"hostEdit"_s)->text(), u"127.0.0.1"_s);
    QCOMPARE(child<QLineEdit>(dialog, u"dbnameEdit"_s)->text(), db.name());
    QVERIFY(!child<QLabel>(dialog, u"validationLabel"_s)->isVisibleTo(&dialog));
    dialog.connectNow();
    QTRY_COMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(dialog.report().ok());
    QSettings settings;
    QCOMPARE(store::ConnectionProfiles(settings).names(), QStringList());
    QVERIFY(!settingsBytes().contains("Cl1-Secret"));
}

void TestConnectionDialog::initialConninfoSecretIsRefused() {
    // dedup-console --connect with a password: refused (not used), everything else kept, and
    // the dialog waits for the operator instead of connecting.
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString uri =
        u"postgresql://t_operator:Cl1-Secret@127.0.0.1:%1/%2?application_name=ops"_s.arg(port(db),
                                                                                         db.name());
    ConnectionDialog dialog;
    dialog.show();
    dialog.setInitialConninfo(uri);
    QCOMPARE(child<QLineEdit>(dialog, u"passwordEdit"_s)->text(), QString());
    auto *connectionString = child<QLineEdit>(dialog, u"connectionStringEdit"_s);
    QVERIFY(!connectionString->text().contains(u"Cl1-Secret"_s));
    QCOMPARE(store::ConnectionProfile::effectiveValue(connectionString->text(), u"user"_s),
             u"t_operator"_s);
    QCOMPARE(
        store::ConnectionProfile::effectiveValue(connectionString->text(), u"application_name"_s),
        u"ops"_s);
    const QString note = child<QLabel>(dialog, u"passwordStatusLabel"_s)->text();
    QVERIFY2(note.startsWith(u"--connect held a password, which was not used"_s), qPrintable(note));
    for (const QString &where : {u"keychain"_s, u"~/.pgpass"_s, u"PGPASSWORD"_s})
        QVERIFY2(note.contains(where), qPrintable(note));
    dialog.connectNow(); // what the command line's automatic connect does: nothing yet
    QTest::qWait(200);
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(dialog.isVisible());
    // The operator connects (the test cluster trusts: no password needed).
    QTest::mouseClick(child<QPushButton>(dialog, u"connectButton"_s), Qt::LeftButton);
    QTRY_COMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(store::ConnectionProfile::effectiveValue(dialog.report().conninfo, u"password"_s),
             QString());
    QVERIFY(!settingsBytes().contains("Cl1-Secret"));
}

void TestConnectionDialog::sslModeNoteShowsTheEffectiveMode() {
    ConnectionDialog dialog;
    dialog.show();
    auto *note = child<QLabel>(dialog, u"sslModeNoteLabel"_s);
    auto *mode = child<QComboBox>(dialog, u"sslModeCombo"_s);
    fill(dialog, u"db.example.com"_s, {}, u"dedup"_s, u"alice"_s);
    QVERIFY2(note->text().startsWith(u"Connects with verify-full, the default for a host reached "
                                     "over the network"_s),
             qPrintable(note->text()));
    mode->setCurrentIndex(mode->findData(u"require"_s));
    QVERIFY2(note->text().startsWith(u"Warning: sslmode require, chosen explicitly"_s),
             qPrintable(note->text()));
    mode->setCurrentIndex(mode->findData(u"disable"_s));
    QVERIFY2(note->text().startsWith(u"Warning: sslmode disable, chosen explicitly"_s),
             qPrintable(note->text()));
    fill(dialog, u"/var/run/postgresql"_s, {}, u"dedup"_s, u"alice"_s);
    QVERIFY2(note->text().startsWith(u"Connects with sslmode disable, chosen explicitly (local"_s),
             qPrintable(note->text()));
    mode->setCurrentIndex(0);
    QVERIFY2(note->text().startsWith(u"Connects with prefer, the default on this machine"_s),
             qPrintable(note->text()));
    QCOMPARE(note->textFormat(), Qt::PlainText);
}

void TestConnectionDialog::storedSecretIsRemovedVisibly() {
    {
        QSettings settings;
        settings.beginWriteArray(u"connections/profiles"_s, 1);
        settings.setArrayIndex(0);
        settings.setValue(u"name"_s, u"legacy"_s);
        settings.setValue(u"connectionString"_s,
                          u"host=/var/run/postgresql dbname=dedup sslpassword=Key-Secret"_s);
        settings.endArray();
    }
    ConnectionDialog dialog;
    const QString result = child<QLabel>(dialog, u"resultLabel"_s)->text();
    QVERIFY2(result.startsWith(u"Profile \"legacy\": the settings file held its sslpassword."_s),
             qPrintable(result));
    const QString kept = child<QLineEdit>(dialog, u"connectionStringEdit"_s)->text();
    QCOMPARE(store::ConnectionProfile::effectiveValue(kept, u"host"_s), u"/var/run/postgresql"_s);
    QCOMPARE(store::ConnectionProfile::effectiveValue(kept, u"dbname"_s), u"dedup"_s);
    QCOMPARE(store::ConnectionProfile::secretKeyword(kept), QString());
    QVERIFY(!settingsBytes().contains("Key-Secret"));
    QVERIFY(settingsBytes().contains("legacy"));
}

void TestConnectionDialog::cancelAbandonsTheCheck() {
    SilentServer silent;
    QVERIFY(silent.port() > 0);
    ConnectionDialog dialog;
    dialog.show();
    fill(dialog, u"127.0.0.1"_s, QString::number(silent.port()), u"x"_s, u"y"_s);
    child<QSpinBox>(dialog, u"connectTimeoutSpin"_s)->setValue(2);
    auto *result = child<QLabel>(dialog, u"resultLabel"_s);
    auto *cancel = child<QPushButton>(dialog, u"cancelCheckButton"_s);
    QElapsedTimer timer;
    timer.start();
    QTest::mouseClick(child<QPushButton>(dialog, u"testButton"_s), Qt::LeftButton);
    QVERIFY(timer.elapsed() < 500); // the UI thread does not wait for the server
    QVERIFY(cancel->isVisible());
    QVERIFY(result->text().startsWith(u"Testing the connection to y@127.0.0.1"_s));
    QTest::qWait(200); // still waiting for the silent server, and the dialog still answers
    QVERIFY(cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(!cancel->isVisible());
    QCOMPARE(result->text(), u"Cancelled."_s);
    QVERIFY(child<QPushButton>(dialog, u"connectButton"_s)->isEnabled());
    // The abandoned check ends after its connect timeout; its answer is dropped.
    QTest::qWait(3000);
    QCOMPARE(result->text(), u"Cancelled."_s);

    // Not cancelled, the same check reports the timeout.
    QTest::mouseClick(child<QPushButton>(dialog, u"testButton"_s), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!cancel->isVisible(), 10000);
    QVERIFY2(result->text().contains(u"did not answer within the connect timeout"_s),
             qPrintable(result->text()));
}

void TestConnectionDialog::closingWhileCheckingIsSafe() {
    SilentServer silent;
    QVERIFY(silent.port() > 0);
    {
        auto *dialog = new ConnectionDialog;
        dialog->show();
        fill(*dialog, u"127.0.0.1"_s, QString::number(silent.port()), u"x"_s, u"y"_s);
        child<QSpinBox>(*dialog, u"connectTimeoutSpin"_s)->setValue(1);
        dialog->connectNow();
        dialog->reject(); // Escape or Close while the check runs
        QVERIFY(!dialog->isVisible());
        QCOMPARE(dialog->result(), int(QDialog::Rejected));
        delete dialog; // and gone before the check ends
    }
    ConnectionDialog survivor;
    fill(survivor, u"127.0.0.1"_s, QString::number(silent.port()), u"x"_s, u"y"_s);
    child<QSpinBox>(survivor, u"connectTimeoutSpin"_s)->setValue(1);
    survivor.connectNow();
    QSignalSpy finished(&survivor, &QDialog::finished);
    QTest::qWait(2500); // both checks end meanwhile; nothing arrives anywhere it should not
    QCOMPARE(finished.size(), 0);
    QVERIFY2(child<QLabel>(survivor, u"resultLabel"_s)->text().contains(u"connect timeout"_s),
             qPrintable(child<QLabel>(survivor, u"resultLabel"_s)->text()));
}

QTEST_MAIN(TestConnectionDialog)
#include "tst_connectiondialog.moc"
