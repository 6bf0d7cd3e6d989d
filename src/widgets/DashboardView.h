#pragma once

#include <QWidget>

class QAction;
class QLabel;

namespace dedup::models {
class DashboardLoader;
} // namespace dedup::models

namespace dedup::widgets {

class DashboardRangeBar;
class SampleLineChart;
class StackedBarChart;

// The Dashboard tab (docs/CONSOLE.md "Dashboard"): over the range chosen in the range bar, runs by
// status per bucket (stacked bars, status colours of RunStatusStyle), duplicates suppressed
// per bucket, failure classes of the failed and reviewed runs, the stuck count and the
// review queue over time (samples), and the review queue's age now; headline figures above
// the charts (stuck now, review queue with its oldest and median age, runs and duplicates in
// the range).
//
// Figures come from a DashboardLoader (its own connection and thread; live, throttled, and
// on a timer), so the view never waits for the database. A failed read keeps the last
// figures and says why in the range bar; nothing opens a dialog.
//
// Actions (shortcuts while the focus is in the view): refresh (F5), cancel loading (Esc).
class DashboardView : public QWidget {
    Q_OBJECT

public:
    explicit DashboardView(QWidget *parent = nullptr);
    ~DashboardView() override;

    // Shows `loader` (not owned; nullptr for none; the session's, StoreSession::dashboard())
    // and gives it the range bar's range.
    void setLoader(models::DashboardLoader *loader);
    models::DashboardLoader *loader() const { return m_loader; }

    DashboardRangeBar *rangeBar() const { return m_rangeBar; }
    StackedBarChart *runsChart() const { return m_runs; }
    StackedBarChart *duplicatesChart() const { return m_duplicates; }
    StackedBarChart *failuresChart() const { return m_failures; }
    StackedBarChart *reviewAgeChart() const { return m_reviewAge; }
    SampleLineChart *samplesChart() const { return m_samples; }
    // The headline: "Stuck now: 52", ...
    QString stuckText() const;
    QString reviewText() const;
    QString totalsText() const;
    QList<QAction *> viewActions() const;

public slots:
    void refresh();
    void cancelLoading();

signals:
    // The loader's connection (for the main window's banner).
    void connectionLost(const QString &why);
    void connectionRestored();

private:
    // What the samples chart says when it has nothing to draw.
    static QString samplesEmptyText(bool storeWide);
    void showFigures();
    void showState();
    QStringList bucketLabels() const;

    DashboardRangeBar *m_rangeBar;
    QLabel *m_stuck;
    QLabel *m_review;
    QLabel *m_totals;
    StackedBarChart *m_runs;
    StackedBarChart *m_duplicates;
    StackedBarChart *m_failures;
    SampleLineChart *m_samples;
    StackedBarChart *m_reviewAge;
    QAction *m_refresh;
    QAction *m_cancel;
    models::DashboardLoader *m_loader = nullptr; // not owned; forgotten when destroyed
};

} // namespace dedup::widgets
