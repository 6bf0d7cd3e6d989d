#include "reports/ReportJob.h"

#include "reports/OwnerOnlyFile.h"
#include "reports/ReportWriter.h"
#include "store/PgConnection.h"

#include <QDir>
#include <QFileInfo>

#include <memory>
#include <vector>

namespace dedup::reports {

namespace {

// The outputs are one file and `target` names it (not a folder, and with its suffix).
bool isFileTarget(const QStringList &names, const QString &target) {
    return names.size() == 1 && !QFileInfo(target).isDir() &&
           target.endsWith(QLatin1Char('.') + QFileInfo(names.first()).suffix(),
                           Qt::CaseInsensitive);
}

} // namespace

struct ReportJob::Outcome {
    QString error;
    ReportJobResult result;
};

ReportJob::ReportJob(QString conninfo, QObject *parent)
    : QObject(parent)
    , m_lane(conninfo, QStringLiteral("dedup-console-report"), lanes::Lane::Jobs::Writes) {
    // An export may take as long as it takes; cancel() is the operator's way out.
    m_lane.setStatementTimeout(0);
    connect(&m_lane, &lanes::Lane::finished, this, [this](int request, const QVariant &value) {
        if (request == m_request)
            answer(value.value<Outcome>().error, value.value<Outcome>().result);
    });
    connect(&m_lane, &lanes::Lane::failed, this, [this](int request, const QString &message) {
        if (request == m_request) // not connected (nothing ran), or the connection broke
            answer(message);
    });
}

ReportJob::~ReportJob() {
    cancel();
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
    QString error = spec.validate();
    if (error.isEmpty() && outputs.fileNames().isEmpty())
        error = tr("Choose at least one format, and for CSV or JSON Lines at least one section.");
    if (error.isEmpty() && target.trimmed().isEmpty())
        error = tr("Choose a folder for the report's files.");
    if (!error.isEmpty()) {
        m_request = 0;
        QMetaObject::invokeMethod(
            this, [this, error] { answer(error); }, Qt::QueuedConnection);
        return true;
    }
    m_request =
        m_lane.submit([this, spec, outputs, target](store::PgConnection &conn, store::PgError *) {
            Outcome outcome;
            outcome.error = produce(conn, spec, outputs, target, &outcome.result);
            if (!outcome.error.isEmpty())
                conn.exec(QStringLiteral("ROLLBACK")); // the connection stays for the next job
            return QVariant::fromValue(outcome);
        });
    return true;
}

void ReportJob::cancel() {
    m_cancel.store(true);
    // The export watches the flag between chunks and cancels its own COPY; the summary's
    // queries have no flag to watch, so the statement in progress is cancelled here too.
    m_lane.cancel();
}

void ReportJob::answer(const QString &error, const ReportJobResult &result) {
    m_request = 0;
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

    // Every file is written under a temporary name, created 0600 (the files hold patient
    // data, redacted or not), and renamed at the end, all together; a failure removes them.
    std::vector<std::unique_ptr<reports::OwnerOnlyFile>> files;
    const auto openNext = [&](const QString &, QString *why) -> QIODevice * {
        auto file = std::make_unique<reports::OwnerOnlyFile>(paths.at(qsizetype(files.size())));
        if (!file->open()) {
            *why = file->errorString();
            return nullptr;
        }
        files.push_back(std::move(file));
        return &files.back()->device();
    };
    ReportWriter writer(conn, &m_cancel);
    writer.setStepStarted([this](int step, int steps, const QString &description) {
        emit stepStarted(step, steps, description);
    });
    writer.setProgress([this](const QString &name, qint64 written, qint64 expected) {
        emit progress(name, written, expected);
    });
    const auto written = writer.write(spec, outputs, openNext);
    if (!written) {
        // A failed file names itself; a store error is the server's.
        return cancelled() || written.errorKind() == store::StoreErrorKind::Cancelled
                   ? tr("Cancelled.")
                   : written.error().toString();
    }
    if (cancelled())
        return tr("Cancelled.");
    for (const auto &file : files) {
        if (!file->commit())
            return file->errorString();
    }
    *result = written.value();
    for (qsizetype i = 0; i < result->files.size() && i < qsizetype(files.size()); ++i)
        result->files[i].path = files[size_t(i)]->path();
    return {};
}

} // namespace dedup::reports
