#include "core/RunStatusLabel.h"

namespace dedup::core {

QString RunStatusLabel::text(RunStatus status) {
    switch (status) {
    case RunStatus::Processing:
        return tr("Processing");
    case RunStatus::Succeeded:
        return tr("Succeeded");
    case RunStatus::Failed:
        return tr("Failed");
    case RunStatus::ManualReview:
        return tr("Manual review");
    case RunStatus::Cancelled:
        return tr("Cancelled");
    }
    return toString(status);
}

QString RunStatusLabel::text(const QString &statusName) {
    const auto status = runStatusFromString(statusName);
    return status ? text(*status) : statusName;
}

quint32 RunStatusLabel::rgb(RunStatus status) {
    switch (status) {
    case RunStatus::Processing:
        return 0x2f80ed; // blue: running
    case RunStatus::Succeeded:
        return 0x2e9e4f; // green
    case RunStatus::Failed:
        return 0xd63b3b; // red
    case RunStatus::ManualReview:
        return 0xe08a00; // amber: needs a person
    case RunStatus::Cancelled:
        return 0x8a8a8a; // grey: abandoned on purpose
    }
    return 0x8a8a8a;
}

} // namespace dedup::core
