#include "models/CappedCount.h"

#include <QLocale>

namespace dedup::models {

QString CappedCount::text(qint64 shown, qint64 total, qint64 newer) {
    const QLocale locale;
    if (!isCapped(shown, total))
        return locale.toString(shown);
    if (newer <= 0)
        return tr("newest %1 of %2").arg(locale.toString(shown), locale.toString(total));
    const qint64 last = total - newer; // position of the page's newest entry, oldest = 1
    if (last <= shown)
        return tr("oldest %1 of %2").arg(locale.toString(shown), locale.toString(total));
    //: A page of a list, numbered from its oldest entry: "1,001–1,500 of 10,000".
    return tr("%1–%2 of %3")
        .arg(locale.toString(last - shown + 1), locale.toString(last), locale.toString(total));
}

} // namespace dedup::models
