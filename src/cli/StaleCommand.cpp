#include "StaleCommand.h"

#include "ExitCode.h"
#include "TextTable.h"
#include "store/PgConnection.h"
#include "store/QueryPlan.h"
#include "store/StuckQueries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <chrono>
#include <vector>

namespace dedup::cli {

namespace {

constexpr int DefaultLimit = 100;
constexpr int MaxLimit = 100000;
constexpr qint64 MaxDurationSeconds = qint64(100) * 366 * 24 * 3600;

// The count covers every stale run (docs/CLI.md), so store::StuckQueries' cap is set past
// any store's size.
constexpr qint64 UncappedCount = qint64(1) << 50;

std::chrono::milliseconds threshold(const std::optional<qint64> &olderThanSeconds) {
    return std::chrono::milliseconds(olderThanSeconds ? *olderThanSeconds * 1000 : 0);
}

// Whole seconds from `from` to `to` (epoch microseconds), rounded down like the server's
// floor(extract(epoch FROM interval)): a lease 0.4 s from expiry is -1 s "expired".
qint64 floorSeconds(qint64 toMicros, qint64 fromMicros) {
    const qint64 diff = toMicros - fromMicros;
    return diff >= 0 ? diff / 1000000 : -((-diff + 999999) / 1000000);
}

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

std::optional<StaleCommand::Request> StaleCommand::parseRequest(const QCommandLineParser &parser) {
    Request request;
    if (parser.isSet(QStringLiteral("older-than"))) {
        const QString value = parser.value(QStringLiteral("older-than"));
        request.olderThan = parseDuration(value);
        if (!request.olderThan) {
            err() << tr("dedupctl stale: invalid --older-than '%1': use a positive whole number "
                        "and a unit s, m, h, d or w (e.g. 15m, 2h, 1d)")
                         .arg(shown(value))
                  << Qt::endl;
            return std::nullopt;
        }
    }
    request.limit = DefaultLimit;
    if (parser.isSet(QStringLiteral("limit"))) {
        bool ok = false;
        request.limit = parser.value(QStringLiteral("limit")).toInt(&ok);
        if (!ok || request.limit < 1 || request.limit > MaxLimit) {
            err() << tr("dedupctl stale: invalid --limit '%1': use a number from 1 to %2")
                         .arg(shown(parser.value(QStringLiteral("limit"))))
                         .arg(MaxLimit)
                  << Qt::endl;
            return std::nullopt;
        }
    }
    return request;
}

int StaleCommand::run(const QCommandLineParser &parser) {
    const std::optional<Request> request = parseRequest(parser);
    if (!request)
        return Usage;
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    if (parser.isSet(QStringLiteral("explain")))
        return explain(*conn, *request);

    // The console's Stuck list: one snapshot and one now() for the list and the count, so
    // they agree, and the same runs in the same order.
    store::PgError error;
    const auto snapshot = store::StuckQueries::read(*conn, threshold(request->olderThan),
                                                    request->limit, UncappedCount, &error);
    if (!snapshot) {
        err() << tr("dedupctl stale: %1").arg(shown(error.toString())) << Qt::endl;
        return DatabaseError;
    }
    if (json(parser))
        printJson(*snapshot, *request);
    else
        printText(*snapshot, parser, *request);
    return Success;
}

int StaleCommand::explain(store::PgConnection &conn, const Request &request) {
    const auto age = threshold(request.olderThan);
    for (const store::RunQuery &query : {store::StuckQueries::list(age, request.limit),
                                         store::StuckQueries::cappedCount(age, UncappedCount)}) {
        store::PgError error;
        const auto plan = store::QueryPlan::explainAnalyze(conn, query, &error);
        if (!plan) {
            err() << tr("dedupctl stale: %1").arg(shown(error.toString())) << Qt::endl;
            return DatabaseError;
        }
        for (const QString &line : *plan)
            out() << shown(line) << '\n';
        out() << Qt::endl;
    }
    return Success;
}

void StaleCommand::printJson(const store::StuckSnapshot &snapshot, const Request &request) {
    QJsonArray array;
    for (const store::StuckRun &run : snapshot.runs) {
        const qint64 expiredFor = floorSeconds(snapshot.serverNowMicros, run.leaseExpiresAtMicros);
        array.append(QJsonObject{
            {QStringLiteral("id"), run.id},
            {QStringLiteral("workflow"), run.workflow},
            {QStringLiteral("scope"), run.scope},
            {QStringLiteral("idem_key"), run.idemKey},
            {QStringLiteral("correlation_id"), orNull(run.correlationId)},
            {QStringLiteral("lease_owner"), orNull(run.leaseOwner)},
            {QStringLiteral("lease_token"), run.leaseToken},
            {QStringLiteral("lease_expires_at"), orNull(run.leaseExpiresAt)},
            {QStringLiteral("lease_expired"), expiredFor >= 0},
            {QStringLiteral("lease_expired_seconds"), expiredFor},
            {QStringLiteral("processing_since"), orNull(run.updatedAt)},
            {QStringLiteral("processing_seconds"),
             floorSeconds(snapshot.serverNowMicros, run.updatedAtMicros)},
            {QStringLiteral("heartbeat_at"), orNull(run.heartbeatAt)},
            {QStringLiteral("attempt"), run.attempt},
            {QStringLiteral("max_attempts"), run.maxAttempts},
        });
    }
    out() << QJsonDocument(QJsonObject{
                               {QStringLiteral("runs"), array},
                               {QStringLiteral("count"), snapshot.count.value},
                               {QStringLiteral("shown"), qint64(snapshot.runs.size())},
                               {QStringLiteral("older_than_seconds"),
                                request.olderThan ? QJsonValue(*request.olderThan) : QJsonValue()},
                           })
                 .toJson(QJsonDocument::Compact)
          << Qt::endl;
}

void StaleCommand::printText(const store::StuckSnapshot &snapshot, const QCommandLineParser &parser,
                             const Request &request) {
    // The cells go as they are: TextTable escapes every one of them for the terminal.
    if (!snapshot.runs.empty()) {
        const QStringList header{tr("ID"),     tr("WORKFLOW"),       tr("SCOPE"),
                                 tr("KEY"),    tr("CORRELATION ID"), tr("OWNER"),
                                 tr("TOKEN"),  tr("LEASE"),          tr("PROCESSING FOR"),
                                 tr("ATTEMPT")};
        std::vector<QStringList> table{header};
        for (const store::StuckRun &run : snapshot.runs) {
            const qint64 expiredFor =
                floorSeconds(snapshot.serverNowMicros, run.leaseExpiresAtMicros);
            const QString lease = expiredFor >= 0
                                      ? tr("expired %1 ago").arg(formatSeconds(expiredFor))
                                      : tr("live, %1 left").arg(formatSeconds(-expiredFor));
            table.push_back(
                {QString::number(run.id), run.workflow, run.scope, run.idemKey,
                 dash(run.correlationId), dash(run.leaseOwner), QString::number(run.leaseToken),
                 lease, formatSeconds(floorSeconds(snapshot.serverNowMicros, run.updatedAtMicros)),
                 QStringLiteral("%1/%2").arg(run.attempt).arg(run.maxAttempts)});
        }
        out() << TextTable::render(table);
    }
    const QString what = request.olderThan
                             ? tr("lease expired, or processing for more than %1")
                                   .arg(shown(parser.value(QStringLiteral("older-than")).trimmed()))
                             : tr("lease expired");
    const qint64 total = snapshot.count.value;
    if (qint64(snapshot.runs.size()) < total)
        out() << tr("stale runs: %1, showing the oldest %2 (%3); use --limit to see more")
                     .arg(total)
                     .arg(snapshot.runs.size())
                     .arg(what)
              << Qt::endl;
    else
        out() << tr("stale runs: %1 (%2)").arg(total).arg(what) << Qt::endl;
}

} // namespace dedup::cli
