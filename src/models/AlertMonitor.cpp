#include "models/AlertMonitor.h"

#include "models/DashboardLoader.h"
#include "models/DurationText.h"
#include "models/StuckRunsModel.h"

#include <QLocale>

namespace dedup::models {

AlertMonitor::AlertMonitor(QObject *parent)
    : QObject(parent) {}

AlertMonitor::~AlertMonitor() = default;

void AlertMonitor::setStuckRuns(StuckRunsModel *model) {
    if (m_stuckRuns)
        disconnect(m_stuckRuns, nullptr, this, nullptr);
    m_stuckRuns = model;
    m_stuck.known = false;
    if (!model)
        return;
    // refreshed() as well as countChanged(): the first read of an unchanged count says so.
    connect(model, &StuckRunsModel::countChanged, this, &AlertMonitor::readStuckRuns);
    connect(model, &StuckRunsModel::refreshed, this, &AlertMonitor::readStuckRuns);
    readStuckRuns();
}

void AlertMonitor::setDashboard(DashboardLoader *loader) {
    if (m_dashboard)
        disconnect(m_dashboard, nullptr, this, nullptr);
    m_dashboard = loader;
    m_review.known = false;
    if (!loader)
        return;
    connect(loader, &DashboardLoader::loaded, this, &AlertMonitor::readDashboard);
    readDashboard();
}

void AlertMonitor::setEnabled(bool enabled) {
    if (enabled == m_enabled)
        return;
    m_enabled = enabled;
    if (!enabled) {
        // Silently: the operator turned the alerts off, nothing got better.
        m_stuck.raised = false;
        m_review.raised = false;
    }
    emit enabledChanged(enabled);
    evaluate(Kind::StuckRuns);
    evaluate(Kind::ReviewAge);
}

void AlertMonitor::setStuckThreshold(qint64 runs) {
    m_stuck.threshold = qMax<qint64>(1, runs);
    evaluate(Kind::StuckRuns);
}

void AlertMonitor::setReviewAgeThreshold(std::chrono::minutes age) {
    m_review.threshold = std::chrono::milliseconds(qMax(std::chrono::minutes(1), age)).count();
    evaluate(Kind::ReviewAge);
}

QString AlertMonitor::alertText(Kind kind) const {
    return watch(kind).raised ? textFor(kind) : QString();
}

void AlertMonitor::setStuckCount(qint64 count, bool exact) {
    m_stuck.known = count >= 0;
    m_stuck.value = count;
    m_stuck.exact = exact;
    evaluate(Kind::StuckRuns);
}

void AlertMonitor::setReviewAge(std::optional<qint64> milliseconds) {
    m_review.known = true;
    m_review.value = milliseconds ? qMax<qint64>(0, *milliseconds) : -1; // empty: below any
    m_review.exact = true;
    evaluate(Kind::ReviewAge);
}

void AlertMonitor::evaluate(Kind kind) {
    Watch &w = watch(kind);
    if (!m_enabled || !w.known)
        return;
    const bool above = w.value >= w.threshold;
    // A capped count below the threshold may be above it or not: no change.
    if (!above && !w.exact)
        return;
    if (above == w.raised)
        return;
    w.raised = above;
    if (above)
        emit alertRaised(kind, textFor(kind));
    else
        emit alertCleared(kind);
}

QString AlertMonitor::textFor(Kind kind) const {
    const QLocale locale;
    if (kind == Kind::StuckRuns) {
        const QString threshold = locale.toString(m_stuck.threshold);
        if (!m_stuck.exact) // the model counted up to its cap and stopped
            return tr("More than %1 runs stuck (threshold %2)")
                .arg(locale.toString(m_stuck.value - 1), threshold);
        return m_stuck.value == 1 ? tr("1 run stuck (threshold %1)").arg(threshold)
                                  : tr("%1 runs stuck (threshold %2)")
                                        .arg(locale.toString(m_stuck.value), threshold);
    }
    return tr("Oldest run in review waiting %1 (threshold %2 min)")
        .arg(DurationText::format(m_review.value), locale.toString(m_review.threshold / 60000));
}

void AlertMonitor::readStuckRuns() {
    // A plain pointer, checked once (a QPointer is read again at every use).
    if (const StuckRunsModel *model = m_stuckRuns.data())
        setStuckCount(model->stuckCount(), model->isCountExact());
}

void AlertMonitor::readDashboard() {
    const DashboardLoader *loader = m_dashboard.data();
    if (!loader || !loader->hasSnapshot())
        return;
    const store::DashboardSnapshot &snapshot = loader->snapshot();
    // Both times are the server's: review_at and the now() of the same snapshot.
    const QDateTime &oldest = snapshot.review.oldest;
    setReviewAge(oldest.isValid() && snapshot.serverNow.isValid()
                     ? std::optional<qint64>(oldest.msecsTo(snapshot.serverNow))
                     : std::nullopt);
}

} // namespace dedup::models
