#pragma once

#include "actions/ActionIntent.h"
#include "actions/ActionPreview.h"
#include "actions/OperatorAction.h"
#include "core/RunStatus.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace dedup::actions {

// The operator's answer about a step whose outcome is unknown (docs/CONSOLE.md "Settling an
// uncertain step", dedupctl settle-step).
enum class SettleChoice {
    Happened,     // the side effect happened: the step is recorded as done (with the
                  // provider's reference); a continuation skips it
    DidNotHappen, // it did not: a continuation runs it again (and only the steps after it)
    Escalate,     // nobody can tell yet: the run goes to (or stays in) review, assigned
};

// What each answer sends, as one audited operator action on the run, so that the console's
// dialog and dedupctl settle the same way:
//
//   Happened     -> op_resolve_step (done, the reference)           failed or manual_review
//   DidNotHappen -> op_request_continuation with rerun uncertain    failed or manual_review
//   Escalate     -> op_route_to_review (assignee optional)          failed
//                   op_assign_review (assignee required)            manual_review
//
// Only an uncertain step is settled here. "Did not happen" re-runs every uncertain step of the
// run that has no downstream key (that is what the continuation's rerun means), so it is refused
// while another such step is uncertain: settle that one first. The audit row of a continuation
// or an escalation would not name the step, so their reason starts with `Step "NAME": `.
class StepSettlement {
    Q_DECLARE_TR_FUNCTIONS(StepSettlement)

public:
    static OperatorAction actionFor(SettleChoice choice, core::RunStatus status);
    static QString toString(SettleChoice choice); // happened, did_not_happen, escalate
    static std::optional<SettleChoice> fromString(const QString &text);

    // The impact preview to read for this answer, on the run as the operator saw it.
    static PreviewRequest request(SettleChoice choice, const QString &step, qint64 runId,
                                  qint64 seenToken, core::RunStatus seenStatus);

    // Why the answer cannot be sent on the run as previewed (empty when it can): the
    // preview's own verdict first (changed since seen, not applicable), then this rule's.
    static QString blocked(SettleChoice choice, const ActionPreview &preview, const QString &step,
                           const QString &assignee);

    // The confirmed intent (a fresh action key). Call only when blocked() is empty.
    static ActionIntent intent(SettleChoice choice, const ActionPreview &preview,
                               const QString &step, const QString &reason, const QString &reference,
                               const QString &assignee);

    // The step as previewed, or nullptr.
    static const PreviewStep *findStep(const ActionPreview &preview, const QString &step);
};

} // namespace dedup::actions
