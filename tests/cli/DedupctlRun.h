#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

// dedupctl as a user runs it: a separate process, its exit code and both outputs.
struct DedupctlRun {
    int exitCode = -1; // -1: crashed, or killed after the timeout
    QString out;
    QString err;
};

inline DedupctlRun runDedupctl(const QStringList &args, int timeoutMs = 60000) {
    QProcess process;
    process.start(QStringLiteral(DEDUPCTL_PATH), args);
    DedupctlRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}
