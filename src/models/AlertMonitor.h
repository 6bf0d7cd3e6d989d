#pragma once

#include <QObject>
#include <QPointer>

#include <chrono>
#include <optional>

namespace dedup::models {

class DashboardLoader;
class StuckRunsModel;

// Watches two figures of the attached store against the operator's thresholds
// (docs/CONSOLE.md "Alerts", issue 17): the stuck count (the StuckRunsModel the session
// already re-reads) and how long the oldest run has waited in the review queue (the
// DashboardLoader's read of the queue: review_at against the server's now() of the same
// snapshot, so the client's clock plays no part). It reads nothing itself.
//
// Each figure is an alarm of its own: alertRaised() once when the figure reaches its
// threshold, nothing while it stays there, alertCleared() when it falls back below (which
// re-arms it). A figure that is not known (no read yet, a failed read, a stuck count beyond
// the model's cap that does not say on which side of the threshold it is) changes nothing.
// Changing a threshold or turning the alerts on applies at once to the last figures;
// turning them off clears every raised alarm silently.
//
// The pure logic (setStuckCount(), setReviewAge()) needs neither a GUI nor a database.
class AlertMonitor : public QObject {
    Q_OBJECT

public:
    enum class Kind { StuckRuns, ReviewAge };
    Q_ENUM(Kind)

    static constexpr qint64 DefaultStuckThreshold = 1;
    static constexpr std::chrono::minutes DefaultReviewAgeThreshold{60};

    explicit AlertMonitor(QObject *parent = nullptr);
    ~AlertMonitor() override;

    // Follows the sources' reads (not owned; nullptr: none). Forgets the last figure.
    void setStuckRuns(StuckRunsModel *model);
    void setDashboard(DashboardLoader *loader);

    void setEnabled(bool enabled);
    bool isEnabled() const { return m_enabled; }
    // Runs (>= 1).
    void setStuckThreshold(qint64 runs);
    qint64 stuckThreshold() const { return m_stuck.threshold; }
    // Minutes (>= 1).
    void setReviewAgeThreshold(std::chrono::minutes age);
    std::chrono::minutes reviewAgeThreshold() const {
        return std::chrono::minutes(m_review.threshold / 60000);
    }

    // Whether the figure's alarm is raised now.
    bool isRaised(Kind kind) const { return watch(kind).raised; }
    // The text of the raised alarm ("12 runs stuck (threshold 10)"); empty when not raised.
    QString alertText(Kind kind) const;

public slots:
    // The stuck count; `exact` false: the count stopped at `count` (the model's cap + 1),
    // there may be more. A negative count is "not known".
    void setStuckCount(qint64 count, bool exact = true);
    // How long the oldest run has been waiting in review, by the server's clock, in
    // milliseconds; std::nullopt: the queue is empty.
    void setReviewAge(std::optional<qint64> milliseconds);

signals:
    void alertRaised(dedup::models::AlertMonitor::Kind kind, const QString &text);
    void alertCleared(dedup::models::AlertMonitor::Kind kind);
    void enabledChanged(bool enabled);

private:
    // One figure against its threshold.
    struct Watch {
        qint64 threshold = 0;
        qint64 value = 0;
        bool known = false;
        bool exact = true; // false: value is a lower bound
        bool raised = false;
    };

    const Watch &watch(Kind kind) const { return kind == Kind::StuckRuns ? m_stuck : m_review; }
    Watch &watch(Kind kind) { return kind == Kind::StuckRuns ? m_stuck : m_review; }
    void evaluate(Kind kind);
    QString textFor(Kind kind) const;
    void readStuckRuns();
    void readDashboard();

    bool m_enabled = true;
    Watch m_stuck{DefaultStuckThreshold};
    Watch m_review{std::chrono::milliseconds(DefaultReviewAgeThreshold).count()};
    QPointer<StuckRunsModel> m_stuckRuns;
    QPointer<DashboardLoader> m_dashboard;
};

} // namespace dedup::models
