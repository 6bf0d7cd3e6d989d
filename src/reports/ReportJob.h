#pragma once

#include "lanes/Lane.h"
#include "reports/ReportFile.h"
#include "reports/ReportJobResult.h"
#include "reports/ReportOutputs.h"
#include "store/ReportSpec.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>

namespace dedup::store {
class PgConnection;
}

namespace dedup::reports {

// Makes one report in the background: the summary, then each file, on a lane (lanes::Lane,
// Jobs::Writes: a reveal writes its audit row, so a job is never run twice; no statement
// timeout), so the window never waits for the database. What is read and written, in
// which transaction, and how a reveal is audited is ReportWriter's (shared with dedupctl).
// Files are written to temporary names and renamed only when every
// one of them is complete: a failed or cancelled job leaves the folder as it was.
//
// Progress: progress(file, written, expected) while rows stream (expected -1 when unknown),
// then exactly one of finished(result) or failed(message, cancelled).
class ReportJob : public QObject {
    Q_OBJECT

public:
    explicit ReportJob(QString conninfo, QObject *parent = nullptr);
    // Cancels a running job and waits for its thread.
    ~ReportJob() override;

    // Starts the job; false (and nothing is emitted) while one is running. `target` is a
    // folder (created when missing), or the file itself when the outputs are exactly one file
    // and `target` ends with its suffix. A spec that is not valid, or no output, fails at
    // once with failed() (queued, like every answer).
    bool start(const store::ReportSpec &spec, const ReportOutputs &outputs, const QString &target);
    // Stops the job: cancels the statement in progress (PQcancel) and the export's COPY.
    // Thread-safe. The job then answers failed(..., true).
    void cancel();
    bool isRunning() const { return m_running.load(); }

    // The paths start() would write for `outputs` into `target`.
    static QStringList targetPaths(const ReportOutputs &outputs, const QString &target);

signals:
    // `step` counts from 1 to `steps` (summary first, then one per file).
    void stepStarted(int step, int steps, const QString &description);
    void progress(const QString &fileName, qint64 rowsWritten, qint64 rowsExpected);
    void finished(const dedup::reports::ReportJobResult &result);
    void failed(const QString &message, bool cancelled);

private:
    struct Outcome; // the lane job's answer
    // Runs in the lane's thread; returns the error message, empty on success.
    QString produce(store::PgConnection &conn, store::ReportSpec spec, const ReportOutputs &outputs,
                    const QString &target, ReportJobResult *result);
    void answer(const QString &error, const ReportJobResult &result = {});
    bool cancelled() const { return m_cancel.load(); }

    std::atomic_bool m_running{false};
    std::atomic_bool m_cancel{false};
    int m_request = 0;
    lanes::Lane m_lane; // last: destroyed first, cancelling and waiting for a running job
};

} // namespace dedup::reports
