// The correlation view against a private PostgreSQL: three runs of one patient visit
// (succeeded, failed, still processing) as table rows with a timeline column; the bars drawn by
// TimelineBarDelegate into an image (a finished run's bar spans its share of the axis, an open
// run's reaches the axis' end); the time axis; the id field; activation signals. The proxy that
// adds the timeline column runs under QAbstractItemModelTester. A correlation of 5,000 runs:
// the newest page first, labelled as such, paged with the page bar.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "models/CorrelationModel.h"
#include "models/RunStatusStyle.h"
#include "widgets/CorrelationTimelineModel.h"
#include "widgets/CorrelationView.h"
#include "widgets/PageBar.h"
#include "widgets/TimelineBarDelegate.h"
#include "widgets/TimelineHeader.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

using namespace dedup;
using namespace DetailTestRuns;
using models::CorrelationModel;
using widgets::CorrelationView;
using widgets::TimelineAxis;

namespace {

// Pixels of row `y` in `image` that have `color` (the bar's fill).
int pixelsOf(const QImage &image, int y, const QColor &color) {
    int count = 0;
    for (int x = 0; x < image.width(); ++x) {
        if (image.pixelColor(x, y).rgb() == color.rgb())
            ++count;
    }
    return count;
}

} // namespace

class TestCorrelationView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void timelineOfAVisit();
    void barsDrawnToScale();
    void activationSignals();
    void emptyStates();
    void hugeCorrelationPaged();

private:
    void showVisit(CorrelationView &view);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_super, m_worker;
    QList<qint64> m_runs; // booking, confirmation, invoice
};

void TestCorrelationView::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_super = m_db->connect();
    m_worker = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(m_super && m_worker);

    store::RunProtocol worker(*m_worker);
    const QString visit = QStringLiteral("visit-T");
    const RunLease booking =
        claim(*m_worker, request(QStringLiteral("t-book"), {QStringLiteral("book")}, visit));
    QVERIFY(worker.beginStep(booking, QStringLiteral("book")).ok());
    QVERIFY(worker.completeStep(booking, QStringLiteral("book"), QStringLiteral("B1")).ok());
    QVERIFY(worker.succeed(booking).ok());
    const RunLease confirm =
        claim(*m_worker, request(QStringLiteral("t-confirm"), {QStringLiteral("sms")}, visit));
    QVERIFY(worker.fail(confirm, {QStringLiteral("validation"), QStringLiteral("bad phone"), false})
                .ok());
    const RunLease invoice =
        claim(*m_worker, request(QStringLiteral("t-invoice"), {QStringLiteral("draft")}, visit));
    QVERIFY(
        claim(*m_worker, request(QStringLiteral("t-other"), {}, QStringLiteral("visit-U"))).runId >
        0);
    m_runs = {booking.runId, confirm.runId, invoice.runId};
    QVERIFY(booking.runId > 0 && confirm.runId > 0 && invoice.runId > 0);
    // A visit of ten minutes: booking 10..9 min ago, confirmation 6..5 min ago, the invoice
    // started 2 min ago and is still open.
    QVERIFY2(m_db->exec(QStringLiteral(
                            "UPDATE dedup.runs SET created_at = now() - interval '10 min',"
                            " finished_at = now() - interval '9 min' WHERE idem_key = 't-book';"
                            "UPDATE dedup.runs SET created_at = now() - interval '6 min',"
                            " finished_at = now() - interval '5 min' WHERE idem_key = 't-confirm';"
                            "UPDATE dedup.runs SET created_at = now() - interval '2 min'"
                            " WHERE idem_key = 't-invoice'"))
                 .isEmpty(),
             "time shift");
}

