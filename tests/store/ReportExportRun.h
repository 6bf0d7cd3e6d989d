#pragma once

// The report export tests' common part: one export into memory, the spec of the seeded day,
// and rows read back from either format as column -> text maps.

#include "ReportTestData.h"
#include "store/ReportExporter.h"
#include "store/StoreError.h"

#include <QBuffer>
#include <QHash>

#include <atomic>

namespace reporttest {

using dedup::store::ReportExporter;
using dedup::store::ReportFormat;
using dedup::store::ReportSection;
using dedup::store::ReportSpec;
using dedup::store::StoreErrorKind;

struct Export {
    bool ok = false;
    qint64 rows = 0;
    StoreErrorKind kind = StoreErrorKind::None;
    QString error;
    QByteArray bytes;
};

inline Export run(PgConnection &conn, const ReportSpec &spec, ReportSection section,
                  ReportFormat format, const std::atomic_bool *cancel = nullptr,
                  const ReportExporter::Progress &progress = {}) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    ReportExporter exporter(conn);
    const auto result = exporter.exportTo(buffer, spec, section, format, progress, cancel);
    Export out;
    out.ok = result.ok();
    out.rows = result.ok() ? result.value() : -1;
    out.kind = result.errorKind();
    out.error = result.error().toString();
    out.bytes = buffer.data();
    return out;
}

inline ReportSpec daySpec() {
    ReportSpec spec;
    spec.from = rangeFrom();
    spec.to = rangeTo();
    return spec;
}

// Rows as maps column -> text, from either format (JSON null and CSV empty both -> "").
inline QList<QHash<QString, QString>> rowsOf(const Export &exported, ReportFormat format,
                                             QString *why) {
    QList<QHash<QString, QString>> rows;
    if (format == ReportFormat::Csv) {
        const auto records = parseCsv(exported.bytes, why);
        if (!records || records->isEmpty())
            return rows;
        const QStringList header = records->first();
        for (qsizetype r = 1; r < records->size(); ++r) {
            QHash<QString, QString> row;
            for (qsizetype c = 0; c < header.size(); ++c)
                row.insert(header.at(c), records->at(r).value(c));
            rows << row;
        }
        return rows;
    }
    const auto objects = parseJsonLines(exported.bytes, why);
    if (!objects)
        return rows;
    for (const QJsonObject &object : *objects) {
        QHash<QString, QString> row;
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QJsonValue value = it.value();
            row.insert(it.key(),
                       value.isString()   ? value.toString()
                       : value.isDouble() ? QString::number(value.toInteger())
                       : value.isNull()
                           ? QString()
                           : QString::fromUtf8(
                                 QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)));
        }
        rows << row;
    }
    return rows;
}

} // namespace reporttest
