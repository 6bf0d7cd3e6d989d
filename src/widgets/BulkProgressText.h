#pragma once

#include "actions/BulkReport.h"
#include "store/BulkState.h"

#include <QCoreApplication>
#include <QString>

class QProgressBar;

namespace dedup::widgets {

// How a bulk operation's progress and report read, the same in the dialog that starts one
// (BulkActionDialog) and in the one that continues or aborts one (BulkOperationsDialog).
class BulkProgressText {
    Q_DECLARE_TR_FUNCTIONS(BulkProgressText)

public:
    // The operation's action as the menus name it ("Cancel runs"); the raw name when unknown.
    static QString title(const store::BulkState &state);
    // "8 of 10": the items done (applied, skipped, failed) of the total; the list's figure
    // and the bar's text.
    static QString done(const store::BulkState &state);
    // "Applied 7 · skipped because changed 1 · failed 0 · pending 2".
    static QString counters(const store::BulkState &state);
    // The report's summary, then the runs that failed and those skipped because they
    // changed, each with why.
    static QString report(const actions::BulkReport &report);
    // done of total on `bar` (per mille: QProgressBar counts in int); unchanged while the
    // total is not known yet.
    static void showOn(QProgressBar *bar, const store::BulkState &state);
};

} // namespace dedup::widgets
