#include "CorrelationCommand.h"

#include "ExitCode.h"
#include "SafeJson.h"
#include "TextTable.h"
#include "store/CorrelationQueries.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <vector>

namespace dedup::cli {

namespace {

using store::CorrelatedRun;
using store::CorrelatedStep;

QString iso(const QDateTime &when) {
    return when.toUTC().toString(Qt::ISODateWithMs);
}

QJsonValue isoOrNull(const QDateTime &when) {
    return when.isValid() ? QJsonValue(iso(when)) : QJsonValue(QJsonValue::Null);
}

QJsonValue textOrNull(const QString &text) {
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

// Milliseconds from `start` to `end`, or to the server's now while open; -1 without a start.
qint64 durationMs(const QDateTime &start, const QDateTime &end, const QDateTime &now) {
    if (!start.isValid())
        return -1;
    const QDateTime to = end.isValid() ? end : now;
    return to.isValid() ? qMax<qint64>(0, start.msecsTo(to)) : -1;
}

// "1.250 s", "2 min 5.000 s", "1 h 2 min": exact enough to compare steps, short enough for a
// column.
QString durationText(qint64 ms) {
    if (ms < 0)
        return QStringLiteral("-");
    const qint64 hours = ms / 3600000;
    const qint64 minutes = ms / 60000 % 60;
    const QString seconds = QString::number(double(ms % 60000) / 1000.0, 'f', 3);
    if (hours > 0)
        return QStringLiteral("%1 h %2 min").arg(hours).arg(minutes);
    if (minutes > 0)
        return QStringLiteral("%1 min %2 s").arg(minutes).arg(seconds);
    return QStringLiteral("%1 s").arg(seconds);
}

QString timeText(const QDateTime &when) {
    return when.isValid() ? iso(when) : QStringLiteral("-");
}

// What stands out about a step, in words (never a colour or a sign alone).
QString stepMark(const CorrelatedStep &step) {
    if (step.isFailed())
        return CorrelationCommand::tr("!! FAILED");
    if (step.isUncertain())
        return CorrelationCommand::tr("?? UNCERTAIN");
    return {};
}

} // namespace

QString CorrelationCommand::summary() const {
    return tr("Show the runs sharing a run's correlation id, oldest first, with their steps.");
}

void CorrelationCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addOption(QCommandLineOption(QStringLiteral("run"),
                                        tr("The run whose correlation to show (its id); required."),
                                        tr("id")));
}

int CorrelationCommand::run(const QCommandLineParser &parser) {
    if (!parser.isSet(QStringLiteral("run"))) {
        err() << tr("dedupctl correlation: give the run: --run ID") << Qt::endl;
        return Usage;
    }
    const QString given = parser.value(QStringLiteral("run"));
    bool ok = false;
    const qint64 runId = given.toLongLong(&ok);
    if (!ok || runId < 1) {
        err() << tr("dedupctl correlation: invalid --run '%1': use a positive number")
                     .arg(shown(given))
              << Qt::endl;
        return Usage;
    }
    const bool asJson = json(parser);
    return withConnection(parser, [asJson, runId](store::PgConnection &conn) {
        store::RunQueries::applySessionSettings(conn, 0);
        store::PgError error;
        // By the run, not by its correlation id: a login that reads ids hashed cannot search by
        // the hash (0016_protected_columns.sql), and the command line needs no protected value.
        const std::optional<store::CorrelationSnapshot> snapshot = store::CorrelationQueries::read(
            conn, QString(), store::CorrelationQueries::DefaultLimit, &error, runId);
        if (!snapshot) {
            err() << tr("dedupctl correlation: %1").arg(shown(error.toString())) << Qt::endl;
            if (!error.hint.isEmpty())
                err() << tr("hint: %1").arg(shown(error.hint)) << Qt::endl;
            return int(DatabaseError);
        }
        if (snapshot->runs.isEmpty()) {
            err() << tr("dedupctl correlation: there is no run %1 with a correlation id (or your "
                        "grants do not cover it)")
                         .arg(runId)
                  << Qt::endl;
            return int(Failure);
        }
        if (asJson)
            printJson(*snapshot);
        else
            printTable(runId, *snapshot);
        return int(Success);
    });
}

void CorrelationCommand::printTable(qint64 runId, const store::CorrelationSnapshot &snapshot) {
    const QDateTime now = snapshot.serverNow;
    std::vector<QStringList> table{{tr("RUN"), tr("WORKFLOW SCOPE / KEY, STEP"), tr("STATUS"),
                                    tr("STARTED (UTC)"), tr("FINISHED (UTC)"), tr("DURATION"),
                                    tr("ATTEMPT"), tr("ERROR"), tr("MARK")}};
    int failed = 0;
    int uncertain = 0;
    // The cells go as they are: TextTable escapes every one of them for the terminal.
    for (const CorrelatedRun &run : snapshot.runs) {
        table.push_back(QStringList{
            QString::number(run.id),
            QStringLiteral("%1 %2 / %3").arg(run.workflow, run.scope, run.idemKey), run.statusName,
            timeText(run.createdAt), run.isOpen() ? tr("open") : timeText(run.finishedAt),
            durationText(durationMs(run.createdAt, run.finishedAt, now)) +
                (run.isOpen() ? tr(" (open)") : QString()),
            QString::number(run.attempt), run.lastErrorClass, QString()});
        for (const CorrelatedStep &step : run.steps) {
            failed += step.isFailed() ? 1 : 0;
            uncertain += step.isUncertain() ? 1 : 0;
            const bool running = step.isRunning();
            table.push_back(
                QStringList{QString(), QStringLiteral("  %1. %2").arg(step.ordinal).arg(step.name),
                            step.statusName, timeText(step.startedAt),
                            running ? tr("running") : timeText(step.finishedAt),
                            durationText(durationMs(step.startedAt, step.finishedAt,
                                                    running ? now : step.updatedAt)) +
                                (running ? tr(" (running)") : QString()),
                            QString::number(step.attempts), step.errorClass, stepMark(step)});
        }
    }
    out() << TextTable::render(table);
    const qint64 total = qMax<qint64>(snapshot.total, snapshot.runs.size());
    const QString runs = total > snapshot.runs.size()
                             ? tr("newest %1 of %2 runs").arg(snapshot.runs.size()).arg(total)
                             : (total == 1 ? tr("1 run") : tr("%1 runs").arg(total));
    out() << tr("correlation of run %1: %2; %3 failed and %4 uncertain steps; server time %5")
                 .arg(runId)
                 .arg(runs)
                 .arg(failed)
                 .arg(uncertain)
                 .arg(iso(now))
          << Qt::endl;
}

void CorrelationCommand::printJson(const store::CorrelationSnapshot &snapshot) {
    const QDateTime now = snapshot.serverNow;
    QJsonArray runs;
    for (const CorrelatedRun &run : snapshot.runs) {
        QJsonArray steps;
        for (const CorrelatedStep &step : run.steps) {
            const qint64 ms = durationMs(step.startedAt, step.finishedAt,
                                         step.isRunning() ? now : step.updatedAt);
            steps.append(QJsonObject{
                {QStringLiteral("ordinal"), step.ordinal},
                {QStringLiteral("name"), step.name},
                {QStringLiteral("status"), step.statusName},
                {QStringLiteral("attempts"), step.attempts},
                {QStringLiteral("started_at"), isoOrNull(step.startedAt)},
                {QStringLiteral("finished_at"), isoOrNull(step.finishedAt)},
                {QStringLiteral("duration_ms"), ms < 0 ? QJsonValue() : QJsonValue(ms)},
                {QStringLiteral("running"), step.isRunning()},
                {QStringLiteral("failed"), step.isFailed()},
                {QStringLiteral("uncertain"), step.isUncertain()},
                {QStringLiteral("error_class"), textOrNull(step.errorClass)},
            });
        }
        const qint64 ms = durationMs(run.createdAt, run.finishedAt, now);
        runs.append(QJsonObject{
            {QStringLiteral("id"), run.id},
            {QStringLiteral("workflow"), run.workflow},
            {QStringLiteral("scope"), run.scope},
            {QStringLiteral("key"), run.idemKey},
            {QStringLiteral("status"), run.statusName},
            {QStringLiteral("attempt"), run.attempt},
            {QStringLiteral("created_at"), isoOrNull(run.createdAt)},
            {QStringLiteral("finished_at"), isoOrNull(run.finishedAt)},
            {QStringLiteral("duration_ms"), ms < 0 ? QJsonValue() : QJsonValue(ms)},
            {QStringLiteral("open"), run.isOpen()},
            {QStringLiteral("last_error_class"), textOrNull(run.lastErrorClass)},
            {QStringLiteral("steps"), steps},
        });
    }
    out() << SafeJson::text(QJsonDocument(runs).toJson(QJsonDocument::Compact)) << Qt::endl;
}

} // namespace dedup::cli
