#include "PauseCommand.h"

#include "ExitCode.h"
#include "SafeJson.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/StoreError.h"
#include "store/WorkflowPauses.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::cli {

namespace {

constexpr int DefaultRetryAfter = 60;
constexpr int MaxRetryAfter = 24 * 3600; // the store's limit (0023_workflow_pause.sql)

const QString ScopePrefix = QStringLiteral("scope-prefix");
const QString Reason = QStringLiteral("reason");
const QString StopSteps = QStringLiteral("stop-steps");
const QString RetryAfter = QStringLiteral("retry-after");

QString utc(const QDateTime &when) {
    return when.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
}

QJsonValue orNull(const QString &text, bool present) {
    return present ? QJsonValue(text) : QJsonValue(QJsonValue::Null);
}

} // namespace

QString PauseCommand::name() const {
    return m_mode == Mode::Pause ? QStringLiteral("pause") : QStringLiteral("resume");
}

QString PauseCommand::summary() const {
    return m_mode == Mode::Pause
               ? tr("Pause a workflow (or one scope prefix of it): claims answer \"paused\".")
               : tr("Resume a paused workflow (or one paused scope prefix of it).");
}

void PauseCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addPositionalArgument(QStringLiteral("workflow"), tr("The workflow's name."));
    parser.addOption(
        QCommandLineOption(Reason, tr("Why (required; kept in the audit log)."), tr("text")));
    parser.addOption(QCommandLineOption(
        ScopePrefix,
        m_mode == Mode::Pause
            ? tr("Pause only the runs whose scope starts with this (default: every scope).")
            : tr("Resume the pause of this scope prefix (default: the pause of every scope)."),
        tr("prefix")));
    if (m_mode == Mode::Resume)
        return;
    parser.addOption(QCommandLineOption(
        StopSteps, tr("Also stop runs in flight before their next step (default: they finish).")));
    parser.addOption(QCommandLineOption(
        RetryAfter,
        tr("Seconds a refused worker is told to wait before it delivers again (1-%1, default %2).")
            .arg(MaxRetryAfter)
            .arg(DefaultRetryAfter),
        tr("seconds")));
}

std::optional<PauseCommand::Request>
PauseCommand::parseRequest(const QCommandLineParser &parser) const {
    const auto usage = [this](const QString &why) {
        err() << tr("dedupctl %1: %2").arg(name(), why) << Qt::endl;
        return std::nullopt;
    };
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty())
        return usage(tr("give the workflow's name: %1 WORKFLOW --reason TEXT").arg(name()));
    if (args.size() > 1)
        return usage(tr("unexpected argument '%1'").arg(shown(args.at(1))));
    Request request;
    request.workflow = args.first();
    if (request.workflow.trimmed().isEmpty())
        return usage(tr("the workflow's name is empty"));
    if (parser.isSet(ScopePrefix)) {
        request.scopePrefix = parser.value(ScopePrefix);
        if (request.scopePrefix.trimmed().isEmpty())
            return usage(tr("--scope-prefix must not be empty; leave it out for every scope"));
        // `dedupctl workflows` shows "every scope" as *.
        if (request.scopePrefix == QLatin1String("*"))
            return usage(tr("--scope-prefix '*' is not a prefix; leave it out for every scope"));
    }
    request.reason = parser.value(Reason).trimmed();
    if (request.reason.isEmpty())
        return usage(tr("--reason is required (it is kept in the audit log)"));
    if (m_mode == Mode::Pause) {
        request.stopSteps = parser.isSet(StopSteps);
        const std::optional<int> retryAfter =
            intOption(parser, RetryAfter, DefaultRetryAfter, 1, MaxRetryAfter);
        if (!retryAfter)
            return usage(tr("invalid --retry-after '%1': use whole seconds from 1 to %2")
                             .arg(shown(parser.value(RetryAfter)))
                             .arg(MaxRetryAfter));
        request.retryAfterSeconds = *retryAfter;
    }
    return request;
}

QString PauseCommand::scopeText(const QString &scopePrefix) {
    return scopePrefix.isEmpty() ? tr("every scope")
                                 : tr("scope prefix \"%1\"").arg(shown(scopePrefix));
}

