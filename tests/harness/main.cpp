#include "TestClusterCommand.h"

#include <QCommandLineParser>
#include <QCoreApplication>

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Private PostgreSQL cluster for the Dedup Console test suite."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("command"),
                                 QStringLiteral("start | stop | watch | conninfo"));
    const QCommandLineOption state(QStringLiteral("state"),
                                   QStringLiteral("Directory holding the state file."),
                                   QStringLiteral("dir"));
    const QCommandLineOption watchParent(QStringLiteral("watch-parent"),
                                         QStringLiteral("Stop the cluster when our parent dies."));
    const QCommandLineOption parent(QStringLiteral("parent"),
                                    QStringLiteral("Pid to watch (watch command)."),
                                    QStringLiteral("pid"));
    parser.addOptions({state, watchParent, parent});
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1 || !parser.isSet(state))
        parser.showHelp(2);
    TestClusterCommand command(parser.value(state));
    const QString name = args.first();
    if (name == QLatin1String("start"))
        return command.start(parser.isSet(watchParent));
    if (name == QLatin1String("stop"))
        return command.stop();
    if (name == QLatin1String("watch"))
        return command.watch(parser.value(parent).toLongLong());
    if (name == QLatin1String("conninfo"))
        return command.printConninfo();
    parser.showHelp(2);
}
