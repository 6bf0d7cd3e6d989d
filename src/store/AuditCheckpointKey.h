#pragma once

#include "store/AuditCheckpointError.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <memory>

struct evp_pkey_st; // OpenSSL's EVP_PKEY, kept out of this header

namespace dedup::store {

// An Ed25519 key for audit checkpoints, read from a PEM file as OpenSSL writes it:
//     openssl genpkey -algorithm ed25519 -out KEY.pem        (private, PKCS#8)
//     openssl pkey -in KEY.pem -pubout -out PUB.pem           (public, SubjectPublicKeyInfo)
// The private key stays outside the database: whoever holds it can sign a checkpoint of any
// chain. Only unencrypted private keys are read (dedupctl runs from cron, without a prompt);
// protect the file itself (mode 0600, its own account).
//
// Copies share the one OpenSSL key (reference counted; freed with the last copy).
class AuditCheckpointKey {
    Q_DECLARE_TR_FUNCTIONS(AuditCheckpointKey)

public:
    static AuditCheckpointResult<AuditCheckpointKey> readPrivate(const QString &path);
    static AuditCheckpointResult<AuditCheckpointKey> readPublic(const QString &path);
    // The same from PEM text; `name` is what error messages call it (the file's path).
    static AuditCheckpointResult<AuditCheckpointKey> fromPrivatePem(const QByteArray &pem,
                                                                    const QString &name);
    static AuditCheckpointResult<AuditCheckpointKey> fromPublicPem(const QByteArray &pem,
                                                                   const QString &name);

    bool isPrivate() const { return m_private; }
    // "ed25519:" and the first 16 bytes of SHA-256 of the raw 32-byte public key, in hex: the
    // same for a private key and its public key, so a checkpoint names the key that signed it.
    QString id() const { return m_id; }

    // The 64-byte Ed25519 signature of `message` (private keys only).
    AuditCheckpointResult<QByteArray> sign(const QByteArray &message) const;
    // Whether `signature` is this key's signature of `message`.
    bool verify(const QByteArray &message, const QByteArray &signature) const;

private:
    AuditCheckpointKey() = default;
    static AuditCheckpointResult<AuditCheckpointKey> adopt(evp_pkey_st *key, bool isPrivate,
                                                           const QString &name);

    std::shared_ptr<evp_pkey_st> m_key;
    bool m_private = false;
    QString m_id;
};

} // namespace dedup::store
