// dedup:// links in the console against a private PostgreSQL (docs/CONSOLE.md "Links"):
// Copy Link gives the link to the run in focus or the view in front (a runs filter without
// its search: keys are patient data); opening one goes to the run, the correlation or the
// view in the store it names; a link for another store, a malformed one, or one from before a
// store is attached are handled as the docs say. SingleInstance hands a later start's link to
// the running console.
#include "TestDatabase.h"
#include "core/DedupLink.h"
#include "store/PgConnection.h"
#include "store/StoreId.h"
#include "widgets/CorrelationView.h"
#include "widgets/DetailViews.h"
#include "widgets/LinkNavigator.h"
#include "widgets/MainWindow.h"
#include "widgets/OperatorViews.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunFilterBar.h"
#include "widgets/RunsView.h"
#include "widgets/SingleInstance.h"
#include "widgets/StuckView.h"
#include "widgets/WorkflowsView.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QToolButton>
#include <QtTest>

#include <atomic>

using namespace dedup;
using namespace Qt::StringLiterals;
using core::DedupLink;
using widgets::MainWindow;
using widgets::SingleInstance;

namespace {

const QString kSeed = uR"SQL(
INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status, correlation_id)
VALUES ('clinic-1', 'patient:MRN-1:lab:1', 'billing', 'fp', 'failed', 'visit-1'),
       ('clinic-1', 'patient:MRN-1:lab:2', 'billing', 'fp', 'succeeded', 'visit-1');
)SQL"_s;

QString text(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    const store::PgResult result = conn ? conn->exec(sql) : store::PgResult();
    return result.ok() && result.rows() > 0 ? result.text(0, 0) : QString();
}

store::ConnectionReport reportFor(const TestDatabase &db, const QString &profile = u"prod"_s) {
    store::ConnectionReport report;
    report.conninfo = db.conninfo(u"t_operator"_s);
    report.profileName = profile;
    report.target = u"t_operator@test/"_s + db.name();
    report.currentUser = u"t_operator"_s;
    report.canOperate = true;
    report.canRead = true;
    auto conn = db.connect(u"t_operator"_s);
    if (conn)
        report.storeId = store::StoreId::read(*conn);
    return report;
}

QMessageBox *refusal(MainWindow &window) {
    return window.findChild<QMessageBox *>(u"linkRefusedBox"_s);
}

} // namespace

class TestLinks : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void storeIdIsReadAndRenewable();
    void copyLinkToTheViewInFront();
    void runsLinkLeavesOutTheSearch();
    void openRunAndCorrelation();
    void openKeyHistory();
    void openViews_data();
    void openViews();
    void openRunsFilter();
    void linkForAnotherStoreIsRefused();
    void malformedLinkIsRefused();
    void linkWaitsForTheStore();
    void singleInstanceHandsOverTheLink();
    void staleSocketIsReplaced();

private:
    std::unique_ptr<TestDatabase> m_db;
    qint64 m_failedRun = 0;
};

void TestLinks::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
    QSettings().clear();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    // A store of its own: databases made from one template share the template's id.
    QCOMPARE(m_db->exec(u"UPDATE dedup.store_settings SET store_id = gen_random_uuid()"_s),
             QString());
    QCOMPARE(m_db->exec(kSeed), QString());
    m_failedRun = text(*m_db, u"SELECT id FROM dedup.runs WHERE status = 'failed'"_s).toLongLong();
    QVERIFY(m_failedRun > 0);
}

void TestLinks::cleanup() {
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<QMessageBox *>(widget))
            widget->close();
    }
}

void TestLinks::storeIdIsReadAndRenewable() {
    const QUuid id = reportFor(*m_db).storeId;
    QVERIFY(!id.isNull());
    QCOMPARE(id.toString(QUuid::WithoutBraces),
             text(*m_db, u"SELECT store_id::text FROM dedup.store_settings"_s));
    // A viewer reads the same id; a viewer cannot change it.
    auto viewer = m_db->connect(u"t_viewer"_s);
    QVERIFY(viewer);
    QCOMPARE(store::StoreId::read(*viewer), id);
    const store::PgResult update =
        viewer->exec(u"UPDATE dedup.store_settings SET store_id = gen_random_uuid()"_s);
    QVERIFY(!update.ok());
    QCOMPARE(update.error().sqlState, u"42501"_s);
    // Another store (a database of its own) has another id once renewed, as the docs say.
    TestDatabase other;
    QVERIFY2(other.isValid(), qPrintable(other.error()));
    QCOMPARE(other.exec(u"UPDATE dedup.store_settings SET store_id = gen_random_uuid()"_s),
             QString());
    QVERIFY(reportFor(other).storeId != id);
}

