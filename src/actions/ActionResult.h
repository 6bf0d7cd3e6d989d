#pragma once

#include "actions/ActionIntent.h"
#include "store/OperatorOutcome.h"
#include "store/PgError.h"
#include "store/StoreError.h"

#include <QCoreApplication>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::actions {

// How one confirmed intent ended (ActionExecutor::finished), with a sentence for the operator.
struct ActionResult {
    Q_DECLARE_TR_FUNCTIONS(ActionResult)

public:
    enum class Kind {
        Applied,       // applied now
        AppliedBefore, // the same intent (same action key) was applied by an earlier send:
                       // a double submit, or a resend whose first answer was lost. Nothing
                       // was done twice.
        Changed,       // refused: the run changed since the operator looked (or no longer
                       // allows the action); nothing changed. Look again, decide again.
        Error,         // not done, or (ConnectionLost after every resend) not known: see
                       // errorKind; resending the same intent is safe
    };

    Kind kind = Kind::Error;
    ActionIntent intent;
    // The server's answer, when there was one (Applied, AppliedBefore, Changed).
    std::optional<store::OperatorOutcome> outcome;
    store::StoreErrorKind errorKind = store::StoreErrorKind::None;
    store::PgError error; // Error: what the server or libpq said
    QString serverDetail; // the server's detail of the outcome, or its error message
    QString message;      // for the operator (translated)
    int attempts = 0;     // how many times the intent was sent (0: refused before sending)

    bool isApplied() const { return kind == Kind::Applied || kind == Kind::AppliedBefore; }

    static ActionResult fromOutcome(const ActionIntent &intent,
                                    const store::OperatorOutcome &outcome, int attempts);
    static ActionResult fromError(const ActionIntent &intent, store::StoreErrorKind kind,
                                  const store::PgError &error, int attempts);
    // Refused on the client before any round trip (a blank reason, ...).
    static ActionResult invalid(const ActionIntent &intent, const QString &why);
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::ActionResult)
