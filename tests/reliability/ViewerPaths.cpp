#include "ViewerPaths.h"

#include "StoreSnapshot.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunProtocol.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>

#include <utility>
#include <vector>

using namespace dedup;
using store::PgConnection;
using store::PgParams;

namespace {

constexpr auto kPrivilege = "42501";
constexpr auto kNotUpdatable = "55000";

struct Attempt {
    Attempt(QString what_, QStringList sql_, bool granted_ = false, QString argument_ = {},
            bool notWritable_ = false)
        : what(std::move(what_))
        , sql(std::move(sql_))
        , granted(granted_)
        , argument(std::move(argument_))
        , notWritable(notWritable_) {}

    QString what;         // for the report
    QStringList sql;      // run in order on the viewer's connection; the last one is the attempt
    bool granted = false; // a function the viewer may execute: must change nothing
    QString argument;     // $1 of the last statement, when not null
    // A view nobody can write through (pg_relation_is_updatable = 0): PostgreSQL refuses
    // the write as such (55000) before it looks at privileges.
    bool notWritable = false;
};

// Runs, steps, events, commands and audit rows for the attempts to hit.
bool populate(PgConnection &owner, QString *error) {
    store::RunProtocol protocol(owner);
    store::OperatorActions actions(owner);
    for (int i = 0; i < 3; ++i) {
        store::ClaimRequest claim;
        claim.scope = QStringLiteral("rel-viewer");
        claim.key = QStringLiteral("k%1").arg(i);
        claim.workflow = QStringLiteral("viewer");
        claim.fingerprint = QStringLiteral("sha256:v");
        claim.worker = QStringLiteral("w");
        claim.steps = {QStringLiteral("a"), QStringLiteral("b")};
        const auto claimed = protocol.claim(claim);
        if (!claimed.ok() || !claimed.value().acquired()) {
            *error = QStringLiteral("claim: ") + claimed.error().toString();
            return false;
        }
        const auto lease = claimed.value().lease();
        bool ok = protocol.beginStep(lease, QStringLiteral("a")).ok() &&
                  protocol.completeStep(lease, QStringLiteral("a"), QStringLiteral("ref")).ok();
        if (i == 0) {
            // succeed needs every step done or skipped
            ok = ok && protocol.skipStep(lease, QStringLiteral("b")).ok() &&
                 protocol.succeed(lease, QJsonObject{{QStringLiteral("ok"), true}}).ok();
        } else {
            ok = ok &&
                 protocol.fail(lease, {QStringLiteral("timeout"), QStringLiteral("t"), true}).ok();
            const store::OperatorRequest request{lease.runId, lease.token, QStringLiteral("set-up"),
                                                 store::OperatorActions::newActionKey()};
            ok = ok && (i == 1 ? actions.requestContinuation(request).ok()
                               : actions.routeToReview(request).ok());
        }
        if (!ok) {
            *error = QStringLiteral("could not build run %1").arg(i);
            return false;
        }
    }
    return true;
}

} // namespace

