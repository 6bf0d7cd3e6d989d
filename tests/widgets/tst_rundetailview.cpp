// The run detail view against a private PostgreSQL: a run made with the real protocol (an
// uncertain step after a cleared stale lease) shown with its header, its highlighted step and
// why, its events and audit; a stored result as the server's pretty JSON; the live lease
// countdown and the expired lease in the warning colour; a purged run; a store that cannot be
// reached (message and Retry); F5; a run with more events than a page: the tab says how many
// it has, and the page bar reaches the rest.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "models/AuditTableModel.h"
#include "models/EventTableModel.h"
#include "models/RunDetailSource.h"
#include "models/StepStatusStyle.h"
#include "models/StepTableModel.h"
#include "widgets/JsonPane.h"
#include "widgets/PageBar.h"
#include "widgets/RunDetailView.h"
#include "widgets/StoreConnections.h"
#include "widgets/WarningColor.h"

#include <QAction>
#include <QClipboard>
#include <QFile>
#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace dedup;
using namespace DetailTestRuns;
using models::RunDetailSource;
using models::StepTableModel;
using widgets::RunDetailView;
using widgets::StoreConnections;

namespace {

template <typename T = QLabel>
T *child(const QWidget &view, const char *name) {
    auto *widget = view.findChild<T *>(QLatin1String(name));
    if (!widget)
        qFatal("no child %s", name);
    return widget;
}

QString text(const QWidget &view, const char *name) {
    return child(view, name)->text();
}

// A view of its own source as the viewer role, shown and active (shortcuts need that).
struct ShownView {
    explicit ShownView(const QString &conninfo)
        : view(StoreConnections(conninfo)) {
        view.resize(1100, 720);
        view.show();
        active = QTest::qWaitForWindowActive(&view);
    }
    RunDetailSource &source() const { return *view.source(); }
    RunDetailView view;
    bool active = false;
};

} // namespace

class TestRunDetailView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void emptyState();
    void headerStepsAndWhy();
    void resultIsPrettyJson();
    void leaseCountdown();
    void notFoundAfterPurge();
    void unreachableStoreOffersRetry();
    void f5Reloads();
    void eventsTabSaysTheCount();
    void largeResultIsCutAndReleased();
    void showStepSelectsIt();

private:
    qint64 succeededRun(const QString &key);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_super, m_worker, m_operator;
};

void TestRunDetailView::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_super = m_db->connect();
    m_worker = m_db->connect(QStringLiteral("t_worker"));
    m_operator = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_super && m_worker && m_operator);
}

qint64 TestRunDetailView::succeededRun(const QString &key) {
    store::RunProtocol worker(*m_worker);
    const RunLease lease = claim(*m_worker, request(key, {QStringLiteral("draft")}));
    if (lease.runId == 0 || !worker.beginStep(lease, QStringLiteral("draft")).ok() ||
        !worker.completeStep(lease, QStringLiteral("draft"), QStringLiteral("INV-1")).ok())
        return 0;
    const QJsonObject result{{QStringLiteral("invoice"), QStringLiteral("INV-1")},
                             {QStringLiteral("status"), 201},
                             {QStringLiteral("lines"), QJsonArray{1, 2}}};
    return worker.succeed(lease, result).ok() ? lease.runId : 0;
}

