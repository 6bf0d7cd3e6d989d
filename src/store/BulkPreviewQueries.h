#pragma once

#include "store/RunQueries.h"

#include <QStringList>

namespace dedup::store {

// The statements behind a bulk operation's preview (actions::BulkPreviewLoader, which says
// how they stay bounded). Each counts everything server-side in one statement: the grand
// total (g = 3), one row per status (g = 1) and one per workflow (g = 2, most runs first),
// with columns runs, in_scope, changed, uncertain and uncertain_no_key, at most `rowLimit`
// rows.
class BulkPreviewQueries {
public:
    // Whether the login reads steps.downstream_key raw (the owner): one bool.
    static RunQuery rawKeysReadable();

    // A selection, sent as three parallel arrays (what the view holds): a run is in scope by
    // the status it was seen with (that is what the operation's item will expect); changed =
    // its token or status moved on since.
    static RunQuery selection(const QStringList &ids, const QStringList &tokens,
                              const QStringList &statuses, const QStringList &applicable,
                              qint64 rowLimit, bool rawKeys);

    // The runs of `list` (RunQueries::keys(): the runs list's own statement, ids only), in
    // scope by their current status.
    static RunQuery filter(const RunQuery &list, const QStringList &applicable, qint64 rowLimit,
                           bool rawKeys);
};

} // namespace dedup::store
