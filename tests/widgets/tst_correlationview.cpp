// The correlation view against a private PostgreSQL: three runs of one patient visit
// (succeeded, failed, still processing) as table rows with a timeline column; the bars drawn by
// TimelineBarDelegate into an image (a finished run's bar spans its share of the axis, an open
// run's reaches the axis' end); the time axis; the id field; activation signals. The proxy that
// adds the timeline column runs under QAbstractItemModelTester. A correlation of 5,000 runs:
// the newest page first, labelled as such, paged with the page bar. Each run's steps as spans
// under its bar (failed and uncertain ones marked); zooming the time axis (keys and Ctrl+wheel,
// the ticks following); a click on a span or a bar opens the step's run.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "models/CorrelationModel.h"
#include "models/RunStatusStyle.h"
#include "models/StepStatusStyle.h"
#include "widgets/CorrelationTimelineModel.h"
#include "widgets/CorrelationView.h"
#include "widgets/PageBar.h"
#include "widgets/TimelineBarDelegate.h"
#include "widgets/TimelineHeader.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QScrollBar>
#include <QTableView>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>
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
    void stepsUnderTheirRun();
    void zoomChangesTheAxis();
    void timelineKeepsItsShare();
    void wheelZoomKeepsTheTimeUnderTheCursor();
    void clickingASpanOpensIt();
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
        claim(*m_worker, request(QStringLiteral("t-invoice"),
                                 {QStringLiteral("draft"), QStringLiteral("send")}, visit));
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
    // The steps inside their runs: the booking's done, the confirmation's failed, the
    // invoice's draft uncertain (it stopped 1.5 min ago) and its sending running.
    QVERIFY2(m_db->exec(QStringLiteral(
                            "UPDATE dedup.steps s SET status = 'done', started_at = r.created_at"
                            " + interval '5 s', finished_at = r.finished_at - interval '10 s'"
                            " FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 't-book';"
                            "UPDATE dedup.steps s SET status = 'failed', attempts = 1,"
                            " error = '{\"class\": \"validation\"}',"
                            " started_at = r.created_at + interval '10 s',"
                            " finished_at = r.created_at + interval '30 s'"
                            " FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 't-confirm';"
                            "UPDATE dedup.steps s SET status = 'uncertain', attempts = 1,"
                            " error = '{\"class\": \"outcome_unknown\"}',"
                            " started_at = r.created_at + interval '5 s',"
                            " updated_at = now() - interval '90 s'"
                            " FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 't-invoice'"
                            " AND s.name = 'draft';"
                            "UPDATE dedup.steps s SET status = 'in_progress', attempts = 1,"
                            " started_at = now() - interval '1 min'"
                            " FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 't-invoice'"
                            " AND s.name = 'send'"))
                 .isEmpty(),
             "steps");
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
    const int barLine = qRound(bookingBar.center().y());
    const int painted = pixelsOf(image, barLine, green);
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
    QVERIFY(pixelsOf(open, barLine, blue) > 0);
    QCOMPARE(pixelsOf(open, barLine, green), 0);
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