void TestRunDetailView::eventsTabSaysTheCount() {
    // A run with 1,200 events: its claim ("claimed") and 1,199 duplicate_suppressed events
    // inserted by the superuser, as a store written before 0025 holds them (since 0025 a
    // duplicate claim is counted on its run, not written as an event).
    QCOMPARE(m_db->exec(QStringLiteral(
                 "WITH c AS (SELECT * FROM dedup.claim(p_scope => 'test', p_key => 'busy-key',"
                 " p_workflow => 'wf-detail', p_fingerprint => 'fp-busy-key', p_worker => 'w1'))"
                 " INSERT INTO dedup.events (run_id, kind, actor, attempt, detail)"
                 " SELECT c.run_id, 'duplicate_suppressed', 'w' || g, 1,"
                 " '{\"outcome\": \"in_progress\", \"lease_owner\": \"w1\"}'::jsonb"
                 " FROM c, generate_series(2, 1200) g ORDER BY g")),
             QString());
    const store::PgResult run =
        m_super->exec(QStringLiteral("SELECT id FROM dedup.runs WHERE idem_key = 'busy-key'"));
    QVERIFY(run.ok() && run.rows() == 1);
    ShownView shown(m_db->conninfo(QStringLiteral("t_viewer")));
    RunDetailView &view = shown.view;
    view.setRunId(run.toInt64(0, 0));
    QTabWidget *tabs = view.tabs();
    const int eventsTab = tabs->indexOf(child<QWidget>(view, "eventsTab"));
    QTRY_COMPARE_WITH_TIMEOUT(tabs->tabText(eventsTab),
                              QStringLiteral("Events (newest 500 of 1,200)"), 10000);
    QCOMPARE(text(view, "moreEventsLabel"),
             QStringLiteral("Showing newest 500 of 1,200 events, oldest first; the buttons page "
                            "through the rest."));
    auto *pages = child<widgets::PageBar>(view, "eventPages");
    QVERIFY(!pages->isHidden());
    QAction *older = pages->action(store::ListPage::Step::Older);
    QVERIFY(older->isEnabled());
    QVERIFY(!pages->action(store::ListPage::Step::Newer)->isEnabled());
    tabs->setCurrentIndex(eventsTab);
    QTest::mouseClick(child<QToolButton>(view, "pageOlderButton"), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(tabs->tabText(eventsTab), QStringLiteral("Events (201–700 of 1,200)"),
                              10000);
    pages->action(store::ListPage::Step::Oldest)->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(tabs->tabText(eventsTab),
                              QStringLiteral("Events (oldest 500 of 1,200)"), 10000);
    QCOMPARE(view.eventsTable()->model()->index(0, models::EventTableModel::KindColumn).data(),
             QVariant(QStringLiteral("claimed")));
    QVERIFY(!older->isEnabled());
    pages->action(store::ListPage::Step::Newest)->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(tabs->tabText(eventsTab),
                              QStringLiteral("Events (newest 500 of 1,200)"), 10000);
    // A run whose events fit: the count alone, no bar, no note.
    const qint64 few = succeededRun(QStringLiteral("few-events-view"));
    QVERIFY(few > 0);
    view.setRunId(few);
    QTRY_COMPARE_WITH_TIMEOUT(tabs->tabText(eventsTab), QStringLiteral("Events (4)"), 10000);
    QVERIFY(pages->isHidden());
    QVERIFY(child(view, "moreEventsLabel")->isHidden());
}

// A step clicked on the correlation timeline: the run opens on its Steps tab with that step
// current (the Events tab was in front before).
void TestRunDetailView::showStepSelectsIt() {
    store::RunProtocol worker(*m_worker);
    const RunLease lease =
        claim(*m_worker, request(QStringLiteral("detail-view-step"),
                                 {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")},
                                 QStringLiteral("visit-step")));
    QVERIFY(lease.runId > 0);
    ShownView shown(m_db->conninfo());
    RunDetailView &view = shown.view;
    QSignalSpy loaded(&view, &RunDetailView::runLoaded);
    view.tabs()->setCurrentIndex(1);
    view.showStep(lease.runId, 2);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
    QCOMPARE(view.tabs()->currentIndex(), 0);
    QCOMPARE(view.stepsTable()->currentIndex().row(), 1);
    QCOMPARE(view.stepsTable()->currentIndex().siblingAtColumn(1).data().toString(),
             QStringLiteral("b"));
    // A plain re-read later keeps what the operator chose since.
    view.tabs()->setCurrentIndex(1);
    view.setRunId(lease.runId);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 10000);
    QCOMPARE(view.tabs()->currentIndex(), 1);
}

void TestRunDetailView::emptyState() {
    ShownView shown(m_db->conninfo(QStringLiteral("t_viewer")));
    const RunDetailView &view = shown.view;
    QCOMPARE(shown.source().state(), RunDetailSource::State::Empty);
    QCOMPARE(child<QStackedWidget>(view, "pages")->currentWidget()->objectName(),
             QStringLiteral("messagePage"));
    QCOMPARE(text(view, "messageLabel"), QStringLiteral("Select a run"));
    QVERIFY(!child<QPushButton>(view, "retryButton")->isVisible());
    QVERIFY(!view.hasRun());
    QCOMPARE(view.runId(), 0);

    RunDetailView detached;
    QCOMPARE(text(detached, "messageLabel"), QStringLiteral("Not connected to a store."));
    QVERIFY(!detached.source());
}

void TestRunDetailView::headerStepsAndWhy() {
    store::RunProtocol worker(*m_worker);
    const RunLease lease =
        claim(*m_worker,
              request(QStringLiteral("detail-view-1"),
                      {QStringLiteral("draft"), QStringLiteral("pay"), QStringLiteral("notify")},
                      QStringLiteral("visit-9")));
    QVERIFY(lease.runId > 0);
    QVERIFY(worker.beginStep(lease, QStringLiteral("draft"), QStringLiteral("dk-1")).ok());
    QVERIFY(worker.completeStep(lease, QStringLiteral("draft"), QStringLiteral("INV-77")).ok());
    QVERIFY(worker.beginStep(lease, QStringLiteral("pay"), QStringLiteral("pay-key-1")).ok());
    QVERIFY(expireLease(*m_super, lease.runId));
    store::OperatorActions ops(*m_operator);
    const auto cleared = ops.clearStaleLease(store::OperatorRequest{
        lease.runId, 1, QStringLiteral("worker pod OOM-killed"), QStringLiteral("view-k1")});
    QVERIFY(cleared.ok() && cleared.value().isApplied());

    // The owner reads raw values (a viewer reads them redacted: tst_rundetailreveal.cpp).
    ShownView shown(m_db->conninfo());
    RunDetailView &view = shown.view;
    QSignalSpy loaded(&view, &RunDetailView::runLoaded);
    view.setRunId(lease.runId);
    QCOMPARE(text(view, "messageLabel"), QStringLiteral("Loading run %1…").arg(lease.runId));
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 10000);
    QCOMPARE(loaded.at(0).at(0).toLongLong(), lease.runId);
    QCOMPARE(child<QStackedWidget>(view, "pages")->currentWidget()->objectName(),
             QStringLiteral("detailPage"));

    // The header.
    QCOMPARE(text(view, "titleLabel"), QStringLiteral("Run %1").arg(lease.runId));
    QCOMPARE(text(view, "statusLabel"), QStringLiteral("Failed"));
    QVERIFY(!child(view, "statusIcon")->pixmap().isNull()); // the colour, next to the word
    QCOMPARE(text(view, "workflowValue"), QStringLiteral("wf-detail"));
    QCOMPARE(text(view, "scopeValue"), QStringLiteral("test"));
    QCOMPARE(text(view, "keyValue"), QStringLiteral("detail-view-1"));
    QCOMPARE(text(view, "attemptValue"), QStringLiteral("1 of 5"));
    QCOMPARE(text(view, "finishedValue").size(), 19); // "yyyy-MM-dd HH:mm:ss"
    QCOMPARE(text(view, "correlationValue"), QStringLiteral("<a href=\"correlation\">visit-9</a>"));
    QSignalSpy correlation(&view, &RunDetailView::correlationRequested);
    emit child(view, "correlationValue")->linkActivated(QStringLiteral("correlation"));
    QCOMPARE(correlation.count(), 1);
    QCOMPARE(correlation.at(0).at(0).toString(), QStringLiteral("visit-9"));
    // What an action menu needs.
    QVERIFY(view.hasRun());
    QCOMPARE(view.statusName(), QStringLiteral("failed"));
    QCOMPARE(view.status(), std::optional(core::RunStatus::Failed));
    QCOMPARE(view.leaseToken(), 2);
    QVERIFY(!view.leaseExpired());
    QVERIFY(!view.continuationQueued());

    // The lease was cleared: no owner, the bumped token.
    QCOMPARE(text(view, "leaseOwnerValue"), QStringLiteral("none"));
    QCOMPARE(text(view, "leaseTokenValue"), QStringLiteral("2"));
    QCOMPARE(text(view, "leaseExpiresValue"),
             QStringLiteral("no lease (the run is not processing)"));

    // The uncertain step stands out, with why.
    QTableView *steps = view.stepsTable();
    QCOMPARE(steps->model(), shown.source().steps());
    QCOMPARE(steps->model()->rowCount(), 3);
    const QModelIndex pay = steps->model()->index(1, StepTableModel::NameColumn);
    QCOMPARE(pay.data().toString(), QStringLiteral("pay"));
    QCOMPARE(pay.data(Qt::BackgroundRole).value<QBrush>().color(),
             models::StepStatusStyle::uncertainBackground());
    QVERIFY(!steps->model()->index(0, 0).data(Qt::BackgroundRole).isValid());
    const QString why = pay.siblingAtColumn(StepTableModel::WhyColumn).data().toString();
    QVERIFY2(why.contains(QStringLiteral("re-sends it with downstream key pay-key-1")),
             qPrintable(why));
    QLabel *whyLabel = child(view, "stepWhyLabel");
    QVERIFY(whyLabel->isVisible());
    QVERIFY2(whyLabel->text().startsWith(
                 QStringLiteral("<b>pay</b> (Uncertain): Outcome unknown: the side effect may")),
             qPrintable(whyLabel->text()));
    QCOMPARE(whyLabel->palette().color(QPalette::Window),
             models::StepStatusStyle::uncertainBackground());
    QTabWidget *tabs = view.tabs();
    QCOMPARE(tabs->tabText(0), QStringLiteral("Steps (3, 1 uncertain)"));
    QVERIFY(!tabs->tabIcon(0).isNull());
    // Selecting the done step explains nothing of it: the uncertain one stays explained.
    steps->setCurrentIndex(steps->model()->index(0, 0));
    QVERIFY(whyLabel->text().startsWith(QStringLiteral("<b>pay</b>")));

    // Events, the last error, review and audit.
    QCOMPARE(tabs->tabText(tabs->indexOf(child<QWidget>(view, "eventsTab"))),
             QStringLiteral("Events (6)"));
    QCOMPARE(view.eventsTable()->model()->rowCount(), 6);
    QCOMPARE(tabs->tabText(tabs->indexOf(child<QWidget>(view, "errorTab"))),
             QStringLiteral("Last Error (lease_expired)"));
    QCOMPARE(text(view, "errorClassValue"), QStringLiteral("lease_expired"));
    QVERIFY(child<widgets::JsonPane>(view, "errorPane")
                ->json()
                .contains(QStringLiteral("\"class\": \"lease_expired\"")));
    QCOMPARE(text(view, "reviewStateLabel"),
             QStringLiteral("This run was never routed to manual review."));
    QCOMPARE(tabs->tabText(tabs->indexOf(child<QWidget>(view, "auditTab"))),
             QStringLiteral("Audit (1)"));
    QCOMPARE(view.auditTable()
                 ->model()
                 ->index(0, models::AuditTableModel::ReasonColumn)
                 .data()
                 .toString(),
             QStringLiteral("worker pod OOM-killed"));
    // No result yet: the pane says why, and there is nothing to copy.
    auto *result = child<widgets::JsonPane>(view, "resultPane");
    QVERIFY(result->json().isEmpty());
    QVERIFY(result->editor()->placeholderText().startsWith(QStringLiteral("No result stored")));
    QVERIFY(!child<QToolButton>(*result, "copyJsonButton")->isEnabled());
}

