// dedup-console: the operations console. Thin: application set-up, then the main window.
#include "DemoSession.h"
#include "Translations.h"
#include "widgets/AppTheme.h"
#include "widgets/ConnectionDialog.h"
#include "widgets/MainWindow.h"
#include "widgets/SingleInstance.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <optional>
#include <unistd.h>

namespace {

using dedup::widgets::ConnectionDialog;
using dedup::widgets::MainWindow;
using dedup::widgets::SingleInstance;

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

// Integration point for the connection dialog: File > Connect… and `--connect URI` both end
// here. `uri` is the command line's connection string (empty from the menu); it may carry a
// password, so it is never shown or logged. The dialog checks the connection and calls
// window.attachStore(report) with what it found.
// The connection dialog, modal over the window. With a URI from --connect it starts
// connecting at once and closes by itself when that works; it stays open to ask for what is
// missing (a password, a certificate) or to show why it failed.
void openConnectionDialog(MainWindow &window, const QString &uri) {
    ConnectionDialog dialog(&window);
    if (!uri.isEmpty()) {
        dialog.setInitialConninfo(uri);
        QTimer::singleShot(0, &dialog, &ConnectionDialog::connectNow);
    }
    if (dialog.exec() != QDialog::Accepted)
        return;
    window.detachStore();
    window.attachStore(dialog.report());
}

} // namespace

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("DedupConsole"));
    QApplication::setApplicationName(QStringLiteral("dedup-console"));
    QApplication::setApplicationDisplayName(QStringLiteral("Dedup Console"));
    QApplication::setApplicationVersion(QStringLiteral(DEDUP_VERSION));
    // The installed desktop file's name, so the desktop shows its icon (Wayland asks for it).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.dedupconsole.DedupConsole"));
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
    const QCommandLineOption connectOption(
        QStringLiteral("connect"),
        QApplication::translate("main", "Connect to the store at <uri> (a libpq connection "
                                        "URI or string, e.g. service=name)."),
        QApplication::translate("main", "uri"));
    parser.addOption(connectOption);
    const QCommandLineOption newInstanceOption(
        QStringLiteral("new-instance"),
        QApplication::translate("main", "Start a console of its own even when one is running "
                                        "(e.g. a second store side by side); it takes no "
                                        "links from later starts."));
    parser.addOption(newInstanceOption);
    parser.addPositionalArgument(
        QStringLiteral("link"),
        QApplication::translate("main", "A dedup:// link to open (in the console already "
                                        "running, if there is one)."),
        QStringLiteral("[link]"));
    parser.process(app);
    if (parser.isSet(demoOption) && parser.isSet(connectOption)) {
        fprintf(stderr, "%s\n",
                qPrintable(QApplication::translate("main", "Use --demo or --connect, not both.")));
        return 2;
    }
    if (parser.positionalArguments().size() > 1) {
        fprintf(stderr, "%s\n",
                qPrintable(QApplication::translate("main", "Give at most one link.")));
        return 2;
    }
    const QString link = parser.positionalArguments().value(0);
    // One console per user: a later start hands its link to the running one and exits.
    std::optional<SingleInstance> instance;
    if (!parser.isSet(newInstanceOption)) {
        instance.emplace();
        if (instance->sendToRunning(link))
            return 0;
        QString error;
        if (!instance->listen(&error))
            fprintf(stderr, "%s\n",
                    qPrintable(QApplication::translate(
                                   "main", "Links from later starts will not reach this "
                                           "console: %1")
                                   .arg(error)));
    }
    quitOnSignals(app);
    dedup::widgets::AppTheme::apply(dedup::widgets::AppTheme::saved());

    MainWindow window;
    QObject::connect(&window, &MainWindow::connectRequested, &window,
                     [&window] { openConnectionDialog(window, {}); });
    window.show();
    if (instance)
        QObject::connect(&*instance, &SingleInstance::messageReceived, &window,
                         [&window](const QString &message) {
                             if (message.isEmpty()) { // a start without a link
                                 window.showNormal();
                                 window.raise();
                                 window.activateWindow();
                             } else {
                                 window.openLink(message);
                             }
                         });
    if (!link.isEmpty()) // waits for the store the start attaches (the dialog, --demo)
        window.openLink(link);

    std::optional<dedup::app::DemoSession> demo;
    if (parser.isSet(demoOption)) {
        // After the window shows: creating the store takes seconds the first time.
        window.showPlaceholderMessage(QApplication::translate("main", "Starting the demo store…"));
        demo.emplace(!parser.isSet(noTrafficOption));
        QObject::connect(&*demo, &dedup::app::DemoSession::ready, &window,
                         &MainWindow::attachStore);
        QObject::connect(&*demo, &dedup::app::DemoSession::failed, &window,
                         &MainWindow::showPlaceholderMessage);
        demo->start();
    } else {
        // Without --demo the first thing an operator does is pick a store: the dialog opens
        // (with the saved profiles, or connecting to --connect's URI) once the window shows.
        const QString uri = parser.value(connectOption);
        QMetaObject::invokeMethod(
            &window, [&window, uri] { openConnectionDialog(window, uri); }, Qt::QueuedConnection);
    }

    const int code = QApplication::exec();
    window.detachStore(); // the views' connections close before the demo server stops
    if (demo)
        demo->stop();
    return code;
}
