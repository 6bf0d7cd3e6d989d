// The run detail's Deliveries tab against a private PostgreSQL (docs/CONSOLE.md "Run detail"
// and "Links"): deliveries of one key made with dedup.claim (acquired, in progress while
// leased, mismatch with another fingerprint, replays after the success) listed with their
// HTTP answers, the counts per outcome above them and what the store keeps; a history that
// cannot be read says so in the tab, not in a message box; dedup://STORE/run/ID/key opens
// the run on that tab, and Copy Link with the tab in front copies that link.
#include "KeyDeliveryTestRuns.h"
#include "TestDatabase.h"
#include "core/DedupLink.h"
#include "models/KeyDeliveryTableModel.h"
#include "models/RunDetailSource.h"
#include "store/StoreId.h"
#include "widgets/DetailViews.h"
#include "widgets/LinkNavigator.h"
#include "widgets/MainWindow.h"
#include "widgets/PlainTextDelegate.h"
#include "widgets/RunDetailView.h"
#include "widgets/StoreConnections.h"
#include "widgets/TimestampDelegate.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace dedup;
using namespace Qt::StringLiterals;
using core::DedupLink;
using models::KeyDeliveryTableModel;
using models::RunDetailSource;
using widgets::MainWindow;
using widgets::RunDetailView;
using widgets::StoreConnections;

namespace {

QLabel *label(const QWidget &view, const char *name) {
    auto *found = view.findChild<QLabel *>(QLatin1String(name));
    if (!found)
        qFatal("no label %s", name);
    return found;
}

QWidget *deliveriesTab(const RunDetailView &view) {
    return view.findChild<QWidget *>(u"deliveriesTab"_s);
}

QString deliveriesTabText(const RunDetailView &view) {
    return view.tabs()->tabText(view.tabs()->indexOf(deliveriesTab(view)));
}

bool anyMessageBox() {
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<QMessageBox *>(widget) && widget->isVisible())
            return true;
    }
    return false;
}

store::ConnectionReport reportFor(const TestDatabase &db) {
    store::ConnectionReport report;
    report.conninfo = db.conninfo(u"t_operator"_s);
    report.profileName = u"prod"_s;
    report.target = u"t_operator@test/"_s + db.name();
    report.currentUser = u"t_operator"_s;
    report.canOperate = true;
    report.canRead = true;
    if (auto conn = db.connect(u"t_operator"_s))
        report.storeId = store::StoreId::read(*conn);
    return report;
}

} // namespace

class TestRunDetailDeliveries : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void tabListsTheDeliveries();
    void errorStaysInTheTab();
    void keyLinkOpensTheTab();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_worker;
    qint64 m_run = 0;
};

void TestRunDetailDeliveries::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
    QSettings().clear();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_worker = m_db->connect(u"t_worker"_s);
    QVERIFY(m_worker);
    // 9 deliveries: 1 acquired, 1 in progress, 1 mismatch, 6 replays.
    m_run = KeyDeliveryTestRuns::deliveredRun(*m_worker, u"tab-key"_s, 6);
    QVERIFY(m_run > 0);
}

void TestRunDetailDeliveries::tabListsTheDeliveries() {
    RunDetailView view{StoreConnections(m_db->conninfo(u"t_viewer"_s))};
    view.resize(1100, 720);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setRunId(m_run);
    // Read in the background: the view answers while it loads.
    QCOMPARE(view.source()->state(), RunDetailSource::State::Loading);
    QTRY_COMPARE_WITH_TIMEOUT(view.source()->state(), RunDetailSource::State::Loaded, 15000);
    QCOMPARE(deliveriesTabText(view), u"Deliveries (9)"_s);
    view.showDeliveries();
    QVERIFY(view.deliveriesInFront());

    const QString summary = label(view, "deliveriesSummary")->text();
    QVERIFY2(summary.startsWith(u"9 deliveries: first 1 \u00b7 replayed 6 \u00b7 409 in progress 1 "
                                "\u00b7 422 mismatch 1; first "_s),
             qPrintable(summary));
    QVERIFY(label(view, "deliveriesSummary")->isVisible());
    QLabel *note = label(view, "deliveriesNote");
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(u"counts and the last three duplicates"_s) &&
                 note->text().contains(u"The table lists 5 of the 9 deliveries."_s),
             qPrintable(note->text()));
    QVERIFY(!label(view, "deliveriesError")->isVisible());

    // Counts right, only the last three duplicates listed, newest first.
    QTableView *table = view.deliveriesTable();
    QVERIFY(table->isVisible());
    const QAbstractItemModel *model = table->model();
    QCOMPARE(model->rowCount(), 5);
    QStringList answers, workers;
    for (int row = 0; row < model->rowCount(); ++row) {
        answers << model->index(row, KeyDeliveryTableModel::HttpAnswerColumn).data().toString();
        workers << model->index(row, KeyDeliveryTableModel::WorkerColumn).data().toString();
    }
    QCOMPARE(answers,
             (QStringList{u"replayed"_s, u"replayed"_s, u"replayed"_s, u"422"_s, u"first"_s}));
    QCOMPARE(workers, (QStringList{u"r6"_s, u"r5"_s, u"r4"_s, u"w3"_s, u"w1"_s}));
    for (int column = 0; column < model->columnCount(); ++column)
        QVERIFY(model->headerData(column, Qt::Horizontal).toString().size() > 0);
    // Worker ids are hostile data: plain text on every column; times as the other tabs show.
    QVERIFY(qobject_cast<widgets::PlainTextDelegate *>(table->itemDelegate()));
    auto *times = qobject_cast<widgets::TimestampDelegate *>(
        table->itemDelegateForColumn(KeyDeliveryTableModel::TimeColumn));
    QVERIFY(times);
    const QDateTime at =
        model->index(0, 0).data(KeyDeliveryTableModel::TimeRole).toDateTime().toLocalTime();
    QCOMPARE(
        times->displayText(model->index(0, KeyDeliveryTableModel::TimeColumn).data(), QLocale()),
        at.toString(u"yyyy-MM-dd HH:mm:ss"_s));
    QVERIFY(!anyMessageBox());
}

