#include "reports/ReportWriter.h"

#include "reports/ReportFormats.h"
#include "store/ReportExporter.h"
#include "store/ReportQueries.h"

#include <optional>

namespace dedup::reports {

using store::ReportSection;
using Result = store::OperatorResult<ReportJobResult>;
using Rows = ReportFileFormat::Rows;

namespace {

// A failure of the client's side (a file, a drawing): no SQLSTATE, as the exporter reports
// a failed write, so callers tell it from the database's errors the same way.
Result clientFailure(store::StoreErrorKind kind, const QString &message) {
    store::PgError error;
    error.message = message;
    return Result::failure(kind, error);
}

template <typename T>
Result storeFailure(const store::OperatorResult<T> &result) {
    return Result::failure(result.errorKind(), result.error());
}

// The sections of each file a row format writes: one file per section, or one for all.
QList<QList<ReportSection>> fileSections(const ReportFileFormat &format,
                                         const QList<ReportSection> &sections) {
    if (format.rows != Rows::PerSection)
        return {sections};
    QList<QList<ReportSection>> each;
    for (const ReportSection section : sections)
        each << QList<ReportSection>{section};
    return each;
}

} // namespace

ReportWriter::ReportWriter(store::PgConnection &connection, const std::atomic_bool *cancel)
    : m_conn(connection)
    , m_cancel(cancel) {}

int ReportWriter::steps(const ReportOutputs &outputs) {
    return int(outputs.fileNames().size()) + (outputs.hasSummaryFormat() ? 1 : 0);
}

void ReportWriter::stepStarted(const QString &description) {
    if (m_stepStarted)
        m_stepStarted(++m_step, m_steps, description);
}

Result ReportWriter::write(const store::ReportSpec &spec, const ReportOutputs &outputs,
                           const OpenFile &open) {
    m_step = 0;
    m_steps = steps(outputs);
    ReportJobResult result;
    // begin() writes and commits the reveal's one audit row before anything is read.
    store::ReportExporter exporter(m_conn);
    const auto begun = exporter.begin(spec);
    if (!begun)
        return storeFailure(begun);
    if (outputs.hasSummaryFormat()) {
        stepStarted(tr("Reading the summary figures"));
        const auto summarized = store::ReportQueries(m_conn).summarize(spec);
        if (!summarized)
            return storeFailure(summarized);
        result.summary = summarized.value();
    }
    QStringList companions; // the row files holding the operator actions a drawing samples
    for (const ReportFileFormat &format : ReportFormats::all()) {
        if (!outputs.has(format.id) || !format.rowFormat)
            continue;
        if (outputs.sections.contains(ReportSection::Actions))
            companions << format.fileNames({ReportSection::Actions});
        const QList<QList<ReportSection>> groups = fileSections(format, outputs.sections);
        for (const QList<ReportSection> &group : groups) {
            if (group.isEmpty())
                continue;
            const QString name = format.fileNames(group).constFirst();
            stepStarted(tr("Writing %1").arg(name));
            QString why;
            QIODevice *device = open(name, &why);
            if (!device)
                return clientFailure(store::StoreErrorKind::Other, why);
            qint64 total = 0;
            for (const ReportSection section : group) {
                const auto rows = exporter.exportTo(
                    *device, spec, section, *format.rowFormat,
                    [this, name, total](qint64 written, qint64 expected) {
                        if (m_progress)
                            m_progress(name, total + written, expected < 0 ? -1 : total + expected);
                    },
                    m_cancel);
                if (!rows)
                    return storeFailure(rows);
                total += rows.value();
            }
            result.files << ReportFile{name, total, 0};
        }
    }
    // Everything is read: end the transaction (and the key) before drawing.
    const auto finished = exporter.finish();
    if (!finished)
        return storeFailure(finished);

    for (const ReportFileFormat &format : ReportFormats::all()) {
        if (!outputs.has(format.id) || format.rows != Rows::Summary)
            continue;
        const QString name = format.fileNames(outputs.sections).constFirst();
        stepStarted(tr("Drawing %1").arg(name));
        if (cancelled())
            return clientFailure(store::StoreErrorKind::Cancelled, tr("Cancelled."));
        QString why;
        QIODevice *device = open(name, &why);
        if (!device)
            return clientFailure(store::StoreErrorKind::Other, why);
        int pages = 0;
        if (!format.draw(*device, result.summary, companions, &pages, &why))
            return clientFailure(store::StoreErrorKind::Other, why);
        result.files << ReportFile{name, 0, pages};
    }
    if (cancelled())
        return clientFailure(store::StoreErrorKind::Cancelled, tr("Cancelled."));
    return Result::success(result);
}

} // namespace dedup::reports
