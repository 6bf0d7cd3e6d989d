#pragma once

#include "CliCommand.h"
#include "store/StoreError.h"

#include <QStringList>

namespace dedup::cli {

// dedupctl access: the store's own grants (0010_access.sql), managed by the store owner.
//   access grant ROLE --as CAPABILITY [--workflow NAME]... [--scope-prefix PREFIX]...
//   access revoke ROLE [--as CAPABILITY] [--workflow NAME]... [--scope-prefix PREFIX]...
//   access list [--json]
// Everything the command line can get wrong is refused (exit 2) before connecting, so a bad
// command line never writes anything. Every value that came from the database or the
// command line is printed with control characters escaped: a login or workflow name cannot
// move the cursor or recolour the operator's terminal.
class AccessCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(AccessCommand)

public:
    QString name() const override { return QStringLiteral("access"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
    bool takesArguments() const override { return true; } // access grant ROLE; checked in run()

private:
    // What grant and revoke were asked for, checked.
    struct Request {
        QString login;
        QString capability; // empty: any (revoke only)
        QStringList workflows;
        QStringList scopePrefixes;
    };

    // Checks the command line of grant / revoke; prints why not and returns false.
    static bool parseRequest(const QCommandLineParser &parser, const QString &verb,
                             Request *request);
    static int grant(const QCommandLineParser &parser, const Request &request);
    static int revoke(const QCommandLineParser &parser, const Request &request);
    static int list(const QCommandLineParser &parser);
    // Prints a refused or failed call; DatabaseError. A login that is not the store owner is
    // told who may manage grants; anything else gets the server's message and hint.
    static int failed(store::PgConnection &conn, const QString &verb, store::StoreErrorKind kind,
                      const store::PgError &error);
};

} // namespace dedup::cli
