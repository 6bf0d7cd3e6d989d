#include "AuditImmutability.h"

#include "StoreSnapshot.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunProtocol.h"

#include <QElapsedTimer>

#include <memory>
#include <vector>

using namespace dedup;
using store::PgConnection;
using store::PgParams;

namespace {

struct Writer {
    QString role; // login role; empty for the owner
    std::unique_ptr<PgConnection> conn;
};

// The whole log and its head, hashed.
QString auditFingerprint(PgConnection &owner) {
    return StoreSnapshot::scalar(
        owner, QStringLiteral("SELECT count(*) || ':' || md5(coalesce(string_agg(a::text, '|' "
                              "ORDER BY a.id), '')) || ':' || (SELECT last_id || ':' || last_hash "
                              "FROM dedup.audit_head) FROM dedup.audit_log a"));
}

} // namespace

LineReport AuditImmutability::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("5b");
    report.title = QStringLiteral("audit rows cannot be changed (%1 rounds)").arg(options.rounds);
    QElapsedTimer clock;
    clock.start();

    PgConnection owner;
    if (!owner.open(target.owner, QStringLiteral("dedup-reliability"))) {
        report.addProblem(owner.openError().toString());
        return report;
    }
    std::vector<Writer> writers;
    for (const auto &[role, conninfo] :
         {std::pair{QStringLiteral("t_viewer"), target.viewer},
          std::pair{QStringLiteral("t_worker"), target.worker},
          std::pair{QStringLiteral("t_operator"), target.operatorRole},
          std::pair{QString(), target.owner}}) {
        auto conn = std::make_unique<PgConnection>();
        if (!conn->open(conninfo, QStringLiteral("dedup-reliability"))) {
            report.addProblem(conn->openError().toString());
            return report;
        }
        (void)conn->exec(QStringLiteral("SET client_min_messages = error"));
        writers.push_back({role, std::move(conn)});
    }
    PgConnection &operatorConn = *writers[2].conn;
    store::RunProtocol protocol(owner);
    store::OperatorActions operatorActions(operatorConn);
    qint64 byPrivilege = 0;
    qint64 byTrigger = 0;
    qint64 replays = 0;
    qint64 verifications = 0;

    for (int round = 0; round < options.rounds; ++round) {
        // New audit rows: a run cancelled by the operator (applied) and a refused clear
        // (changed: also audited).
        store::ClaimRequest claim;
        claim.scope = QStringLiteral("rel-audit");
        claim.key = QStringLiteral("k%1").arg(round);
        claim.workflow = QStringLiteral("audit");
        claim.fingerprint = QStringLiteral("sha256:a");
        claim.worker = QStringLiteral("w");
        const auto claimed = protocol.claim(claim);
        if (!claimed.ok() || !claimed.value().acquired()) {
            report.addProblem(QStringLiteral("round %1: claim failed").arg(round));
            continue;
        }
        const store::OperatorRequest cancel{claimed.value().runId, claimed.value().leaseToken,
                                            QStringLiteral("reliability: audit round"),
                                            store::OperatorActions::newActionKey()};
        const auto cancelled = operatorActions.cancel(cancel);
        const auto refused = operatorActions.clearStaleLease(
            {claimed.value().runId, claimed.value().leaseToken, QStringLiteral("stale view"),
             store::OperatorActions::newActionKey()});
        if (!cancelled.ok() || !cancelled.value().isApplied() || !refused.ok() ||
            refused.value().outcome != store::OperatorOutcomeKind::Changed) {
            report.addProblem(QStringLiteral("round %1: the operator's actions failed").arg(round));
            continue;
        }

        const QString before = auditFingerprint(owner);
        for (Writer &writer : writers) {
            const bool isOwner = writer.role.isEmpty();
            const QString who = isOwner ? QStringLiteral("owner") : writer.role;
            QStringList attempts{
                QStringLiteral("UPDATE dedup.audit_log SET reason = 'rewritten' WHERE id = "
                               "(SELECT max(id) FROM dedup.audit_log)"),
                QStringLiteral("UPDATE dedup.audit_log SET hash = md5(hash)"),
                QStringLiteral("DELETE FROM dedup.audit_log WHERE id = "
                               "(SELECT min(id) FROM dedup.audit_log)"),
                QStringLiteral("DELETE FROM dedup.audit_log"),
                QStringLiteral("TRUNCATE dedup.audit_log"),
            };
            if (!isOwner) {
                attempts << QStringLiteral(
                                "INSERT INTO dedup.audit_log (id, at, db_role, action, run_id, "
                                "action_key, reason, outcome, prev_hash, hash) VALUES (0, now(), "
                                "'forged', 'op_cancel', 1, 'forged', 'forged', 'applied', '', '')")
                         << QStringLiteral("UPDATE dedup.audit_head SET last_hash = md5(last_hash)")
                         << QStringLiteral("ALTER TABLE dedup.audit_log DISABLE TRIGGER "
                                           "audit_log_append_only");
            }
            for (const QString &sql : std::as_const(attempts)) {
                ++report.trials;
                ++report.faults;
                const auto result = writer.conn->exec(sql);
                const QString state =
                    result.ok() ? QStringLiteral("accepted") : result.error().sqlState;
                const QString expected =
                    isOwner ? QStringLiteral("DD008") : QStringLiteral("42501");
                const QString after = auditFingerprint(owner);
                const QString chain = StoreSnapshot::scalar(
                    owner, QStringLiteral("SELECT count(*) FROM dedup.verify_audit()"));
                ++verifications;
                const bool unchanged = after == before && chain == QLatin1String("0");
                if (!unchanged)
                    ++report.lost;
                if (state == expected && unchanged) {
                    ++report.survived;
                    (isOwner ? byTrigger : byPrivilege) += 1;
                } else {
                    report.addProblem(
                        QStringLiteral("round %1, %2: %3 -> %4 (expected %5)%6")
                            .arg(round)
                            .arg(who, sql, state, expected,
                                 unchanged ? QString() : QStringLiteral("; the log changed")));
                }
            }
        }
        // The same action key with another reason: a replay, never a second or edited row.
        ++report.trials;
        ++report.faults;
        store::OperatorRequest again = cancel;
        again.reason = QStringLiteral("a different story");
        const auto replay = operatorActions.cancel(again);
        const bool replayed =
            replay.ok() && replay.value().outcome == store::OperatorOutcomeKind::Replayed;
        const bool unchanged =
            auditFingerprint(owner) == before &&
            StoreSnapshot::scalar(owner,
                                  QStringLiteral("SELECT count(*) FROM dedup.verify_audit()")) ==
                QLatin1String("0");
        if (replayed && unchanged) {
            ++report.survived;
            ++replays;
        } else {
            if (!unchanged)
                ++report.lost;
            report.addProblem(
                QStringLiteral("round %1: resending an action key with another reason "
                               "was not a clean replay")
                    .arg(round));
        }
    }

    // The bypass the owner still has is detected (and rolled back here).
    const bool began =
        owner.exec(QStringLiteral("BEGIN")).ok() &&
        owner.exec(QStringLiteral("SET LOCAL session_replication_role = replica")).ok();
    const auto tampered = owner.exec(QStringLiteral(
        "UPDATE dedup.audit_log SET reason = 'tampered' WHERE id = (SELECT min(id) FROM "
        "dedup.audit_log)"));
    const QString detected =
        StoreSnapshot::scalar(owner, QStringLiteral("SELECT problem FROM dedup.verify_audit()"));
    (void)owner.exec(QStringLiteral("ROLLBACK"));
    const bool tamperDetected =
        began && tampered.ok() && tampered.affectedRows() == 1 && detected == QLatin1String("hash");
    if (!tamperDetected)
        report.addProblem(QStringLiteral("tampering with the triggers bypassed was not detected "
                                         "(verify_audit: %1)")
                              .arg(detected));
    const QString finalChain =
        StoreSnapshot::scalar(owner, QStringLiteral("SELECT count(*) FROM dedup.verify_audit()"));
    if (finalChain != QLatin1String("0"))
        report.addProblem(
            QStringLiteral("the chain does not verify at the end (%1)").arg(finalChain));

    report.setFigure(QStringLiteral("refused_by_privilege"), byPrivilege);
    report.setFigure(QStringLiteral("refused_by_append_only_trigger"), byTrigger);
    report.setFigure(QStringLiteral("action_key_replays"), replays);
    report.setFigure(QStringLiteral("chain_verifications"), verifications);
    report.setFigure(
        QStringLiteral("audit_rows"),
        StoreSnapshot::scalar(owner, QStringLiteral("SELECT count(*) FROM dedup.audit_log"))
            .toLongLong());
    report.setFigure(QStringLiteral("owner_bypass_detected"), tamperDetected ? 1 : 0);
    report.elapsedMs = clock.elapsed();
    return report;
}