LineReport ViewerPaths::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("5a");
    report.title = QStringLiteral("the viewer role cannot change anything");
    QElapsedTimer clock;
    clock.start();

    PgConnection owner;
    PgConnection viewer;
    if (!owner.open(target.owner, QStringLiteral("dedup-reliability")) ||
        !viewer.open(target.viewer, QStringLiteral("dedup-reliability"))) {
        report.addProblem(owner.openError().toString() + viewer.openError().toString());
        return report;
    }
    QString error;
    if (!populate(owner, &error)) {
        report.addProblem(error);
        return report;
    }
    (void)viewer.exec(QStringLiteral("SET client_min_messages = error"));

    // --- the attempts, from the catalog -----------------------------------------------
    // Statements are composed by the server with quote_ident / regclass / format_type, so
    // every identifier spliced into them is quoted by PostgreSQL itself.
    std::vector<Attempt> attempts;
    PgParams role;
    role.add(options.role);
    const auto functions = owner.exec(
        QStringLiteral(
            "SELECT p.oid::regprocedure::text, p.prosecdef AND p.provolatile = 'v',"
            " has_function_privilege($1, p.oid, 'EXECUTE'),"
            " CASE p.prokind WHEN 'p' THEN 'CALL ' ELSE 'SELECT ' END"
            " || quote_ident(n.nspname) || '.' || quote_ident(p.proname) || '(' || coalesce(("
            "   SELECT string_agg(CASE WHEN p.provariadic <> 0 AND a.ord = p.pronargs"
            "     THEN 'VARIADIC ' ELSE '' END || 'NULL::' || format_type(a.t, NULL), ', '"
            "     ORDER BY a.ord)"
            "   FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY a(t, ord)), '') || ')'"
            " FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
            " WHERE n.nspname = 'dedup' ORDER BY 1"),
        role);
    if (!functions.ok()) {
        report.addProblem(functions.error().toString());
        return report;
    }
    qint64 grantedFunctions = 0;
    QStringList granted;
    for (int row = 0; row < functions.rows(); ++row) {
        const QString signature = functions.text(row, 0);
        const bool volatileDefiner = functions.toBool(row, 1);
        const bool executable = functions.toBool(row, 2);
        if (executable) {
            ++grantedFunctions;
            granted << signature;
            // A definer function runs with its owner's rights: a path around the table
            // privileges. The viewer may only execute functions that run with its own, or
            // definer functions declared STABLE or IMMUTABLE, in which PostgreSQL refuses every
            // write (0010's lookups that row-level security needs: _reads_all, _read_grants,
            // my_access). Each one is also called below, and must change nothing.
            if (volatileDefiner)
                report.addProblem(QStringLiteral("%1 can execute SECURITY DEFINER %2")
                                      .arg(options.role, signature));
        }
        attempts.push_back(
            {QStringLiteral("EXECUTE %1").arg(signature), {functions.text(row, 3)}, executable});
    }
    const auto relations = owner.exec(
        QStringLiteral("SELECT c.oid::regclass::text, c.relkind::text,"
                       " (SELECT json_agg(quote_ident(a.attname) ORDER BY a.attnum)"
                       "  FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0"
                       "   AND NOT a.attisdropped AND a.attgenerated = '' AND a.attidentity = ''),"
                       " c.relkind = 'v' AND pg_relation_is_updatable(c.oid, true) = 0"
                       " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                       " WHERE n.nspname = 'dedup' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')"
                       " ORDER BY 1"));
    if (!relations.ok()) {
        report.addProblem(relations.error().toString());
        return report;
    }
    qint64 tables = 0;
    qint64 sequences = 0;
    for (int row = 0; row < relations.rows(); ++row) {
        const QString name = relations.text(row, 0);
        const QString kind = relations.text(row, 1);
        const bool readOnlyView = relations.toBool(row, 3);
        const auto add = [&](const QString &what, const QString &sql) {
            attempts.emplace_back(what.arg(name), QStringList{sql.arg(name)}, false, QString(),
                                  readOnlyView);
        };
        if (kind == QLatin1String("S")) {
            ++sequences;
            attempts.push_back({QStringLiteral("nextval %1").arg(name),
                                {QStringLiteral("SELECT nextval($1::regclass)")},
                                false,
                                name});
            attempts.push_back({QStringLiteral("setval %1").arg(name),
                                {QStringLiteral("SELECT setval($1::regclass, 1)")},
                                false,
                                name});
            add(QStringLiteral("ALTER SEQUENCE %1"), QStringLiteral("ALTER SEQUENCE %1 RESTART"));
            continue;
        }
        ++tables;
        add(QStringLiteral("INSERT %1"), QStringLiteral("INSERT INTO %1 DEFAULT VALUES"));
        // Column by column: a column-level grant would show on its column only.
        for (const QJsonValue &value : relations.toJson(row, 2).toArray()) {
            const QString column = value.toString();
            attempts.emplace_back(
                QStringLiteral("UPDATE %1 (%2)").arg(name, column),
                QStringList{QStringLiteral("UPDATE %1 SET %2 = %2").arg(name, column)}, false,
                QString(), readOnlyView);
        }
        add(QStringLiteral("DELETE %1"), QStringLiteral("DELETE FROM %1"));
        if (kind == QLatin1String("r") || kind == QLatin1String("p")) {
            add(QStringLiteral("TRUNCATE %1"), QStringLiteral("TRUNCATE %1"));
            add(QStringLiteral("ALTER TABLE %1 DISABLE TRIGGER ALL"),
                QStringLiteral("ALTER TABLE %1 DISABLE TRIGGER ALL"));
        }
        if (kind == QLatin1String("m"))
            add(QStringLiteral("REFRESH %1"), QStringLiteral("REFRESH MATERIALIZED VIEW %1"));
        // Row and table locks would stall workers and operators: a denial of service.
        add(QStringLiteral("SELECT FOR UPDATE %1"), QStringLiteral("SELECT 1 FROM %1 FOR UPDATE"));
        attempts.push_back(
            {QStringLiteral("LOCK %1").arg(name),
             {QStringLiteral("BEGIN"), QStringLiteral("LOCK TABLE %1 IN EXCLUSIVE MODE").arg(name)},
             false});
    }
    // New objects in the schema, and the roles with more rights.
    attempts.push_back({QStringLiteral("CREATE TABLE in dedup"),
                        {QStringLiteral("CREATE TABLE dedup.viewer_probe (x int)")},
                        false});
    attempts.push_back({QStringLiteral("CREATE FUNCTION in dedup"),
                        {QStringLiteral("CREATE FUNCTION dedup.viewer_probe() RETURNS int "
                                        "LANGUAGE sql AS 'SELECT 1'")},
                        false});
    for (const char *stronger : {"dedup_operator", "dedup_worker"}) {
        attempts.push_back({QStringLiteral("SET ROLE %1").arg(QLatin1String(stronger)),
                            {QStringLiteral("SET ROLE %1").arg(QLatin1String(stronger))},
                            false});
    }

    // --- run them ---------------------------------------------------------------------
    const QString baseline = StoreSnapshot::schema(owner);
    if (baseline.contains(QLatin1String("<error"))) {
        report.addProblem(QStringLiteral("cannot snapshot the store: ") + baseline);
        return report;
    }
    qint64 refusedByPrivilege = 0;
    qint64 refusedNotUpdatable = 0;
    qint64 grantedCallsUnchanged = 0;
    for (const Attempt &attempt : attempts) {
        ++report.trials;
        ++report.faults;
        store::PgResult result;
        for (qsizetype i = 0; i < attempt.sql.size(); ++i) {
            PgParams params;
            if (i == attempt.sql.size() - 1 && !attempt.argument.isNull())
                params.add(attempt.argument);
            result = viewer.exec(attempt.sql.at(i), params);
        }
        (void)viewer.exec(QStringLiteral("ROLLBACK")); // after LOCK's BEGIN; harmless otherwise
        (void)viewer.exec(QStringLiteral("RESET ROLE"));
        const QString state = result.ok() ? QString() : result.error().sqlState;
        const bool refused = state == QLatin1String(kPrivilege) ||
                             (attempt.notWritable && state == QLatin1String(kNotUpdatable));
        if (refused && state == QLatin1String(kNotUpdatable))
            ++refusedNotUpdatable;
        const QString now = StoreSnapshot::schema(owner);
        const bool unchanged = now == baseline;
        if (!unchanged) {
            ++report.lost;
            report.addProblem(QStringLiteral("%1 changed the store").arg(attempt.what));
        }
        if (attempt.granted) {
            if (unchanged) {
                ++grantedCallsUnchanged;
                ++report.survived;
            }
            continue;
        }
        if (refused) {
            refusedByPrivilege += state == QLatin1String(kPrivilege) ? 1 : 0;
            if (unchanged)
                ++report.survived;
            continue;
        }
        report.addProblem(
            QStringLiteral("%1 as %2 was not refused for lack of privilege: %3")
                .arg(attempt.what, options.role,
                     result.ok() ? QStringLiteral("accepted") : result.error().toString()));
    }
    report.setFigure(QStringLiteral("functions"), functions.rows());
    report.setFigure(QStringLiteral("functions_granted"), grantedFunctions);
    report.setFigure(QStringLiteral("tables_and_views"), tables);
    report.setFigure(QStringLiteral("sequences"), sequences);
    report.setFigure(QStringLiteral("attempts"), qint64(attempts.size()));
    report.setFigure(QStringLiteral("refused_42501"), refusedByPrivilege);
    report.setFigure(QStringLiteral("refused_view_not_updatable"), refusedNotUpdatable);
    report.setFigure(QStringLiteral("granted_calls_changed_nothing"), grantedCallsUnchanged);
    report.figures.insert(QStringLiteral("granted"), granted.join(QStringLiteral(", ")));
    report.elapsedMs = clock.elapsed();
    return report;
}
