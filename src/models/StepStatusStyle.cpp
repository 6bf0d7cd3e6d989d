#include "models/StepStatusStyle.h"

namespace dedup::models {

QString StepStatusStyle::label(core::StepStatus status) {
    switch (status) {
    case core::StepStatus::Pending:
        return tr("Pending");
    case core::StepStatus::InProgress:
        return tr("In progress");
    case core::StepStatus::Done:
        return tr("Done");
    case core::StepStatus::Failed:
        return tr("Failed");
    case core::StepStatus::Uncertain:
        return tr("Uncertain");
    case core::StepStatus::Skipped:
        return tr("Skipped");
    }
    return core::toString(status);
}

QString StepStatusStyle::label(const QString &statusName) {
    const auto status = core::stepStatusFromString(statusName);
    return status ? label(*status) : statusName;
}

QColor StepStatusStyle::color(core::StepStatus status) {
    switch (status) {
    case core::StepStatus::Pending:
        return QColor(0x8a, 0x8a, 0x8a); // grey: not started
    case core::StepStatus::InProgress:
        return QColor(0x2f, 0x80, 0xed); // blue: running
    case core::StepStatus::Done:
        return QColor(0x2e, 0x9e, 0x4f); // green
    case core::StepStatus::Failed:
        return QColor(0xd6, 0x3b, 0x3b); // red: did not happen
    case core::StepStatus::Uncertain:
        return QColor(0xe0, 0x8a, 0x00); // amber: may have happened
    case core::StepStatus::Skipped:
        return QColor(0x8a, 0x8a, 0x8a);
    }
    return QColor(0x8a, 0x8a, 0x8a);
}

QColor StepStatusStyle::color(const QString &statusName) {
    const auto status = core::stepStatusFromString(statusName);
    return status ? color(*status) : QColor(0x8a, 0x8a, 0x8a);
}

} // namespace dedup::models
