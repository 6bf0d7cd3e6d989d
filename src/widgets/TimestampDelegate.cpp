#include "widgets/TimestampDelegate.h"

#include "models/TimeText.h"

#include <QDateTime>

namespace dedup::widgets {

QString TimestampDelegate::displayText(const QVariant &value, const QLocale &locale) const {
    if (value.userType() == QMetaType::QDateTime) {
        return models::TimeText::local(value.toDateTime());
    }
    return PlainTextDelegate::displayText(value, locale);
}

} // namespace dedup::widgets
