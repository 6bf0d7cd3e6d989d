#pragma once

#include "reports/ReportFileFormat.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>
#include <QStringView>

namespace dedup::reports {

// The registry of report formats (docs/CLI.md "dedupctl report", the console's report
// dialog): adding a format is one row here, plus the store's export for a new row format or
// a Draw function for a new drawn one. The dialog, ReportJob, ReportWriter and dedupctl read
// the formats from here and nowhere else.
//
// Order: the order the files are written in (and dedupctl lists them in): the row formats
// first, read in the report's transaction, then the drawn ones, after it ended.
class ReportFormats {
    Q_DECLARE_TR_FUNCTIONS(ReportFormats)

public:
    static const QList<ReportFileFormat> &all();
    // nullptr for an unknown id (ids are case-sensitive, as dedupctl's option values).
    static const ReportFileFormat *find(QStringView id);
    static QStringList ids();
};

} // namespace dedup::reports
