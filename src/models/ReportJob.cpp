#include "models/ReportJob.h"

#include "reports/OwnerOnlyFile.h"
#include "reports/ReportPdfWriter.h"
#include "store/PgConnection.h"
#include "store/ReportExporter.h"
#include "store/ReportQueries.h"

#include <QDir>
#include <QFileInfo>
#include <QMutexLocker>

#include <memory>
#include <optional>
#include <vector>

namespace dedup::models {

using store::ReportFormat;
using store::ReportSection;

namespace {

const QString JsonLinesName = QStringLiteral("report.jsonl");
const QString PdfName = QStringLiteral("report.pdf");

QString csvName(ReportSection section) {
    return store::toString(section) + QStringLiteral(".csv");
}

// The outputs are one file and `target` names it (not a folder, and with its suffix).
bool isFileTarget(const QStringList &names, const QString &target) {
    return names.size() == 1 && !QFileInfo(target).isDir() &&
           target.endsWith(QLatin1Char('.') + QFileInfo(names.first()).suffix(),
                           Qt::CaseInsensitive);
}

} // namespace

ReportOutputs::ReportOutputs()
    : sections{ReportSection::Runs, ReportSection::Actions, ReportSection::Summary} {}

QStringList ReportOutputs::fileNames() const {
    QStringList names;
    if (csv) {
        for (const ReportSection section : sections)
            names << csvName(section);
    }
    if (jsonLines && !sections.isEmpty())
        names << JsonLinesName;
    if (pdf)
        names << PdfName;
    return names;
}

ReportJob::ReportJob(QString conninfo, QObject *parent)
    : QObject(parent)
    , m_conninfo(std::move(conninfo))
    , m_context(new QObject) {
    m_context->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("report-job"));
    m_thread.start();
}

ReportJob::~ReportJob() {
    cancel();
    m_thread.quit();
    m_thread.wait();
}

QStringList ReportJob::targetPaths(const ReportOutputs &outputs, const QString &target) {
    const QStringList names = outputs.fileNames();
    if (isFileTarget(names, target))
        return {target};
    QStringList paths;
    const QDir folder(target);
    for (const QString &name : names)
        paths << folder.filePath(name);
    return paths;
}

bool ReportJob::start(const store::ReportSpec &spec, const ReportOutputs &outputs,
                      const QString &target) {
    if (m_running.exchange(true))
        return false;
    m_cancel.store(false);
    QMetaObject::invokeMethod(m_context,
                              [this, spec, outputs, target] { run(spec, outputs, target); });
    return true;
}

void ReportJob::cancel() {
    m_cancel.store(true);
    // The export watches the flag between chunks and cancels its own COPY; the summary's
    // queries have no flag to watch, so the statement in progress is cancelled here too.
    QMutexLocker lock(&m_connMutex);
    if (m_conn)
        m_conn->cancel();
}

void ReportJob::run(store::ReportSpec spec, ReportOutputs outputs, QString target) {
    ReportJobResult result;
    QString error = spec.validate();
    if (error.isEmpty() && outputs.fileNames().isEmpty())
        error = tr("Choose at least one format, and for CSV or JSON Lines at least one section.");
    if (error.isEmpty() && target.trimmed().isEmpty())
        error = tr("Choose a folder for the report's files.");
    if (error.isEmpty()) {
        store::PgConnection conn;
        if (!conn.open(m_conninfo, QStringLiteral("dedup-console-report"))) {
            error = tr("Cannot connect to the database: %1").arg(conn.openError().toString());
        } else {
            {
                QMutexLocker lock(&m_connMutex);
                m_conn = &conn;
            }
            error = produce(conn, std::move(spec), outputs, target, &result);
            QMutexLocker lock(&m_connMutex);
            m_conn = nullptr;
        }
    }
    const bool wasCancelled = cancelled();
    m_running.store(false);
    if (wasCancelled)
        emit failed(tr("The report was cancelled; no file was written."), true);
    else if (!error.isEmpty())
        emit failed(error, false);
    else
        emit finished(result);
}

