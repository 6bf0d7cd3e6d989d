#pragma once

#include "reports/ReportFile.h"
#include "store/ReportSummary.h"

#include <QList>
#include <QMetaType>

namespace dedup::reports {

// What a report wrote: its files, in the order written, and the summary a drawn format
// showed (reasons raw only when revealed).
struct ReportJobResult {
    QList<ReportFile> files;
    store::ReportSummary summary;
};

} // namespace dedup::reports

Q_DECLARE_METATYPE(dedup::reports::ReportJobResult)
