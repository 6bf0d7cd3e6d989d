#include "AccessCommand.h"

#include "ExitCode.h"
#include "TextTable.h"
#include "store/AccessGrants.h"
#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <vector>

namespace dedup::cli {

namespace {

// Characters a terminal may act on instead of showing: C0 controls (ESC starts every
// escape sequence), DEL, C1 controls (U+009B is a one-character CSI on some terminals) and
// the bidirectional overrides and isolates, which reorder what the operator reads. The text
// output escapes these and more (CliCommand::shown); here they only decide what --json
// writes as \uXXXX.
bool unsafe(char16_t c) {
    return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x061c || c == 0x200e ||
           c == 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

// Compact JSON as it may be printed on a terminal. QJsonDocument already writes C0
// controls as \u00XX; the other unsafe characters can only occur inside strings, where
// \uXXXX is the same value to every JSON reader.
QString safeJson(const QByteArray &json) {
    const QString text = QString::fromUtf8(json);
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar ch : text) {
        if (unsafe(ch.unicode()))
            escaped += QStringLiteral("\\u%1").arg(uint(ch.unicode()), 4, 16, QLatin1Char('0'));
        else
            escaped += ch;
    }
    return escaped;
}

// Empty or only white space: never a workflow, scope prefix or login the store accepts.
bool blank(const QString &value) {
    return value.trimmed().isEmpty();
}

QJsonValue orNull(const std::optional<QString> &value) {
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

const QString All = QStringLiteral("*");

} // namespace

QString AccessCommand::summary() const {
    return tr("Grant, revoke and list who may use this store (store owner only).");
}

void AccessCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addPositionalArgument(QStringLiteral("grant|revoke|list"),
                                 tr("What to do: add grants, remove grants, or list them all."));
    parser.addPositionalArgument(
        QStringLiteral("role"),
        tr("The login (database role) whose grants change; grant and revoke only."),
        QStringLiteral("[ROLE]"));
    parser.addOption(QCommandLineOption(
        QStringLiteral("as"),
        tr("Capability: worker, operator or viewer. Required by grant; for revoke, only the "
           "grants of this capability go (default: any)."),
        tr("capability")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("workflow"),
        tr("A workflow the grant covers (repeat for several; default: every workflow). For "
           "revoke, only grants naming one of these workflows go."),
        tr("name")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("scope-prefix"),
        tr("Runs whose scope starts with this (repeat for several; default: every scope). Each "
           "--workflow is granted with each --scope-prefix. For revoke, only grants naming one "
           "of these prefixes go."),
        tr("prefix")));
}

int AccessCommand::run(const QCommandLineParser &parser) {
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty()) {
        err() << tr("dedupctl access: missing subcommand: use grant, revoke or list (see "
                    "dedupctl access --help)")
              << Qt::endl;
        return Usage;
    }
    const QString verb = args.first();
    if (verb == QLatin1String("list")) {
        if (args.size() > 1) {
            err() << tr("dedupctl access list: unexpected argument '%1'").arg(shown(args.at(1)))
                  << Qt::endl;
            return Usage;
        }
        for (const char *option : {"as", "workflow", "scope-prefix"}) {
            if (parser.isSet(QLatin1String(option))) {
                err() << tr("dedupctl access list: --%1 applies to grant and revoke only; list "
                            "shows every grant")
                             .arg(QLatin1String(option))
                      << Qt::endl;
                return Usage;
            }
        }
        return list(parser);
    }
    if (verb != QLatin1String("grant") && verb != QLatin1String("revoke")) {
        err() << tr("dedupctl access: unknown subcommand '%1': use grant, revoke or list")
                     .arg(shown(verb))
              << Qt::endl;
        return Usage;
    }
    Request request;
    if (!parseRequest(parser, verb, &request))
        return Usage;
    return verb == QLatin1String("grant") ? grant(parser, request) : revoke(parser, request);
}

