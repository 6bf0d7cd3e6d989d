#include "SettleStepCommand.h"

#include "ExitCode.h"
#include "actions/ActionCatalogue.h"
#include "actions/ActionPreviewLoader.h"
#include "actions/ActionResult.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::cli {

using actions::SettleChoice;
using actions::StepSettlement;

namespace {

const QString Happened = QStringLiteral("happened");
const QString DidNotHappen = QStringLiteral("did-not-happen");
const QString Escalate = QStringLiteral("escalate");

} // namespace

QString SettleStepCommand::summary() const {
    return tr("Settle a step whose outcome is unknown: it happened, it did not, or escalate.");
}

void SettleStepCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addPositionalArgument(QStringLiteral("run"), tr("The run's id."));
    parser.addPositionalArgument(QStringLiteral("step"), tr("The uncertain step's name."));
    parser.addOption(QCommandLineOption(
        Happened, tr("The side effect happened: record the step as done (a continuation skips "
                     "it).")));
    parser.addOption(QCommandLineOption(
        DidNotHappen, tr("It did not happen: request a continuation that runs it again.")));
    parser.addOption(QCommandLineOption(
        Escalate, tr("Nobody can tell yet: route the run to review (or, in review, assign it).")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("ref"), tr("With --happened: the provider's reference."), tr("ref")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("to"), tr("With --escalate: who takes it over (required in review)."),
        tr("name")));
    parser.addOption(QCommandLineOption(QStringLiteral("reason"),
                                        tr("Why (required; kept in the audit log)."), tr("text")));
}

std::optional<SettleStepCommand::Request>
SettleStepCommand::parseRequest(const QCommandLineParser &parser) {
    const auto usage = [](const QString &why) {
        err() << tr("dedupctl settle-step: %1").arg(why) << Qt::endl;
        return std::nullopt;
    };
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2)
        return usage(tr("give the run's id and the step's name: settle-step RUN STEP"));
    Request request;
    bool ok = false;
    request.runId = args.at(0).toLongLong(&ok);
    if (!ok || request.runId < 1)
        return usage(tr("invalid run id '%1': use a positive number").arg(shown(args.at(0))));
    request.step = args.at(1);
    if (request.step.trimmed().isEmpty())
        return usage(tr("the step's name is empty"));
    int chosen = 0;
    for (const auto &[option, choice] : {std::pair{Happened, SettleChoice::Happened},
                                         std::pair{DidNotHappen, SettleChoice::DidNotHappen},
                                         std::pair{Escalate, SettleChoice::Escalate}}) {
        if (parser.isSet(option)) {
            request.choice = choice;
            ++chosen;
        }
    }
    if (chosen != 1)
        return usage(tr("give exactly one of --happened, --did-not-happen and --escalate"));
    request.reason = parser.value(QStringLiteral("reason")).trimmed();
    if (request.reason.isEmpty())
        return usage(tr("--reason is required (it is kept in the audit log)"));
    if (parser.isSet(QStringLiteral("ref")) && request.choice != SettleChoice::Happened)
        return usage(tr("--ref goes with --happened only"));
    if (parser.isSet(QStringLiteral("to")) && request.choice != SettleChoice::Escalate)
        return usage(tr("--to goes with --escalate only"));
    request.reference = parser.value(QStringLiteral("ref")).trimmed();
    request.assignee = parser.value(QStringLiteral("to")).trimmed();
    if (parser.isSet(QStringLiteral("to")) && request.assignee.isEmpty())
        return usage(tr("--to is empty"));
    return request;
}

void SettleStepCommand::printStep(const actions::ActionPreview &preview, const QString &step) {
    const actions::PreviewStep *s = StepSettlement::findStep(preview, step);
    if (!s)
        return;
    const QString none = tr("(none)");
    out() << tr("run %1 (%2), step \"%3\": %4, attempt %5")
                 .arg(preview.request.runId)
                 .arg(preview.statusName, shown(s->name), s->status)
                 .arg(s->attempts)
          << Qt::endl;
    out() << tr("  downstream key: %1")
                 .arg(s->downstreamKey.isEmpty() ? none : shown(s->downstreamKey))
          << Qt::endl;
    if (!s->errorClass.isEmpty() || !s->errorMessage.isEmpty())
        out() << tr("  error: %1: %2").arg(shown(s->errorClass), shown(s->errorMessage))
              << Qt::endl;
}

