// dedupctl: the command-line side of Dedup Console. Thin: picks the sub-command and hands
// it the command line; the commands live in their own files.
#include "AccessCommand.h"
#include "AuditCommand.h"
#include "CliCommand.h"
#include "CorrelationCommand.h"
#include "CrashTestCommand.h"
#include "DemoCommand.h"
#include "ExitCode.h"
#include "KeyCommand.h"
#include "LinkCommand.h"
#include "MetricsCommand.h"
#include "MigrateCommand.h"
#include "PauseCommand.h"
#include "PurgeCommand.h"
#include "ReportCommand.h"
#include "SettleStepCommand.h"
#include "SimulateCommand.h"
#include "StaleCommand.h"
#include "Translations.h"
#include "VerifyAuditCommand.h"
#include "WorkCommand.h"
#include "WorkflowsCommand.h"
#include "core/DisplayText.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <algorithm>
#include <memory>
#include <vector>

using namespace dedup::cli;
using dedup::core::DisplayText;

namespace {

struct Main {
    Q_DECLARE_TR_FUNCTIONS(dedupctl)
};

std::vector<std::unique_ptr<CliCommand>> makeCommands() {
    std::vector<std::unique_ptr<CliCommand>> commands;
    commands.push_back(std::make_unique<MigrateCommand>());
    commands.push_back(std::make_unique<DemoCommand>());
    commands.push_back(std::make_unique<StaleCommand>());
    commands.push_back(std::make_unique<SimulateCommand>());
    commands.push_back(std::make_unique<PurgeCommand>());
    commands.push_back(std::make_unique<ReportCommand>());
    commands.push_back(std::make_unique<VerifyAuditCommand>());
    commands.push_back(std::make_unique<AuditCommand>());
    commands.push_back(std::make_unique<WorkCommand>());
    commands.push_back(std::make_unique<CrashTestCommand>());
    commands.push_back(std::make_unique<AccessCommand>());
    commands.push_back(std::make_unique<SettleStepCommand>());
    commands.push_back(std::make_unique<WorkflowsCommand>());
    commands.push_back(std::make_unique<CorrelationCommand>());
    commands.push_back(std::make_unique<KeyCommand>());
    commands.push_back(std::make_unique<PauseCommand>(PauseCommand::Mode::Pause));
    commands.push_back(std::make_unique<PauseCommand>(PauseCommand::Mode::Resume));
    commands.push_back(std::make_unique<MetricsCommand>());
    commands.push_back(std::make_unique<LinkCommand>());
    return commands;
}

QString overview(const std::vector<std::unique_ptr<CliCommand>> &commands) {
    QString text = Main::tr("Usage: dedupctl <command> [options]\n\n"
                            "Command-line tool for the Dedup Console idempotency store.\n\n"
                            "Commands:\n");
    for (const auto &command : commands)
        text += QStringLiteral("  %1  %2\n").arg(command->name(), -14).arg(command->summary());
    text += Main::tr("\nOptions:\n  -h, --help     Show this help.\n"
                     "  -v, --version  Show the version.\n\n"
                     "Run 'dedupctl <command> --help' for a command's options.\n"
                     "Exit codes: 0 success, 1 the command found a problem, 2 usage error,\n"
                     "3 cannot connect, 4 database error or schema mismatch.\n");
    return text;
}

} // namespace

int main(int argc, char **argv) {
    // `dedupctl report --format pdf` draws with QPainter, whose fonts need a QGuiApplication;
    // every other command stays on QCoreApplication. cron has no display, so the report
    // defaults to the offscreen platform (an explicit QT_QPA_PLATFORM still wins).
    const bool drawsPdf = argc > 1 && qstrcmp(argv[1], "report") == 0 &&
                          std::any_of(argv + 2, argv + argc, [](const char *arg) {
                              return qstrcmp(arg, "pdf") == 0 || qstrcmp(arg, "--format=pdf") == 0;
                          });
    if (drawsPdf && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const std::unique_ptr<QCoreApplication> application =
        drawsPdf ? std::make_unique<QGuiApplication>(argc, argv)
                 : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication &app = *application;
    QCoreApplication::setApplicationName(QStringLiteral("dedupctl"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DEDUP_VERSION));
    dedup::installTranslators(app);
    QTextStream out(stdout);
    QTextStream err(stderr);

    const auto commands = makeCommands();
    QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args.at(1).startsWith(QLatin1Char('-'))) {
        const QString first = args.value(1);
        if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
            out << "dedupctl " << QCoreApplication::applicationVersion() << Qt::endl;
            return Success;
        }
        const bool help = first == QLatin1String("--help") || first == QLatin1String("-h");
        (help ? out : err) << overview(commands);
        return help ? Success : Usage;
    }
    const QString name = args.takeAt(1);
    CliCommand *command = nullptr;
    for (const auto &candidate : commands)
        if (candidate->name() == name)
            command = candidate.get();
    if (!command) {
        // Words from the command line are echoed escaped, as every value in text output is.
        err << Main::tr("dedupctl: unknown command '%1'").arg(DisplayText::terminal(name)) << "\n\n"
            << overview(commands);
        return Usage;
    }
    QCommandLineParser parser;
    parser.setApplicationDescription(command->summary());
    const QCommandLineOption help = parser.addHelpOption();
    command->addOptions(parser);
    if (!parser.parse(args)) {
        err << QStringLiteral("dedupctl %1: %2\n")
                   .arg(name, DisplayText::terminal(parser.errorText()));
        return Usage;
    }
    if (parser.isSet(help)) {
        QString text = parser.helpText();
        text.replace(QStringLiteral("dedupctl [options]"),
                     QStringLiteral("dedupctl %1 [options]").arg(name));
        out << text;
        return Success;
    }
    if (const QString secret = CliCommand::secretInCommandLine(parser); !secret.isEmpty()) {
        err << QStringLiteral("dedupctl %1: %2").arg(name, secret) << Qt::endl;
        return Usage;
    }
    if (!parser.positionalArguments().isEmpty() && !command->takesArguments()) {
        err << Main::tr("dedupctl %1: unexpected argument '%2'")
                   .arg(name, DisplayText::terminal(parser.positionalArguments().first()))
            << Qt::endl;
        return Usage;
    }
    return command->run(parser);
}