QString ReportJob::produce(store::PgConnection &conn, store::ReportSpec spec,
                           const ReportOutputs &outputs, const QString &target,
                           ReportJobResult *result) {
    const QStringList names = outputs.fileNames();
    const QStringList paths = targetPaths(outputs, target);
    if (!isFileTarget(names, target) && !QDir().mkpath(target))
        return tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(target));

    const int steps = int(names.size()) + (outputs.pdf ? 1 : 0);
    int step = 0;
    const auto storeError = [this](const store::PgError &pgError) {
        return cancelled() ? tr("Cancelled.") : pgError.toString();
    };
    // Every file is written under a temporary name, created 0600 (the files hold patient
    // data, redacted or not), and renamed at the end, all together; a failure removes them.
    std::vector<std::unique_ptr<reports::OwnerOnlyFile>> files;
    const auto openNext = [&](const QString &path, QString *why) -> reports::OwnerOnlyFile * {
        auto file = std::make_unique<reports::OwnerOnlyFile>(path);
        if (!file->open()) {
            *why = file->errorString();
            return nullptr;
        }
        files.push_back(std::move(file));
        return files.back().get();
    };
    int nextPath = 0;

    // One report: one transaction for the summary and every file, in which the server draws
    // the report's key. Equal values hash equally across the files; the key never leaves the
    // server and is gone when the transaction ends. A revealed report is one reveal, whatever
    // its formats (a PDF alone too: its actions table shows the operators' reasons raw):
    // begin() writes and commits its one audit row before anything is read.
    store::ReportExporter exporter(conn);
    const auto begun = exporter.begin(spec);
    if (!begun)
        return storeError(begun.error());

    std::optional<store::ReportSummary> summary;
    if (outputs.pdf) {
        emit stepStarted(++step, steps, tr("Reading the summary figures"));
        const auto summarized = store::ReportQueries(conn).summarize(spec);
        if (!summarized)
            return storeError(summarized.error());
        summary = summarized.value();
    }

    if (outputs.csv) {
        for (const ReportSection section : outputs.sections) {
            const QString name = csvName(section);
            emit stepStarted(++step, steps, tr("Writing %1").arg(name));
            QString why;
            reports::OwnerOnlyFile *file = openNext(paths.at(nextPath++), &why);
            if (!file)
                return why;
            const auto rows = exporter.exportTo(
                file->device(), spec, section, ReportFormat::Csv,
                [this, name](qint64 written, qint64 expected) {
                    emit progress(name, written, expected);
                },
                &m_cancel);
            if (!rows)
                return storeError(rows.error());
            result->files << ReportFile{file->path(), rows.value(), 0};
        }
    }

    if (outputs.jsonLines && !outputs.sections.isEmpty()) {
        emit stepStarted(++step, steps, tr("Writing %1").arg(JsonLinesName));
        QString why;
        reports::OwnerOnlyFile *file = openNext(paths.at(nextPath++), &why);
        if (!file)
            return why;
        qint64 total = 0;
        for (const ReportSection section : outputs.sections) {
            const auto rows = exporter.exportTo(
                file->device(), spec, section, ReportFormat::JsonLines,
                [this, total](qint64 written, qint64 expected) {
                    emit progress(JsonLinesName, total + written,
                                  expected < 0 ? -1 : total + expected);
                },
                &m_cancel);
            if (!rows)
                return storeError(rows.error());
            total += rows.value();
        }
        result->files << ReportFile{file->path(), total, 0};
    }

    // Everything is read: end the transaction (and the key) before drawing.
    const auto finished = exporter.finish();
    if (!finished)
        return storeError(finished.error());

    if (outputs.pdf) {
        emit stepStarted(++step, steps, tr("Drawing %1").arg(PdfName));
        if (cancelled())
            return tr("Cancelled.");
        QString why;
        reports::OwnerOnlyFile *file = openNext(paths.at(nextPath++), &why);
        if (!file)
            return why;
        // Revealed, the PDF says so and shows the operators' reasons raw (read so in the
        // report's transaction, after begin() audited the reveal).
        reports::ReportPdfWriter writer(*summary);
        QStringList companions;
        if (outputs.sections.contains(ReportSection::Actions)) {
            if (outputs.csv)
                companions << csvName(ReportSection::Actions);
            if (outputs.jsonLines)
                companions << JsonLinesName;
        }
        writer.setCompanionFiles(companions);
        if (!writer.write(file->device()))
            return writer.errorString();
        result->files << ReportFile{file->path(), 0, writer.pageCount()};
    }

    if (cancelled())
        return tr("Cancelled.");
    for (const auto &file : files) {
        if (!file->commit())
            return file->errorString();
    }
    if (summary)
        result->summary = *summary;
    return {};
}

} // namespace dedup::models