bool AccessCommand::parseRequest(const QCommandLineParser &parser, const QString &verb,
                                 Request *request) {
    const QStringList args = parser.positionalArguments();
    if (args.size() < 2) {
        err()
            << tr("dedupctl access %1: missing ROLE: name the login whose grants change").arg(verb)
            << Qt::endl;
        return false;
    }
    if (args.size() > 2) {
        err() << tr("dedupctl access %1: unexpected argument '%2'").arg(verb, shown(args.at(2)))
              << Qt::endl;
        return false;
    }
    if (blank(args.at(1))) {
        err() << tr("dedupctl access %1: ROLE must not be empty").arg(verb) << Qt::endl;
        return false;
    }
    if (json(parser)) {
        err() << tr("dedupctl access %1: --json applies to list only").arg(verb) << Qt::endl;
        return false;
    }
    request->login = args.at(1);

    const QStringList as = parser.values(QStringLiteral("as"));
    if (as.size() > 1) {
        err() << tr("dedupctl access %1: give --as once").arg(verb) << Qt::endl;
        return false;
    }
    if (as.isEmpty() && verb == QLatin1String("grant")) {
        err() << tr("dedupctl access grant: missing --as: use worker, operator or viewer")
              << Qt::endl;
        return false;
    }
    if (!as.isEmpty() && !store::AccessGrants::capabilities().contains(as.first())) {
        err() << tr("dedupctl access %1: invalid --as '%2': use worker, operator or viewer")
                     .arg(verb, shown(as.first()))
              << Qt::endl;
        return false;
    }
    request->capability = as.value(0);

    // "*" is how list shows "all"; as a value it would be a workflow or prefix literally
    // named "*", which list could not tell apart from "all".
    request->workflows = parser.values(QStringLiteral("workflow"));
    for (const QString &workflow : std::as_const(request->workflows)) {
        if (blank(workflow)) {
            err() << tr("dedupctl access %1: --workflow must not be empty; leave it out for "
                        "every workflow")
                         .arg(verb)
                  << Qt::endl;
            return false;
        }
        if (workflow == All) {
            err() << tr("dedupctl access %1: --workflow '*' is not a workflow; leave --workflow "
                        "out for every workflow")
                         .arg(verb)
                  << Qt::endl;
            return false;
        }
    }
    request->scopePrefixes = parser.values(QStringLiteral("scope-prefix"));
    for (const QString &prefix : std::as_const(request->scopePrefixes)) {
        if (blank(prefix)) {
            err() << tr("dedupctl access %1: --scope-prefix must not be empty; leave it out for "
                        "every scope")
                         .arg(verb)
                  << Qt::endl;
            return false;
        }
        if (prefix == All) {
            err() << tr("dedupctl access %1: --scope-prefix '*' is not a prefix; leave "
                        "--scope-prefix out for every scope")
                         .arg(verb)
                  << Qt::endl;
            return false;
        }
    }
    request->workflows.removeDuplicates();
    request->scopePrefixes.removeDuplicates();
    return true;
}

int AccessCommand::failed(store::PgConnection &conn, const QString &verb,
                          store::StoreErrorKind kind, const store::PgError &error) {
    // A refusal is either "not the owner" (DD010 from the function, or 42501 because only the
    // owner may execute it) or the owner meeting a limit of its own, e.g. no right to give a
    // login its group role; the store tells which, not the message text.
    if (kind == store::StoreErrorKind::PermissionDenied) {
        const auto owner = store::AccessGrants(conn).isStoreOwner();
        if (owner && !owner.value()) {
            err() << tr("dedupctl access %1: only the store owner manages grants (connect as "
                        "the owner of schema dedup or a superuser): %2")
                         .arg(verb, shown(error.toString()))
                  << Qt::endl;
            return DatabaseError;
        }
    }
    err() << tr("dedupctl access %1: %2").arg(verb, shown(error.toString())) << Qt::endl;
    if (!error.hint.isEmpty())
        err() << tr("hint: %1").arg(shown(error.hint)) << Qt::endl;
    return DatabaseError;
}