void TestRunDetailView::resultIsPrettyJson() {
    const qint64 runId = succeededRun(QStringLiteral("detail-view-result"));
    QVERIFY(runId > 0);
    store::PgParams params;
    params.add(runId);
    const auto expected = m_super->exec(
        QStringLiteral("SELECT jsonb_pretty(result) FROM dedup.runs WHERE id = $1"), params);
    QVERIFY(expected.ok() && expected.rows() == 1);
    const QString pretty = expected.text(0, 0);
    QVERIFY(pretty.contains(QLatin1Char('\n'))); // indented, several lines

    // The owner reads raw values (a viewer reads them redacted: tst_rundetailreveal.cpp).
    ShownView shown(m_db->conninfo());
    RunDetailView &view = shown.view;
    view.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::Loaded, 10000);
    QCOMPARE(text(view, "statusLabel"), QStringLiteral("Succeeded"));
    auto *pane = child<widgets::JsonPane>(view, "resultPane");
    QCOMPARE(pane->json(), pretty);
    QVERIFY(pane->editor()->isReadOnly());
    const QFontMetricsF metrics(pane->editor()->font()); // monospace: every letter as wide
    QCOMPARE(metrics.horizontalAdvance(QLatin1Char('i')),
             metrics.horizontalAdvance(QLatin1Char('W')));
    QGuiApplication::clipboard()->clear();
    child<QToolButton>(*pane, "copyJsonButton")->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), pretty);
    QCOMPARE(text(view, "leaseExpiresValue"),
             QStringLiteral("no lease (the run is not processing)"));
    // Retention: 90 days after it finished.
    const QDateTime keptUntil =
        QDateTime::fromString(text(view, "expiresValue"), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    QVERIFY2(keptUntil > QDateTime::currentDateTime().addDays(89),
             qPrintable(text(view, "expiresValue")));
}

