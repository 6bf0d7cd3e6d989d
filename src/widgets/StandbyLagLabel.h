#pragma once

#include "widgets/WarningLabel.h"

#include <QPointer>

namespace dedup::models {
class StandbyLagPoller;
}

namespace dedup::widgets {

// The standby's replay lag in the status bar (docs/SCALING.md section 2): "Standby: caught up",
// "Standby: 12 kB behind (4.0 s)", "Standby: unreachable". Bold in the warning colour when the
// standby is more than WarningLagSeconds behind, its replay is paused, it is no longer a standby,
// or it cannot be read; the tooltip says where reads and actions go. Follows a StandbyLagPoller
// (not owned), which polls on its own threads.
class StandbyLagLabel : public WarningLabel {
    Q_OBJECT

public:
    // A constant rather than a preference: past a few seconds an operator should know that
    // the lists may be behind what the actions will meet.
    static constexpr double WarningLagSeconds = 5.0;

    explicit StandbyLagLabel(QWidget *parent = nullptr);

    void setPoller(models::StandbyLagPoller *poller);

private:
    void updateText();

    QPointer<models::StandbyLagPoller> m_poller;
};

} // namespace dedup::widgets
