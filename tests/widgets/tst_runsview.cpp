// The runs view in the main window against a private PostgreSQL: filtering through the bar's
// widgets, the count line, live changes that keep the selection and the scroll position,
// pausing, cancelling a load, activation signals, and the connection banner when the server
// terminates the console's backends.
#include "RunTestData.h"
#include "TestDatabase.h"
#include "WholeCell.h"
#include "lanes/ChangeListener.h"
#include "models/RunListModel.h"
#include "widgets/ConnectionBanner.h"
#include "widgets/MainWindow.h"
#include "widgets/RunsView.h"
#include "widgets/StoreSession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

using namespace dedup;
using models::RunListModel;
using widgets::MainWindow;
using widgets::RunsView;

namespace {

store::ConnectionReport reportFor(const TestDatabase &db) {
    store::ConnectionReport report;
    report.conninfo = db.conninfo();
    report.target = QStringLiteral("postgres@test/") + db.name();
    report.currentUser = QStringLiteral("postgres");
    report.canOperate = true;
    report.canRead = true;
    return report;
}

// A new run by the protocol (so it notifies), newer than every generated one.
qint64 claim(store::PgConnection &worker, const QString &key) {
    store::PgParams params;
    params.add(key).add(QStringLiteral("fp-") + key);
    const auto result = worker.exec(
        QStringLiteral("SELECT run_id FROM dedup.claim(p_scope => 'live', p_key => $1, "
                       "p_workflow => 'wf-live', p_fingerprint => $2, p_worker => 'w1')"),
        params);
    if (!result.ok()) {
        qWarning("claim: %s", qPrintable(result.error().toString()));
        return 0;
    }
    return result.toInt64(0, 0);
}

QString exactCount(qsizetype n) {
    return n == 1 ? QStringLiteral("1 run") : QStringLiteral("%1 runs").arg(QLocale().toString(n));
}

// The main window attached to a test store with generated runs, shown and active.
struct Console {
    explicit Console(int runs) {
        if (!db.isValid() || !db.grantTestLogins().isEmpty() ||
            !RunTestData::insertRuns(db, runs).isEmpty())
            return;
        window.resize(1200, 700);
        window.show();
        if (!QTest::qWaitForWindowActive(&window))
            return;
        window.attachStore(reportFor(db));
        view = window.runsView();
        model = view->model();
        table = view->table();
        table->setFocus();
    }
    template <typename T>
    T *child(const char *name) const {
        // The runs view's first: other views have widgets of the same names (countLabel).
        auto *object = window.runsView()->findChild<T *>(QLatin1String(name));
        if (!object)
            object = window.findChild<T *>(QLatin1String(name));
        if (!object)
            qFatal("no child %s", name);
        return object;
    }
    QString countText() const { return child<QLabel>("countLabel")->text(); }
    QList<qint64> expected(const QString &where) const { return RunTestData::idsWhere(db, where); }
    qint64 idAt(const QPoint &viewportPoint) const {
        return table->indexAt(viewportPoint).data(RunListModel::RunIdRole).toLongLong();
    }

    TestDatabase db;
    MainWindow window;
    RunsView *view = nullptr;
    RunListModel *model = nullptr;
    QTableView *table = nullptr;
};

} // namespace

class TestRunsView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void filtersThroughTheBar();
    void invalidFilterChangesNothing();
    void countLine();
    void liveChangesKeepSelectionAndScroll();
    void pauseHoldsChangesBack();
    void cancelStopsALoad();
    void activationSignals();
    void bannerWhileBackendsAreTerminated();
    void attemptsNeverCutInTheMiddle();
};

void TestRunsView::attemptsNeverCutInTheMiddle() {
    Console c(20);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QTRY_COMPARE(c.countText(), QStringLiteral("20 runs"));
    const QString updated =
        c.db.exec(QStringLiteral("UPDATE dedup.runs SET attempt = 2501, max_attempts = 100000"
                                 " WHERE id = (SELECT max(id) FROM dedup.runs) RETURNING id"));
    QVERIFY2(updated.isEmpty(), qPrintable(updated));
    const qint64 runId = c.expected(QStringLiteral("attempt = 2501")).value(0);
    QVERIFY(runId > 0);
    c.view->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(
        c.model->rowOfRun(runId) >= 0 &&
            c.model->index(c.model->rowOfRun(runId), RunListModel::AttemptColumn)
                    .data()
                    .toString() == QStringLiteral("2501/100000"),
        10000);
    const QModelIndex attempts =
        c.model->index(c.model->rowOfRun(runId), RunListModel::AttemptColumn);
    QTRY_COMPARE(WholeCell::problem(c.table, attempts), QString());
}

