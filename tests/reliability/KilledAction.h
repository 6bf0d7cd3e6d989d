#pragma once

#include "store/OperatorActions.h"

#include <QString>

namespace dedup::store {
class PgConnection;
}

// One operator action of line 4 (ConnectionKills), and what the store holds of it: whether
// its effect is in the run, its audit rows and its event. Read right after the kill, it
// must be all of the action or none of it; after the resend, all of it exactly once.
class KilledAction {
public:
    enum class Kind { ClearStaleLease, Cancel, RouteToReview, RequestContinuation, ResolveReview };
    static constexpr int kKinds = 5;

    struct Spec {
        const char *name;  // the op_* function
        const char *event; // the event the action appends
        // A boolean SQL expression over run `r` ($1 run id, $2 action key): the effect.
        const char *effect;
        int tokenBump; // how far the action moves lease_token
    };
    static Spec spec(Kind kind);

    // The action through the console's store API (resolve: as succeeded).
    static dedup::store::OperatorResult<dedup::store::OperatorOutcome>
    call(dedup::store::OperatorActions &actions, Kind kind,
         const dedup::store::OperatorRequest &request);

    // What the store holds of the action with `key` on run `runId`, read as the owner.
    static KilledAction read(dedup::store::PgConnection &owner, Kind kind, qint64 runId,
                             const QString &key);

    bool effect = false;
    qint64 token = -1;
    qint64 auditRows = -1;
    qint64 auditApplied = -1;
    qint64 events = -1;
    QString error; // the read failed

    bool none() const { return error.isEmpty() && !effect && auditRows == 0 && events == 0; }
    bool all() const {
        return error.isEmpty() && effect && auditRows == 1 && auditApplied == 1 && events == 1;
    }
    QString toString() const;
};
