#include "WorkflowsCommand.h"

#include "ExitCode.h"
#include "SafeJson.h"
#include "TextTable.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"
#include "store/WorkflowOverviewQueries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <vector>

namespace dedup::cli {

namespace {

using core::RunStatus;

// As `access list` shows "every": a pause of '' covers every scope of the workflow.
const QString EveryScope = QStringLiteral("*");

QString iso(const QDateTime &when) {
    return when.toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

QString WorkflowsCommand::summary() const {
    return tr("List the workflows: running or paused, and their runs in flight, stuck, failed, "
              "in review and of the last hour.");
}

void WorkflowsCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
}

int WorkflowsCommand::run(const QCommandLineParser &parser) {
    const bool asJson = json(parser);
    return withConnection(parser, [asJson](store::PgConnection &conn) {
        // As the console's connections: without JIT, whose compiling costs more than these
        // short aggregates (a second on 10 million runs, docs/PERFORMANCE.md).
        store::RunQueries::applySessionSettings(conn, 0);
        store::PgError error;
        const std::optional<store::WorkflowOverview> overview =
            store::WorkflowOverviewQueries::read(conn, &error);
        if (!overview) {
            err() << tr("dedupctl workflows: %1").arg(shown(error.toString())) << Qt::endl;
            if (!error.hint.isEmpty())
                err() << tr("hint: %1").arg(shown(error.hint)) << Qt::endl;
            return int(DatabaseError);
        }
        if (asJson)
            printJson(*overview);
        else
            printTable(*overview);
        return int(Success);
    });
}

void WorkflowsCommand::printTable(const store::WorkflowOverview &overview) {
    if (overview.workflows.isEmpty()) {
        out() << tr("no workflows") << Qt::endl;
        return;
    }
    const QString none = QStringLiteral("-");
    std::vector<QStringList> table{{tr("WORKFLOW"), tr("STATE"), tr("PROCESSING"), tr("STUCK"),
                                    tr("FAILED"), tr("IN REVIEW"), tr("LAST HOUR"),
                                    tr("SCOPE PREFIX"), tr("PAUSED SINCE"), tr("PAUSED BY"),
                                    tr("STOP STEPS"), tr("REASON")}};
    int paused = 0;
    // The cells go as they are: TextTable escapes every one of them for the terminal.
    for (const store::WorkflowOverviewRow &row : overview.workflows) {
        const QStringList counts{
            QString::number(row.count(RunStatus::Processing)), QString::number(row.stuck),
            QString::number(row.count(RunStatus::Failed)),
            QString::number(row.count(RunStatus::ManualReview)), QString::number(row.recent())};
        if (!row.paused()) {
            table.push_back(QStringList{row.workflow, tr("running")} + counts +
                            QStringList{none, none, none, none, none});
            continue;
        }
        ++paused;
        // One line per pause; the counts belong to the workflow and are shown once.
        bool first = true;
        for (const store::WorkflowPause &pause : row.pauses) {
            table.push_back(
                QStringList{row.workflow, tr("paused")} +
                (first ? counts : QStringList(counts.size(), QString())) +
                QStringList{
                    pause.scopePrefix.isEmpty() ? EveryScope : pause.scopePrefix,
                    pause.pausedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")),
                    pause.pausedBy, pause.stopSteps ? tr("yes") : tr("no"), pause.reason});
            first = false;
        }
    }
    out() << TextTable::render(table);
    const qsizetype count = overview.workflows.size();
    out() << (count == 1 ? tr("1 workflow, %1 paused").arg(paused)
                         : tr("%1 workflows, %2 paused").arg(count).arg(paused))
          << tr("; last hour: runs created since %1; * means every scope")
                 .arg(overview.since.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")))
          << Qt::endl;
}

void WorkflowsCommand::printJson(const store::WorkflowOverview &overview) {
    QJsonArray workflows;
    for (const store::WorkflowOverviewRow &row : overview.workflows) {
        QJsonArray pauses;
        for (const store::WorkflowPause &pause : row.pauses)
            pauses.append(QJsonObject{
                {QStringLiteral("scope_prefix"), pause.scopePrefix},
                {QStringLiteral("stop_steps"), pause.stopSteps},
                {QStringLiteral("retry_after_seconds"), pause.retryAfterSeconds},
                {QStringLiteral("reason"), pause.reason},
                {QStringLiteral("paused_by"), pause.pausedBy},
                {QStringLiteral("paused_at"), iso(pause.pausedAt)},
            });
        workflows.append(QJsonObject{
            {QStringLiteral("workflow"), row.workflow},
            {QStringLiteral("state"),
             row.paused() ? QStringLiteral("paused") : QStringLiteral("running")},
            {QStringLiteral("processing"), row.count(RunStatus::Processing)},
            {QStringLiteral("stuck"), row.stuck},
            {QStringLiteral("succeeded"), row.count(RunStatus::Succeeded)},
            {QStringLiteral("failed"), row.count(RunStatus::Failed)},
            {QStringLiteral("in_review"), row.count(RunStatus::ManualReview)},
            {QStringLiteral("cancelled"), row.count(RunStatus::Cancelled)},
            {QStringLiteral("last_hour"), row.recent()},
            {QStringLiteral("pauses"), pauses},
        });
    }
    const QJsonObject document{
        {QStringLiteral("server_time"), iso(overview.serverNow)},
        {QStringLiteral("last_hour_since"), iso(overview.since)},
        {QStringLiteral("workflows"), workflows},
    };
    out() << SafeJson::text(QJsonDocument(document).toJson(QJsonDocument::Compact)) << Qt::endl;
}

} // namespace dedup::cli
