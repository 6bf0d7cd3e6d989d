#include "StaleCommand.h"

#include "ExitCode.h"
#include "TextTable.h"
#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <utility>
#include <vector>

namespace dedup::cli {

namespace {

constexpr int DefaultLimit = 100;
constexpr int MaxLimit = 100000;
constexpr qint64 MaxDurationSeconds = qint64(100) * 366 * 24 * 3600;

// The WHERE clauses are fixed text; the threshold and the limit travel as parameters. The
// predicate starts with status = 'processing' as a literal so that the planner can prove the
// partial index runs_stale_lease_idx (lease_expires_at) WHERE status = 'processing' applies:
// the list walks that index in order and stops at the limit, the count reads only it. Both
// stay small whatever the store's size, since only in-flight runs are in that index.
// "Expired" is <= now(), the same test op_clear_stale_lease and a claim takeover use, so every
// run listed can be cleared or taken over. updated_at is set on every acquisition and does not
// move with heartbeats or steps, so for a processing run it is "processing since".
// thresholdParam: the $n that carries the --older-than threshold in seconds (0: none).
QString stalePredicate(int thresholdParam) {
    if (thresholdParam == 0)
        return QStringLiteral("status = 'processing' AND lease_expires_at <= now()");
    return QStringLiteral("status = 'processing' AND (lease_expires_at <= now()"
                          " OR updated_at <= now() - $%1::bigint * interval '1 second')")
        .arg(thresholdParam);
}

// $1 = limit, $2 = threshold (with --older-than). The runs are chosen on the index as above;
// their rows are read through dedup.runs_redacted (0016_protected_columns.sql: keys and
// correlation ids are keyed hashes for every login but the store owner, which reads them
// raw), at most 10,000 ids per call, and ordered again.
QString listSql(bool olderThan) {
    // MATERIALIZED: the ids are chosen once (inlined, the planner would run the index scan
    // once per use of the array).
    return QStringLiteral(
               "WITH ids AS MATERIALIZED (SELECT ARRAY(SELECT id FROM dedup.runs WHERE %1"
               "   ORDER BY lease_expires_at LIMIT $1) AS a)"
               " SELECT r.id, r.workflow, r.scope, r.idem_key, r.correlation_id, r.lease_owner,"
               " r.lease_token, r.lease_expires_at,"
               " floor(extract(epoch FROM now() - r.lease_expires_at))::bigint AS expired_for,"
               " r.updated_at AS processing_since,"
               " floor(extract(epoch FROM now() - r.updated_at))::bigint AS processing_for,"
               " r.heartbeat_at, r.attempt, r.max_attempts"
               " FROM ids CROSS JOIN LATERAL generate_series(1, cardinality(ids.a), 10000) AS g(i)"
               " CROSS JOIN LATERAL dedup.runs_redacted(ids.a[g.i:g.i + 9999], false) r"
               " ORDER BY r.lease_expires_at, r.id")
        .arg(stalePredicate(olderThan ? 2 : 0));
}

// $1 = threshold (with --older-than).
QString countSql(bool olderThan) {
    return QStringLiteral("SELECT count(*) FROM dedup.runs WHERE %1")
        .arg(stalePredicate(olderThan ? 1 : 0));
}

struct StaleRun {
    qint64 id = 0;
    QString workflow, scope, key, correlationId, owner;
    qint64 token = 0;
    QDateTime leaseExpiresAt, processingSince, heartbeatAt;
    qint64 expiredFor = 0; // seconds; negative while the lease is live
    qint64 processingFor = 0;
    int attempt = 0;
    int maxAttempts = 0;
};

QJsonValue orNull(const QString &text) {
    return text.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonValue orNull(const QDateTime &when) {
    return when.isValid() ? QJsonValue(when.toString(Qt::ISODateWithMs))
                          : QJsonValue(QJsonValue::Null);
}

QString dash(const QString &text) {
    return text.isEmpty() ? QStringLiteral("-") : text;
}

} // namespace

QString StaleCommand::summary() const {
    return tr("List processing runs whose lease expired (stuck runs), oldest first.");
}

void StaleCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addOption(QCommandLineOption(
        QStringLiteral("older-than"),
        tr("Also list runs processing for longer than this, live lease or not (e.g. 15m, 2h, "
           "1d; units s, m, h, d, w)."),
        tr("duration")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("limit"),
        tr("Show at most this many runs (1-%1, default %2); the count covers all of them.")
            .arg(MaxLimit)
            .arg(DefaultLimit),
        tr("n")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("explain"),
        tr("Print the query plans (EXPLAIN ANALYZE) instead of the runs, to check that the "
           "store's indexes serve them.")));
}

std::optional<qint64> StaleCommand::parseDuration(const QString &text) {
    static const QRegularExpression pattern(QStringLiteral("^([0-9]{1,12})([smhdw])$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    const qint64 amount = match.captured(1).toLongLong();
    qint64 unit = 1;
    switch (match.captured(2).at(0).toLatin1()) {
    case 'w':
        unit = 7 * 24 * 3600;
        break;
    case 'd':
        unit = 24 * 3600;
        break;
    case 'h':
        unit = 3600;
        break;
    case 'm':
        unit = 60;
        break;
    default:
        break;
    }
    if (amount <= 0 || amount > MaxDurationSeconds / unit)
        return std::nullopt;
    return amount * unit;
}

QString StaleCommand::formatSeconds(qint64 seconds) {
    seconds = qMax<qint64>(0, seconds);
    const qint64 days = seconds / 86400;
    const qint64 hours = seconds % 86400 / 3600;
    const qint64 minutes = seconds % 3600 / 60;
    const qint64 secs = seconds % 60;
    if (days > 0)
        return QStringLiteral("%1d %2h").arg(days).arg(hours);
    if (hours > 0)
        return QStringLiteral("%1h %2m").arg(hours).arg(minutes);
    if (minutes > 0)
        return QStringLiteral("%1m %2s").arg(minutes).arg(secs);
    return QStringLiteral("%1s").arg(secs);
}

int StaleCommand::run(const QCommandLineParser &parser) {
    std::optional<qint64> olderThan;
    if (parser.isSet(QStringLiteral("older-than"))) {
        const QString value = parser.value(QStringLiteral("older-than"));
        olderThan = parseDuration(value);
        if (!olderThan) {
            err() << tr("dedupctl stale: invalid --older-than '%1': use a positive whole number "
                        "and a unit s, m, h, d or w (e.g. 15m, 2h, 1d)")
                         .arg(shown(value))
                  << Qt::endl;
            return Usage;
        }
    }
    int limit = DefaultLimit;
    if (parser.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        limit = parser.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || limit < 1 || limit > MaxLimit) {
            err() << tr("dedupctl stale: invalid --limit '%1': use a number from 1 to %2")
                         .arg(shown(parser.value(QStringLiteral("limit"))))
                         .arg(MaxLimit)
                  << Qt::endl;
            return Usage;
        }
    }

    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    store::PgParams listParams;
    listParams.add(limit);
    store::PgParams countParams;
    if (olderThan) {
        listParams.add(*olderThan);
        countParams.add(*olderThan);
    }
    auto failed = [&](const store::PgResult &result) {
        err() << tr("dedupctl stale: %1").arg(shown(result.error().toString())) << Qt::endl;
        return DatabaseError;
    };

    if (parser.isSet(QStringLiteral("explain"))) {
        const std::pair<QString, const store::PgParams *> queries[] = {
            {listSql(olderThan.has_value()), &listParams},
            {countSql(olderThan.has_value()), &countParams}};
        for (const auto &[sql, params] : queries) {
            const store::PgResult plan =
                conn->exec(QStringLiteral("EXPLAIN (ANALYZE, BUFFERS) ") + sql, *params);
            if (!plan.ok())
                return failed(plan);
            for (int row = 0; row < plan.rows(); ++row)
                out() << shown(plan.text(row, 0)) << '\n';
            out() << Qt::endl;
        }
        return Success;
    }

    // One snapshot and one now() for the list and the count, so they agree.
    const store::PgResult begin =
        conn->exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    if (!begin.ok())
        return failed(begin);
    const store::PgResult list = conn->exec(listSql(olderThan.has_value()), listParams);
    if (!list.ok())
        return failed(list);
    const store::PgResult count = conn->exec(countSql(olderThan.has_value()), countParams);
    if (!count.ok())
        return failed(count);
    conn->exec(QStringLiteral("COMMIT"));
    const qint64 total = count.toInt64(0, 0);

    std::vector<StaleRun> runs;
    runs.reserve(size_t(list.rows()));
    for (int row = 0; row < list.rows(); ++row) {
        StaleRun run;
        run.id = list.toInt64(row, "id");
        run.workflow = list.text(row, "workflow");
        run.scope = list.text(row, "scope");
        run.key = list.text(row, "idem_key");
        if (!list.isNull(row, "correlation_id"))
            run.correlationId = list.text(row, "correlation_id");
        if (!list.isNull(row, "lease_owner"))
            run.owner = list.text(row, "lease_owner");
        run.token = list.toInt64(row, "lease_token");
        run.leaseExpiresAt = list.toDateTime(row, "lease_expires_at");
        run.expiredFor = list.toInt64(row, "expired_for");
        run.processingSince = list.toDateTime(row, "processing_since");
        run.processingFor = list.toInt64(row, "processing_for");
        run.heartbeatAt = list.toDateTime(row, "heartbeat_at");
        run.attempt = int(list.toInt64(row, "attempt"));
        run.maxAttempts = int(list.toInt64(row, "max_attempts"));
        runs.push_back(run);
    }

    if (json(parser)) {
        QJsonArray array;
        for (const StaleRun &run : runs) {
            array.append(QJsonObject{
                {QStringLiteral("id"), run.id},
                {QStringLiteral("workflow"), run.workflow},
                {QStringLiteral("scope"), run.scope},
                {QStringLiteral("idem_key"), run.key},
                {QStringLiteral("correlation_id"), orNull(run.correlationId)},
                {QStringLiteral("lease_owner"), orNull(run.owner)},
                {QStringLiteral("lease_token"), run.token},
                {QStringLiteral("lease_expires_at"), orNull(run.leaseExpiresAt)},
                {QStringLiteral("lease_expired"), run.expiredFor >= 0},
                {QStringLiteral("lease_expired_seconds"), run.expiredFor},
                {QStringLiteral("processing_since"), orNull(run.processingSince)},
                {QStringLiteral("processing_seconds"), run.processingFor},
                {QStringLiteral("heartbeat_at"), orNull(run.heartbeatAt)},
                {QStringLiteral("attempt"), run.attempt},
                {QStringLiteral("max_attempts"), run.maxAttempts},
            });
        }
        out() << QJsonDocument(QJsonObject{
                                   {QStringLiteral("runs"), array},
                                   {QStringLiteral("count"), total},
                                   {QStringLiteral("shown"), qint64(runs.size())},
                                   {QStringLiteral("older_than_seconds"),
                                    olderThan ? QJsonValue(*olderThan) : QJsonValue()},
                               })
                     .toJson(QJsonDocument::Compact)
              << Qt::endl;
        return Success;
    }

    // The cells go as they are: TextTable escapes every one of them for the terminal.
    if (!runs.empty()) {
        const QStringList header{tr("ID"),     tr("WORKFLOW"),       tr("SCOPE"),
                                 tr("KEY"),    tr("CORRELATION ID"), tr("OWNER"),
                                 tr("TOKEN"),  tr("LEASE"),          tr("PROCESSING FOR"),
                                 tr("ATTEMPT")};
        std::vector<QStringList> table{header};
        for (const StaleRun &run : runs) {
            const QString lease = run.expiredFor >= 0
                                      ? tr("expired %1 ago").arg(formatSeconds(run.expiredFor))
                                      : tr("live, %1 left").arg(formatSeconds(-run.expiredFor));
            table.push_back({QString::number(run.id), run.workflow, run.scope, run.key,
                             dash(run.correlationId), dash(run.owner), QString::number(run.token),
                             lease, formatSeconds(run.processingFor),
                             QStringLiteral("%1/%2").arg(run.attempt).arg(run.maxAttempts)});
        }
        out() << TextTable::render(table);
    }
    const QString what = olderThan
                             ? tr("lease expired, or processing for more than %1")
                                   .arg(shown(parser.value(QStringLiteral("older-than")).trimmed()))
                             : tr("lease expired");
    if (qint64(runs.size()) < total)
        out() << tr("stale runs: %1, showing the oldest %2 (%3); use --limit to see more")
                     .arg(total)
                     .arg(runs.size())
                     .arg(what)
              << Qt::endl;
    else
        out() << tr("stale runs: %1 (%2)").arg(total).arg(what) << Qt::endl;
    return Success;
}

} // namespace dedup::cli
