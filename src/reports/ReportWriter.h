#pragma once

#include "reports/ReportJobResult.h"
#include "reports/ReportOutputs.h"
#include "store/OperatorResult.h"
#include "store/ReportSpec.h"

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <functional>

class QIODevice;

namespace dedup::store {
class PgConnection;
}

namespace dedup::reports {

// Writes one report in every chosen format (ReportFormats): the one path behind the console's
// ReportJob and `dedupctl report`, so a format is read, exported and drawn the same way in
// both.
//
// One report is one transaction (store::ReportExporter::begin()), in which the server draws
// the report's redaction key: a hashed key matches across the report's files, and the key
// never reaches the client. With spec.revealRaw the report is one audited reveal (one audit
// row, whatever the formats, a PDF alone too). The summary (for drawn formats) and every row
// file are read in it; the transaction ends before anything is drawn.
//
// Blocking: run it on a worker thread with its own connection.
class ReportWriter {
    Q_DECLARE_TR_FUNCTIONS(ReportWriter)

public:
    // Opens the device for the next file (`name` as ReportOutputs::fileNames() lists it);
    // nullptr with `why` set when it cannot. The caller owns the device, and renames or
    // removes the file once write() answered.
    using OpenFile = std::function<QIODevice *(const QString &name, QString *why)>;
    // `step` counts from 1 to steps(): the summary first (drawn formats), then one per file.
    using StepStarted = std::function<void(int step, int steps, const QString &description)>;
    using Progress = std::function<void(const QString &name, qint64 written, qint64 expected)>;

    // `cancel` may be set from any thread: the export in progress stops (Cancelled).
    explicit ReportWriter(store::PgConnection &connection,
                          const std::atomic_bool *cancel = nullptr);

    void setStepStarted(StepStarted callback) { m_stepStarted = std::move(callback); }
    void setProgress(Progress callback) { m_progress = std::move(callback); }

    static int steps(const ReportOutputs &outputs);

    // The files written (ReportFile::path is the name given to OpenFile), in fileNames()
    // order, and the summary when a drawn format was chosen. Errors: the exporter's and the
    // summary's (InvalidArgument, PermissionDenied, QueryCanceled, ConnectionLost, ...),
    // Cancelled, and Other with no SQLSTATE when a file could not be opened or written.
    store::OperatorResult<ReportJobResult>
    write(const store::ReportSpec &spec, const ReportOutputs &outputs, const OpenFile &open);

private:
    bool cancelled() const { return m_cancel && m_cancel->load(); }
    void stepStarted(const QString &description);

    store::PgConnection &m_conn;
    const std::atomic_bool *m_cancel;
    StepStarted m_stepStarted;
    Progress m_progress;
    int m_step = 0;
    int m_steps = 0;
};

} // namespace dedup::reports