void TestRunsView::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
    QSettings().clear();
}

void TestRunsView::filtersThroughTheBar() {
    Console c(300);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QVERIFY(c.model);
    QTRY_COMPARE(c.model->rowCount(), RunListModel::DefaultPageSize);
    QTRY_COMPARE(c.countText(), QStringLiteral("300 runs"));

    // Status and workflow: a button and Return.
    c.child<QToolButton>("statusButton_failed")->click();
    auto *workflow = c.child<QLineEdit>("workflowEdit");
    workflow->setFocus();
    QTest::keyClicks(workflow, QStringLiteral("wf-1"));
    QTest::keyClick(workflow, Qt::Key_Return);
    QList<qint64> expected = c.expected(QStringLiteral("status = 'failed' AND workflow = 'wf-1'"));
    QVERIFY(!expected.isEmpty());
    QTRY_COMPARE(RunTestData::modelIds(*c.model), expected);
    QTRY_COMPARE(c.countText(), exactCount(expected.size()));

    // Key prefix, typed and applied after the pause; '_' is literal, not a LIKE wildcard.
    c.child<QPushButton>("clearButton")->click();
    c.child<QComboBox>("searchMode")->setCurrentIndex(1);
    auto *search = c.child<QLineEdit>("searchEdit");
    search->setFocus();
    QTest::keyClicks(search, QStringLiteral("under_1"));
    expected = c.expected(QStringLiteral("starts_with(idem_key, 'under_1')"));
    QVERIFY(!expected.isEmpty());
    QTRY_COMPARE(RunTestData::modelIds(*c.model), expected);
    QTRY_COMPARE(c.countText(), exactCount(expected.size()));

    // Correlation id, after switching the mode (applied at once: the field has text).
    search->setText(QStringLiteral("corr-1"));
    c.child<QComboBox>("searchMode")->setCurrentIndex(2);
    expected = c.expected(QStringLiteral("correlation_id = 'corr-1'"));
    QVERIFY(!expected.isEmpty());
    QTRY_COMPARE(RunTestData::modelIds(*c.model), expected);

    // Exact key with a '%' in it.
    c.child<QComboBox>("searchMode")->setCurrentIndex(0);
    search->setText(QStringLiteral("pct%8"));
    QTest::keyClick(search, Qt::Key_Return);
    expected = c.expected(QStringLiteral("idem_key = 'pct%8'"));
    QCOMPARE(expected.size(), 1);
    QTRY_COMPARE(RunTestData::modelIds(*c.model), expected);
    QTRY_COMPARE(c.countText(), QStringLiteral("1 run"));

    // Esc in the search field clears it: every run again.
    QTest::keyClick(search, Qt::Key_Escape);
    QCOMPARE(search->text(), QString());
    QTRY_COMPARE(c.countText(), QStringLiteral("300 runs"));

    // Nothing matches: the table says so.
    c.child<QLineEdit>("scopeEdit")->setText(QStringLiteral("no-such-scope"));
    QTest::keyClick(c.child<QLineEdit>("scopeEdit"), Qt::Key_Return);
    QTRY_COMPARE(c.countText(), QStringLiteral("0 runs"));
    QTRY_VERIFY(c.child<QLabel>("emptyStateLabel")->isVisible());
    QCOMPARE(c.child<QLabel>("emptyStateLabel")->text(),
             QStringLiteral("No runs match this filter."));
}

void TestRunsView::invalidFilterChangesNothing() {
    Console c(50);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QTRY_COMPARE(c.model->rowCount(), 50);
    QVERIFY(RunTestData::waitIdle(*c.model));
    const QList<qint64> before = RunTestData::modelIds(*c.model);
    QSignalSpy resets(c.model, &QAbstractItemModel::modelReset);
    auto *errorRow = c.child<QWidget>("errorRow");
    QVERIFY(!errorRow->isVisible());

    c.child<QComboBox>("timeRange")->setCurrentIndex(4); // custom: "from" on, 1 day ago
    QTRY_VERIFY(!c.model->isLoading());
    c.child<QDateTimeEdit>("toEdit")->setDateTime(QDateTime::currentDateTime().addDays(-2));
    c.child<QCheckBox>("toEnabled")->setChecked(true); // to < from
    QVERIFY(errorRow->isVisible());
    QCOMPARE(c.child<QLabel>("errorLabel")->text(), c.model->errorText());
    QVERIFY(c.model->errorText().startsWith(QStringLiteral("The time range starts")));
    // Nothing changed: the previous list stays, and no live update hides the message.
    QTest::qWait(300);
    QVERIFY(errorRow->isVisible());

    c.child<QCheckBox>("toEnabled")->setChecked(false); // fixed: from 1 day ago, open end
    QVERIFY(!errorRow->isVisible());
    QTRY_COMPARE(c.countText(), QStringLiteral("0 runs")); // generated runs are from 2025
    c.child<QComboBox>("timeRange")->setCurrentIndex(0);
    QTRY_COMPARE(RunTestData::modelIds(*c.model), before);
    QCOMPARE(resets.count(), 3); // each valid filter, not the invalid one
}