void TestRunDetailView::leaseCountdown() {
    const RunLease lease =
        claim(*m_worker, request(QStringLiteral("detail-view-lease"), {QStringLiteral("send")}, {},
                                 std::chrono::seconds(45)));
    QVERIFY(lease.runId > 0);
    ShownView shown(m_db->conninfo(QStringLiteral("t_viewer")));
    RunDetailView &view = shown.view;
    view.setRunId(lease.runId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::Loaded, 10000);
    QCOMPARE(text(view, "statusLabel"), QStringLiteral("Processing"));
    QCOMPARE(text(view, "leaseOwnerValue"), QStringLiteral("w1"));
    QCOMPARE(text(view, "leaseTokenValue"), QStringLiteral("1"));
    QLabel *expires = child(view, "leaseExpiresValue");
    const QRegularExpression live(QStringLiteral("^in (\\d+) s$"));
    const auto first = live.match(expires->text());
    QVERIFY2(first.hasMatch(), qPrintable(expires->text()));
    const int seconds = first.captured(1).toInt();
    QVERIFY2(seconds >= 35 && seconds <= 44, qPrintable(expires->text()));
    // It counts down by itself, between reads.
    const auto secondsShown = [&] {
        const auto match = live.match(expires->text());
        return match.hasMatch() ? match.captured(1).toInt() : -1;
    };
    QTRY_VERIFY_WITH_TIMEOUT(secondsShown() >= 0 && secondsShown() < seconds, 3000);
    QCOMPARE(expires->palette().color(QPalette::WindowText),
             view.palette().color(QPalette::WindowText));
    QVERIFY(text(view, "statusNote").isEmpty());
    QVERIFY(!view.leaseExpired());

    // The worker died three minutes ago.
    QVERIFY(expireLease(*m_super, lease.runId, 180));
    view.reload();
    QTRY_COMPARE_WITH_TIMEOUT(expires->text(), QStringLiteral("expired 3 min ago"), 10000);
    QCOMPARE(expires->palette().color(QPalette::WindowText),
             widgets::warningTextColor(view.palette()));
    QCOMPARE(text(view, "statusNote"), QStringLiteral("stuck: the lease expired"));
    QVERIFY(view.leaseExpired());
    QCOMPARE(view.leaseToken(), 1);
    QCOMPARE(view.status(), std::optional(core::RunStatus::Processing));
}

