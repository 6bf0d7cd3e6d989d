#pragma once

#include "CliCommand.h"

namespace dedup::cli {

// dedupctl audit checkpoint --key KEY.pem --output FILE: signs the audit chain's head (last
// row id, its hash, the row count, the server's time) with an Ed25519 private key kept
// outside the database, and writes it to FILE. `dedupctl verify-audit --checkpoint FILE
// --pubkey PUB.pem` later checks that the chain still holds it: a chain the store's owner
// rewrote (every hash recomputed, the head moved) verifies on its own, but not against a
// checkpoint taken before. A broken chain is not signed.
class AuditCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(AuditCommand)

public:
    QString name() const override { return QStringLiteral("audit"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
    bool takesArguments() const override { return true; }

private:
    int checkpoint(const QCommandLineParser &parser);
};

} // namespace dedup::cli
