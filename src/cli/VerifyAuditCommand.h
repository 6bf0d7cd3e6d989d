#pragma once

#include "CliCommand.h"
#include "store/AuditChainStatus.h"
#include "store/AuditCheckpoint.h"
#include "store/AuditCheckpointCheck.h"
#include "store/AuditCheckpointKey.h"
#include "store/PgError.h"

#include <optional>
#include <vector>

namespace dedup::cli {

// dedupctl verify-audit: checks the audit log's hash chain with dedup.verify_audit(). Exit 0
// when it is intact, 1 with the first broken link when someone changed, removed, inserted or
// back-dated audit rows behind the append-only triggers. Prints the chain head.
//
// The chain alone cannot show a rewrite by someone who also recomputed every later hash and
// moved the head (the store's owner can). With --checkpoint FILE... --pubkey PUB.pem it also
// checks signed checkpoints (dedupctl audit checkpoint): each must be signed by that key, and
// today's chain must still hold its row with its hash and verify up to it; exit 1 names the
// first one (in the order given) that does not hold, and why.
class VerifyAuditCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(VerifyAuditCommand)

public:
    QString name() const override { return QStringLiteral("verify-audit"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    struct CheckpointOutcome;
    using Outcomes = std::vector<CheckpointOutcome>;

    // The --checkpoint files read and their signatures checked (before anything connects);
    // nullopt after a usage error was printed.
    static std::optional<Outcomes> readCheckpoints(const QCommandLineParser &parser,
                                                   std::optional<store::AuditCheckpointKey> *key);
    // Holds each readable checkpoint against today's chain, in the caller's snapshot.
    static bool checkAgainstChain(store::PgConnection &conn, Outcomes &outcomes,
                                  store::PgError *error);
    static QString whyNotHeld(const store::AuditCheckpoint &checkpoint,
                              const store::AuditCheckpointCheck &answer);
    static void printJson(const store::AuditChainStatus &chain, const Outcomes &outcomes,
                          const CheckpointOutcome *firstFailed);
    static QString brokenText(const store::AuditChainStatus &chain, const QString &id);
    static void printText(const store::AuditChainStatus &chain, const Outcomes &outcomes,
                          const CheckpointOutcome *firstFailed,
                          const std::optional<store::AuditCheckpointKey> &key);
};

} // namespace dedup::cli
