#pragma once

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

// dedupctl as a user runs it: a separate process, its exit code and both outputs.
struct DedupctlRun {
    int exitCode = -1; // -1: crashed, or killed after the timeout
    QString out;
    QString err;
};

// `input`, when given, is written to its standard input, which is then closed.
inline DedupctlRun runDedupctl(const QStringList &args, int timeoutMs = 60000,
                               const QByteArray &input = {}) {
    QProcess process;
    process.start(QStringLiteral(DEDUPCTL_PATH), args);
    if (!input.isNull()) {
        process.write(input);
        process.closeWriteChannel();
    }
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
