#include "AuditCommand.h"

#include "ExitCode.h"
#include "reports/OwnerOnlyFile.h"
#include "store/AuditCheckpointKey.h"
#include "store/AuditCheckpointQueries.h"
#include "store/AuditVerifier.h"
#include "store/PgConnection.h"
#include "store/ReadTransaction.h"

namespace dedup::cli {

QString AuditCommand::summary() const {
    return tr("Sign the audit chain's head with a key kept outside the database (checkpoint).");
}

void AuditCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    parser.addPositionalArgument(QStringLiteral("checkpoint"),
                                 tr("Write a signed checkpoint of the audit chain's head."));
    parser.addOption(QCommandLineOption(
        QStringLiteral("key"),
        tr("The Ed25519 private key to sign with, PEM, unencrypted (openssl genpkey -algorithm "
           "ed25519 -out KEY.pem). Keep it away from the database server and its owner."),
        tr("KEY.pem")));
    parser.addOption(QCommandLineOption(
        {QStringLiteral("o"), QStringLiteral("output")},
        tr("The checkpoint file to write (via FILE.part, mode 0600, renamed when complete)."),
        tr("FILE")));
}

int AuditCommand::run(const QCommandLineParser &parser) {
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty()) {
        err() << tr("dedupctl audit: missing subcommand: use checkpoint (see dedupctl audit "
                    "--help)")
              << Qt::endl;
        return Usage;
    }
    if (args.first() != QLatin1String("checkpoint")) {
        err() << tr("dedupctl audit: unknown subcommand '%1': use checkpoint")
                     .arg(shown(args.first()))
              << Qt::endl;
        return Usage;
    }
    if (args.size() > 1) {
        err() << tr("dedupctl audit checkpoint: unexpected argument '%1'").arg(shown(args.at(1)))
              << Qt::endl;
        return Usage;
    }
    return checkpoint(parser);
}

int AuditCommand::checkpoint(const QCommandLineParser &parser) {
    const QString prefix = QStringLiteral("dedupctl audit checkpoint: ");
    const QString keyPath = parser.value(QStringLiteral("key"));
    const QString target = parser.value(QStringLiteral("output"));
    if (keyPath.isEmpty() || target.isEmpty()) {
        err() << prefix
              << (keyPath.isEmpty() ? tr("--key KEY.pem is required (the Ed25519 private key "
                                         "to sign with)")
                                    : tr("--output FILE is required (where the checkpoint goes)"))
              << Qt::endl;
        return Usage;
    }
    // The key first: a wrong key is refused before anything connects.
    const auto key = store::AuditCheckpointKey::readPrivate(keyPath);
    if (!key) {
        err() << prefix << shown(key.errorMessage()) << Qt::endl;
        return Usage;
    }

    int refused = Unreachable;
    auto conn = connectOwnSession(parser, &refused);
    if (!conn)
        return refused;
    const auto failed = [&prefix](const store::PgError &error) {
        err() << prefix << shown(error.toString()) << Qt::endl;
        return DatabaseError;
    };
    // One snapshot: the chain that is verified is the chain whose head is signed.
    store::ReadTransaction tx(*conn);
    store::PgError txError;
    if (!tx.begin(&txError))
        return failed(txError);
    const auto verified = store::AuditVerifier(*conn).verify();
    if (!verified)
        return failed(verified.error());
    if (!verified.value().ok()) {
        const store::AuditBreak &broken = *verified.value().firstBreak;
        err() << prefix
              << tr("the audit chain is BROKEN at row %1 (%2): a checkpoint is not signed for "
                    "a broken chain; see dedupctl verify-audit")
                     .arg(broken.id)
                     .arg(shown(broken.problemText))
              << Qt::endl;
        return Failure; // tx rolls back
    }
    const auto head = store::AuditCheckpointQueries(*conn).head();
    if (!head)
        return failed(head.error());
    tx.commit(&txError); // read-only: nothing is lost if the commit fails

    const auto signedCheckpoint = head.value().signedWith(key.value());
    if (!signedCheckpoint) {
        err() << prefix << shown(signedCheckpoint.errorMessage()) << Qt::endl;
        return Failure;
    }
    const store::AuditCheckpoint &checkpoint = signedCheckpoint.value();
    reports::OwnerOnlyFile file(target);
    if (!file.open() || file.device().write(checkpoint.toFile()) < 0 || !file.commit()) {
        err() << prefix
              << shown(file.errorString().isEmpty() ? file.device().errorString()
                                                    : file.errorString())
              << Qt::endl;
        return Failure;
    }
    out() << tr("audit checkpoint written to %1: row %2, hash %3, %4 rows, server time %5, "
                "signed with %6")
                 .arg(shown(target))
                 .arg(checkpoint.lastId)
                 .arg(shown(checkpoint.lastHash))
                 .arg(checkpoint.rowCount)
                 .arg(shown(checkpoint.serverTime), shown(checkpoint.keyId))
          << Qt::endl;
    return Success;
}

} // namespace dedup::cli