void TestCorrelationView::showVisit(CorrelationView &view) {
    view.setModel(new CorrelationModel(m_db->conninfo(QStringLiteral("t_viewer")), &view));
    view.resize(1300, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    auto *field = view.findChild<QLineEdit *>(QStringLiteral("correlationField"));
    QVERIFY(field);
    field->setFocus();
    QTest::keyClicks(field, QStringLiteral("visit-T"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(view.correlationId(), QStringLiteral("visit-T"));
    QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 3, 10000);
    QTRY_VERIFY(!view.model()->isLoading());
}

void TestCorrelationView::timelineOfAVisit() {
    CorrelationView view;
    showVisit(view);
    QAbstractItemModelTester tester(view.timelineModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModel *rows = view.table()->model();
    QCOMPARE(rows, view.timelineModel());
    QCOMPARE(rows->columnCount(), CorrelationModel::ColumnCount + 1);
    const int timeline = view.timelineModel()->timelineColumn();
    QCOMPARE(timeline, int(CorrelationModel::ColumnCount));
    QCOMPARE(rows->headerData(timeline, Qt::Horizontal).toString(), QStringLiteral("Timeline"));
    QCOMPARE(view.table()->itemDelegateForColumn(timeline), view.timelineDelegate());
    for (int row = 0; row < 3; ++row)
        QCOMPARE(rows->index(row, 0).data(CorrelationModel::RunIdRole).toLongLong(),
                 m_runs.at(row));
    // The status in words, in its own column, next to its colour.
    QCOMPARE(rows->index(0, CorrelationModel::StatusColumn).data().toString(),
             QStringLiteral("Succeeded"));
    QCOMPARE(rows->index(1, CorrelationModel::StatusColumn).data().toString(),
             QStringLiteral("Failed"));
    QCOMPARE(rows->index(2, CorrelationModel::StatusColumn).data().toString(),
             QStringLiteral("Processing"));
    // The timeline cell: the run's roles, its duration as text, when in its tooltip.
    const QModelIndex bar = rows->index(0, timeline);
    QCOMPARE(bar.data(CorrelationModel::StatusColorRole).value<QColor>(),
             models::RunStatusStyle::color(core::RunStatus::Succeeded));
    QCOMPARE(bar.data().toString(), QStringLiteral("1 min"));
    QVERIFY(bar.data(Qt::ToolTipRole).toString().contains(QStringLiteral("finished")));
    QVERIFY(rows->index(2, timeline).data(CorrelationModel::OpenRole).toBool());
    QVERIFY(rows->index(2, timeline)
                .data(Qt::ToolTipRole)
                .toString()
                .endsWith(QStringLiteral("still open")));
    // The axis: from the first start to now, in the header as well.
    const auto *header = qobject_cast<widgets::TimelineHeader *>(view.table()->horizontalHeader());
    QVERIFY(header);
    QCOMPARE(header->timelineSection(), timeline);
    QCOMPARE(header->axis().start(), view.model()->timeStart());
    QVERIFY(qAbs(header->axis().spanMs() - 10 * 60 * 1000) < 5000);
    QVERIFY(header->sectionSize(timeline) > 200);
    const auto ticks = header->axis().labelledTicks(TimelineAxis::track(QRectF(0, 0, 400, 20)),
                                                    QFontMetricsF(header->font()));
    QVERIFY(ticks.size() >= 2);
    QCOMPARE(view.countText(), QStringLiteral("3 runs over 10 min"));
    QCOMPARE(view.findChild<QLabel *>(QStringLiteral("countLabel"))->text(), view.countText());
    // Every run is shown: nothing to page to.
    auto *pages = view.findChild<widgets::PageBar *>(QStringLiteral("pageBar"));
    QVERIFY(pages);
    QVERIFY(pages->isHidden());
}

void TestCorrelationView::barsDrawnToScale() {
    CorrelationView view;
    showVisit(view);
    widgets::TimelineBarDelegate *delegate = view.timelineDelegate();
    const int timeline = view.timelineModel()->timelineColumn();
    const QRect cell(0, 0, 400, 24);
    const QRectF track = TimelineAxis::track(QRectF(cell));

    // The booking: the first tenth of the axis.
    const QModelIndex booking = view.timelineModel()->index(0, timeline);
    const QRectF bookingBar = delegate->barRect(cell, booking);
    QCOMPARE(bookingBar.left(), track.left());
    QVERIFY2(qAbs(bookingBar.width() - track.width() / 10) < 2,
             qPrintable(QString::number(bookingBar.width())));
    QVERIFY(bookingBar.width() < track.width());
    // The open invoice: from 80% of the axis to its end (now).
    const QRectF invoiceBar = delegate->barRect(cell, view.timelineModel()->index(2, timeline));
    QVERIFY(qAbs(invoiceBar.left() - (track.left() + track.width() * 0.8)) < 2);
    QCOMPARE(qRound(invoiceBar.right()), qRound(track.right()));

    // Painted: the bar's colour covers its width on the middle line, and nothing else.
    QStyleOptionViewItem option;
    option.initFrom(view.table());
    option.rect = cell;
    option.widget = view.table();
    QImage image(cell.size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        delegate->paint(&painter, option, booking);
    }
    const QColor green = models::RunStatusStyle::color(core::RunStatus::Succeeded);
    const int painted = pixelsOf(image, cell.height() / 2, green);
    QVERIFY2(painted > 0 && painted <= qCeil(bookingBar.width()) + 1 &&
                 painted >= bookingBar.width() - 4,
             qPrintable(QStringLiteral("%1 of %2").arg(painted).arg(bookingBar.width())));
    // Every row paints (the open one fading into an arrow); a 1 px cell does not crash.
    for (int row = 0; row < 3; ++row) {
        QImage any(cell.size(), QImage::Format_ARGB32);
        any.fill(Qt::white);
        QPainter painter(&any);
        delegate->paint(&painter, option, view.timelineModel()->index(row, timeline));
        option.rect = QRect(0, 0, 1, 1);
        delegate->paint(&painter, option, view.timelineModel()->index(row, timeline));
        option.rect = cell;
    }
    QImage open(cell.size(), QImage::Format_ARGB32);
    open.fill(Qt::white);
    {
        QPainter painter(&open);
        delegate->paint(&painter, option, view.timelineModel()->index(2, timeline));
    }
    const QColor blue = models::RunStatusStyle::color(core::RunStatus::Processing);
    QVERIFY(pixelsOf(open, cell.height() / 2, blue) > 0);
    QCOMPARE(pixelsOf(open, cell.height() / 2, green), 0);
}

void TestCorrelationView::activationSignals() {
    CorrelationView view;
    showVisit(view);
    QSignalSpy activated(&view, &CorrelationView::runActivated);
    QTableView *table = view.table();
    table->setFocus();
    table->setCurrentIndex(table->model()->index(1, 0));
    QCOMPARE(view.currentRunId(), m_runs.at(1));
    QTest::keyClick(table, Qt::Key_Return);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.at(0).at(0).toLongLong(), m_runs.at(1));
    const QRect cell =
        table->visualRect(table->model()->index(2, view.timelineModel()->timelineColumn()));
    // The view activates on a double click of the row it saw pressed: press first.
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(activated.count(), 2);
    QCOMPARE(activated.at(1).at(0).toLongLong(), m_runs.at(2));
}

void TestCorrelationView::emptyStates() {
    CorrelationView view;
    auto *empty = view.findChild<QLabel *>(QStringLiteral("emptyStateLabel"));
    QVERIFY(empty);
    QCOMPARE(empty->text(), QStringLiteral("Not connected to a store."));
    view.setModel(new CorrelationModel(m_db->conninfo(QStringLiteral("t_viewer")), &view));
    QCOMPARE(empty->text(),
             QStringLiteral("Enter a correlation id to see every run that shares it on one "
                            "timeline."));
    view.setCorrelationId(QStringLiteral("visit-none"));
    QCOMPARE(view.findChild<QLineEdit *>(QStringLiteral("correlationField"))->text(),
             QStringLiteral("visit-none"));
    QTRY_COMPARE_WITH_TIMEOUT(empty->text(),
                              QStringLiteral("No run has the correlation id “visit-none”."), 10000);
    QCOMPARE(view.countText(), QStringLiteral("No runs"));
    // Another id: the field and the rows follow.
    view.setCorrelationId(QStringLiteral("visit-U"));
    QTRY_COMPARE_WITH_TIMEOUT(view.model()->rowCount(), 1, 10000);
    QCOMPARE(view.countText().left(5), QStringLiteral("1 run"));
}

void TestCorrelationView::hugeCorrelationPaged() {
    // 5,000 runs of one visit in one statement, a second apart.
    QCOMPARE(m_db->exec(QStringLiteral(
                 "SELECT count(*) FROM generate_series(1, 5000) g, LATERAL dedup.claim("
                 "p_scope => 'test', p_key => 'huge-' || g, p_workflow => 'wf-detail',"
                 " p_fingerprint => 'fp', p_correlation_id => 'visit-huge', p_worker => 'w') c;"
                 "UPDATE dedup.runs SET created_at = now() - (6000 - id) * interval '1 second'"
                 " WHERE correlation_id = 'visit-huge'")),
             QString());
    const store::PgResult range = m_super->exec(QStringLiteral(
        "SELECT min(id), max(id) FROM dedup.runs WHERE correlation_id = 'visit-huge'"));
    QVERIFY(range.ok());
    const qint64 oldest = range.toInt64(0, 0);
    const qint64 newest = range.toInt64(0, 1);

    CorrelationView view;
    view.setModel(new CorrelationModel(m_db->conninfo(QStringLiteral("t_viewer")), &view));
    view.resize(1300, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowActive(&view));
    QAbstractItemModelTester tester(view.timelineModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy loaded(view.model(), &CorrelationModel::loaded);
    view.setCorrelationId(QStringLiteral("visit-huge"));
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
    QTRY_VERIFY(!view.model()->isLoading());
    QAbstractItemModel *rows = view.table()->model();
    QCOMPARE(rows->rowCount(), 500);
    QVERIFY2(view.countText().startsWith(QStringLiteral("newest 500 of 5,000 runs over ")),
             qPrintable(view.countText()));
    QCOMPARE(view.findChild<QLabel *>(QStringLiteral("countLabel"))->text(), view.countText());
    // The newest run is on the first page (the last row: rows are oldest first).
    QCOMPARE(rows->index(499, 0).data(CorrelationModel::RunIdRole).toLongLong(), newest);

    auto *pages = view.findChild<widgets::PageBar *>(QStringLiteral("pageBar"));
    QVERIFY(pages && !pages->isHidden());
    QAction *older = pages->action(store::ListPage::Step::Older);
    QAction *oldestPage = pages->action(store::ListPage::Step::Oldest);
    QAction *newer = pages->action(store::ListPage::Step::Newer);
    QAction *newestPage = pages->action(store::ListPage::Step::Newest);
    QVERIFY(older->isEnabled() && oldestPage->isEnabled());
    QVERIFY(!newer->isEnabled() && !newestPage->isEnabled());

    // A click on "‹ Older": the page before.
    auto *olderButton = view.findChild<QToolButton *>(QStringLiteral("pageOlderButton"));
    QVERIFY(olderButton);
    QTest::mouseClick(olderButton, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 20000);
    QTRY_VERIFY(!view.model()->isLoading());
    QVERIFY2(view.countText().startsWith(QStringLiteral("4,001–4,500 of 5,000 runs over ")),
             qPrintable(view.countText()));
    QVERIFY(newer->isEnabled() && older->isEnabled());

    // The oldest page reaches the oldest run.
    oldestPage->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 3, 20000);
    QTRY_VERIFY(!view.model()->isLoading());
    QCOMPARE(rows->index(0, 0).data(CorrelationModel::RunIdRole).toLongLong(), oldest);
    QVERIFY2(view.countText().startsWith(QStringLiteral("oldest 500 of 5,000 runs over ")),
             qPrintable(view.countText()));
    QVERIFY(!older->isEnabled() && !oldestPage->isEnabled());
    QVERIFY(newer->isEnabled() && newestPage->isEnabled());
    // The axis follows the page shown.
    QCOMPARE(view.model()->timeStart(),
             rows->index(0, 0).data(CorrelationModel::StartTimeRole).toDateTime());

    newestPage->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 4, 20000);
    QCOMPARE(rows->index(499, 0).data(CorrelationModel::RunIdRole).toLongLong(), newest);
    // Another correlation: back to its newest page, no bar when it fits.
    view.setCorrelationId(QStringLiteral("visit-T"));
    QTRY_COMPARE_WITH_TIMEOUT(rows->rowCount(), 3, 10000);
    QTRY_VERIFY(!view.model()->isLoading());
    QVERIFY(pages->isHidden());
    QCOMPARE(view.countText(), QStringLiteral("3 runs over 10 min"));
}

QTEST_MAIN(TestCorrelationView)
#include "tst_correlationview.moc"
