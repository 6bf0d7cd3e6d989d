#include "widgets/TimestampDelegate.h"

#include <QDateTime>

namespace dedup::widgets {

QString TimestampDelegate::displayText(const QVariant &value, const QLocale &locale) const {
    if (value.userType() == QMetaType::QDateTime) {
        const QDateTime time = value.toDateTime();
        return time.isValid() ? time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                              : QString();
    }
    return PlainTextDelegate::displayText(value, locale);
}

} // namespace dedup::widgets
