// dedup-console: the operations console. Thin: application set-up, then the main window.
#include "Translations.h"
#include "sim/DemoTraffic.h"
#include "store/DemoDatabase.h"
#include "widgets/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <optional>
#include <unistd.h>

namespace {

int quitPipe[2] = {-1, -1};

void onQuitSignal(int) {
    const char byte = 1;
    (void)!write(quitPipe[1], &byte, 1); // async-signal-safe; the event loop does the rest
}

// Ctrl-C in the terminal (packaging/run.sh) or SIGTERM quits like closing the window, so the
// demo traffic and the demo server this process started are stopped too.
void quitOnSignals(QApplication &app) {
    if (pipe(quitPipe) != 0)
        return;
    auto *notifier = new QSocketNotifier(quitPipe[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [] {
        char byte = 0;
        (void)!read(quitPipe[0], &byte, 1);
        QApplication::quit();
    });
    struct sigaction action = {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    for (const int signal : {SIGINT, SIGTERM, SIGHUP})
        sigaction(signal, &action, nullptr);
}

} // namespace

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("DedupConsole"));
    QApplication::setApplicationName(QStringLiteral("dedup-console"));
    QApplication::setApplicationDisplayName(QStringLiteral("Dedup Console"));
    QApplication::setApplicationVersion(QStringLiteral(DEDUP_VERSION));
    dedup::installTranslators(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Operations console for a PostgreSQL idempotency (dedup) store."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demoOption(
        QStringLiteral("demo"),
        QApplication::translate("main", "Start (or reuse) the private demo store and use it."));
    parser.addOption(demoOption);
    const QCommandLineOption noTrafficOption(
        QStringLiteral("no-traffic"),
        QApplication::translate("main", "With --demo: send no demo traffic to the store."));
    parser.addOption(noTrafficOption);
    parser.process(app);
    quitOnSignals(app);

    dedup::widgets::MainWindow window;
    std::optional<dedup::store::DemoDatabase> demo;
    if (parser.isSet(demoOption)) {
        demo.emplace();
        QString error;
        if (!demo->start(&error)) {
            QMessageBox::critical(
                nullptr, QApplication::translate("main", "Demo store"),
                QApplication::translate("main", "The demo store did not start:\n%1").arg(error));
            return 1;
        }
        window.setStoreDescription(
            QApplication::translate("main", "Demo store: %1").arg(demo->conninfo()));
    }
    window.show();
    // Live traffic for the demo store, on worker threads started after the window shows; the
    // UI thread never waits for it (not even for its connections).
    std::optional<dedup::sim::DemoTraffic> traffic;
    if (demo && !parser.isSet(noTrafficOption)) {
        dedup::sim::DemoTrafficOptions options;
        options.conninfo = demo->conninfo();
        traffic.emplace(options);
        QTimer::singleShot(0, &window, [&traffic] { traffic->startInBackground(); });
    }
    const int code = QApplication::exec();
    if (traffic) {
        traffic->stop(); // before the server it writes to goes away
        if (!traffic->error().isEmpty())
            qWarning("demo traffic: %s", qPrintable(traffic->error()));
    }
    if (demo && demo->startedServer()) {
        QString error;
        demo->stop(&error);
    }
    return code;
}
