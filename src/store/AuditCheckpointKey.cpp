#include "store/AuditCheckpointKey.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

namespace dedup::store {

namespace {

struct BioFree {
    void operator()(BIO *bio) const { BIO_free(bio); }
};
struct PkeyFree {
    void operator()(EVP_PKEY *key) const { EVP_PKEY_free(key); }
};
struct MdCtxFree {
    void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};
using Bio = std::unique_ptr<BIO, BioFree>;
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;

// OpenSSL keeps its errors in a per-thread queue: the first one says most; the queue is
// emptied so that it does not leak into the next call's report.
QString takeOpenSslError() {
    QString first;
    while (const unsigned long code = ERR_get_error()) {
        if (first.isEmpty()) {
            char text[256] = {};
            ERR_error_string_n(code, text, sizeof text);
            first = QString::fromLatin1(text);
        }
    }
    return first;
}

// A PEM encrypted with a passphrase would make OpenSSL prompt on the terminal: refuse
// instead (dedupctl runs unattended).
int noPassphrase(char *, int, int, void *) {
    return -1;
}

Bio memoryBio(const QByteArray &bytes) {
    return Bio(BIO_new_mem_buf(bytes.constData(), int(bytes.size())));
}

AuditCheckpointResult<QByteArray> readFile(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return AuditCheckpointResult<QByteArray>::failure(
            AuditCheckpointError::FileUnreadable,
            AuditCheckpointKey::tr("Cannot read the key file %1: %2")
                .arg(QDir::toNativeSeparators(path), file.errorString()));
    // A PEM key is a few hundred bytes; anything large is not one.
    const QByteArray bytes = file.read(64 * 1024);
    return AuditCheckpointResult<QByteArray>::success(bytes);
}

QString typeName(const EVP_PKEY *key) {
    const char *name = EVP_PKEY_get0_type_name(key);
    return name ? QString::fromLatin1(name) : AuditCheckpointKey::tr("unknown");
}

} // namespace

AuditCheckpointResult<AuditCheckpointKey> AuditCheckpointKey::readPrivate(const QString &path) {
    const auto bytes = readFile(path);
    if (!bytes)
        return AuditCheckpointResult<AuditCheckpointKey>::failure(bytes.error(),
                                                                  bytes.errorMessage());
    return fromPrivatePem(bytes.value(), QDir::toNativeSeparators(path));
}

AuditCheckpointResult<AuditCheckpointKey> AuditCheckpointKey::readPublic(const QString &path) {
    const auto bytes = readFile(path);
    if (!bytes)
        return AuditCheckpointResult<AuditCheckpointKey>::failure(bytes.error(),
                                                                  bytes.errorMessage());
    return fromPublicPem(bytes.value(), QDir::toNativeSeparators(path));
}

AuditCheckpointResult<AuditCheckpointKey> AuditCheckpointKey::fromPrivatePem(const QByteArray &pem,
                                                                             const QString &name) {
    using Result = AuditCheckpointResult<AuditCheckpointKey>;
    if (pem.contains("ENCRYPTED"))
        return Result::failure(AuditCheckpointError::KeyMalformed,
                               tr("%1 is encrypted with a passphrase; checkpoints are signed "
                                  "unattended, with an unencrypted key in a file only its owner "
                                  "can read (mode 0600)")
                                   .arg(name));
    if (!pem.contains("PRIVATE KEY-----") && pem.contains("PUBLIC KEY-----"))
        return Result::failure(AuditCheckpointError::KeyMalformed,
                               tr("%1 holds a public key: signing a checkpoint needs the private "
                                  "key (openssl genpkey -algorithm ed25519 -out KEY.pem)")
                                   .arg(name));
    ERR_clear_error();
    const Bio bio = memoryBio(pem);
    EVP_PKEY *key =
        bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, &noPassphrase, nullptr) : nullptr;
    if (!key) {
        const QString detail = takeOpenSslError();
        return Result::failure(AuditCheckpointError::KeyMalformed,
                               tr("%1 is not a PEM private key (as openssl genpkey -algorithm "
                                  "ed25519 writes it): %2")
                                   .arg(name, detail));
    }
    return adopt(key, true, name);
}

