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

} // namespace dedup::core
