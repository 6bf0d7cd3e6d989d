#include "DemoCommand.h"

#include "ExitCode.h"
#include "store/DemoDatabase.h"

#include <csignal>
#include <pthread.h>

namespace dedup::cli {

QString DemoCommand::summary() const {
    return tr("Run the demo store: a private PostgreSQL under your data directory.");
}

void DemoCommand::addOptions(QCommandLineParser &parser) {
    parser.addOption(QCommandLineOption(QStringLiteral("dir"),
                                        tr("Directory of the demo cluster (default: %1).")
                                            .arg(store::DemoDatabase::defaultBaseDir()),
                                        tr("dir")));
    parser.addOption(QCommandLineOption(QStringLiteral("once"),
                                        tr("Start and migrate, print the connection string, "
                                           "and leave the server running.")));
}

int DemoCommand::run(const QCommandLineParser &parser) {
    // Block the stop signals before anything starts, so they wait for sigwait() below
    // instead of killing us half-way through start-up.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

    store::DemoDatabase demo(parser.isSet(QStringLiteral("dir"))
                                 ? parser.value(QStringLiteral("dir"))
                                 : store::DemoDatabase::defaultBaseDir());
    QString error;
    if (!demo.start(&error)) {
        err() << tr("dedupctl demo: %1").arg(error) << Qt::endl;
        return DatabaseError;
    }
    out() << tr("demo store ready: %1").arg(demo.conninfo()) << Qt::endl;
    if (parser.isSet(QStringLiteral("once")))
        return Success;
    out() << tr("press Ctrl-C to stop") << Qt::endl;
    int signal = 0;
    sigwait(&stopSignals, &signal);
    if (demo.startedServer() && !demo.stop(&error)) {
        err() << tr("dedupctl demo: %1").arg(error) << Qt::endl;
        return Failure;
    }
    out() << tr("demo stopped") << Qt::endl;
    return Success;
}

} // namespace dedup::cli
