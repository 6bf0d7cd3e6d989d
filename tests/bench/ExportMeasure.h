#pragma once

#include "store/PgConnection.h"
#include "store/ReportExporter.h"

#include <QJsonObject>
#include <QString>

namespace bench {

// One timed export of bench_export: rows, seconds, bytes, and the process's peak resident
// set size after it (getrusage: the peak only grows, so a later figure includes earlier ones).
struct ExportFigure {
    QString name;
    qint64 rows = 0;
    qint64 bytes = 0;
    double seconds = 0;
    qint64 peakRssKb = 0;
    QString error;

    double rowsPerSecond() const { return seconds > 0 ? double(rows) / seconds : 0; }
    QJsonObject toJson() const;
};

// The measurements of bench_export, each on `conn`, writing to /dev/null.
class ExportMeasure {
public:
    explicit ExportMeasure(dedup::store::PgConnection &conn);

    // A bare `COPY (sql) TO STDOUT` read with blocking PQgetCopyData and fwrite to /dev/null:
    // the baseline (nothing between libpq and the file but the copy loop). `setup` runs first
    // in the same transaction (e.g. the redaction pads).
    ExportFigure rawCopy(const QString &name, const QString &copySql, const QString &setupSql = {});
    // ReportExporter::exportTo into a QFile on /dev/null.
    ExportFigure exporter(const QString &name, const dedup::store::ReportSpec &spec,
                          dedup::store::ReportSection section, dedup::store::ReportFormat format);

    static qint64 peakRssKb();

private:
    dedup::store::PgConnection &m_conn;
};

} // namespace bench
