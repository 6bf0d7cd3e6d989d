// File > Export Report…: the form's rules (reveal needs a reason, viewers cannot reveal), a
// report written through the dialog, and Cancel stopping one that waits in the database.
#include "../reports/ReportTestData.h"
#include "TestDatabase.h"
#include "widgets/ReportDialog.h"
#include "widgets/StoreConnections.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QElapsedTimer>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace dedup;
using widgets::ReportDialog;
using widgets::StoreConnections;

namespace {

store::ConnectionReport roleReport(bool canOperate, const QString &user) {
    store::ConnectionReport report;
    report.canOperate = canOperate;
    report.canRead = true;
    report.currentUser = user;
    return report;
}

template <typename T>
T *child(const ReportDialog &dialog, const char *name) {
    return dialog.findChild<T *>(QString::fromLatin1(name));
}

qint64 scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    const store::PgResult result = conn ? conn->exec(sql) : store::PgResult();
    return result.ok() ? result.toInt64(0, 0, -1) : -1;
}

} // namespace

class TestReportDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        // The dialog remembers the last folder in QSettings: not in the real user's settings.
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void revealNeedsAReason() {
        QTemporaryDir dir;
        ReportDialog dialog(StoreConnections(QStringLiteral("dbname=unused")),
                            roleReport(true, QStringLiteral("alice")));
        dialog.setFolder(dir.path());
        auto *exportButton = child<QPushButton>(dialog, "exportButton");
        auto *reveal = child<QCheckBox>(dialog, "revealCheck");
        auto *reason = child<QLineEdit>(dialog, "reasonEdit");
        auto *hint = child<QLabel>(dialog, "hintLabel");
        QVERIFY(exportButton && reveal && reason && hint);
        QVERIFY(reveal->isEnabled());
        QVERIFY(exportButton->isEnabled()); // the defaults make a valid report
        QVERIFY(!reason->isEnabled());
        QCOMPARE(dialog.spec().revealRaw, false);

        reveal->click();
        QVERIFY(reason->isEnabled());
        QVERIFY(!exportButton->isEnabled());
        QVERIFY2(hint->text().contains(QStringLiteral("needs a reason")), qPrintable(hint->text()));
        QVERIFY(
            child<QLabel>(dialog, "revealNoteLabel")->text().contains(QStringLiteral("audit log")));
        QTest::keyClicks(reason, QStringLiteral("   "));
        QVERIFY(!exportButton->isEnabled()); // blanks are no reason
        reason->clear();
        QTest::keyClicks(reason, QStringLiteral("subpoena 42"));
        QVERIFY(exportButton->isEnabled());
        QVERIFY(hint->text().isEmpty());
        const store::ReportSpec spec = dialog.spec();
        QCOMPARE(spec.revealRaw, true);
        QCOMPARE(spec.revealReason, QStringLiteral("subpoena 42"));

        reveal->click();
        QCOMPARE(dialog.spec().revealRaw, false);
        QVERIFY(dialog.spec().revealReason.isEmpty());
    }

    void viewerCannotReveal() {
        ReportDialog dialog(StoreConnections(QStringLiteral("dbname=unused")),
                            roleReport(false, QStringLiteral("bob")));
        auto *reveal = child<QCheckBox>(dialog, "revealCheck");
        QVERIFY(!reveal->isEnabled());
        const QString note = child<QLabel>(dialog, "revealNoteLabel")->text();
        QVERIFY2(note.contains(QStringLiteral("dedup_operator")) &&
                     note.contains(QStringLiteral("bob")),
                 qPrintable(note));
        reveal->setChecked(true); // even forced, the spec stays redacted
        QCOMPARE(dialog.spec().revealRaw, false);
    }

    void formDescribesTheReport() {
        ReportDialog dialog(StoreConnections(QStringLiteral("dbname=unused")),
                            roleReport(true, QStringLiteral("alice")));
        auto *range = child<QComboBox>(dialog, "rangeCombo");
        auto *from = child<QDateTimeEdit>(dialog, "fromEdit");
        auto *to = child<QDateTimeEdit>(dialog, "toEdit");
        QVERIFY(!from->isEnabled());
        QCOMPARE(dialog.spec().from.secsTo(dialog.spec().to), 7 * 86400); // "Last 7 days"
        range->setCurrentIndex(range->findText(QStringLiteral("Custom")));
        QVERIFY(from->isEnabled());
        from->setDateTime(QDateTime(QDate(2026, 3, 1), QTime(8, 0), Qt::UTC));
        to->setDateTime(QDateTime(QDate(2026, 3, 2), QTime(8, 0), Qt::UTC));
        child<QLineEdit>(dialog, "workflowsEdit")->setText(QStringLiteral(" wf-a, ,wf-b,wf-a "));
        child<QLineEdit>(dialog, "operatorsEdit")->setText(QStringLiteral("alice"));
        child<QCheckBox>(dialog, "status_failed")->setChecked(true);
        child<QCheckBox>(dialog, "status_manual_review")->setChecked(true);
        const store::ReportSpec spec = dialog.spec();
        QCOMPARE(spec.from, QDateTime(QDate(2026, 3, 1), QTime(8, 0), Qt::UTC));
        QCOMPARE(spec.to, QDateTime(QDate(2026, 3, 2), QTime(8, 0), Qt::UTC));
        QCOMPARE(spec.workflows, (QStringList{QStringLiteral("wf-a"), QStringLiteral("wf-b")}));
        QCOMPARE(spec.operators, QStringList{QStringLiteral("alice")});
        // (QVERIFY: QCOMPARE would print RunStatus through core::toString, found by ADL.)
        QVERIFY(spec.statuses ==
                (QList<core::RunStatus>{core::RunStatus::Failed, core::RunStatus::ManualReview}));

        // A reversed range and no format block Export, with the reason next to it.
        to->setDateTime(QDateTime(QDate(2026, 2, 1), QTime(8, 0), Qt::UTC));
        QVERIFY(!child<QPushButton>(dialog, "exportButton")->isEnabled());
        QVERIFY(dialog.blocker().contains(QStringLiteral("start before")));
        to->setDateTime(QDateTime(QDate(2026, 3, 2), QTime(8, 0), Qt::UTC));
        child<QCheckBox>(dialog, "pdfCheck")->setChecked(false);
        child<QCheckBox>(dialog, "csvCheck")->setChecked(false);
        QVERIFY(dialog.blocker().contains(QStringLiteral("at least one format")));
        child<QCheckBox>(dialog, "jsonLinesCheck")->setChecked(true);
        QVERIFY(dialog.blocker().isEmpty());
        QVERIFY(
            child<QLabel>(dialog, "filesLabel")->text().contains(QStringLiteral("report.jsonl")));
        // DEDUP_SCREENSHOT_DIR=<dir>: keep a picture of the form to look at.
        if (qEnvironmentVariableIsSet("DEDUP_SCREENSHOT_DIR")) {
            dialog.show();
            QVERIFY(dialog.grab().save(QDir(qEnvironmentVariable("DEDUP_SCREENSHOT_DIR"))
                                           .filePath(QStringLiteral("report-dialog.png"))));
        }
    }

    void exportShowsTheFilesWritten() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 10);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        QTemporaryDir dir;
        ReportDialog dialog(StoreConnections(db.conninfo(QStringLiteral("t_operator"))),
                            roleReport(true, QStringLiteral("t_operator")));
        dialog.setFolder(dir.path());
        dialog.show();
        QTest::mouseClick(child<QPushButton>(dialog, "exportButton"), Qt::LeftButton);
        auto *result = child<QLabel>(dialog, "resultLabel");
        QTRY_VERIFY_WITH_TIMEOUT(
            result->isVisible() || child<QLabel>(dialog, "errorLabel")->isVisible(), 60000);
        QVERIFY2(result->isVisible(), qPrintable(child<QLabel>(dialog, "errorLabel")->text()));
        const QString text = result->text();
        QVERIFY2(text.contains(QStringLiteral("Wrote 4 files")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("runs.csv (10 rows)")));
        QVERIFY(text.contains(QStringLiteral("actions.csv (3 rows)")));
        QVERIFY(text.contains(QStringLiteral("report.pdf (")));
        QVERIFY(text.contains(QStringLiteral("page")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 4);
        auto *bar = child<QProgressBar>(dialog, "progressBar");
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(child<QPushButton>(dialog, "exportButton")->isEnabled());
        QVERIFY(!child<QPushButton>(dialog, "cancelButton")->isEnabled());
        // The next report would go elsewhere: this one is never overwritten by a second click.
        QVERIFY(dialog.folder() != dir.path());
    }

    void cancelStopsARunningExport() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString seeded = reporttest::seedStore(db, 5);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        // The report's first read waits for this lock: the dialog is running for as long as
        // the test wants.
        auto locker = db.connect();
        QVERIFY(locker);
        QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
        QVERIFY(
            locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
        QTemporaryDir dir;
        ReportDialog dialog(StoreConnections(db.conninfo()),
                            roleReport(true, QStringLiteral("postgres")));
        dialog.setFolder(dir.path());
        dialog.show();
        auto *exportButton = child<QPushButton>(dialog, "exportButton");
        auto *cancel = child<QPushButton>(dialog, "cancelButton");
        QVERIFY(!cancel->isEnabled());
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QVERIFY(dialog.isRunning());
        QVERIFY(!exportButton->isEnabled());
        QVERIFY(cancel->isEnabled());
        QVERIFY(!child<QGroupBox>(dialog, "whatBox")->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(
            scalar(db, QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE "
                                      "application_name = 'dedup-console-report' AND "
                                      "wait_event_type = 'Lock'")),
            1, 15000);
        QVERIFY(dialog.isRunning()); // the UI thread was never blocked: we are here

        QTest::mouseClick(cancel, Qt::LeftButton);
        auto *error = child<QLabel>(dialog, "errorLabel");
        QTRY_VERIFY_WITH_TIMEOUT(error->isVisible(), 10000);
        QVERIFY2(error->text().contains(QStringLiteral("cancelled")), qPrintable(error->text()));
        QCOMPARE(child<QLabel>(dialog, "stepLabel")->text(), QStringLiteral("Cancelled."));
        QVERIFY(!dialog.isRunning());
        QVERIFY(exportButton->isEnabled());
        QVERIFY(!cancel->isEnabled());
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        // The report's backend is no longer waiting: the cancel reached the server.
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE "
                                           "application_name = 'dedup-console-report' AND "
                                           "wait_event_type = 'Lock'")),
                 0);
        locker->exec(QStringLiteral("ROLLBACK"));
    }
};

QTEST_MAIN(TestReportDialog)
#include "tst_reportdialog.moc"
