#include "VerifyAuditCommand.h"

#include "ExitCode.h"
#include "store/AuditChainQueries.h"
#include "store/AuditCheckpointQueries.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::cli {

// One --checkpoint file: read, its signature checked, then held against today's chain.
struct VerifyAuditCommand::CheckpointOutcome {
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

namespace {

QJsonValue orNull(const QString &text) {
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonValue orNull(const std::optional<QString> &text) {
    return text ? QJsonValue(*text) : QJsonValue(QJsonValue::Null);
}

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

std::optional<VerifyAuditCommand::Outcomes>
VerifyAuditCommand::readCheckpoints(const QCommandLineParser &parser,
                                    std::optional<store::AuditCheckpointKey> *key) {
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
        return std::nullopt;
    }
    if (!pubkeyPath.isEmpty()) {
        const auto read = store::AuditCheckpointKey::readPublic(pubkeyPath);
        if (!read) {
            err() << prefix << shown(read.errorMessage()) << Qt::endl;
            return std::nullopt;
        }
        *key = read.value();
    }
    Outcomes outcomes;
    for (const QString &file : files) {
        CheckpointOutcome outcome;
        outcome.file = file;
        const auto read = store::AuditCheckpoint::readFile(file);
        if (!read) {
            outcome.problem = QStringLiteral("file");
            outcome.message = read.errorMessage();
        } else {
            outcome.checkpoint = read.value();
            const auto verified = read.value().verifiedWith(**key);
            if (!verified) {
                outcome.problem = verified.error() == store::AuditCheckpointError::WrongKey
                                      ? QStringLiteral("key")
                                      : QStringLiteral("signature");
                outcome.message = verified.errorMessage();
            }
        }
        outcomes.push_back(outcome);
    }
    return outcomes;
}

int VerifyAuditCommand::run(const QCommandLineParser &parser) {
    // The key and the files' signatures are checked before anything connects.
    std::optional<store::AuditCheckpointKey> publicKey;
    std::optional<Outcomes> outcomes = readCheckpoints(parser, &publicKey);
    if (!outcomes)
        return Usage;
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    // One snapshot: the verdict, the row count, the head and the checkpoints' answers
    // describe the same chain even while operators keep appending.
    store::PgError error;
    store::ReadTransaction tx(*conn);
    std::optional<store::AuditChainStatus> chain;
    if (tx.begin(&error))
        chain = store::AuditChainQueries(*conn).read(&error);
    if (!chain || !checkAgainstChain(*conn, *outcomes, &error)) {
        err() << QStringLiteral("dedupctl verify-audit: ") << shown(error.toString()) << Qt::endl;
        return DatabaseError;
    }
    tx.commit(&error); // read-only: nothing is lost if the commit fails

    const CheckpointOutcome *firstFailed = nullptr;
    for (const CheckpointOutcome &outcome : *outcomes) {
        if (!outcome.holds()) {
            firstFailed = &outcome;
            break;
        }
    }
    if (json(parser))
        printJson(*chain, *outcomes, firstFailed);
    else
        printText(*chain, *outcomes, firstFailed, publicKey);
    return chain->intact && !firstFailed ? Success : Failure;
}

bool VerifyAuditCommand::checkAgainstChain(store::PgConnection &conn, Outcomes &outcomes,
                                           store::PgError *error) {
    store::AuditCheckpointQueries queries(conn);
    for (CheckpointOutcome &outcome : outcomes) {
        if (!outcome.holds())
            continue;
        const auto check = queries.check(*outcome.checkpoint);
        if (!check) {
            *error = check.error();
            return false;
        }
        outcome.check = check.value();
        const store::AuditCheckpointCheck &answer = check.value();
        if (answer.verdict == store::AuditCheckpointCheck::Verdict::Holds)
            continue;
        outcome.message = whyNotHeld(*outcome.checkpoint, answer);
        outcome.problem =
            answer.problemText.isEmpty() ? QStringLiteral("chain") : answer.problemText;
    }
    return true;
}

QString VerifyAuditCommand::whyNotHeld(const store::AuditCheckpoint &checkpoint,
                                       const store::AuditCheckpointCheck &answer) {
    using Verdict = store::AuditCheckpointCheck::Verdict;
    switch (answer.verdict) {
    case Verdict::Holds:
        break;
    case Verdict::HeadBefore:
        return tr("the chain now ends at row %1, before the checkpoint's row %2: "
                  "rows were removed from the end, or the head was moved back")
            .arg(answer.headId)
            .arg(checkpoint.lastId);
    case Verdict::RowMissing:
        return tr("row %1 is no longer in the chain: rows were removed or "
                  "renumbered")
            .arg(checkpoint.lastId);
    case Verdict::HashDiffers:
        return tr("row %1 now has hash %2, the checkpoint signed %3: that row or one before it "
                  "was rewritten and the chain re-hashed")
            .arg(checkpoint.lastId)
            .arg(answer.storedHash.isEmpty() ? tr("(none)") : answer.storedHash,
                 checkpoint.lastHash);
    case Verdict::ChainBroken:
        return tr("row %1 still has the checkpoint's hash, but the chain up to it "
                  "is broken at row %2 (%3)")
            .arg(checkpoint.lastId)
            .arg(answer.brokenId)
            .arg(answer.brokenProblem);
    case Verdict::Other:
        return tr("the store answered '%1'").arg(answer.problemText);
    }
    return {};
}

void VerifyAuditCommand::printJson(const store::AuditChainStatus &chain, const Outcomes &outcomes,
                                   const CheckpointOutcome *firstFailed) {
    QJsonObject report{
        {QStringLiteral("intact"), chain.intact},
        {QStringLiteral("rows"), chain.rows},
        {QStringLiteral("head"),
         chain.headId ? QJsonValue(QJsonObject{{QStringLiteral("id"), *chain.headId},
                                               {QStringLiteral("hash"), chain.headHash}})
                      : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("broken"), QJsonValue(QJsonValue::Null)},
    };
    if (!chain.intact)
        report.insert(
            QStringLiteral("broken"),
            QJsonObject{{QStringLiteral("id"), chain.brokenId ? QJsonValue(*chain.brokenId)
                                                              : QJsonValue(QJsonValue::Null)},
                        {QStringLiteral("problem"), chain.problem},
                        {QStringLiteral("expected"), orNull(chain.expected)},
                        {QStringLiteral("actual"), orNull(chain.actual)}});
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
        entry.insert(QStringLiteral("server_time"), cp ? QJsonValue(cp->serverTime) : QJsonValue());
        entry.insert(QStringLiteral("key_id"), cp ? QJsonValue(cp->keyId) : QJsonValue());
        checkpoints.append(entry);
    }
    report.insert(QStringLiteral("checkpoints"), checkpoints);
    report.insert(QStringLiteral("first_failed_checkpoint"),
                  firstFailed ? QJsonValue(firstFailed->file) : QJsonValue(QJsonValue::Null));
    out() << QJsonDocument(report).toJson(QJsonDocument::Compact) << Qt::endl;
}

QString VerifyAuditCommand::brokenText(const store::AuditChainStatus &chain, const QString &id) {
    const QString &problem = chain.problem;
    if (problem == QLatin1String("hash"))
        return tr("row %1 was changed after it was written: its hash does not match its "
                  "content")
            .arg(id);
    if (problem == QLatin1String("prev_hash"))
        return tr("the link into row %1 is broken: a row before it was removed, inserted or "
                  "re-hashed")
            .arg(id);
    if (problem == QLatin1String("tail"))
        return tr("rows were removed from the end of the chain: the head names row %1").arg(id);
    if (problem == QLatin1String("time"))
        return tr("row %1 is dated before the row preceding it: it was written past the "
                  "chain trigger (back-dated)")
            .arg(id);
    return tr("problem '%1' at row %2").arg(shown(problem), id);
}

// Text: every value from the store or a checkpoint file, and every file name, escaped for the
// terminal (the messages are kept raw for --json).
void VerifyAuditCommand::printText(const store::AuditChainStatus &chain, const Outcomes &outcomes,
                                   const CheckpointOutcome *firstFailed,
                                   const std::optional<store::AuditCheckpointKey> &key) {
    if (chain.intact) {
        out() << tr("audit chain intact: %1 rows").arg(chain.rows) << Qt::endl;
    } else {
        const QString id = chain.brokenId ? QString::number(*chain.brokenId) : tr("(none)");
        out() << tr("audit chain BROKEN at row %1 (%2 rows present)").arg(id).arg(chain.rows)
              << Qt::endl;
        out() << "  " << brokenText(chain, id) << Qt::endl;
        out() << "  " << tr("expected: %1").arg(shown(chain.expected.value_or(QString())))
              << Qt::endl;
        out() << "  " << tr("actual:   %1").arg(shown(chain.actual.value_or(QString())))
              << Qt::endl;
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
    if (chain.headId)
        out() << tr("chain head: row %1, hash %2")
                     .arg(QString::number(*chain.headId), shown(chain.headHash))
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
                     .arg(key->id())
              << Qt::endl;
}

} // namespace dedup::cli