AuditCheckpointResult<AuditCheckpointKey> AuditCheckpointKey::fromPublicPem(const QByteArray &pem,
                                                                            const QString &name) {
    using Result = AuditCheckpointResult<AuditCheckpointKey>;
    if (pem.contains("PRIVATE KEY-----"))
        return Result::failure(AuditCheckpointError::KeyMalformed,
                               tr("%1 holds a private key: verify with its public key, and keep "
                                  "the private key away from the machines that verify "
                                  "(openssl pkey -in KEY.pem -pubout -out PUB.pem)")
                                   .arg(name));
    ERR_clear_error();
    const Bio bio = memoryBio(pem);
    EVP_PKEY *key = bio ? PEM_read_bio_PUBKEY(bio.get(), nullptr, &noPassphrase, nullptr) : nullptr;
    if (!key) {
        const QString detail = takeOpenSslError();
        return Result::failure(AuditCheckpointError::KeyMalformed,
                               tr("%1 is not a PEM public key (as openssl pkey -pubout writes "
                                  "it): %2")
                                   .arg(name, detail));
    }
    return adopt(key, false, name);
}

AuditCheckpointResult<AuditCheckpointKey> AuditCheckpointKey::adopt(EVP_PKEY *raw, bool isPrivate,
                                                                    const QString &name) {
    using Result = AuditCheckpointResult<AuditCheckpointKey>;
    Pkey key(raw);
    if (EVP_PKEY_get_base_id(key.get()) != EVP_PKEY_ED25519)
        return Result::failure(AuditCheckpointError::KeyNotEd25519,
                               tr("%1 holds a key of type %2: audit checkpoints are signed with "
                                  "Ed25519 (openssl genpkey -algorithm ed25519 -out KEY.pem)")
                                   .arg(name, typeName(key.get())));
    size_t length = 0;
    if (EVP_PKEY_get_raw_public_key(key.get(), nullptr, &length) != 1 || length != 32)
        return Result::failure(
            AuditCheckpointError::Crypto,
            tr("%1: cannot read the public half of the key: %2").arg(name, takeOpenSslError()));
    QByteArray publicKey(qsizetype(length), '\0');
    if (EVP_PKEY_get_raw_public_key(key.get(), reinterpret_cast<unsigned char *>(publicKey.data()),
                                    &length) != 1)
        return Result::failure(
            AuditCheckpointError::Crypto,
            tr("%1: cannot read the public half of the key: %2").arg(name, takeOpenSslError()));
    AuditCheckpointKey result;
    result.m_id =
        QStringLiteral("ed25519:") +
        QString::fromLatin1(
            QCryptographicHash::hash(publicKey, QCryptographicHash::Sha256).left(16).toHex());
    result.m_private = isPrivate;
    result.m_key = std::shared_ptr<EVP_PKEY>(key.release(), PkeyFree());
    return Result::success(result);
}

AuditCheckpointResult<QByteArray> AuditCheckpointKey::sign(const QByteArray &message) const {
    using Result = AuditCheckpointResult<QByteArray>;
    if (!m_private || !m_key)
        return Result::failure(AuditCheckpointError::KeyMalformed,
                               tr("a checkpoint is signed with a private key"));
    ERR_clear_error();
    const MdCtx ctx(EVP_MD_CTX_new());
    const auto *data = reinterpret_cast<const unsigned char *>(message.constData());
    size_t length = 0;
    // Ed25519 hashes the message itself (PureEdDSA): no digest is named, and the one-shot
    // EVP_DigestSign is the only form OpenSSL offers for it.
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, m_key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &length, data, size_t(message.size())) != 1)
        return Result::failure(AuditCheckpointError::Crypto,
                               tr("cannot sign the checkpoint: %1").arg(takeOpenSslError()));
    QByteArray signature(qsizetype(length), '\0');
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char *>(signature.data()), &length,
                       data, size_t(message.size())) != 1)
        return Result::failure(AuditCheckpointError::Crypto,
                               tr("cannot sign the checkpoint: %1").arg(takeOpenSslError()));
    signature.truncate(qsizetype(length));
    return Result::success(signature);
}

bool AuditCheckpointKey::verify(const QByteArray &message, const QByteArray &signature) const {
    if (!m_key)
        return false;
    ERR_clear_error();
    const MdCtx ctx(EVP_MD_CTX_new());
    const bool valid =
        ctx && EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, m_key.get()) == 1 &&
        EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char *>(signature.constData()),
                         size_t(signature.size()),
                         reinterpret_cast<const unsigned char *>(message.constData()),
                         size_t(message.size())) == 1;
    ERR_clear_error(); // a mismatch leaves an error in the queue: it is the answer, not a fault
    return valid;
}

} // namespace dedup::store
