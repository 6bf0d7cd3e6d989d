#include "widgets/WarningColor.h"

#include "widgets/AppTheme.h"

namespace dedup::widgets {

QColor warningTextColor(const QPalette &palette) {
    return AppTheme::isDark(palette) ? QColor(0xff, 0xb7, 0x4d) : QColor(0xb0, 0x4a, 0x00);
}

} // namespace dedup::widgets
