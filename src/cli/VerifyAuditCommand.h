#pragma once

#include "CliCommand.h"

namespace dedup::cli {

// dedupctl verify-audit: checks the audit log's hash chain with dedup.verify_audit(). Exit 0
// when it is intact, 1 with the first broken link when someone changed, removed or inserted
// audit rows behind the append-only triggers. Prints the chain head, which an operator can
// keep outside the database: rewriting every later hash and the head is only detectable
// against such an anchor.
class VerifyAuditCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(VerifyAuditCommand)

public:
    QString name() const override { return QStringLiteral("verify-audit"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
};

} // namespace dedup::cli
