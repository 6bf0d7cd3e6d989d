// dedup-console: the operations console. Thin: application set-up, then the main window.
#include "Translations.h"
#include "store/DemoDatabase.h"
#include "widgets/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

#include <optional>

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
    parser.process(app);

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
    const int code = QApplication::exec();
    if (demo && demo->startedServer()) {
        QString error;
        demo->stop(&error);
    }
    return code;
}
