// The runs filter bar offscreen: what each field puts into the RunFilter, when the filter is
// applied (at once, after typing, never twice), Esc clearing a field, and its saved state.
#include "widgets/RunFilterBar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QLineEdit>
#include <QPushButton>
#include <QToolButton>
#include <QtTest>

using dedup::core::RunStatus;
using dedup::widgets::RunFilterBar;

class TestRunFilterBar : public QObject {
    Q_OBJECT

private slots:
    void emptyBarIsEmptyFilter();
    void fieldsMakeTheFilter();
    void searchModeChoosesTheCriterion();
    void quickRangesAreRelativeToNow();
    void customRangeCanBeInvalid();
    void returnAppliesAtOnceTypingAfterAPause();
    void escapeClearsTheField();
    void clearButtonResetsEverything();
    void stateRoundTrip();

private:
    template <typename T>
    static T *child(const RunFilterBar &bar, const char *name) {
        auto *widget = bar.findChild<T *>(QLatin1String(name));
        if (!widget)
            qFatal("no child %s", name);
        return widget;
    }
};

void TestRunFilterBar::emptyBarIsEmptyFilter() {
    RunFilterBar bar;
    const auto filter = bar.filter();
    QVERIFY(filter.isEmpty());
    QVERIFY(filter.isValid());
}

void TestRunFilterBar::fieldsMakeTheFilter() {
    RunFilterBar bar;
    child<QToolButton>(bar, "statusButton_failed")->setChecked(true);
    child<QToolButton>(bar, "statusButton_manual_review")->setChecked(true);
    child<QLineEdit>(bar, "workflowEdit")->setText(QStringLiteral("invoice"));
    child<QLineEdit>(bar, "scopeEdit")->setText(QStringLiteral("clinic 42")); // taken literally
    const auto filter = bar.filter();
    QVERIFY(filter.statuses == (QList<RunStatus>{RunStatus::Failed, RunStatus::ManualReview}));
    QCOMPARE(filter.workflow, std::optional<QString>(QStringLiteral("invoice")));
    QCOMPARE(filter.scope, std::optional<QString>(QStringLiteral("clinic 42")));
    QVERIFY(!filter.exactKey && !filter.keyPrefix && !filter.correlationId);
    QVERIFY(!filter.createdFrom.isValid() && !filter.createdTo.isValid());
}

void TestRunFilterBar::searchModeChoosesTheCriterion() {
    RunFilterBar bar;
    auto *mode = child<QComboBox>(bar, "searchMode");
    child<QLineEdit>(bar, "searchEdit")->setText(QStringLiteral("pct%1"));
    mode->setCurrentIndex(int(RunFilterBar::SearchMode::ExactKey));
    QCOMPARE(bar.filter().exactKey, std::optional<QString>(QStringLiteral("pct%1")));
    QVERIFY(!bar.filter().keyPrefix && !bar.filter().correlationId);
    mode->setCurrentIndex(int(RunFilterBar::SearchMode::KeyPrefix));
    QCOMPARE(bar.filter().keyPrefix, std::optional<QString>(QStringLiteral("pct%1")));
    QVERIFY(!bar.filter().exactKey && !bar.filter().correlationId);
    mode->setCurrentIndex(int(RunFilterBar::SearchMode::CorrelationId));
    QCOMPARE(bar.filter().correlationId, std::optional<QString>(QStringLiteral("pct%1")));
    QVERIFY(!bar.filter().exactKey && !bar.filter().keyPrefix);
    // An empty search field is "not set", whatever the mode.
    child<QLineEdit>(bar, "searchEdit")->clear();
    QVERIFY(bar.filter().isEmpty());
}

void TestRunFilterBar::quickRangesAreRelativeToNow() {
    RunFilterBar bar;
    const QDateTime now(QDate(2025, 3, 1), QTime(12, 0));
    const struct {
        RunFilterBar::TimeRange range;
        QDateTime from;
    } cases[] = {{RunFilterBar::TimeRange::LastHour, now.addSecs(-3600)},
                 {RunFilterBar::TimeRange::Last24Hours, now.addDays(-1)},
                 {RunFilterBar::TimeRange::Last7Days, now.addDays(-7)},
                 {RunFilterBar::TimeRange::AnyTime, QDateTime()}};
    for (const auto &c : cases) {
        bar.setTimeRange(c.range);
        QCOMPARE(bar.filter(now).createdFrom, c.from);
        QVERIFY(!bar.filter(now).createdTo.isValid());
    }
    QVERIFY(!child<QWidget>(bar, "customRange")->isVisibleTo(&bar));
}

