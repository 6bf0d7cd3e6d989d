#pragma once

#include "actions/OperatorAction.h"
#include "store/OperatorActions.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::actions {

// One confirmed operator decision about one run: what to do, to which state of the run (the
// lease token the operator saw), why, and the action key that makes it one intent.
//
// The key is made once, when the operator confirms (create() or ActionPreview::intent()),
// and travels with the intent: ActionExecutor sends every attempt of it (a resend after a
// lost connection, a double click submitting it again, a retry button) with that key, so the
// server applies it at most once and answers 'replayed' to the others. A new decision (after
// a 'changed' answer and a new look at the run) is a new intent with a new key.
struct ActionIntent {
    Q_DECLARE_TR_FUNCTIONS(ActionIntent)

public:
    OperatorAction action = OperatorAction::Cancel;
    qint64 runId = 0;
    qint64 expectedToken = 0; // the lease_token the operator saw
    QString reason;           // required; goes into the audit log
    QString actionKey;        // set by create(); keep it for every resend

    // RequestContinuation, ResolveContinue: re-execute uncertain steps that have no
    // downstream key (the operator vouches that they did not happen).
    bool rerunUncertain = false;
    // AssignReview (empty unassigns), RouteToReview (empty leaves it unassigned).
    QString assignee;
    // ReviewNote: the note (required).
    QString note;
    // ResolveSucceeded: replaces the stored result duplicates replay; nullopt keeps it.
    std::optional<QJsonObject> result;
    // ResolveStep: which step, settled how, with the provider's reference when it happened.
    QString step;
    store::StepResolution stepResolution = store::StepResolution::Done;
    QString sideEffectRef;

    // An intent with a fresh action key (OperatorActions::newActionKey()).
    static ActionIntent create(OperatorAction action, qint64 runId, qint64 expectedToken,
                               const QString &reason);

    // Empty when the intent can be sent, else what is missing, for the operator. Checked by
    // ActionExecutor before any round trip.
    QString validationError() const;

    // What OperatorActions needs.
    store::OperatorRequest request() const;
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::ActionIntent)
