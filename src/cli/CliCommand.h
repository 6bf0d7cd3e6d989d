#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QTextStream>

#include <functional>
#include <memory>
#include <optional>

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
    // As connect(), for a command whose statements write the audit log: the log takes the
    // operator's OS user and host from session settings (PgConnection::open), which a pooler
    // in transaction mode does not keep (docs/SCALING.md section 7). Through a pooler it says
    // so and returns nullptr with *exitCode DatabaseError; Unreachable when it cannot connect.
    static std::unique_ptr<store::PgConnection> connectOwnSession(const QCommandLineParser &parser,
                                                                  int *exitCode);
    // Runs `body` on the database named by --db and returns its exit code; Unreachable (after
    // connect() said why) when it cannot be opened. The connection closes when `body` returns.
    static int withConnection(const QCommandLineParser &parser,
                              const std::function<int(store::PgConnection &)> &body);
    // A whole-number option: `fallback` when it is not given, nullopt when it is not a whole
    // number from `min` to `max` (the caller names the option in its usage error).
    static std::optional<int> intOption(const QCommandLineParser &parser, const QString &name,
                                        int fallback, int min, int max);

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
