#pragma once

#include <QString>

namespace dedup::reports {

// One file a finished report wrote.
struct ReportFile {
    QString path;
    qint64 rows = 0; // data rows (CSV / JSON Lines; the sections' sum for report.jsonl)
    int pages = 0;   // PDF pages
};

} // namespace dedup::reports
