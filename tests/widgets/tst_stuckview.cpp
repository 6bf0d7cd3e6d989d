// The Stuck view against a private PostgreSQL: the list in the model's order (oldest expiry
// first), the count line, the threshold spin box (re-queries, saved in QSettings), F5,
// activation; and StuckCountLabel, the status bar's count: text and colour with and without
// stuck runs, clicks.
#include "TestDatabase.h"
#include "WholeCell.h"
#include "models/StuckRunsModel.h"
#include "widgets/StuckCountLabel.h"
#include "widgets/StuckView.h"
#include "widgets/WarningColor.h"

#include <QApplication>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace dedup;
using namespace std::chrono_literals;
using models::StuckRunsModel;
using widgets::StuckCountLabel;
using widgets::StuckView;

namespace {

// Three runs whose leases expired 3, 2 and 1 minutes ago ('s-3' the oldest expiry), and one
// with a live lease whose attempt began 30 minutes ago (stuck only by the threshold).
QString insertStuck(const TestDatabase &db) {
    return db.exec(QStringLiteral(
        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, lease_owner,"
        " lease_token, lease_expires_at, created_at, updated_at, attempt) "
        "SELECT 'gen', 's-' || g, 'wf-stuck', 'fp', 'processing', 'dead-' || g, 3,"
        " now() - g * interval '1 minute', now() - interval '1 hour',"
        " now() - interval '5 minutes', 2 FROM generate_series(1, 3) g;"
        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, lease_owner,"
        " lease_token, lease_expires_at, created_at, updated_at, attempt) "
        "VALUES ('gen', 'slow', 'wf-stuck', 'fp', 'processing', 'busy', 1,"
        " now() + interval '10 minutes', now() - interval '30 minutes',"
        " now() - interval '30 minutes', 1)"));
}

QStringList keys(const StuckRunsModel &model) {
    QStringList list;
    for (int row = 0; row < model.rowCount(); ++row)
        list << model.rowAt(row).idemKey;
    return list;
}

QString countLabel(const StuckView &view) {
    return view.findChild<QLabel *>(QStringLiteral("countLabel"))->text();
}

} // namespace

class TestStuckView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void listCountAndThreshold();
    void cappedCount();
    void refreshAndActivation();
    void countLabelInTheStatusBar();
    void attemptsNeverCutInTheMiddle();
};

void TestStuckView::attemptsNeverCutInTheMiddle() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(QStringLiteral(
                 "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                 " lease_owner, lease_token, lease_expires_at, created_at, updated_at, attempt,"
                 " max_attempts) VALUES ('gen', 'many-tries', 'wf-stuck', 'fp', 'processing',"
                 " 'dead', 3, now() - interval '1 minute', now() - interval '1 hour',"
                 " now() - interval '5 minutes', 2501, 100000)")),
             QString());
    StuckRunsModel model(db.conninfo());
    StuckView view;
    view.setModel(&model);
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 10000);
    const QModelIndex attempts = model.index(0, StuckRunsModel::AttemptColumn);
    QCOMPARE(attempts.data().toString(), QStringLiteral("2501/100000"));
    QTRY_COMPARE(WholeCell::problem(view.table(), attempts), QString());
}

void TestStuckView::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_stuckview"));
    QSettings().clear();
}

void TestStuckView::listCountAndThreshold() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QVERIFY(insertStuck(db).isEmpty());
    // The owner reads the keys raw (a viewer hashed: tests/store/tst_protectedcolumns.cpp).
    StuckRunsModel model(db.conninfo());
    StuckView view;
    QCOMPARE(view.thresholdMinutes(), StuckView::DefaultThresholdMinutes);
    view.setModel(&model);
    QCOMPARE(model.threshold(), std::chrono::milliseconds(15min));
    QCOMPARE(countLabel(view), QStringLiteral("counting stuck runs…"));
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 4, 10000);
    QCOMPARE(view.table()->model(), &model);
    // Oldest expiry first, the live lease (stuck by age) last.
    QCOMPARE(keys(model), (QStringList{QStringLiteral("s-3"), QStringLiteral("s-2"),
                                       QStringLiteral("s-1"), QStringLiteral("slow")}));
    QCOMPARE(countLabel(view), QStringLiteral("4 stuck runs"));
    QCOMPARE(view.countText(), countLabel(view));
    auto *label = view.findChild<QLabel *>(QStringLiteral("countLabel"));
    QCOMPARE(label->palette().color(QPalette::WindowText),
             widgets::warningTextColor(view.palette()));

    // Threshold off: only expired leases.
    QSignalSpy refreshed(&model, &StuckRunsModel::refreshed);
    auto *spin = view.findChild<QSpinBox *>(QStringLiteral("thresholdSpin"));
    QVERIFY(spin);
    QCOMPARE(spin->text(), QStringLiteral("15 min"));
    spin->setValue(0);
    QCOMPARE(spin->text(), QStringLiteral("off (expired leases only)"));
    QCOMPARE(model.threshold(), std::chrono::milliseconds(0));
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 3, 10000);
    QVERIFY(refreshed.count() >= 1);
    QCOMPARE(countLabel(view), QStringLiteral("3 stuck runs"));
    QCOMPARE(QSettings().value(QStringLiteral("stuck/thresholdMinutes")).toInt(), 0);
    QCOMPARE(StuckView::savedThresholdMinutes(), 0);

    // An hour: the slow run is not old enough either.
    view.setThresholdMinutes(60);
    QCOMPARE(model.threshold(), std::chrono::milliseconds(60min));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isLoading(), 10000);
    QCOMPARE(model.stuckCount(), 3);
    QCOMPARE(QSettings().value(QStringLiteral("stuck/thresholdMinutes")).toInt(), 60);
    // Twenty minutes: it is again.
    view.setThresholdMinutes(20);
    QTRY_COMPARE_WITH_TIMEOUT(model.stuckCount(), 4, 10000);
    QCOMPARE(keys(model).last(), QStringLiteral("slow"));

    // A new view starts from the saved threshold and gives it to the model.
    StuckRunsModel other(db.conninfo(QStringLiteral("t_viewer")));
    StuckView second;
    QCOMPARE(second.thresholdMinutes(), 20);
    second.setModel(&other);
    QCOMPARE(other.threshold(), std::chrono::milliseconds(20min));
    QTRY_COMPARE_WITH_TIMEOUT(countLabel(second), QStringLiteral("4 stuck runs"), 10000);

    // One stuck run: singular.
    QVERIFY(db.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() + interval "
                                   "'10 minutes', updated_at = now() WHERE idem_key <> 's-1'"))
                .isEmpty());
    second.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(countLabel(second), QStringLiteral("1 stuck run"), 10000);
}

