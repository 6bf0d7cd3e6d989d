#include "VerifyAuditCommand.h"

#include "ExitCode.h"
#include "store/AuditCheckpoint.h"
#include "store/AuditCheckpointKey.h"
#include "store/AuditCheckpointQueries.h"
#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>
#include <vector>

namespace dedup::cli {

namespace {

QJsonValue orNull(const store::PgResult &result, int row, const char *column, bool number) {
    if (result.isNull(row, column))
        return QJsonValue(QJsonValue::Null);
    return number ? QJsonValue(result.toInt64(row, column)) : QJsonValue(result.text(row, column));
}

QJsonValue orNull(const QString &text) {
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

// One --checkpoint file: read, its signature checked, then held against today's chain.
struct CheckpointOutcome {
    QString file;
    std::optional<store::AuditCheckpoint> checkpoint; // nullopt: unreadable or malformed
    // Empty: it holds. Otherwise "file" (unreadable or not a checkpoint), "key" (signed by
    // another key), "signature" (changed after signing), or the chain's answer: "head",
    // "missing", "hash", "chain" (dedup.audit_checkpoint_holds).
    QString problem;
    QString message; // why it does not hold
    std::optional<store::AuditCheckpointCheck> check;

    bool holds() const { return problem.isEmpty(); }
};

} // namespace

QString VerifyAuditCommand::summary() const {
    return tr("Verify the audit log's hash chain, and signed checkpoints of it (exit 1 if it was "
              "tampered with).");
}

void VerifyAuditCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addOption(QCommandLineOption(
        QStringLiteral("checkpoint"),
        tr("A checkpoint written by dedupctl audit checkpoint: today's chain must still hold its "
           "row with its hash (repeat for several; needs --pubkey)."),
        tr("FILE")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("pubkey"),
        tr("The Ed25519 public key (PEM) the checkpoints must be signed with (openssl pkey -in "
           "KEY.pem -pubout -out PUB.pem)."),
        tr("PUB.pem")));
}

int VerifyAuditCommand::run(const QCommandLineParser &parser) {
    const QString prefix = QStringLiteral("dedupctl verify-audit: ");
    const QStringList files = parser.values(QStringLiteral("checkpoint"));
    const QString pubkeyPath = parser.value(QStringLiteral("pubkey"));
    if (files.isEmpty() != pubkeyPath.isEmpty()) {
        err() << prefix
              << (files.isEmpty() ? tr("--pubkey needs --checkpoint FILE (the checkpoints to "
                                       "check with it)")
                                  : tr("--checkpoint needs --pubkey PUB.pem (the public key of "
                                       "the key that signed the checkpoints)"))
              << Qt::endl;
        return Usage;
    }
    // The key and the files' signatures are checked before anything connects.
    std::optional<store::AuditCheckpointKey> publicKey;
    if (!pubkeyPath.isEmpty()) {
        const auto key = store::AuditCheckpointKey::readPublic(pubkeyPath);
        if (!key) {
            err() << prefix << shown(key.errorMessage()) << Qt::endl;
            return Usage;
        }
        publicKey = key.value();
    }
    std::vector<CheckpointOutcome> outcomes;
    for (const QString &file : files) {
        CheckpointOutcome outcome;
        outcome.file = file;
        const auto read = store::AuditCheckpoint::readFile(file);
        if (!read) {
            outcome.problem = QStringLiteral("file");
            outcome.message = read.errorMessage();
        } else {
            outcome.checkpoint = read.value();
            const auto verified = read.value().verifiedWith(*publicKey);
            if (!verified) {
                outcome.problem = verified.error() == store::AuditCheckpointError::WrongKey
                                      ? QStringLiteral("key")
                                      : QStringLiteral("signature");
                outcome.message = verified.errorMessage();
            }
        }
        outcomes.push_back(outcome);
    }

    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    auto failed = [&prefix](const store::PgError &error) {
        err() << prefix << shown(error.toString()) << Qt::endl;
        return DatabaseError;
    };
    // One snapshot: the verdict, the row count, the head and the checkpoints' answers
    // describe the same chain even while operators keep appending.
    const store::PgResult begin =
        conn->exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    if (!begin.ok())
        return failed(begin.error());
    const store::PgResult verdict = conn->exec(
        QStringLiteral("SELECT id, problem, expected, actual FROM dedup.verify_audit()"));
    if (!verdict.ok())
        return failed(verdict.error());
    const store::PgResult head = conn->exec(QStringLiteral(
        "SELECT (SELECT count(*) FROM dedup.audit_log) AS rows, h.last_id, h.last_hash"
        " FROM (SELECT 1) AS one LEFT JOIN dedup.audit_head h ON h.singleton"));
    if (!head.ok())
        return failed(head.error());
    store::AuditCheckpointQueries queries(*conn);
    for (CheckpointOutcome &outcome : outcomes) {
        if (!outcome.holds())
            continue;
        const store::AuditCheckpoint &checkpoint = *outcome.checkpoint;
        const auto check = queries.check(checkpoint);
        if (!check)
            return failed(check.error());
        outcome.check = check.value();
        const store::AuditCheckpointCheck &answer = check.value();
        using Verdict = store::AuditCheckpointCheck::Verdict;
        switch (answer.verdict) {
        case Verdict::Holds:
            continue;
        case Verdict::HeadBefore:
            outcome.message = tr("the chain now ends at row %1, before the checkpoint's row %2: "
                                 "rows were removed from the end, or the head was moved back")
                                  .arg(answer.headId)
                                  .arg(checkpoint.lastId);
            break;
        case Verdict::RowMissing:
            outcome.message = tr("row %1 is no longer in the chain: rows were removed or "
                                 "renumbered")
                                  .arg(checkpoint.lastId);
            break;
        case Verdict::HashDiffers:
            outcome.message =
                tr("row %1 now has hash %2, the checkpoint signed %3: that row or one before it "
                   "was rewritten and the chain re-hashed")
                    .arg(checkpoint.lastId)
                    .arg(answer.storedHash.isEmpty() ? tr("(none)") : answer.storedHash,
                         checkpoint.lastHash);
            break;
        case Verdict::ChainBroken:
            outcome.message = tr("row %1 still has the checkpoint's hash, but the chain up to it "
                                 "is broken at row %2 (%3)")
                                  .arg(checkpoint.lastId)
                                  .arg(answer.brokenId)
                                  .arg(answer.brokenProblem);
            break;
        case Verdict::Other:
            outcome.message = tr("the store answered '%1'").arg(answer.problemText);
            break;
        }
        outcome.problem =
            answer.problemText.isEmpty() ? QStringLiteral("chain") : answer.problemText;
    }
    conn->exec(QStringLiteral("COMMIT"));

    const qint64 rows = head.toInt64(0, "rows");
    const bool intact = verdict.rows() == 0;
    const bool hasHead = !head.isNull(0, "last_id");
    const CheckpointOutcome *firstFailed = nullptr;
    for (const CheckpointOutcome &outcome : outcomes) {
        if (!outcome.holds()) {
            firstFailed = &outcome;
            break;
        }
    }
    const int code = intact && !firstFailed ? Success : Failure;

    if (json(parser)) {
        QJsonObject report{
            {QStringLiteral("intact"), intact},
            {QStringLiteral("rows"), rows},
            {QStringLiteral("head"),
             hasHead ? QJsonValue(QJsonObject{{QStringLiteral("id"), head.toInt64(0, "last_id")},
                                              {QStringLiteral("hash"), head.text(0, "last_hash")}})
                     : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("broken"), QJsonValue(QJsonValue::Null)},
        };
        if (!intact)
            report.insert(
                QStringLiteral("broken"),
                QJsonObject{{QStringLiteral("id"), orNull(verdict, 0, "id", true)},
                            {QStringLiteral("problem"), verdict.text(0, "problem")},
                            {QStringLiteral("expected"), orNull(verdict, 0, "expected", false)},
                            {QStringLiteral("actual"), orNull(verdict, 0, "actual", false)}});
        QJsonArray checkpoints;
        for (const CheckpointOutcome &outcome : outcomes) {
            QJsonObject entry{{QStringLiteral("file"), outcome.file},
                              {QStringLiteral("holds"), outcome.holds()},
                              {QStringLiteral("problem"), orNull(outcome.problem)},
                              {QStringLiteral("message"), orNull(outcome.message)}};
            // A file that could not be read has no fields: null.
            const auto *cp = outcome.checkpoint ? &*outcome.checkpoint : nullptr;
            entry.insert(QStringLiteral("last_id"), cp ? QJsonValue(cp->lastId) : QJsonValue());
            entry.insert(QStringLiteral("last_hash"), cp ? QJsonValue(cp->lastHash) : QJsonValue());
            entry.insert(QStringLiteral("row_count"), cp ? QJsonValue(cp->rowCount) : QJsonValue());
            entry.insert(QStringLiteral("server_time"),
                         cp ? QJsonValue(cp->serverTime) : QJsonValue());
            entry.insert(QStringLiteral("key_id"), cp ? QJsonValue(cp->keyId) : QJsonValue());
            checkpoints.append(entry);
        }
        report.insert(QStringLiteral("checkpoints"), checkpoints);
        report.insert(QStringLiteral("first_failed_checkpoint"),
                      firstFailed ? QJsonValue(firstFailed->file) : QJsonValue(QJsonValue::Null));
        out() << QJsonDocument(report).toJson(QJsonDocument::Compact) << Qt::endl;
        return code;
    }

    // Text: every value from the store or a checkpoint file, and every file name, escaped for
    // the terminal (the messages are kept raw for --json above).
    if (intact) {
        out() << tr("audit chain intact: %1 rows").arg(rows) << Qt::endl;
    } else {
        const QString id = verdict.isNull(0, "id") ? tr("(none)") : shown(verdict.text(0, "id"));
        const QString problem = verdict.text(0, "problem");
        QString what;
        if (problem == QLatin1String("hash"))
            what = tr("row %1 was changed after it was written: its hash does not match its "
                      "content")
                       .arg(id);
        else if (problem == QLatin1String("prev_hash"))
            what = tr("the link into row %1 is broken: a row before it was removed, inserted or "
                      "re-hashed")
                       .arg(id);
        else if (problem == QLatin1String("tail"))
            what = tr("rows were removed from the end of the chain: the head names row %1").arg(id);
        else if (problem == QLatin1String("time"))
            what = tr("row %1 is dated before the row preceding it: it was written past the "
                      "chain trigger (back-dated)")
                       .arg(id);
        else
            what = tr("problem '%1' at row %2").arg(shown(problem), id);
        out() << tr("audit chain BROKEN at row %1 (%2 rows present)").arg(id).arg(rows) << Qt::endl;
        out() << "  " << what << Qt::endl;
        out() << "  " << tr("expected: %1").arg(shown(verdict.text(0, "expected"))) << Qt::endl;
        out() << "  " << tr("actual:   %1").arg(shown(verdict.text(0, "actual"))) << Qt::endl;
    }
    for (const CheckpointOutcome &outcome : outcomes) {
        if (outcome.holds())
            out() << tr("checkpoint %1: holds (row %2, hash %3, signed at %4)")
                         .arg(shown(outcome.file))
                         .arg(outcome.checkpoint->lastId)
                         .arg(shown(outcome.checkpoint->lastHash),
                              shown(outcome.checkpoint->serverTime))
                  << Qt::endl;
        else
            out() << tr("checkpoint %1: DOES NOT HOLD: %2")
                         .arg(shown(outcome.file), shown(outcome.message))
                  << Qt::endl;
    }
    if (hasHead)
        out() << tr("chain head: row %1, hash %2")
                     .arg(shown(head.text(0, "last_id")), shown(head.text(0, "last_hash")))
              << Qt::endl;
    else
        out() << tr("chain head: missing") << Qt::endl;
    if (outcomes.empty())
        out() << tr("not checked against a signed checkpoint: a chain rewritten with every later "
                    "hash recomputed and the head moved verifies as intact on its own (dedupctl "
                    "audit checkpoint, then --checkpoint FILE --pubkey PUB.pem)")
              << Qt::endl;
    else if (firstFailed)
        out() << tr("first checkpoint that does not hold: %1: %2")
                     .arg(shown(firstFailed->file), shown(firstFailed->message))
              << Qt::endl;
    else
        out() << tr("every checkpoint holds (%n checkpoint(s) signed by %1)", nullptr,
                    int(outcomes.size()))
                     .arg(publicKey->id())
              << Qt::endl;
    return code;
}

} // namespace dedup::cli
