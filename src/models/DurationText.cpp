#include "models/DurationText.h"

namespace dedup::models {

QString DurationText::format(qint64 milliseconds) {
    const qint64 seconds = qAbs(milliseconds) / 1000;
    if (seconds < 60)
        return tr("%1 s").arg(seconds);
    const qint64 minutes = seconds / 60;
    if (minutes < 60)
        return tr("%1 min").arg(minutes);
    const qint64 hours = minutes / 60;
    if (hours < 24)
        return tr("%1 h %2 min").arg(hours).arg(minutes % 60);
    return tr("%1 d %2 h").arg(hours / 24).arg(hours % 24);
}

} // namespace dedup::models
