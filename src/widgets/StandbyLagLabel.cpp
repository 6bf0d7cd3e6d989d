#include "widgets/StandbyLagLabel.h"

#include "models/StandbyLagPoller.h"

namespace dedup::widgets {

using models::StandbyLagPoller;

StandbyLagLabel::StandbyLagLabel(QWidget *parent)
    : WarningLabel(parent) {
    setObjectName(QStringLiteral("standbyLagLabel"));
    setTextFormat(Qt::PlainText);
    updateText();
}

void StandbyLagLabel::setPoller(StandbyLagPoller *poller) {
    if (m_poller)
        disconnect(m_poller, nullptr, this, nullptr);
    m_poller = poller;
    if (poller) {
        connect(poller, &StandbyLagPoller::updated, this, &StandbyLagLabel::updateText);
        connect(poller, &StandbyLagPoller::standbyUnreachable, this, &StandbyLagLabel::updateText);
        connect(poller, &QObject::destroyed, this, &StandbyLagLabel::updateText);
    }
    updateText();
}

void StandbyLagLabel::updateText() {
    bool warning = false;
    const QString where = tr("Lists, dashboards and reports read from the standby; run detail, "
                             "previews and actions read and write the primary.");
    const QString definition =
        tr("Caught up: the standby has replayed everything the primary had written when it was "
           "last asked (WAL positions, checked every %1 s). Otherwise: the WAL not replayed "
           "yet, and how old the last replayed commit is.")
            .arg(StandbyLagPoller::DefaultIntervalMs / 1000);
    const StandbyLagPoller *poller = m_poller.data();
    if (!poller) {
        clear();
        setToolTip({});
        hide();
    } else if (!poller->isStandbyReachable()) {
        warning = true;
        setText(tr("Standby: unreachable"));
        setToolTip(tr("The standby cannot be read: %1\nThe lists keep what they last showed "
                      "and are read again when it answers; they never switch to the primary "
                      "silently. Actions are not affected: they always use the primary.")
                       .arg(poller->unreachableReason()));
        show();
    } else if (const auto &status = poller->latest()) {
        const std::optional<double> lag = status->lagSeconds();
        warning = !status->inRecovery || status->replayPaused ||
                  (!status->caughtUp() && (!lag || *lag > WarningLagSeconds));
        setText(tr("Standby: %1").arg(status->lagText()));
        QString tip = where + QLatin1Char('\n') + definition;
        if (!status->comparedWithPrimary())
            tip += QLatin1Char('\n') + tr("The primary's position could not be read: only what "
                                          "the standby received is compared.");
        setToolTip(tip);
        show();
    } else {
        setText(tr("Standby: …"));
        setToolTip(where + QLatin1Char('\n') + definition);
        show();
    }
    setWarning(warning);
}

} // namespace dedup::widgets
