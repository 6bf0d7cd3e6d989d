#include "actions/StepSettlement.h"

#include <algorithm>

namespace dedup::actions {

OperatorAction StepSettlement::actionFor(SettleChoice choice, core::RunStatus status) {
    switch (choice) {
    case SettleChoice::Happened:
        return OperatorAction::ResolveStep;
    case SettleChoice::DidNotHappen:
        return OperatorAction::RequestContinuation;
    case SettleChoice::Escalate:
        return status == core::RunStatus::ManualReview ? OperatorAction::AssignReview
                                                       : OperatorAction::RouteToReview;
    }
    return OperatorAction::ResolveStep;
}

QString StepSettlement::toString(SettleChoice choice) {
    switch (choice) {
    case SettleChoice::Happened:
        return QStringLiteral("happened");
    case SettleChoice::DidNotHappen:
        return QStringLiteral("did_not_happen");
    case SettleChoice::Escalate:
        return QStringLiteral("escalate");
    }
    return {};
}

std::optional<SettleChoice> StepSettlement::fromString(const QString &text) {
    for (const SettleChoice choice :
         {SettleChoice::Happened, SettleChoice::DidNotHappen, SettleChoice::Escalate}) {
        if (toString(choice) == text)
            return choice;
    }
    return std::nullopt;
}

PreviewRequest StepSettlement::request(SettleChoice choice, const QString &step, qint64 runId,
                                       qint64 seenToken, core::RunStatus seenStatus) {
    PreviewRequest request;
    request.action = actionFor(choice, seenStatus);
    request.runId = runId;
    request.seenToken = seenToken;
    request.seenStatus = seenStatus;
    request.step = step;
    request.stepResolution = store::StepResolution::Done;
    request.rerunUncertain = choice == SettleChoice::DidNotHappen;
    return request;
}

const PreviewStep *StepSettlement::findStep(const ActionPreview &preview, const QString &step) {
    const auto it = std::find_if(preview.steps.begin(), preview.steps.end(),
                                 [&step](const PreviewStep &s) { return s.name == step; });
    return it == preview.steps.end() ? nullptr : &*it;
}

QString StepSettlement::blocked(SettleChoice choice, const ActionPreview &preview,
                                const QString &step, const QString &assignee) {
    const QString verdict = preview.blockedText();
    if (!verdict.isEmpty())
        return verdict;
    const PreviewStep *settled = findStep(preview, step);
    if (!settled)
        return tr("The run has no step \"%1\".").arg(step);
    if (settled->status != QLatin1String("uncertain")) {
        return tr("Step \"%1\" is %2: only a step whose outcome is unknown (uncertain) is "
                  "settled here.")
            .arg(step, settled->status);
    }
    if (choice == SettleChoice::DidNotHappen) {
        // The continuation's rerun applies to every uncertain step without a downstream key.
        for (const PreviewStep &other : preview.steps) {
            if (other.name != step && other.status == QLatin1String("uncertain") &&
                other.downstreamKey.isEmpty()) {
                return tr("Step \"%1\" is uncertain too, and a continuation that runs \"%2\" "
                          "again would run it again as well. Settle \"%1\" first.")
                    .arg(other.name, step);
            }
        }
    }
    if (choice == SettleChoice::Escalate && preview.status == core::RunStatus::ManualReview &&
        assignee.trimmed().isEmpty()) {
        return tr("The run is already in review: name who takes it over.");
    }
    return {};
}

ActionIntent StepSettlement::intent(SettleChoice choice, const ActionPreview &preview,
                                    const QString &step, const QString &reason,
                                    const QString &reference, const QString &assignee) {
    // The audit row of a continuation or an escalation names no step: the reason does. Kept
    // untranslated, as the audit log is read by whoever audits, in any language.
    const QString stated = choice == SettleChoice::Happened
                               ? reason
                               : QStringLiteral("Step \"%1\": %2").arg(step, reason);
    ActionIntent intent = preview.intent(stated);
    intent.step = step;
    if (choice == SettleChoice::Happened) {
        intent.stepResolution = store::StepResolution::Done;
        intent.sideEffectRef = reference.trimmed();
    }
    intent.rerunUncertain = choice == SettleChoice::DidNotHappen;
    if (choice == SettleChoice::Escalate)
        intent.assignee = assignee.trimmed();
    return intent;
}

} // namespace dedup::actions