void TestRunDetailView::notFoundAfterPurge() {
    const qint64 runId = succeededRun(QStringLiteral("detail-view-purged"));
    QVERIFY(runId > 0);
    ShownView shown(m_db->conninfo(QStringLiteral("t_viewer")));
    RunDetailView &view = shown.view;
    view.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::Loaded, 10000);

    // Retention: its deadline passed, and purge deletes it.
    store::PgParams params;
    params.add(runId);
    QVERIFY(m_super
                ->exec(QStringLiteral("UPDATE dedup.runs SET expires_at = now() - interval '1 day'"
                                      " WHERE id = $1"),
                       params)
                .ok());
    const auto purged = m_super->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired()"));
    QVERIFY(purged.ok() && purged.rows() == 1);
    QCOMPARE(purged.toInt64(0, 0), 1);

    QSignalSpy changed(&view, &RunDetailView::runChanged);
    view.reload();
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::NotFound, 10000);
    QCOMPARE(child<QStackedWidget>(view, "pages")->currentWidget()->objectName(),
             QStringLiteral("messagePage"));
    QCOMPARE(text(view, "messageLabel"),
             QStringLiteral("Run %1 no longer exists (purged)").arg(runId));
    QCOMPARE(text(view, "messageHint"),
             QStringLiteral("Retention deleted it, or the id is wrong."));
    QVERIFY(child<QPushButton>(view, "retryButton")->isVisible());
    QVERIFY(!view.hasRun());
    QCOMPARE(view.leaseToken(), 0);
    QCOMPARE(changed.count(), 1);
}