void TestRunDetailDeliveries::errorStaysInTheTab() {
    QCOMPARE(m_db->exec(u"REVOKE EXECUTE ON FUNCTION dedup.key_history_counts(bigint) "
                        "FROM dedup_viewer"_s),
             QString());
    RunDetailView view{StoreConnections(m_db->conninfo(u"t_viewer"_s))};
    view.resize(1100, 720);
    view.show();
    view.showDeliveries();
    view.setRunId(m_run);
    QTRY_COMPARE_WITH_TIMEOUT(view.source()->state(), RunDetailSource::State::Loaded, 15000);
    QCOMPARE(m_db->exec(u"GRANT EXECUTE ON FUNCTION dedup.key_history_counts(bigint) "
                        "TO dedup_viewer"_s),
             QString());
    // The run is shown; only its key's history is missing, and the tab says why.
    QCOMPARE(view.findChild<QStackedWidget *>(u"pages"_s)->currentWidget()->objectName(),
             u"detailPage"_s);
    QLabel *error = label(view, "deliveriesError");
    QVERIFY(error->isVisible());
    QVERIFY2(error->text().startsWith(u"Could not read the deliveries of this run's key: "_s) &&
                 error->text().contains(u"42501"_s),
             qPrintable(error->text()));
    QVERIFY(!label(view, "deliveriesSummary")->isVisible());
    QVERIFY(!view.deliveriesTable()->isVisible());
    QCOMPARE(deliveriesTabText(view), u"Deliveries"_s);
    QVERIFY(!anyMessageBox());
    // F5 once it may read it again: the history comes, the error goes.
    view.reload();
    QTRY_COMPARE_WITH_TIMEOUT(deliveriesTabText(view), u"Deliveries (9)"_s, 15000);
    QVERIFY(!error->isVisible());
    QVERIFY(view.deliveriesTable()->isVisible());
    QCOMPARE(view.deliveriesTable()->model()->rowCount(), 5);
}

void TestRunDetailDeliveries::keyLinkOpensTheTab() {
    MainWindow window;
    window.resize(1280, 720);
    const store::ConnectionReport report = reportFor(*m_db);
    QVERIFY(!report.storeId.isNull());
    window.attachStore(report);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunDetailView *detail = window.detailViews()->detail();
    // Another tab in front before: the link brings the Deliveries tab.
    detail->tabs()->setCurrentIndex(0);
    const QString link = DedupLink::keyOf(report.storeId, m_run).toString();
    QCOMPARE(
        link,
        u"dedup://%1/run/%2/key"_s.arg(report.storeId.toString(QUuid::WithoutBraces)).arg(m_run));
    window.openLink(link);
    QCOMPARE(detail->runId(), m_run);
    QVERIFY(detail->deliveriesInFront());
    QVERIFY(window.detailViews()->detailDock()->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(deliveriesTabText(*detail), u"Deliveries (9)"_s, 15000);
    QVERIFY(detail->deliveriesInFront());
    QCOMPARE(detail->tabs()->currentWidget(), deliveriesTab(*detail));
    QCOMPARE(detail->deliveriesTable()->model()->rowCount(), 5);
    QVERIFY(!window.findChild<QMessageBox *>(u"linkRefusedBox"_s));

    // Copy Link with the tab in front: the key's link; with another tab: the run's.
    auto *copyLink = detail->findChild<QAction *>(u"actionCopyRunDetailLink"_s);
    QVERIFY(copyLink);
    copyLink->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), link);
    detail->tabs()->setCurrentIndex(0);
    copyLink->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             DedupLink::run(report.storeId, m_run).toString());
    // The window's Copy Link (Ctrl+Shift+L) with the focus in the detail does the same.
    detail->showDeliveries();
    detail->deliveriesTable()->setFocus();
    QTRY_VERIFY(detail->isAncestorOf(QApplication::focusWidget()));
    window.links()->copyLinkAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), link);
}

QTEST_MAIN(TestRunDetailDeliveries)
#include "tst_rundetaildeliveries.moc"
