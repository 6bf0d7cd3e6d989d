// Preferences (saved in QSettings) and Edit > Preferences: the alerts' keys (docs/CONSOLE.md
// "Alerts") with their defaults, a round trip, values an edited settings file may hold
// (out of range, not numbers) falling back to the defaults, and the dialog's Alerts group.
#include "widgets/Preferences.h"
#include "widgets/PreferencesDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QtTest>

using namespace dedup::widgets;
using namespace Qt::StringLiterals;

class TestPreferences : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void defaults();
    void roundTrip();
    void storedValues_data();
    void storedValues();
    void dialogAlerts();
};

void TestPreferences::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
    QCoreApplication::setApplicationName(u"tst_preferences"_s);
}

void TestPreferences::init() {
    QSettings().clear();
}

void TestPreferences::defaults() {
    const Preferences p = Preferences::load();
    QCOMPARE(p, Preferences());
    QCOMPARE(p.alertsEnabled, true);
    QCOMPARE(p.stuckAlertRuns, 1);
    QCOMPARE(p.reviewAlertMinutes, 60);
}

void TestPreferences::roundTrip() {
    Preferences p;
    p.alertsEnabled = false;
    p.stuckAlertRuns = 1000000;
    p.reviewAlertMinutes = 10080;
    p.save();
    QCOMPARE(Preferences::load(), p);
    p.alertsEnabled = true;
    p.stuckAlertRuns = 1;
    p.reviewAlertMinutes = 1;
    p.save();
    QCOMPARE(Preferences::load(), p);
}

void TestPreferences::storedValues_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QVariant>("stored");
    QTest::addColumn<bool>("alertsEnabled");
    QTest::addColumn<int>("stuckAlertRuns");
    QTest::addColumn<int>("reviewAlertMinutes");
    const QString stuck = u"preferences/stuckAlertRuns"_s;
    const QString review = u"preferences/reviewAlertMinutes"_s;
    const QString enabled = u"preferences/alertsEnabled"_s;
    QTest::newRow("stuck in range") << stuck << QVariant(250) << true << 250 << 60;
    QTest::newRow("stuck 0") << stuck << QVariant(0) << true << 1 << 60;
    QTest::newRow("stuck negative") << stuck << QVariant(-5) << true << 1 << 60;
    QTest::newRow("stuck too many") << stuck << QVariant(1000001) << true << 1 << 60;
    QTest::newRow("stuck beyond int") << stuck << QVariant(u"99999999999"_s) << true << 1 << 60;
    QTest::newRow("stuck text") << stuck << QVariant(u"ten"_s) << true << 1 << 60;
    QTest::newRow("review as text") << review << QVariant(u"90"_s) << true << 1 << 90;
    QTest::newRow("review 0") << review << QVariant(0) << true << 1 << 60;
    QTest::newRow("review over a week") << review << QVariant(10081) << true << 1 << 60;
    QTest::newRow("review a week") << review << QVariant(10080) << true << 1 << 10080;
    QTest::newRow("off") << enabled << QVariant(false) << false << 1 << 60;
    QTest::newRow("off as text") << enabled << QVariant(u"false"_s) << false << 1 << 60;
    QTest::newRow("not a boolean") << enabled << QVariant(u"banana"_s) << true << 1 << 60;
}

void TestPreferences::storedValues() {
    QFETCH(QString, key);
    QFETCH(QVariant, stored);
    QFETCH(bool, alertsEnabled);
    QFETCH(int, stuckAlertRuns);
    QFETCH(int, reviewAlertMinutes);
    QSettings().setValue(key, stored);
    const Preferences p = Preferences::load();
    QCOMPARE(p.alertsEnabled, alertsEnabled);
    QCOMPARE(p.stuckAlertRuns, stuckAlertRuns);
    QCOMPARE(p.reviewAlertMinutes, reviewAlertMinutes);
    // The other preferences are not touched by the alerts' keys.
    QCOMPARE(p.statementTimeoutSeconds, Preferences::DefaultStatementTimeoutSeconds);
    QCOMPARE(p.maxRows, Preferences::DefaultMaxRows);
}

void TestPreferences::dialogAlerts() {
    Preferences given;
    given.alertsEnabled = false;
    given.stuckAlertRuns = 12;
    given.reviewAlertMinutes = 125;
    PreferencesDialog dialog(given);
    auto *enabled = dialog.findChild<QCheckBox *>(u"alertsEnabled"_s);
    auto *stuck = dialog.findChild<QSpinBox *>(u"stuckAlertRuns"_s);
    auto *review = dialog.findChild<QSpinBox *>(u"reviewAlertMinutes"_s);
    QVERIFY(enabled && stuck && review);
    QCOMPARE(dialog.preferences(), given);
    QVERIFY(!enabled->isChecked());
    QVERIFY(!stuck->isEnabled()); // the thresholds mean nothing while the alerts are off
    QVERIFY(!review->isEnabled());
    QCOMPARE(stuck->minimum(), 1);
    QCOMPARE(stuck->maximum(), 1000000);
    QCOMPARE(review->minimum(), 1);
    QCOMPARE(review->maximum(), 10080);

    enabled->setChecked(true);
    QVERIFY(stuck->isEnabled());
    QVERIFY(review->isEnabled());
    stuck->setValue(3);
    review->setValue(15);
    Preferences edited = given;
    edited.alertsEnabled = true;
    edited.stuckAlertRuns = 3;
    edited.reviewAlertMinutes = 15;
    QCOMPARE(dialog.preferences(), edited);

    auto *buttons = dialog.findChild<QDialogButtonBox *>(u"buttons"_s);
    QVERIFY(buttons);
    buttons->button(QDialogButtonBox::RestoreDefaults)->click();
    QCOMPARE(dialog.preferences(), Preferences());
}

QTEST_MAIN(TestPreferences)
#include "tst_preferences.moc"