int SettleStepCommand::run(const QCommandLineParser &parser) {
    const std::optional<Request> request = parseRequest(parser);
    if (!request)
        return Usage;
    int refused = Unreachable;
    auto conn = connectOwnSession(parser, &refused);
    if (!conn)
        return refused;

    // The run as it is now is what this operator decides on: read it, then judge the
    // answer against that state (the token and status become "seen").
    store::PgError error;
    actions::PreviewRequest look = StepSettlement::request(
        request->choice, request->step, request->runId, 0, core::RunStatus::Failed);
    std::optional<actions::ActionPreview> preview =
        actions::ActionPreviewLoader::read(*conn, look, &error);
    if (!preview) {
        err() << tr("dedupctl settle-step: %1").arg(shown(error.toString())) << Qt::endl;
        return DatabaseError;
    }
    if (!preview->found) {
        err() << tr("dedupctl settle-step: there is no run %1 (or your grants do not cover it)")
                     .arg(request->runId)
              << Qt::endl;
        return Failure;
    }
    preview->request = StepSettlement::request(request->choice, request->step, request->runId,
                                               preview->leaseToken, preview->status);
    preview->evaluate();
    const QString blocked =
        StepSettlement::blocked(request->choice, *preview, request->step, request->assignee);
    if (!json(parser))
        printStep(*preview, request->step);
    if (!blocked.isEmpty()) {
        err() << tr("dedupctl settle-step: nothing was done: %1").arg(shown(blocked)) << Qt::endl;
        return Failure;
    }

    const actions::ActionIntent intent =
        StepSettlement::intent(request->choice, *preview, request->step, request->reason,
                               request->reference, request->assignee);
    const QString invalid = intent.validationError();
    if (!invalid.isEmpty()) {
        err() << tr("dedupctl settle-step: %1").arg(shown(invalid)) << Qt::endl;
        return Usage;
    }
    store::OperatorActions operatorActions(*conn);
    const auto sent = actions::ActionCatalogue::row(intent.action).send(operatorActions, intent);
    const actions::ActionResult result =
        sent ? actions::ActionResult::fromOutcome(intent, sent.value(), 1)
             : actions::ActionResult::fromError(intent, sent.errorKind(), sent.error(), 1);
    const QString function =
        QString::fromLatin1(actions::ActionCatalogue::row(intent.action).function);
    if (json(parser)) {
        QJsonObject object{{QStringLiteral("run_id"), request->runId},
                           {QStringLiteral("step"), request->step},
                           {QStringLiteral("choice"), StepSettlement::toString(request->choice)},
                           {QStringLiteral("function"), function},
                           {QStringLiteral("action_key"), intent.actionKey}};
        if (result.outcome) {
            object.insert(QStringLiteral("outcome"), store::toString(result.outcome->outcome));
            object.insert(QStringLiteral("audit_id"), result.outcome->auditId);
            object.insert(QStringLiteral("detail"), result.outcome->detail);
        } else {
            object.insert(QStringLiteral("outcome"), QStringLiteral("error"));
            object.insert(QStringLiteral("detail"), result.serverDetail);
        }
        out() << QJsonDocument(object).toJson(QJsonDocument::Compact) << Qt::endl;
    } else if (result.isApplied()) {
        out() << tr("%1 (%2, audit row %3)")
                     .arg(shown(result.message), function)
                     .arg(result.outcome->auditId)
              << Qt::endl;
    } else {
        err() << tr("dedupctl settle-step: %1").arg(shown(result.message)) << Qt::endl;
    }
    if (result.isApplied())
        return Success;
    return result.kind == actions::ActionResult::Kind::Changed ? Failure : DatabaseError;
}

} // namespace dedup::cli
