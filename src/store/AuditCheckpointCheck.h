#pragma once

#include <QString>
#include <QtGlobal>

namespace dedup::store {

// One checkpoint against today's chain (one dedup.audit_checkpoint_holds() row).
struct AuditCheckpointCheck {
    enum class Verdict {
        Holds,       // the chain holds the row with the checkpoint's hash and verifies up to it
        HeadBefore,  // "head": the chain's head (headId) is before the checkpoint's row
        RowMissing,  // "missing": no row with the checkpoint's id
        HashDiffers, // "hash": the row's hash is another (storedHash): the chain was rewritten
                     // at or before it
        ChainBroken, // "chain": the row holds the hash, but the chain up to it does not
                     // verify (brokenId, brokenProblem as verify_audit() names them)
        Other,       // a problem name this binary does not know (problemText)
    };
    Verdict verdict = Verdict::Other;
    QString problemText; // as the server named it; empty when it holds
    QString storedHash;  // the row's hash today (empty when there is no such row)
    qint64 headId = 0;
    qint64 brokenId = 0;
    QString brokenProblem;

    bool holds() const { return verdict == Verdict::Holds; }
};

} // namespace dedup::store