void TestLinks::copyLinkToTheViewInFront() {
    MainWindow window;
    window.resize(1280, 720);
    const store::ConnectionReport report = reportFor(*m_db);
    window.attachStore(report);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString store = report.storeId.toString(QUuid::WithoutBraces);
    window.showView(window.detailViews()->stuck());
    window.links()->copyViewLinkAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), u"dedup://%1/stuck"_s.arg(store));
    window.showView(window.workflowsView());
    window.links()->copyLinkAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), u"dedup://%1/workflows"_s.arg(store));
    window.showView(window.operatorViews()->review());
    window.links()->copyLinkAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), u"dedup://%1/review"_s.arg(store));
    // The run in focus: the runs list's current run.
    window.showView(window.runsView());
    QTableView *table = window.runsView()->table();
    QTRY_COMPARE_WITH_TIMEOUT(table->model()->rowCount(), 2, 15000);
    table->setFocus();
    table->setCurrentIndex(table->model()->index(0, 0));
    const qint64 current = window.runsView()->currentRunId();
    QVERIFY(current > 0);
    QTRY_VERIFY(table->hasFocus());
    window.links()->copyLinkAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), u"dedup://%1/run/%2"_s.arg(store).arg(current));
    QVERIFY(window.statusBar()->currentMessage().startsWith(u"Copied the link to run "_s));
    // The run detail in focus: its run.
    window.detailViews()->showRun(m_failedRun);
    window.detailViews()->detail()->setFocus();
    QTRY_VERIFY(window.detailViews()->detail()->hasFocus() ||
                window.detailViews()->detail()->isAncestorOf(QApplication::focusWidget()));
    window.links()->copyLinkAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             u"dedup://%1/run/%2"_s.arg(store).arg(m_failedRun));
    // The Dashboard has no link.
    window.showView(window.findChild<QWidget *>(u"dashboardView"_s));
    QVERIFY(!window.links()->linkToView());
}

void TestLinks::runsLinkLeavesOutTheSearch() {
    MainWindow window;
    const store::ConnectionReport report = reportFor(*m_db);
    window.attachStore(report);
    window.show();
    widgets::RunFilterBar *bar = window.runsView()->filterBar();
    DedupLink wanted = DedupLink::view(report.storeId, DedupLink::Target::Runs);
    wanted.statuses = {core::RunStatus::Failed};
    wanted.workflow = u"billing"_s;
    wanted.range = DedupLink::Range::Last24Hours;
    bar->showLink(wanted);
    bar->findChild<QLineEdit *>(u"searchEdit"_s)->setText(u"patient:MRN-1:lab:1"_s);
    window.showView(window.runsView());
    window.links()->copyViewLinkAction()->trigger();
    const QString copied = QGuiApplication::clipboard()->text();
    QCOMPARE(copied, wanted.toString());
    QVERIFY(!copied.contains(u"MRN"_s));
    QVERIFY(window.statusBar()->currentMessage().contains(u"leaves out the search"_s));
    // The note belongs to that copy only: the next one, of a view without a search, has none.
    window.showView(window.detailViews()->stuck());
    window.links()->copyViewLinkAction()->trigger();
    QVERIFY(window.statusBar()->currentMessage().startsWith(u"Copied the link to the Stuck"_s));
    QVERIFY(!window.statusBar()->currentMessage().contains(u"leaves out"_s));
}

void TestLinks::openRunAndCorrelation() {
    MainWindow window;
    window.resize(1280, 720);
    const store::ConnectionReport report = reportFor(*m_db);
    window.attachStore(report);
    window.show();
    window.openLink(DedupLink::run(report.storeId, m_failedRun).toString());
    QCOMPARE(window.detailViews()->detail()->runId(), m_failedRun);
    QVERIFY(window.detailViews()->detailDock()->isVisible());
    QVERIFY(!refusal(window));
    window.openLink(DedupLink::correlationOf(report.storeId, m_failedRun).toString());
    // The run's read names its correlation (as this login reads it), then the view opens.
    QTRY_COMPARE_WITH_TIMEOUT(window.currentView(), window.detailViews()->correlation(), 15000);
    // Both runs of the visit, found through the run (the correlation id is not in the link).
    QTRY_COMPARE_WITH_TIMEOUT(window.detailViews()->correlation()->table()->model()->rowCount(), 2,
                              15000);
}

