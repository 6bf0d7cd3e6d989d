// ListTableFrame, the set-up the run lists share, over a QStandardItemModel (no database):
// the replaced selection model goes, the current and selected runs by the run-id role in list
// order, activation turned into runActivated(), the error row, the busy indicator and the
// line over an empty table.
#include "widgets/ListTableFrame.h"

#include <QApplication>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPointer>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>
#include <QtTest>

using dedup::widgets::ListTableFrame;

namespace {

constexpr int RunIdRole = Qt::UserRole + 7;

// Rows with run ids 11, 0 (a row about no run), 13.
void fill(QStandardItemModel &model) {
    for (const qint64 id : {11, 0, 13}) {
        // Every column answers the role, as the run list models do.
        auto *item = new QStandardItem(QStringLiteral("run %1").arg(id));
        auto *other = new QStandardItem(QStringLiteral("x"));
        for (QStandardItem *cell : {item, other})
            cell->setData(id, RunIdRole);
        model.appendRow({item, other});
    }
}

struct Fixture {
    QWidget view;
    QLabel *icon = new QLabel(&view);
    QLabel *errorText = new QLabel(&view);
    QWidget *errorRow = new QWidget(&view);
    QWidget *busy = new QWidget(&view);
    QTableView *table = new QTableView(&view);
    ListTableFrame *frame = new ListTableFrame(table, RunIdRole, &view);
    QStandardItemModel model;

    Fixture() {
        auto *layout = new QVBoxLayout(&view);
        for (QWidget *child : {static_cast<QWidget *>(icon), static_cast<QWidget *>(errorText),
                               errorRow, busy, static_cast<QWidget *>(table)})
            layout->addWidget(child);
        fill(model);
    }
};

} // namespace

class TestListTableFrame : public QObject {
    Q_OBJECT

private slots:
    void replacedSelectionModelIsDeleted();
    void currentAndSelectedRuns();
    void activationEmitsTheRun();
    void errorRowAndBusyIndicator();
    void emptyLineFollowsTheViewport();
};

void TestListTableFrame::replacedSelectionModelIsDeleted() {
    Fixture f;
    f.frame->setModel(&f.model);
    QPointer<QItemSelectionModel> first = f.table->selectionModel();
    QVERIFY(first);
    QStandardItemModel other;
    ListTableFrame::replaceModel(f.table, &other);
    QVERIFY(!first);
    QCOMPARE(f.table->model(), &other);
    f.frame->setModel(nullptr);
    QCOMPARE(f.frame->currentRunId(), 0);
    QVERIFY(f.frame->selectedRunIds().isEmpty());
}

void TestListTableFrame::currentAndSelectedRuns() {
    Fixture f;
    f.frame->setModel(&f.model);
    QCOMPARE(f.frame->currentRunId(), 0);
    f.table->setCurrentIndex(f.model.index(2, 1));
    QCOMPARE(f.frame->currentRunId(), 13);
    // Selected last row first: the frame answers in list order.
    QItemSelectionModel *selection = f.table->selectionModel();
    selection->clearSelection();
    for (const int row : {2, 0})
        selection->select(f.model.index(row, 0),
                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QCOMPARE(f.frame->selectedRunIds(), (QList<qint64>{11, 13}));
    QCOMPARE(f.frame->selectedRows().size(), 2);
    QCOMPARE(f.frame->selectedRows().first().row(), 0);
}

void TestListTableFrame::activationEmitsTheRun() {
    Fixture f;
    f.frame->setModel(&f.model);
    QSignalSpy spy(f.frame, &ListTableFrame::runActivated);
    emit f.table->activated(f.model.index(2, 1));
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.takeFirst().at(0).toLongLong(), 13);
    // A row about no run activates nothing.
    emit f.table->activated(f.model.index(1, 0));
    QCOMPARE(spy.size(), 0);
    f.table->setCurrentIndex(f.model.index(0, 0));
    f.frame->activateCurrentRun();
    QCOMPARE(spy.size(), 1);
    QCOMPARE(spy.takeFirst().at(0).toLongLong(), 11);
    f.table->setCurrentIndex(f.model.index(1, 0));
    f.frame->activateCurrentRun();
    QCOMPARE(spy.size(), 0);
}

void TestListTableFrame::errorRowAndBusyIndicator() {
    Fixture f;
    f.frame->setErrorRow(f.errorRow, f.icon, f.errorText);
    f.frame->setBusyIndicator(f.busy);
    f.view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&f.view));
    QVERIFY(!f.errorRow->isVisible());
    QVERIFY(!f.frame->isErrorShown());
    QVERIFY(!f.icon->pixmap().isNull()); // the style's warning icon
    f.frame->showError(QStringLiteral("connection lost"));
    QVERIFY(f.errorRow->isVisible());
    QVERIFY(f.frame->isErrorShown());
    QCOMPARE(f.errorText->text(), QStringLiteral("connection lost"));
    f.frame->hideError();
    QVERIFY(!f.frame->isErrorShown());
    // Hidden, the indicator keeps its room: the status row is not laid out again per load.
    QVERIFY(!f.busy->isVisible());
    QVERIFY(f.busy->sizePolicy().retainSizeWhenHidden());
    f.frame->setBusy(true);
    QVERIFY(f.busy->isVisible());
    f.frame->setBusy(false);
    QVERIFY(!f.busy->isVisible());
}

void TestListTableFrame::emptyLineFollowsTheViewport() {
    Fixture f;
    f.view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&f.view));
    QCOMPARE(f.frame->emptyText(), QString());
    f.frame->setEmptyText(QStringLiteral("No runs match this filter."));
    auto *line = f.table->viewport()->findChild<QLabel *>(QStringLiteral("emptyStateLabel"));
    QVERIFY(line);
    QVERIFY(line->isVisible());
    QCOMPARE(f.frame->emptyText(), QStringLiteral("No runs match this filter."));
    QCOMPARE(line->size(), f.table->viewport()->size());
    f.view.resize(f.view.width() + 40, f.view.height() + 30);
    QTRY_COMPARE(line->size(), f.table->viewport()->size());
    f.frame->setEmptyText({});
    QVERIFY(!line->isVisible());
}

QTEST_MAIN(TestListTableFrame)
#include "tst_listtableframe.moc"
