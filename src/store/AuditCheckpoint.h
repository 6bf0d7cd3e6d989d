#pragma once

#include "store/AuditCheckpointError.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

namespace dedup::store {

class AuditCheckpointKey;

// The audit chain's head at one moment, signed outside the database (docs/CLI.md, "audit
// checkpoint"): the last row's id and hash, the number of rows up to it and the server's
// clock, as dedup.audit_checkpoint() read them in one snapshot. Later, today's chain must
// still hold that row with that hash (dedup.audit_checkpoint_holds): every row up to it is
// fixed by the hash, so a rewrite of any of them, even with every later hash recomputed and
// the head moved, shows.
//
// What is signed is signedBytes(), a fixed text of the fields (never the JSON file, whose
// layout a reader may change). The file is a small JSON object with those fields and the
// signature in base64:
//     {"format": "dedup-audit-checkpoint", "version": 1, "last_id": 1234,
//      "last_hash": "<64 hex>", "row_count": 1234, "server_time": "2026-01-10T08:15:00.123456Z",
//      "key_id": "ed25519:<32 hex>", "signature": "<base64 of 64 bytes>"}
class AuditCheckpoint {
    Q_DECLARE_TR_FUNCTIONS(AuditCheckpoint)

public:
    static constexpr int Version = 1;

    qint64 lastId = 0; // 0: the chain was empty
    QString lastHash;  // 64 lower-case hex digits (64 zeros for an empty chain)
    qint64 rowCount = 0;
    QString serverTime; // the server's clock, UTC, ISO 8601 with microseconds
    QString keyId;      // AuditCheckpointKey::id() of the signing key
    QByteArray signature;

    // The text that is signed, one "name: value" line per field after a version line:
    //     dedup-audit-checkpoint v1\nlast_id: 1234\nlast_hash: ...\nrow_count: 1234\n
    //     server_time: ...\nkey_id: ed25519:...\n
    QByteArray signedBytes() const;

    // A copy with keyId and signature set by `privateKey`.
    AuditCheckpointResult<AuditCheckpoint> signedWith(const AuditCheckpointKey &privateKey) const;
    // Whether the signature is `publicKey`'s over these fields: WrongKey when another key
    // signed it (its key id differs), SignatureInvalid when a field or the signature was
    // changed after signing.
    AuditCheckpointResult<bool> verifiedWith(const AuditCheckpointKey &publicKey) const;

    // The file's content (indented JSON, LF, ends with a newline).
    QByteArray toFile() const;
    // A checkpoint from a file's content; FileMalformed with the reason when it is not one.
    // `name` is what messages call it. The signature is not checked here (verifiedWith).
    static AuditCheckpointResult<AuditCheckpoint> fromFile(const QByteArray &content,
                                                           const QString &name);
    static AuditCheckpointResult<AuditCheckpoint> readFile(const QString &path);

    // Whether the fields are well-formed (as fromFile checks them); the reason, or empty.
    QString malformed() const;
};

} // namespace dedup::store
