#pragma once

#include "widgets/PlainTextDelegate.h"

namespace dedup::widgets {

// Shows QDateTime values as "2025-03-01 14:05:09" in local time: sortable by eye, and with
// the seconds that the locale's short format drops (runs of one second differ).
class TimestampDelegate : public PlainTextDelegate {
    Q_OBJECT

public:
    using PlainTextDelegate::PlainTextDelegate;

    QString displayText(const QVariant &value, const QLocale &locale) const override;
};

} // namespace dedup::widgets