void TestRunsView::countLine() {
    Console c(300);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QTRY_COMPARE(c.countText(), QStringLiteral("300 runs"));
    auto *truncated = c.child<QLabel>("truncatedLabel");
    QVERIFY(!truncated->isVisible());

    // Over the exact count's cap: the planner's estimate, labelled as such.
    c.model->setCountCap(100);
    c.view->refresh();
    QTRY_VERIFY(c.model->countIsEstimate());
    if (c.model->countHasEstimate()) {
        QCOMPARE(
            c.countText(),
            QStringLiteral("~%1 runs (estimate)").arg(QLocale().toString(c.model->countValue())));
    } else {
        QCOMPARE(c.countText(), QStringLiteral("more than 100 runs"));
    }

    // More rows than the list keeps: the notice.
    c.model->setMaxRows(150);
    QTRY_VERIFY(truncated->isVisible());
    QCOMPARE(truncated->text(), QStringLiteral("showing the newest 150; narrow the filter"));
    QCOMPARE(c.model->rowCount(), 150);
}

void TestRunsView::liveChangesKeepSelectionAndScroll() {
    Console c(300);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QVERIFY(RunTestData::fetchAll(*c.model));
    QCOMPARE(c.model->rowCount(), 300);
    QTRY_VERIFY(c.window.session()->listener()->isConnected());
    auto worker = c.db.connect(QStringLiteral("t_worker"));
    QVERIFY(worker);
    QSignalSpy resets(c.model, &QAbstractItemModel::modelReset);

    // Scrolled into the middle, a run selected further down.
    c.table->scrollTo(c.model->index(150, 0), QAbstractItemView::PositionAtTop);
    QVERIFY(c.table->verticalScrollBar()->value() > 0);
    const QPoint top(1, 1);
    const qint64 topId = c.idAt(top);
    QCOMPARE(topId, c.model->runAt(150).id);
    c.table->selectRow(155);
    const qint64 selectedId = c.model->runAt(155).id;
    QCOMPARE(c.view->currentRunId(), selectedId);

    // A new run arrives at the top (above the viewport).
    const qint64 fresh = claim(*worker, QStringLiteral("arrives-while-scrolled"));
    QVERIFY(fresh);
    QTRY_COMPARE(c.model->rowCount(), 301);
    QCOMPARE(c.model->runAt(0).id, fresh);
    QCOMPARE(c.idAt(top), topId);
    QCOMPARE(c.view->currentRunId(), selectedId);
    QCOMPARE(c.table->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(
        c.table->selectionModel()->selectedRows().at(0).data(RunListModel::RunIdRole).toLongLong(),
        selectedId);

    // A run above the viewport goes away: a finished one, purged (the purge's mark in the
    // change feed makes the list re-read).
    qint64 gone = 0;
    for (const qint64 id : c.expected(QStringLiteral("status IN ('succeeded', 'failed')")))
        if (const int row = c.model->rowOfRun(id); row > 0 && row < 140) {
            gone = id;
            break;
        }
    QVERIFY(gone);
    QVERIFY(c.db.exec(QStringLiteral("UPDATE dedup.runs SET expires_at = now() - interval '1 day'"
                                     " WHERE id = %1")
                          .arg(gone))
                .isEmpty());
    auto operatorConn = c.db.connect(QStringLiteral("t_operator"));
    QVERIFY(operatorConn);
    const auto purged =
        operatorConn->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired()"));
    QVERIFY2(purged.ok(), qPrintable(purged.error().toString()));
    QCOMPARE(purged.toInt64(0, 0), 1);
    QTRY_COMPARE(c.model->rowCount(), 300);
    QCOMPARE(c.model->rowOfRun(gone), -1);
    QCOMPARE(c.idAt(top), topId);
    QCOMPARE(c.view->currentRunId(), selectedId);

    // The selected run itself changes: still selected, showing the new state. (A direct
    // update writes no event: the event row, as the store's functions write one, is what the
    // change feed reads.)
    QVERIFY(c.db.exec(QStringLiteral("UPDATE dedup.runs SET review_note = 'seen', updated_at = "
                                     "now() WHERE id = %1; INSERT INTO dedup.events (run_id, kind)"
                                     " VALUES (%1, 'resolved')")
                          .arg(selectedId))
                .isEmpty());
    // Generated runs were updated in 2025; this one now.
    QTRY_VERIFY(c.model->runAt(c.model->rowOfRun(selectedId))
                    .updatedAt.secsTo(QDateTime::currentDateTime()) < 3600);
    QCOMPARE(c.view->currentRunId(), selectedId);
    QCOMPARE(c.idAt(top), topId);

    // At the very top the list stays at the top: new runs show.
    c.table->scrollToTop();
    const qint64 newest = claim(*worker, QStringLiteral("arrives-at-top"));
    QTRY_COMPARE(c.model->rowCount(), 301);
    QCOMPARE(c.idAt(top), newest);
    QCOMPARE(c.view->currentRunId(), selectedId);
    QCOMPARE(resets.count(), 0);
}

void TestRunsView::pauseHoldsChangesBack() {
    Console c(20);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QTRY_COMPARE(c.model->rowCount(), 20);
    QTRY_VERIFY(c.window.session()->listener()->isConnected());
    auto *state = c.child<QLabel>("liveStateLabel");
    QCOMPARE(state->text(), QStringLiteral("updating live"));
    auto worker = c.db.connect(QStringLiteral("t_worker"));
    QVERIFY(worker);

    QTest::keyClick(c.table, Qt::Key_L, Qt::ControlModifier);
    QVERIFY(c.window.session()->listener()->isPaused());
    QVERIFY(!c.child<QAction>("actionLive")->isChecked());
    QCOMPARE(state->text(), QStringLiteral("paused"));
    QVERIFY(claim(*worker, QStringLiteral("while-paused-1")));
    QTRY_COMPARE(state->text(), QStringLiteral("paused, 1 change waiting"));
    QVERIFY(claim(*worker, QStringLiteral("while-paused-2")));
    QTRY_COMPARE(state->text(), QStringLiteral("paused, 2 changes waiting"));
    QTest::qWait(500);
    QCOMPARE(c.model->rowCount(), 20);

    c.child<QAction>("actionLive")->trigger();
    QVERIFY(!c.window.session()->listener()->isPaused());
    QTRY_COMPARE(c.model->rowCount(), 22);
    QCOMPARE(state->text(), QStringLiteral("updating live"));
}

void TestRunsView::cancelStopsALoad() {
    Console c(30);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QTRY_COMPARE(c.countText(), QStringLiteral("30 runs"));
    QVERIFY(RunTestData::waitIdle(*c.model));
    auto locker = c.db.connect();
    QVERIFY(locker);
    QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());

    QTest::keyClick(c.table, Qt::Key_F5);
    QVERIFY(c.model->isLoading());
    QVERIFY(RunTestData::waitForLockWait(c.db, c.model->loaderBackendPid()));
    QCOMPARE(c.countText(), QStringLiteral("loading…"));
    QVERIFY(c.child<QAction>("actionCancelLoading")->isEnabled());
    QVERIFY(c.child<QLabel>("emptyStateLabel")->isVisible());
    QCOMPARE(c.child<QLabel>("emptyStateLabel")->text(), QStringLiteral("Loading runs…"));

    QTest::keyClick(c.table, Qt::Key_Escape);
    QVERIFY(!c.model->isLoading());
    QVERIFY(!c.child<QAction>("actionCancelLoading")->isEnabled());
    QVERIFY(c.child<QWidget>("errorRow")->isVisible());
    QCOMPARE(c.child<QLabel>("errorLabel")->text(), QStringLiteral("Loading was cancelled."));
    QCOMPARE(c.countText(), QStringLiteral("not counted"));
    QVERIFY(locker->exec(QStringLiteral("ROLLBACK")).ok());

    QTest::keyClick(c.table, Qt::Key_F5);
    QTRY_COMPARE(c.model->rowCount(), 30);
    QTRY_COMPARE(c.countText(), QStringLiteral("30 runs"));
    QVERIFY(!c.child<QWidget>("errorRow")->isVisible());
}

