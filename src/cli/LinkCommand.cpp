#include "LinkCommand.h"

#include "ExitCode.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/StoreId.h"

#include <QUrl>

namespace dedup::cli {

namespace {

using core::DedupLink;

const QString Status = QStringLiteral("status");
const QString Workflow = QStringLiteral("workflow");
const QString Scope = QStringLiteral("scope");
const QString Range = QStringLiteral("range");
const QString From = QStringLiteral("from");
const QString To = QStringLiteral("to");
const QString Threshold = QStringLiteral("threshold");
const QString Assignee = QStringLiteral("assignee");
const QString Run = QStringLiteral("run");
const QString Action = QStringLiteral("action");
const QString Role = QStringLiteral("role");
const QString Outcome = QStringLiteral("outcome");

// Each filter option, the link parameter it becomes (the same name), and the views that
// take it, in the order the usage names them.
struct FilterOption {
    QString name;
    QStringList views;
};
const QList<FilterOption> &filterOptions() {
    static const QList<FilterOption> options = {
        {Status, {QStringLiteral("runs")}},
        {Workflow, {QStringLiteral("runs"), QStringLiteral("review")}},
        {Scope, {QStringLiteral("runs"), QStringLiteral("review")}},
        {Range, {QStringLiteral("runs"), QStringLiteral("audit")}},
        {From, {QStringLiteral("runs")}},
        {To, {QStringLiteral("runs")}},
        {Threshold, {QStringLiteral("stuck")}},
        {Assignee, {QStringLiteral("review")}},
        {Run, {QStringLiteral("audit")}},
        {Action, {QStringLiteral("audit")}},
        {Role, {QStringLiteral("audit")}},
        {Outcome, {QStringLiteral("audit")}},
    };
    return options;
}

// Whether the login may read run `id` (row-level security decides, as in the console).
std::optional<bool> runReadable(store::PgConnection &conn, qint64 id, store::PgError *error) {
    store::PgParams params;
    params.add(id);
    const store::PgResult result =
        conn.exec(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1"), params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    return result.rows() == 1;
}

} // namespace

QString LinkCommand::summary() const {
    return tr("Print a dedup:// link to a run, a correlation, a key's deliveries or a view of "
              "this store, or check one.");
}

void LinkCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    parser.addPositionalArgument(
        QStringLiteral("what"),
        tr("run ID | correlation RUN-ID | key RUN-ID | runs | stuck | review | audit | workflows | "
           "check LINK"));
    parser.addOption(QCommandLineOption(Status, tr("runs: only runs of this status (repeatable)."),
                                        tr("status")));
    parser.addOption(QCommandLineOption(Workflow, tr("runs: only this workflow."), tr("name")));
    parser.addOption(QCommandLineOption(Scope, tr("runs: only this scope."), tr("scope")));
    parser.addOption(QCommandLineOption(
        Range, tr("runs: created in the last 1h, 24h or 7d (counted when the link is opened)."),
        tr("range")));
    parser.addOption(QCommandLineOption(
        From, tr("runs: created at or after this time (ISO 8601 with offset)."), tr("time")));
    parser.addOption(QCommandLineOption(
        To, tr("runs: created at or before this time (ISO 8601 with offset)."), tr("time")));
    parser.addOption(QCommandLineOption(
        Threshold, tr("stuck: also runs processing for longer than this (minutes, 0 to 10080)."),
        tr("minutes")));
    parser.addOption(QCommandLineOption(
        Assignee, tr("review: runs assigned to the one who opens the link (me), or to nobody."),
        tr("me|nobody")));
    parser.addOption(QCommandLineOption(Run, tr("audit: only the entries of this run."), tr("id")));
    parser.addOption(
        QCommandLineOption(Action, tr("audit: only this action (e.g. op_cancel)."), tr("action")));
    parser.addOption(
        QCommandLineOption(Role, tr("audit: only actions of this login role."), tr("role")));
    parser.addOption(QCommandLineOption(
        Outcome, tr("audit: only applied actions, or those refused because the run had changed."),
        tr("applied|changed")));
}

std::optional<DedupLink> LinkCommand::parseRequest(const QCommandLineParser &parser,
                                                   bool *check) const {
    const auto usage = [](const QString &why) {
        err() << tr("dedupctl link: %1").arg(why) << Qt::endl;
        return std::nullopt;
    };
    const QStringList args = parser.positionalArguments();
    const QString what = args.value(0);
    if (what.isEmpty())
        return usage(tr("say what to link to: run ID, correlation RUN-ID, key RUN-ID, runs, stuck, "
                        "review, audit, workflows, or check LINK"));
    for (const FilterOption &option : filterOptions()) {
        if (parser.isSet(option.name) && !option.views.contains(what))
            return usage(tr("--%1 applies to %2 only")
                             .arg(option.name, QLatin1Char('"') +
                                                   option.views.join(QStringLiteral("\" and \"")) +
                                                   QLatin1Char('"')));
    }
    const int wanted =
        (what == u"run" || what == u"correlation" || what == u"key" || what == u"check") ? 2 : 1;
    if (args.size() < wanted)
        return usage(what == u"check" ? tr("give the link to check: check LINK")
                                      : tr("give the run's id: %1 ID").arg(what));
    if (args.size() > wanted)
        return usage(tr("unexpected argument '%1'").arg(shown(args.at(wanted))));
    *check = what == u"check";
    if (*check) {
        const auto parsed = DedupLink::parse(args.at(1));
        if (!parsed.ok())
            return usage(shown(parsed.errorMessage()));
        return parsed.value();
    }
    if (wanted == 2) {
        bool ok = false;
        const qint64 id = args.at(1).toLongLong(&ok);
        // What was typed after `key` may be the key itself (patient data): not echoed.
        if ((!ok || id <= 0) && what == u"key")
            return usage(tr("link key takes the run's id, never the key (dedupctl key SCOPE KEY "
                            "shows the run's id)"));
        if (!ok || id <= 0)
            return usage(tr("'%1' is not a run id").arg(shown(args.at(1))));
        // A key's history is named by its run: a link never carries the key (patient data).
        if (what == u"key")
            return DedupLink::keyOf({}, id);
        return what == u"run" ? DedupLink::run({}, id) : DedupLink::correlationOf({}, id);
    }
    const QList<std::pair<QString, DedupLink::Target>> views = {
        {QStringLiteral("runs"), DedupLink::Target::Runs},
        {QStringLiteral("stuck"), DedupLink::Target::Stuck},
        {QStringLiteral("review"), DedupLink::Target::Review},
        {QStringLiteral("audit"), DedupLink::Target::Audit},
        {QStringLiteral("workflows"), DedupLink::Target::Workflows}};
    for (const auto &[viewName, target] : views) {
        if (what != viewName)
            continue;
        DedupLink link = DedupLink::view({}, target);
        if (target == DedupLink::Target::Workflows)
            return link;
        // The filter goes through the link's own reader, so dedupctl refuses exactly what
        // the console would refuse to open.
        QStringList items;
        const auto add = [&items](const QString &name, const QString &value) {
            items.append(name + QLatin1Char('=') +
                         QString::fromLatin1(QUrl::toPercentEncoding(value)));
        };
        // Every value given, repeats included: the reader refuses what is given twice.
        for (const FilterOption &option : filterOptions()) {
            for (const QString &value : parser.values(option.name))
                add(option.name, value);
        }
        const QString text =
            QStringLiteral("dedup://%1/%2%3")
                .arg(QUuid::createUuid().toString(QUuid::WithoutBraces), viewName,
                     items.isEmpty() ? QString() : QLatin1Char('?') + items.join(u'&'));
        const auto parsed = DedupLink::parse(text);
        if (!parsed.ok())
            return usage(shown(parsed.errorMessage()));
        link = parsed.value();
        link.store = {};
        return link;
    }
    return usage(tr("unknown link target '%1' (run, correlation, key, runs, stuck, review, "
                    "audit, workflows, check)")
                     .arg(shown(what)));
}

int LinkCommand::run(const QCommandLineParser &parser) {
    bool check = false;
    std::optional<DedupLink> request = parseRequest(parser, &check);
    if (!request)
        return int(Usage);
    return withConnection(parser, [&request, check](store::PgConnection &conn) {
        store::PgError error;
        const QUuid here = store::StoreId::read(conn, &error);
        if (here.isNull()) {
            err() << tr("dedupctl link: cannot read the store's id (dedup.store_settings): %1")
                         .arg(shown(error.toString()))
                  << Qt::endl;
            return int(DatabaseError);
        }
        DedupLink link = *request;
        if (check && link.store != here) {
            out() << tr("another store: the link names store %1, this is store %2")
                         .arg(link.store.toString(QUuid::WithoutBraces),
                              here.toString(QUuid::WithoutBraces))
                  << Qt::endl;
            return int(Failure);
        }
        link.store = here;
        if (link.runId > 0) {
            const std::optional<bool> readable = runReadable(conn, link.runId, &error);
            if (!readable) {
                err() << tr("dedupctl link: %1").arg(shown(error.toString())) << Qt::endl;
                return int(DatabaseError);
            }
            if (!*readable) {
                (check ? out() : err())
                    << tr("no run %1 in this store that login %2 may read")
                           .arg(link.runId)
                           .arg(shown(
                               conn.exec(QStringLiteral("SELECT current_user::text")).text(0, 0)))
                    << Qt::endl;
                return int(Failure);
            }
        }
        if (check)
            out() << tr("ok: %1 in this store").arg(link.description()) << Qt::endl;
        else
            out() << link.toString() << Qt::endl;
        return int(Success);
    });
}

} // namespace dedup::cli
