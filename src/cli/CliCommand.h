#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QTextStream>

#include <memory>

namespace dedup::store {
class PgConnection;
}

namespace dedup::cli {

// One dedupctl sub-command: declares its options, then runs with the parsed command line.
class CliCommand {
    Q_DECLARE_TR_FUNCTIONS(CliCommand)

public:
    virtual ~CliCommand() = default;
    virtual QString name() const = 0;
    virtual QString summary() const = 0;
    virtual void addOptions(QCommandLineParser &parser) = 0;
    virtual int run(const QCommandLineParser &parser) = 0;
    // Words after the command's name (`access grant ROLE`): a command that takes none has
    // them refused for it, since a stray word is usually a mistyped option.
    virtual bool takesArguments() const { return false; }

    // Why the command line must not be run as it is, or empty: --db holding a password (or an
    // sslpassword), which other users can read in the process list and which stays in shell
    // history. dedupctl exits with a usage error before anything connects.
    static QString secretInCommandLine(const QCommandLineParser &parser);

protected:
    // --db CONNINFO, shared by the commands that talk to a database.
    static void addDatabaseOption(QCommandLineParser &parser);
    static void addJsonOption(QCommandLineParser &parser);
    static bool json(const QCommandLineParser &parser);
    // Opens the database named by --db (or the PG* environment); prints why it cannot.
    static std::unique_ptr<store::PgConnection> connect(const QCommandLineParser &parser);

    static QTextStream &out();
    static QTextStream &err();

    // A value as it may be written to the terminal in text output: core::DisplayText::terminal
    // (controls as \n, \e, \xNN, format characters as \u{202E}; backslashes kept). CSV,
    // JSON Lines and --json carry values as they are.
    static QString shown(const QString &value);
    // Text of several lines from another layer (libpq's connection messages, the simulator's
    // reports) for the terminal: each line escaped on its own and the line breaks kept; tabs
    // that indent a line (libpq's hints) become two spaces each.
    static QString shownLines(const QString &text);
};

} // namespace dedup::cli
