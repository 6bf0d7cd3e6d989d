#pragma once

#include <QCoreApplication>
#include <QString>

namespace dedup::models {

// What a bounded list shows of how many, for its label, so a cap is never taken for the
// count: "12" when the list shows every entry; "newest 500 of 10,000" and "oldest 500 of
// 10,000" for the first and last page; "1,001–1,500 of 10,000" for a page in between,
// numbered from the oldest entry (the lists are shown oldest first). Numbers in the locale.
class CappedCount {
    Q_DECLARE_TR_FUNCTIONS(CappedCount)

public:
    // `shown` entries of `total`, `newer` of them newer than the page (0: the newest page).
    static QString text(qint64 shown, qint64 total, qint64 newer = 0);
    // The list leaves entries out.
    static bool isCapped(qint64 shown, qint64 total) { return total > shown; }
};

} // namespace dedup::models
