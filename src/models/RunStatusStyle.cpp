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
    return QColor::fromRgb(QRgb(core::RunStatusLabel::rgb(status)));
}

QColor RunStatusStyle::color(const QString &statusName) {
    const auto status = core::runStatusFromString(statusName);
    return status ? color(*status) : QColor(0x8a, 0x8a, 0x8a);
}

} // namespace dedup::models