void TestRunDetailView::unreachableStoreOffersRetry() {
    QString conninfo = m_db->conninfo(QStringLiteral("t_viewer"));
    conninfo.replace(QStringLiteral("dbname=") + m_db->name(),
                     QStringLiteral("dbname=no_such_database"));
    ShownView shown(conninfo);
    RunDetailView &view = shown.view;
    QSignalSpy lost(&view, &RunDetailView::connectionLost);
    view.setRunId(7);
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::Failed, 10000);
    QCOMPARE(text(view, "messageLabel"), QStringLiteral("Could not load run 7"));
    QVERIFY2(text(view, "messageHint").contains(QStringLiteral("no_such_database")),
             qPrintable(text(view, "messageHint")));
    QVERIFY(child<QPushButton>(view, "retryButton")->isVisible());
    // The runner starts connecting when the view is created, so its connectionLost may come
    // before the spy exists: the failure's kind says the same.
    QCOMPARE(shown.source().lastFailure(), dedup::lanes::Failure::ConnectionLost);
    QVERIFY(lost.count() <= 1);
    // Retry asks again (and fails again, the same way).
    QSignalSpy loading(&shown.source(), &RunDetailSource::loading);
    child<QPushButton>(view, "retryButton")->click();
    QCOMPARE(loading.count(), 1);
}

void TestRunDetailView::f5Reloads() {
    const qint64 runId = succeededRun(QStringLiteral("detail-view-f5"));
    QVERIFY(runId > 0);
    ShownView shown(m_db->conninfo(QStringLiteral("t_viewer")));
    QVERIFY(shown.active);
    RunDetailView &view = shown.view;
    view.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::Loaded, 10000);
    QSignalSpy loading(&shown.source(), &RunDetailSource::loading);
    view.stepsTable()->setFocus();
    QTest::keyClick(view.stepsTable(), Qt::Key_F5);
    QCOMPARE(loading.count(), 1);
    QCOMPARE(loading.at(0).at(0).toLongLong(), runId);
    QTRY_VERIFY_WITH_TIMEOUT(!shown.source().isLoading(), 10000);
    QCOMPARE(shown.source().state(), RunDetailSource::State::Loaded);
}