void TestStuckView::cappedCount() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QVERIFY(insertStuck(db).isEmpty());
    StuckRunsModel model(db.conninfo(QStringLiteral("t_viewer")));
    model.setCountCap(2);
    StuckView view;
    view.setModel(&model);
    QTRY_COMPARE_WITH_TIMEOUT(countLabel(view), QStringLiteral("2+ stuck runs"), 10000);
    QVERIFY(!model.isCountExact());
}

void TestStuckView::refreshAndActivation() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QVERIFY(insertStuck(db).isEmpty());
    // The owner reads the keys raw (a viewer hashed: tests/store/tst_protectedcolumns.cpp).
    StuckRunsModel model(db.conninfo());
    StuckView view;
    view.setModel(&model);
    view.resize(1000, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 4, 10000);
    QTRY_VERIFY(!model.isLoading());

    // F5 reads again: a run whose lease expired since shows up.
    QVERIFY(db.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - interval "
                                   "'10 minutes' WHERE idem_key = 'slow'"))
                .isEmpty());
    QSignalSpy refreshed(&model, &StuckRunsModel::refreshed);
    view.table()->setFocus();
    QTest::keyClick(view.table(), Qt::Key_F5);
    QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 10000);
    QCOMPARE(keys(model).first(), QStringLiteral("slow"));

    // Activation: Return and double click.
    QSignalSpy activated(&view, &StuckView::runActivated);
    QTableView *table = view.table();
    table->setCurrentIndex(model.index(1, 0));
    QTest::keyClick(table, Qt::Key_Return);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toLongLong(), model.rowAt(1).id);
    QCOMPARE(view.currentRunId(), model.rowAt(1).id);
    // The view activates on a double click of the row it saw pressed: press first.
    const QPoint cell = table->visualRect(model.index(0, StuckRunsModel::KeyColumn)).center();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell);
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell);
    QCOMPARE(activated.count(), 2);
    QCOMPARE(activated.at(1).at(0).toLongLong(), model.rowAt(0).id);
    QCOMPARE(view.selectedRunIds(), QList<qint64>{model.rowAt(0).id});
}

void TestStuckView::countLabelInTheStatusBar() {
    TestDatabase none;
    QVERIFY2(none.isValid(), qPrintable(none.error()));
    StuckCountLabel label;
    QVERIFY(label.text().isEmpty());
    StuckRunsModel empty(none.conninfo(QStringLiteral("t_viewer")));
    label.setModel(&empty);
    QCOMPARE(label.text(), QStringLiteral("Stuck: …"));
    QTRY_COMPARE_WITH_TIMEOUT(label.text(), QStringLiteral("Stuck: 0"), 10000);
    QVERIFY(!label.isWarning());
    QCOMPARE(label.palette().color(QPalette::WindowText),
             QApplication::palette().color(QPalette::WindowText));
    QVERIFY(!label.font().bold());

    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QVERIFY(insertStuck(db).isEmpty());
    StuckRunsModel stuck(db.conninfo(QStringLiteral("t_viewer")));
    stuck.setThreshold(0ms);
    label.setModel(&stuck);
    QTRY_COMPARE_WITH_TIMEOUT(label.text(), QStringLiteral("Stuck: 3"), 10000);
    QVERIFY(label.isWarning());
    QCOMPARE(label.palette().color(QPalette::WindowText),
             widgets::warningTextColor(QApplication::palette()));
    QVERIFY(label.font().bold());
    QVERIFY(label.toolTip().startsWith(QStringLiteral("Processing runs whose lease expired.")));
    // It follows the model: the live run's lease runs out too.
    QVERIFY(db.exec(QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - interval "
                                   "'1 minute' WHERE idem_key = 'slow'"))
                .isEmpty());
    stuck.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(label.text(), QStringLiteral("Stuck: 4"), 10000);

    QSignalSpy clicked(&label, &StuckCountLabel::clicked);
    label.resize(label.sizeHint());
    QTest::mouseClick(&label, Qt::LeftButton, {}, label.rect().center());
    QCOMPARE(clicked.count(), 1);
    QTest::mouseClick(&label, Qt::RightButton, {}, label.rect().center());
    QCOMPARE(clicked.count(), 1);

    // Back to none: the normal colour again.
    label.setModel(&empty);
    QCOMPARE(label.text(), QStringLiteral("Stuck: 0"));
    QCOMPARE(label.palette().color(QPalette::WindowText),
             QApplication::palette().color(QPalette::WindowText));
    label.setModel(nullptr);
    QVERIFY(label.text().isEmpty());
}

QTEST_MAIN(TestStuckView)
#include "tst_stuckview.moc"