int AccessCommand::grant(const QCommandLineParser &parser, const Request &request) {
    int refused = Unreachable;
    auto conn = connectOwnSession(parser, &refused);
    if (!conn)
        return refused;
    store::AccessGrants grants(*conn);
    const auto added =
        grants.grant(request.login, request.capability, request.workflows, request.scopePrefixes);
    if (!added)
        return failed(*conn, QStringLiteral("grant"), added.errorKind(), added.error());
    // One grant per (workflow, scope prefix) pair; no list stands for one "all".
    const qsizetype asked = qMax<qsizetype>(1, request.workflows.size()) *
                            qMax<qsizetype>(1, request.scopePrefixes.size());
    const QString login = shown(request.login);
    if (added.value() == 0) {
        out() << (asked == 1 ? tr("no new grants: %1 already had this %2 grant")
                                   .arg(login, request.capability)
                             : tr("no new grants: %1 already had all %2 of these %3 grants")
                                   .arg(login, QString::number(asked), request.capability))
              << Qt::endl;
        return Success;
    }
    QString line =
        added.value() == 1
            ? tr("added 1 grant: %1 as %2").arg(login, request.capability)
            : tr("added %1 grants: %2 as %3").arg(added.value()).arg(login, request.capability);
    if (added.value() < asked)
        line += tr(" (%1 of the %2 existed already)").arg(asked - added.value()).arg(asked);
    out() << line << Qt::endl;
    return Success;
}

int AccessCommand::revoke(const QCommandLineParser &parser, const Request &request) {
    int refused = Unreachable;
    auto conn = connectOwnSession(parser, &refused);
    if (!conn)
        return refused;
    store::AccessGrants grants(*conn);
    const auto removed = grants.revoke(
        request.login,
        request.capability.isEmpty() ? std::nullopt : std::optional<QString>(request.capability),
        request.workflows, request.scopePrefixes);
    if (!removed)
        return failed(*conn, QStringLiteral("revoke"), removed.errorKind(), removed.error());
    const QString login = shown(request.login);
    if (removed.value() == 0) {
        // Exit 1: the command ran but did nothing, which is usually a misspelt login or
        // filter (docs/CLI.md); a script that only needs the grants gone may accept it.
        out() << tr("no grant of %1 matched: nothing was removed").arg(login) << Qt::endl;
        return Failure;
    }
    out() << (removed.value() == 1 ? tr("removed 1 grant of %1").arg(login)
                                   : tr("removed %1 grants of %2").arg(removed.value()).arg(login))
          << Qt::endl;
    return Success;
}

int AccessCommand::list(const QCommandLineParser &parser) {
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    store::AccessGrants grants(*conn);
    const auto listed = grants.list();
    if (!listed)
        return failed(*conn, QStringLiteral("list"), listed.errorKind(), listed.error());

    if (json(parser)) {
        QJsonArray array;
        for (const store::AccessGrant &grant : listed.value())
            array.append(QJsonObject{
                {QStringLiteral("login"), grant.login},
                {QStringLiteral("capability"), grant.capability},
                {QStringLiteral("workflow"), orNull(grant.workflow)},
                {QStringLiteral("scope_prefix"), orNull(grant.scopePrefix)},
                {QStringLiteral("granted_by"), grant.grantedBy},
                {QStringLiteral("granted_at"), grant.grantedAt.toString(Qt::ISODateWithMs)},
            });
        out() << safeJson(QJsonDocument(array).toJson(QJsonDocument::Compact)) << Qt::endl;
        return Success;
    }

    if (listed.value().isEmpty()) {
        out() << tr("no grants: only the store owner and superusers may use this store")
              << Qt::endl;
        return Success;
    }
    const QStringList header{tr("LOGIN"),        tr("CAPABILITY"), tr("WORKFLOW"),
                             tr("SCOPE PREFIX"), tr("GRANTED BY"), tr("GRANTED AT")};
    // The cells go as they are: TextTable escapes every one of them for the terminal.
    std::vector<QStringList> table{header};
    for (const store::AccessGrant &grant : listed.value())
        table.push_back({grant.login, grant.capability, grant.workflow.value_or(All),
                         grant.scopePrefix.value_or(All), grant.grantedBy,
                         grant.grantedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"))});
    out() << TextTable::render(table);
    const qsizetype count = listed.value().size();
    out() << (count == 1 ? tr("1 grant; * means every workflow or every scope")
                         : tr("%1 grants; * means every workflow or every scope").arg(count))
          << Qt::endl;
    return Success;
}

} // namespace dedup::cli