void TestRunsView::activationSignals() {
    Console c(30);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QTRY_COMPARE(c.model->rowCount(), 30);
    QSignalSpy runs(c.view, &RunsView::runActivated);
    QSignalSpy correlations(c.view, &RunsView::correlationActivated);

    // Return on the current row.
    c.table->selectRow(3);
    QTest::keyClick(c.table, Qt::Key_Return);
    QCOMPARE(runs.count(), 1);
    QCOMPARE(runs.at(0).at(0).toLongLong(), c.model->runAt(3).id);

    // Double click.
    const QRect cell = c.table->visualRect(c.model->index(5, RunListModel::KeyColumn));
    // The view activates on a double click of the row it saw pressed: press first.
    QTest::mouseClick(c.table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(c.table->viewport(), Qt::LeftButton, {}, cell.center());
    QTRY_COMPARE(runs.count(), 2);
    QCOMPARE(runs.at(1).at(0).toLongLong(), c.model->runAt(5).id);

    // Show correlation: only for a run that has one (every 7th generated run).
    auto *showCorrelation = c.child<QAction>("actionShowCorrelation");
    int withCorrelation = -1, without = -1;
    for (int row = 0; row < c.model->rowCount(); ++row) {
        (c.model->runAt(row).correlationId.isEmpty() ? without : withCorrelation) = row;
    }
    QVERIFY(withCorrelation >= 0 && without >= 0);
    c.table->selectRow(without);
    QVERIFY(!showCorrelation->isEnabled());
    c.table->selectRow(withCorrelation);
    QVERIFY(showCorrelation->isEnabled());
    showCorrelation->trigger();
    QCOMPARE(correlations.count(), 1);
    QCOMPARE(correlations.at(0).at(0).toString(), c.model->runAt(withCorrelation).correlationId);
}

void TestRunsView::bannerWhileBackendsAreTerminated() {
    Console c(100);
    QVERIFY2(c.db.isValid(), qPrintable(c.db.error()));
    QVERIFY(RunTestData::fetchAll(*c.model));
    lanes::ChangeListener *listener = c.window.session()->listener();
    QTRY_VERIFY(listener->isConnected());
    auto *banner = c.child<widgets::ConnectionBanner>("banner");
    QVERIFY(!banner->isVisible());
    c.table->selectRow(7);
    const qint64 selectedId = c.view->currentRunId();
    const int loaderPid = c.model->loaderBackendPid();
    const int listenerPid = listener->backendPid();
    QVERIFY(loaderPid != 0 && listenerPid != 0);
    QSignalSpy active(banner, &widgets::ConnectionBanner::activeChanged);
    QSignalSpy resets(c.model, &QAbstractItemModel::modelReset);
    QStringList messages;
    connect(banner, &widgets::ConnectionBanner::activeChanged, this, [&](bool on) {
        if (on)
            messages.append(banner->message());
    });

    // Written while nobody listens (no notification): only re-reading brings it.
    QVERIFY(c.db.exec(QStringLiteral(
                          "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status) "
                          "VALUES ('s', 'missed', 'w', 'f', 'failed')"))
                .isEmpty());
    QVERIFY(c.db.exec(QStringLiteral("SELECT pg_terminate_backend(%1), pg_terminate_backend(%2)")
                          .arg(loaderPid)
                          .arg(listenerPid))
                .isEmpty());

    // Shown, then gone by itself once both connections are back.
    QTRY_VERIFY_WITH_TIMEOUT(active.count() >= 1, 15000);
    QCOMPARE(active.at(0).at(0).toBool(), true);
    QVERIFY2(messages.at(0).startsWith(QStringLiteral("Connection to postgres@test/") +
                                       c.db.name() + QStringLiteral(" lost: ")),
             qPrintable(messages.at(0)));
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isActive(), 20000);
    QVERIFY(!banner->isVisible());
    QCOMPARE(active.last().at(0).toBool(), false);
    QTRY_VERIFY(listener->isConnected());
    QVERIFY(listener->backendPid() != listenerPid);

    // Re-read: the missed run is there, the selection is not lost, no reset happened.
    QTRY_COMPARE_WITH_TIMEOUT(c.model->rowCount(), 101, 15000);
    QCOMPARE(c.model->runAt(0).idemKey, QStringLiteral("missed"));
    QVERIFY(c.model->loaderBackendPid() != 0 && c.model->loaderBackendPid() != loaderPid);
    QCOMPARE(c.view->currentRunId(), selectedId);
    QCOMPARE(resets.count(), 0);
    QVERIFY(!c.window.session()->isConnectionLost());
}

QTEST_MAIN(TestRunsView)
#include "tst_runsview.moc"
