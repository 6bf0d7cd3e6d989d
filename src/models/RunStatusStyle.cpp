#include "models/RunStatusStyle.h"

#include "core/RunStatusLabel.h"

namespace dedup::models {

QString RunStatusStyle::label(core::RunStatus status) {
    return core::RunStatusLabel::text(status);
}

QString RunStatusStyle::label(const QString &statusName) {
    return core::RunStatusLabel::text(statusName);
}

QColor RunStatusStyle::color(core::RunStatus status) {
    switch (status) {
    case core::RunStatus::Processing:
        return QColor(0x2f, 0x80, 0xed); // blue: running
    case core::RunStatus::Succeeded:
        return QColor(0x2e, 0x9e, 0x4f); // green
    case core::RunStatus::Failed:
        return QColor(0xd6, 0x3b, 0x3b); // red
    case core::RunStatus::ManualReview:
        return QColor(0xe0, 0x8a, 0x00); // amber: needs a person
    case core::RunStatus::Cancelled:
        return QColor(0x8a, 0x8a, 0x8a); // grey: abandoned on purpose
    }
    return QColor(0x8a, 0x8a, 0x8a);
}

QColor RunStatusStyle::color(const QString &statusName) {
    const auto status = core::runStatusFromString(statusName);
    return status ? color(*status) : QColor(0x8a, 0x8a, 0x8a);
}

} // namespace dedup::models