void TestRunFilterBar::customRangeCanBeInvalid() {
    RunFilterBar bar;
    bar.setTimeRange(RunFilterBar::TimeRange::Custom);
    QVERIFY(child<QWidget>(bar, "customRange")->isVisibleTo(&bar));
    // Custom starts with its lower bound on, so it is not "any time" in disguise.
    QVERIFY(child<QCheckBox>(bar, "fromEnabled")->isChecked());
    const QDateTime from(QDate(2025, 3, 2), QTime(10, 0));
    const QDateTime to(QDate(2025, 3, 1), QTime(10, 0));
    child<QDateTimeEdit>(bar, "fromEdit")->setDateTime(from);
    child<QDateTimeEdit>(bar, "toEdit")->setDateTime(to);
    QVERIFY(!bar.filter().createdTo.isValid()); // the upper bound is off
    child<QCheckBox>(bar, "toEnabled")->setChecked(true);
    QCOMPARE(bar.filter().createdFrom, from);
    QCOMPARE(bar.filter().createdTo, to);
    QVERIFY(!bar.filter().validationError().isEmpty());
}

void TestRunFilterBar::returnAppliesAtOnceTypingAfterAPause() {
    RunFilterBar bar;
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    QSignalSpy changed(&bar, &RunFilterBar::filterChanged);
    auto *search = child<QLineEdit>(bar, "searchEdit");
    search->setFocus();
    QTest::keyClicks(search, QStringLiteral("order-1"));
    QCOMPARE(changed.count(), 0); // typing waits for a pause
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(changed.count(), 1);
    QTest::qWait(RunFilterBar::DebounceMs * 2);
    QCOMPARE(changed.count(), 1); // the pending pause was absorbed by Return
    QTest::keyClicks(search, QStringLiteral("2"));
    QCOMPARE(changed.count(), 1);
    QTRY_COMPARE(changed.count(), 2);
    QCOMPARE(bar.filter().exactKey, std::optional<QString>(QStringLiteral("order-12")));
    // A status button applies at once.
    child<QToolButton>(bar, "statusButton_failed")->click();
    QCOMPARE(changed.count(), 3);
}

void TestRunFilterBar::escapeClearsTheField() {
    RunFilterBar bar;
    bar.show();
    QVERIFY(QTest::qWaitForWindowActive(&bar));
    auto *search = child<QLineEdit>(bar, "searchEdit");
    search->setText(QStringLiteral("order-5"));
    search->setFocus();
    QSignalSpy changed(&bar, &RunFilterBar::filterChanged);
    QTest::keyClick(search, Qt::Key_Escape);
    QCOMPARE(search->text(), QString());
    QCOMPARE(changed.count(), 1);
    QVERIFY(bar.filter().isEmpty());
}

void TestRunFilterBar::clearButtonResetsEverything() {
    RunFilterBar bar;
    child<QToolButton>(bar, "statusButton_processing")->setChecked(true);
    child<QLineEdit>(bar, "workflowEdit")->setText(QStringLiteral("w"));
    child<QLineEdit>(bar, "searchEdit")->setText(QStringLiteral("k"));
    bar.setTimeRange(RunFilterBar::TimeRange::Last7Days);
    QSignalSpy changed(&bar, &RunFilterBar::filterChanged);
    child<QPushButton>(bar, "clearButton")->click();
    QCOMPARE(changed.count(), 1);
    QVERIFY(bar.filter().isEmpty());
    QTest::qWait(RunFilterBar::DebounceMs * 2);
    QCOMPARE(changed.count(), 1);
}

void TestRunFilterBar::stateRoundTrip() {
    RunFilterBar bar;
    child<QToolButton>(bar, "statusButton_cancelled")->setChecked(true);
    child<QLineEdit>(bar, "scopeEdit")->setText(QStringLiteral("scope-1"));
    child<QComboBox>(bar, "searchMode")->setCurrentIndex(int(RunFilterBar::SearchMode::KeyPrefix));
    child<QLineEdit>(bar, "searchEdit")->setText(QStringLiteral("under_"));
    bar.setTimeRange(RunFilterBar::TimeRange::Custom);
    const QDateTime from(QDate(2025, 1, 1), QTime(0, 0));
    child<QDateTimeEdit>(bar, "fromEdit")->setDateTime(from);
    const QVariantMap state = bar.saveState();

    RunFilterBar restored;
    QSignalSpy changed(&restored, &RunFilterBar::filterChanged);
    restored.restoreState(state);
    QCOMPARE(changed.count(), 0); // restoring is not an edit; the owner applies it
    QCOMPARE(restored.filter(), bar.filter());
    QCOMPARE(restored.filter().createdFrom, from);
    QCOMPARE(restored.filter().keyPrefix, std::optional<QString>(QStringLiteral("under_")));
    QVERIFY(restored.filter().statuses == QList<RunStatus>{RunStatus::Cancelled});
    QTest::qWait(RunFilterBar::DebounceMs * 2);
    QCOMPARE(changed.count(), 0);
}

QTEST_MAIN(TestRunFilterBar)
#include "tst_runfilterbar.moc"