QTEST_MAIN(TestRunDetailView)
void TestRunDetailView::largeResultIsCutAndReleased() {
    // A result of 2.5 MB of records (issue 19): prepared by the source's loading thread, shown
    // cut with its size, Show All and Save to File; a reload keeps one copy of it; closing
    // the detail lets go of it everywhere.
    const store::PgResult made = m_super->exec(QStringLiteral(
        "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, result, status,"
        " created_at, updated_at, finished_at) SELECT 'test', 'detail-view-large', 'wf-detail',"
        " 'fp', (SELECT jsonb_agg(jsonb_build_object('id', g, 'note', repeat('n', 100)))"
        " FROM generate_series(1, 16000) g), 'succeeded', now(), now(), now() RETURNING id"));
    QVERIFY2(made.ok() && made.rows() == 1, qPrintable(made.error().toString()));
    ShownView shown(m_db->conninfo());
    RunDetailView &view = shown.view;
    view.setRunId(made.toInt64(0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::Loaded, 10000);
    auto *pane = child<widgets::JsonPane>(view, "resultPane");
    const QString whole = shown.source().detail().result.pretty;
    QVERIFY(whole.size() > 2 * widgets::JsonPane::ShownChars);
    QCOMPARE(pane->json(), whole);
    QVERIFY(pane->isCut());
    // The cut text reaches the editor a piece at a time.
    QTRY_COMPARE(pane->editor()->toPlainText(), whole.left(widgets::JsonPane::ShownChars));
    QCOMPARE(pane->byteSize(), qint64(whole.toUtf8().size()));
    auto *note = child(*pane, "cutNote");
    QVERIFY(note->isVisibleTo(pane));
    QCOMPARE(note->text(), QStringLiteral("Showing the first 256.00 KiB of %1.")
                               .arg(QLocale().formattedDataSize(whole.toUtf8().size())));
    QVERIFY(child<QToolButton>(*pane, "showAllButton")->isVisibleTo(pane));
    QVERIFY(child<QToolButton>(*pane, "saveJsonButton")->isVisibleTo(pane));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("result.json"));
    QString error;
    QVERIFY2(pane->saveToFile(path, &error), qPrintable(error));
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(saved.readAll()), whole);

    // A re-read of the unchanged run: the pane and the source share one copy of the value.
    QSignalSpy loaded(&shown.source(), &RunDetailSource::loaded);
    view.reload();
    QVERIFY(loaded.wait(10000));
    QVERIFY(pane->json().isSharedWith(shown.source().detail().result.pretty));
    QVERIFY(pane->isCut());

    // Show All fills the editor a piece at a time too, saying how far it got.
    child<QToolButton>(*pane, "showAllButton")->click();
    QVERIFY(!pane->isCut());
    QVERIFY(pane->isFilling());
    QVERIFY(note->isVisibleTo(pane));
    QVERIFY2(note->text().startsWith(QStringLiteral("Showing… ")), qPrintable(note->text()));
    QVERIFY2(note->text().endsWith(
                 QStringLiteral(" of %1 characters").arg(QLocale().toString(whole.size()))),
             qPrintable(note->text()));
    QVERIFY(!child<QToolButton>(*pane, "showAllButton")->isVisibleTo(pane));
    // Eventually the whole value.
    QTRY_VERIFY_WITH_TIMEOUT(!pane->isFilling(), 60000);
    QCOMPARE(pane->editor()->toPlainText(), whole);
    QVERIFY(!note->isVisibleTo(pane));
    // Opened again (the same id would only re-read it), Show All, and closed while it fills:
    // the filling stops with the close.
    view.setRunId(0);
    view.setRunId(made.toInt64(0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(shown.source().state(), RunDetailSource::State::Loaded, 10000);
    QTRY_VERIFY(!pane->isFilling());
    QVERIFY(pane->isCut());
    pane->showAll();
    QVERIFY(pane->isFilling());

    // Closed: nothing of the value stays in the pane or the source.
    view.closeRun();
    QVERIFY(!pane->isFilling());
    QCOMPARE(shown.source().state(), RunDetailSource::State::Empty);
    QVERIFY(!shown.source().hasDetail());
    QVERIFY(shown.source().shown().result.pretty.isNull());
    QVERIFY(pane->json().isNull());
    QCOMPARE(pane->byteSize(), qint64(0));
    QVERIFY(pane->editor()->toPlainText().isEmpty());
    QVERIFY(!pane->isCut());
    QVERIFY(!note->isVisibleTo(pane));
    QVERIFY(!child<QToolButton>(*pane, "copyJsonButton")->isEnabled());
    QVERIFY(child<widgets::JsonPane>(view, "errorPane")->json().isNull());
}

#include "tst_rundetailview.moc"