void TestCorrelationView::stepsUnderTheirRun() {
    CorrelationView view;
    showVisit(view);
    widgets::TimelineBarDelegate *delegate = view.timelineDelegate();
    const int timeline = view.timelineModel()->timelineColumn();
    const QRect cell(0, 0, 600, 40);
    const QRectF track = TimelineAxis::track(QRectF(cell));
    QStyleOptionViewItem option;
    option.initFrom(view.table());
    option.rect = cell;
    option.widget = view.table();

    // The booking's step: under its bar, inside its time.
    const QModelIndex booking = view.timelineModel()->index(0, timeline);
    const QRectF bar = delegate->barRect(cell, booking);
    const auto bookingSteps = delegate->stepRects(cell, booking);
    QCOMPARE(bookingSteps.size(), 1);
    QCOMPARE(bookingSteps.at(0).ordinal, 1);
    const QRectF book = bookingSteps.at(0).rect;
    QVERIFY(book.top() >= bar.bottom());
    QVERIFY(book.left() > bar.left() && book.right() < bar.right());

    // The failed step: its own colour and a cross, in words in its tooltip.
    const QModelIndex confirm = view.timelineModel()->index(1, timeline);
    const auto confirmSteps = delegate->stepRects(cell, confirm);
    QCOMPARE(confirmSteps.size(), 1);
    QImage image(cell.size(), QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        delegate->paint(&painter, option, confirm);
    }
    const QColor red = models::StepStatusStyle::color(core::StepStatus::Failed);
    const int line = qRound(confirmSteps.at(0).rect.center().y());
    QVERIFY(pixelsOf(image, line, red) > 0);
    // The mark: pixels of neither the colour nor the background inside the span.
    int marked = 0;
    for (int x = qCeil(confirmSteps.at(0).rect.left()) + 1;
         x < qFloor(confirmSteps.at(0).rect.right()); ++x) {
        const QRgb pixel = image.pixel(x, line);
        marked += pixel != red.rgb() && pixel != QColor(Qt::white).rgb() ? 1 : 0;
    }
    QVERIFY(marked > 0);
    const QString confirmTip =
        view.model()->index(1, CorrelationModel::StepsColumn).data(Qt::ToolTipRole).toString();
    QVERIFY2(confirmTip.startsWith(QStringLiteral("Step 1 “sms”: Failed (validation)")),
             qPrintable(confirmTip));

    // The invoice: an uncertain step ending where it stopped, a running one reaching now.
    const QModelIndex invoice = view.timelineModel()->index(2, timeline);
    const auto invoiceSteps = delegate->stepRects(cell, invoice);
    QCOMPARE(invoiceSteps.size(), 2);
    QVERIFY(invoiceSteps.at(0).rect.right() < track.right() - 10);
    QCOMPARE(qRound(invoiceSteps.at(1).rect.right()), qRound(track.right()));
    const QList<store::CorrelatedStep> steps =
        invoice.data(CorrelationModel::StepsRole).value<QList<store::CorrelatedStep>>();
    QVERIFY(steps.at(0).isUncertain() && steps.at(1).isRunning());
    QImage open(cell.size(), QImage::Format_ARGB32);
    open.fill(Qt::white);
    {
        QPainter painter(&open);
        delegate->paint(&painter, option, invoice);
    }
    const QColor amber = models::StepStatusStyle::color(core::StepStatus::Uncertain);
    QVERIFY(pixelsOf(open, qRound(invoiceSteps.at(0).rect.center().y()), amber) > 0);
    // Hit-testing: the middle of a span is that step; the run's bar is none.
    QCOMPARE(delegate->stepAt(cell, invoice, invoiceSteps.at(1).rect.center().toPoint()), 2);
    QCOMPARE(delegate->stepAt(cell, invoice, delegate->barRect(cell, invoice).center().toPoint()),
             0);
}

// On a narrow view the timeline keeps MinTimelineShare of the width and the columns after
// it scroll into view; on a wide one it takes what the others leave.
void TestCorrelationView::timelineKeepsItsShare() {
    CorrelationView view;
    showVisit(view);
    QTableView *table = view.table();
    const int timeline = view.timelineModel()->timelineColumn();
    for (const int width : {700, 1000, 1900}) {
        view.resize(width, 400);
        QTRY_VERIFY2(view.timelineHeader()->sectionSize(timeline) >=
                         int(table->viewport()->width() * CorrelationView::MinTimelineShare) - 1,
                     qPrintable(QStringLiteral("%1 px of %2 at %3")
                                    .arg(view.timelineHeader()->sectionSize(timeline))
                                    .arg(table->viewport()->width())
                                    .arg(width)));
    }
    QTRY_COMPARE(table->horizontalScrollBar()->maximum(), 0); // 1900: everything fits
    view.resize(700, 400);
    QTRY_VERIFY(table->horizontalScrollBar()->maximum() > 0); // the columns after it scroll
}

