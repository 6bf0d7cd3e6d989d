#include "reports/ReportPalette.h"

#include "core/RunStatusLabel.h"

namespace dedup::reports {

QColor ReportPalette::status(core::RunStatus status) {
    return QColor::fromRgb(QRgb(core::RunStatusLabel::rgb(status)));
}

QString ReportPalette::statusLabel(core::RunStatus status) {
    return core::RunStatusLabel::text(status);
}

QString ReportPalette::statusLabel(const QString &statusName) {
    return core::RunStatusLabel::text(statusName);
}

} // namespace dedup::reports