void PauseCommand::printAnswer(const store::WorkflowPauseResult &result) const {
    const store::WorkflowPause &pause = result.pause;
    const QString workflow = shown(pause.workflow);
    const QString scope = scopeText(pause.scopePrefix);
    const QString effect =
        tr("claims answer \"paused\" (retry after %1 s); runs in flight %2")
            .arg(pause.retryAfterSeconds)
            .arg(pause.stopSteps ? tr("stop before their next step") : tr("finish their steps"));
    if (result.outcome == QLatin1String("paused"))
        out() << tr("paused %1 for %2: %3 (audit row %4)")
                     .arg(workflow, scope, effect)
                     .arg(result.auditId)
              << Qt::endl;
    else if (result.outcome == QLatin1String("updated"))
        out() << tr("updated the pause of %1 for %2 (paused since %3): %4 (audit row %5)")
                     .arg(workflow, scope, utc(pause.pausedAt), effect)
                     .arg(result.auditId)
              << Qt::endl;
    else if (result.outcome == QLatin1String("resumed"))
        out() << tr("resumed %1 for %2 (paused since %3 by %4): claims acquire again and waiting "
                    "continuations are taken (audit row %5)")
                     .arg(workflow, scope, utc(pause.pausedAt), shown(pause.pausedBy))
                     .arg(result.auditId)
              << Qt::endl;
    else if (result.outcome == QLatin1String("not_paused"))
        out() << tr("%1 is not paused for %2: nothing was resumed").arg(workflow, scope)
              << Qt::endl;
    else // an answer of a newer store
        out() << tr("%1 for %2: %3").arg(workflow, scope, shown(result.outcome)) << Qt::endl;
}

// After `not_paused`: the pauses the workflow does have, so that the operator sees which
// --scope-prefix was meant. Best effort: the answer itself has been printed already.
void PauseCommand::printOtherPauses(store::PgConnection &conn, const Request &request) const {
    store::PgError error;
    const std::optional<QList<store::WorkflowPause>> pauses =
        store::WorkflowPauses(conn).list(&error);
    if (!pauses)
        return;
    QStringList others;
    for (const store::WorkflowPause &pause : *pauses) {
        if (pause.workflow == request.workflow)
            others << scopeText(pause.scopePrefix);
    }
    if (!others.isEmpty())
        out() << tr("%1 is paused for %2 (resume that with --scope-prefix, or none for every "
                    "scope)")
                     .arg(shown(request.workflow), others.join(QStringLiteral(", ")))
              << Qt::endl;
}

int PauseCommand::run(const QCommandLineParser &parser) {
    const std::optional<Request> request = parseRequest(parser);
    if (!request)
        return Usage;
    int refused = Unreachable;
    auto conn = connectOwnSession(parser, &refused);
    if (!conn)
        return refused;

    // One operator intent per invocation: a fresh key, so running the command again is a new
    // pause or resume (the store answers `updated` or `not_paused`), never a replay.
    const QString actionKey = store::OperatorActions::newActionKey();
    store::WorkflowPauses pauses(*conn);
    store::PgError error;
    const std::optional<store::WorkflowPauseResult> result =
        m_mode == Mode::Pause
            ? pauses.pause(request->workflow, request->scopePrefix, request->stopSteps,
                           request->retryAfterSeconds, request->reason, actionKey, &error)
            : pauses.resume(request->workflow, request->scopePrefix, request->reason, actionKey,
                            &error);
    if (!result) {
        if (store::classify(error) == store::StoreErrorKind::PermissionDenied)
            err() << tr("dedupctl %1: not permitted: the store's grants for your login do not "
                        "cover workflow %2 for %3, or the login is not an operator. Nothing was "
                        "done (%4).")
                         .arg(name(), shown(request->workflow), scopeText(request->scopePrefix),
                              shown(error.toString()))
                  << Qt::endl;
        else
            err() << tr("dedupctl %1: %2").arg(name(), shown(error.toString())) << Qt::endl;
        if (!error.hint.isEmpty())
            err() << tr("hint: %1").arg(shown(error.hint)) << Qt::endl;
        return DatabaseError;
    }

    const bool notPaused = result->outcome == QLatin1String("not_paused");
    if (json(parser)) {
        const store::WorkflowPause &pause = result->pause;
        const QJsonObject object{
            {QStringLiteral("outcome"), result->outcome},
            {QStringLiteral("workflow"), request->workflow},
            {QStringLiteral("scope_prefix"), request->scopePrefix},
            {QStringLiteral("stop_steps"),
             notPaused ? QJsonValue(QJsonValue::Null) : QJsonValue(pause.stopSteps)},
            {QStringLiteral("retry_after_seconds"),
             notPaused ? QJsonValue(QJsonValue::Null) : QJsonValue(pause.retryAfterSeconds)},
            {QStringLiteral("reason"), orNull(pause.reason, !notPaused)},
            {QStringLiteral("paused_by"), orNull(pause.pausedBy, !notPaused)},
            {QStringLiteral("paused_at"),
             orNull(pause.pausedAt.toUTC().toString(Qt::ISODateWithMs), !notPaused)},
            {QStringLiteral("audit_id"),
             notPaused ? QJsonValue(QJsonValue::Null) : QJsonValue(result->auditId)},
            {QStringLiteral("action_key"), actionKey},
        };
        out() << SafeJson::text(QJsonDocument(object).toJson(QJsonDocument::Compact)) << Qt::endl;
    } else {
        printAnswer(*result);
        if (notPaused)
            printOtherPauses(*conn, *request);
    }
    // Exit 1: the command ran but there was nothing to resume, usually a misspelt workflow or
    // prefix (docs/CLI.md); a script that only needs it running may accept 1.
    return notPaused ? Failure : Success;
}

} // namespace dedup::cli