void TestLinks::openKeyHistory() {
    // dedup://STORE/run/ID/key: the run's detail on its Deliveries tab (the deliveries
    // themselves: tests/widgets/tst_rundetaildeliveries.cpp).
    MainWindow window;
    window.resize(1280, 720);
    const store::ConnectionReport report = reportFor(*m_db);
    window.attachStore(report);
    window.show();
    widgets::RunDetailView *detail = window.detailViews()->detail();
    QVERIFY(!detail->deliveriesInFront());
    window.openLink(u"dedup://%1/run/%2/key"_s.arg(report.storeId.toString(QUuid::WithoutBraces))
                        .arg(m_failedRun));
    QVERIFY(!refusal(window));
    QCOMPARE(detail->runId(), m_failedRun);
    QVERIFY(detail->deliveriesInFront());
    QVERIFY(window.detailViews()->detailDock()->isVisible());
    QCOMPARE(window.statusBar()->currentMessage(),
             u"Opened the link to the deliveries of run %1's key."_s.arg(m_failedRun));
    // The seeded run was never claimed: read, with no delivery, on that tab.
    QTRY_VERIFY_WITH_TIMEOUT(detail->hasRun(), 15000);
    QVERIFY(detail->deliveriesInFront());
    QCOMPARE(detail->deliveriesTable()->model()->rowCount(), 0);
}

void TestLinks::openViews_data() {
    QTest::addColumn<int>("target");
    QTest::newRow("stuck") << int(DedupLink::Target::Stuck);
    QTest::newRow("review") << int(DedupLink::Target::Review);
    QTest::newRow("workflows") << int(DedupLink::Target::Workflows);
    QTest::newRow("runs") << int(DedupLink::Target::Runs);
}

void TestLinks::openViews() {
    QFETCH(int, target);
    MainWindow window;
    const store::ConnectionReport report = reportFor(*m_db);
    window.attachStore(report);
    window.show();
    window.showView(window.findChild<QWidget *>(u"dashboardView"_s));
    window.openLink(DedupLink::view(report.storeId, DedupLink::Target(target)).toString());
    QWidget *expected = nullptr;
    switch (DedupLink::Target(target)) {
    case DedupLink::Target::Stuck:
        expected = window.detailViews()->stuck();
        break;
    case DedupLink::Target::Review:
        expected = window.operatorViews()->review();
        break;
    case DedupLink::Target::Workflows:
        expected = window.workflowsView();
        break;
    default:
        expected = window.runsView();
    }
    QCOMPARE(window.currentView(), expected);
    QVERIFY(window.statusBar()->currentMessage().startsWith(u"Opened the link to "_s));
}

void TestLinks::openRunsFilter() {
    MainWindow window;
    const store::ConnectionReport report = reportFor(*m_db);
    window.attachStore(report);
    window.show();
    widgets::RunFilterBar *bar = window.runsView()->filterBar();
    bar->findChild<QLineEdit *>(u"searchEdit"_s)->setText(u"something"_s);
    window.openLink(u"dedup://%1/runs?status=failed&workflow=billing&scope=clinic-1"_s.arg(
        report.storeId.toString(QUuid::WithoutBraces)));
    const store::RunFilter filter = bar->filter();
    QCOMPARE(filter.statuses.size(), 1);
    QCOMPARE(dedup::core::toString(filter.statuses.at(0)), u"failed"_s);
    QCOMPARE(filter.workflow, std::optional<QString>(u"billing"_s));
    QCOMPARE(filter.scope, std::optional<QString>(u"clinic-1"_s));
    QVERIFY(!filter.exactKey && !filter.keyPrefix && !filter.correlationId);
    // The list shows what the link names: the one failed billing run of clinic-1.
    QTRY_COMPARE_WITH_TIMEOUT(window.runsView()->table()->model()->rowCount(), 1, 15000);
    // A custom window, back as the instants the link holds.
    const QDateTime from(QDate(2026, 12, 1), QTime(6, 0), Qt::UTC);
    window.openLink(u"dedup://%1/runs?from=2026-12-01T06:00:00Z"_s.arg(
        report.storeId.toString(QUuid::WithoutBraces)));
    QCOMPARE(bar->filter().createdFrom.toUTC(), from);
    QVERIFY(!bar->filter().createdTo.isValid());
}