void TestCorrelationView::zoomChangesTheAxis() {
    CorrelationView view;
    showVisit(view);
    view.resize(1900, 400); // room for every column: unzoomed, nothing scrolls
    QTableView *table = view.table();
    QTRY_COMPARE(table->horizontalScrollBar()->maximum(), 0);
    auto *header = view.timelineHeader();
    const int timeline = view.timelineModel()->timelineColumn();
    const auto tickCount = [&] {
        const QRectF section(0, 0, header->sectionSize(timeline), header->height());
        return header->axis()
            .labelledTicks(TimelineAxis::track(section), QFontMetricsF(header->font()))
            .size();
    };
    const int fitted = header->sectionSize(timeline);
    const qsizetype fittedTicks = tickCount();
    QCOMPARE(view.zoom(), 1.0);
    QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
    table->setFocus();

    QTest::keyClick(table, Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 2.0);
    QTest::keyClick(table, Qt::Key_Equal, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 4.0);
    QVERIFY2(qAbs(header->sectionSize(timeline) - 4 * fitted) <= 4,
             qPrintable(QStringLiteral("%1 of %2").arg(header->sectionSize(timeline)).arg(fitted)));
    // The axis is drawn over the wider section: more ticks, and the table scrolls sideways.
    QVERIFY2(tickCount() > fittedTicks,
             qPrintable(QStringLiteral("%1 ticks, %2 fitted").arg(tickCount()).arg(fittedTicks)));
    QVERIFY(table->horizontalScrollBar()->maximum() > 0);
    // Painted, only the ticks on screen are made: the same times at the same places.
    const QRectF track =
        TimelineAxis::track(QRectF(0, 0, header->sectionSize(timeline), header->height()));
    const QRectF screen(track.width() / 2, 0, 300, header->height());
    const QFontMetricsF metrics(header->font());
    const auto all = header->axis().labelledTicks(track, metrics);
    const auto shown = header->axis().labelledTicks(track, metrics, screen);
    QVERIFY(!shown.isEmpty() && shown.size() < all.size());
    QStringList inScreen;
    for (const TimelineAxis::Tick &tick : all) {
        if (tick.x >= screen.left() && tick.x <= screen.right())
            inScreen << QStringLiteral("%1@%2").arg(tick.label).arg(tick.x);
    }
    QStringList shownInScreen;
    for (const TimelineAxis::Tick &tick : shown) {
        if (tick.x >= screen.left() && tick.x <= screen.right())
            shownInScreen << QStringLiteral("%1@%2").arg(tick.label).arg(tick.x);
    }
    QVERIFY(!inScreen.isEmpty());
    QCOMPARE(shownInScreen, inScreen);

    QTest::keyClick(table, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 2.0);
    QTest::keyClick(table, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 1.0);
    QCOMPARE(header->sectionSize(timeline), fitted);
    QCOMPARE(tickCount(), fittedTicks);
    QTRY_COMPARE(table->horizontalScrollBar()->maximum(), 0);
    // Never below 1: zooming out of the fitted axis keeps it.
    QTest::keyClick(table, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(view.zoom(), 1.0);
}

void TestCorrelationView::wheelZoomKeepsTheTimeUnderTheCursor() {
    CorrelationView view;
    showVisit(view);
    QTableView *table = view.table();
    auto *header = view.timelineHeader();
    const int timeline = view.timelineModel()->timelineColumn();
    // Where in the timeline (0..1) viewport x lies.
    const auto share = [&](int x) {
        return double(table->horizontalScrollBar()->value() + x -
                      header->sectionPosition(timeline)) /
               header->sectionSize(timeline);
    };
    const QRect cell = table->visualRect(view.timelineModel()->index(1, timeline));
    const QPoint at(cell.left() + cell.width() * 3 / 4, cell.center().y());
    const double before = share(at.x());
    for (int notch = 0; notch < 6; ++notch) {
        QWheelEvent wheel(QPointF(at), QPointF(table->viewport()->mapToGlobal(at)), QPoint(),
                          QPoint(0, 120), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase,
                          false);
        QApplication::sendEvent(table->viewport(), &wheel);
    }
    QVERIFY(view.zoom() > 3.5);
    QVERIFY(table->horizontalScrollBar()->value() > 0);
    QVERIFY2(qAbs(share(at.x()) - before) < 0.01,
             qPrintable(QStringLiteral("%1 then %2").arg(before).arg(share(at.x()))));
    // Without Ctrl the wheel scrolls as usual: no zoom.
    const double zoom = view.zoom();
    QWheelEvent plain(QPointF(at), QPointF(table->viewport()->mapToGlobal(at)), QPoint(),
                      QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(table->viewport(), &plain);
    QCOMPARE(view.zoom(), zoom);
}

void TestCorrelationView::clickingASpanOpensIt() {
    CorrelationView view;
    showVisit(view);
    QSignalSpy runs(&view, &CorrelationView::runActivated);
    QSignalSpy steps(&view, &CorrelationView::stepActivated);
    QTableView *table = view.table();
    const int timeline = view.timelineModel()->timelineColumn();

    // The invoice's running step.
    const QModelIndex invoice = view.timelineModel()->index(2, timeline);
    const QRect cell = table->visualRect(invoice);
    const auto spans = view.timelineDelegate()->stepRects(cell, invoice);
    QCOMPARE(spans.size(), 2);
    // Its tooltip says the step in words.
    const QPoint overSend = spans.at(1).rect.center().toPoint();
    QHelpEvent help(QEvent::ToolTip, overSend, table->viewport()->mapToGlobal(overSend));
    QApplication::sendEvent(table->viewport(), &help);
    QTRY_VERIFY2(QToolTip::text().startsWith(QStringLiteral("Step 2 “send”: In progress")),
                 qPrintable(QToolTip::text()));
    QToolTip::hideText();
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, overSend);
    QCOMPARE(steps.count(), 1);
    QCOMPARE(steps.at(0).at(0).toLongLong(), m_runs.at(2));
    QCOMPARE(steps.at(0).at(1).toInt(), 2);
    QCOMPARE(runs.count(), 1);
    QCOMPARE(runs.at(0).at(0).toLongLong(), m_runs.at(2));

    // The booking's bar: its run, no step.
    const QModelIndex booking = view.timelineModel()->index(0, timeline);
    const QRectF bar = view.timelineDelegate()->barRect(table->visualRect(booking), booking);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, bar.center().toPoint());
    QCOMPARE(runs.count(), 2);
    QCOMPARE(runs.at(1).at(0).toLongLong(), m_runs.at(0));
    QCOMPARE(steps.count(), 1);

    // Beside the bars, in the empty part of the timeline, a click only selects.
    const QRect confirmCell = table->visualRect(view.timelineModel()->index(1, timeline));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                      QPoint(confirmCell.right() - 3, confirmCell.center().y()));
    QCOMPARE(runs.count(), 2);
    QCOMPARE(view.currentRunId(), m_runs.at(1));
    // Zoomed in, the span is elsewhere on the screen and still opens its step.
    view.setZoom(3);
    QRect zoomed = table->visualRect(invoice);
    auto moved = view.timelineDelegate()->stepRects(zoomed, invoice);
    QCOMPARE(moved.size(), 2);
    QVERIFY(moved.at(0).rect.width() > spans.at(0).rect.width() * 2);
    // Scrolled sideways to the span.
    QScrollBar *scroll = table->horizontalScrollBar();
    scroll->setValue(scroll->value() + qRound(moved.at(0).rect.center().x()) -
                     table->viewport()->width() / 2);
    zoomed = table->visualRect(invoice);
    moved = view.timelineDelegate()->stepRects(zoomed, invoice);
    const QPoint target = moved.at(0).rect.center().toPoint();
    QVERIFY(table->viewport()->rect().contains(target));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, target);
    QCOMPARE(steps.count(), 2);
    QCOMPARE(steps.at(1).at(1).toInt(), 1);
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