void TestLinks::linkForAnotherStoreIsRefused() {
    const QUuid elsewhere = QUuid::createUuid();
    MainWindow window;
    window.attachStore(reportFor(*m_db, u"staging"_s));
    window.show();
    const qint64 shownBefore = window.detailViews()->detail()->runId();
    window.openLink(DedupLink::run(elsewhere, m_failedRun).toString());
    QVERIFY(refusal(window));
    QVERIFY2(refusal(window)->text().contains(
                 u"another store (id %1)"_s.arg(elsewhere.toString(QUuid::WithoutBraces))),
             qPrintable(refusal(window)->text()));
    QVERIFY(refusal(window)->text().contains(u"attached to staging"_s));
    QCOMPARE(window.detailViews()->detail()->runId(), shownBefore); // nothing opened
    refusal(window)->close();
    QTRY_VERIFY(!refusal(window));
    // A store this console knows by its profile is named by it.
    QSettings().setValue(u"links/stores/%1"_s.arg(elsewhere.toString(QUuid::WithoutBraces)),
                         u"production"_s);
    window.openLink(DedupLink::run(elsewhere, m_failedRun).toString());
    QVERIFY(refusal(window));
    QCOMPARE(refusal(window)->text(),
             u"The link to run %1 is for the store production, not for staging, which the "
             u"console is attached to. Connect to production to open it."_s.arg(m_failedRun));
    QCOMPARE(window.detailViews()->detail()->runId(), shownBefore);
}

void TestLinks::malformedLinkIsRefused() {
    MainWindow window;
    window.attachStore(reportFor(*m_db));
    window.show();
    window.openLink(u"dedup://not-a-store/run/1"_s);
    QVERIFY(refusal(window));
    QVERIFY(refusal(window)->text().contains(u"does not name a store"_s));
    QVERIFY(window.statusBar()->currentMessage().contains(u"does not name a store"_s));
}

void TestLinks::linkWaitsForTheStore() {
    MainWindow window;
    window.show();
    const store::ConnectionReport report = reportFor(*m_db);
    window.openLink(DedupLink::run(report.storeId, m_failedRun).toString());
    QVERIFY(window.links()->pending());
    QCOMPARE(window.statusBar()->currentMessage(),
             u"Connect to the store to open the link to run %1."_s.arg(m_failedRun));
    window.attachStore(report);
    QVERIFY(!window.links()->pending());
    QCOMPARE(window.detailViews()->detail()->runId(), m_failedRun);
    // Waiting for one store, attached to another: refused, not opened.
    window.detachStore();
    window.openLink(DedupLink::run(QUuid::createUuid(), 1).toString());
    window.attachStore(report);
    QVERIFY(!window.links()->pending());
    QVERIFY(refusal(window));
    QCOMPARE(window.detailViews()->detail()->runId(), 0); // nothing opened
}

void TestLinks::singleInstanceHandsOverTheLink() {
    QTemporaryDir dir;
    const QString name = dir.filePath(u"console.socket"_s);
    SingleInstance first(name);
    QVERIFY(first.listen());
    SingleInstance second(name);
    QString error;
    QVERIFY(!second.listen(&error)); // the first answers on it
    QVERIFY(error.contains(u"another console is running"_s));
    QSignalSpy received(&first, &SingleInstance::messageReceived);
    // A later start sends from its own process; here from a thread, while this one's event
    // loop lets the first console answer.
    const QString link = u"dedup://0b6c4f7e-2d1a-4c55-9e61-3f0a9b8c7d11/run/42"_s;
    for (const QString &message : {link, QString()}) {
        std::atomic<int> sent = -1;
        QThread *sender =
            QThread::create([&] { sent = SingleInstance(name).sendToRunning(message) ? 1 : 0; });
        sender->start();
        QTRY_VERIFY_WITH_TIMEOUT(sent != -1, 10000);
        sender->wait();
        delete sender;
        QCOMPARE(int(sent), 1);
        QTRY_COMPARE(received.count(), 1);
        QCOMPARE(received.takeFirst().at(0).toString(), message);
    }
    // Nobody listening: the start runs itself.
    QVERIFY(!SingleInstance(dir.filePath(u"nobody.socket"_s)).sendToRunning(link, 500));
}

void TestLinks::staleSocketIsReplaced() {
    QTemporaryDir dir;
    const QString name = dir.filePath(u"console.socket"_s);
    // What a console that crashed leaves behind: a file at the socket's path that nobody
    // answers on.
    QFile stale(name);
    QVERIFY(stale.open(QIODevice::WriteOnly));
    stale.close();
    QVERIFY(!SingleInstance(name).sendToRunning(u"x"_s, 500));
    SingleInstance instance(name);
    QString error;
    QVERIFY2(instance.listen(&error), qPrintable(error));
    QVERIFY(instance.isListening());
}

QTEST_MAIN(TestLinks)
#include "tst_links.moc"
