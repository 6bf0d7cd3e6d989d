#include "store/AuditCheckpoint.h"

#include "store/AuditCheckpointKey.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace dedup::store {

namespace {

const QString kFormat = QStringLiteral("dedup-audit-checkpoint");
constexpr qsizetype kSignatureBytes = 64; // Ed25519
constexpr qint64 kMaxFileBytes = 64 * 1024;

bool matches(const QString &pattern, const QString &text) {
    return QRegularExpression(QRegularExpression::anchoredPattern(pattern)).match(text).hasMatch();
}

} // namespace

QByteArray AuditCheckpoint::signedBytes() const {
    // Every value is ASCII (checked by malformed()), so the text is its own UTF-8.
    return QStringLiteral("%1 v%2\nlast_id: %3\nlast_hash: %4\nrow_count: %5\nserver_time: %6\n"
                          "key_id: %7\n")
        .arg(kFormat)
        .arg(Version)
        .arg(lastId)
        .arg(lastHash)
        .arg(rowCount)
        .arg(serverTime, keyId)
        .toUtf8();
}

QString AuditCheckpoint::malformed() const {
    if (lastId < 0)
        return tr("last_id is negative");
    if (!matches(QStringLiteral("[0-9a-f]{64}"), lastHash))
        return tr("last_hash is not 64 lower-case hex digits");
    if (rowCount < 0 || rowCount > lastId)
        return tr("row_count is not between 0 and last_id");
    if (!matches(
            QStringLiteral("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6}Z"),
            serverTime))
        return tr("server_time is not a UTC time like 2026-01-10T08:15:00.123456Z");
    if (!matches(QStringLiteral("ed25519:[0-9a-f]{32}"), keyId))
        return tr("key_id is not an Ed25519 key id like ed25519:0123456789abcdef0123456789abcdef");
    if (signature.size() != kSignatureBytes)
        return tr("signature is not 64 bytes of base64");
    return {};
}

AuditCheckpointResult<AuditCheckpoint>
AuditCheckpoint::signedWith(const AuditCheckpointKey &privateKey) const {
    using Result = AuditCheckpointResult<AuditCheckpoint>;
    AuditCheckpoint copy = *this;
    copy.keyId = privateKey.id();
    const auto signed_ = privateKey.sign(copy.signedBytes());
    if (!signed_)
        return Result::failure(signed_.error(), signed_.errorMessage());
    copy.signature = signed_.value();
    if (const QString reason = copy.malformed(); !reason.isEmpty())
        return Result::failure(AuditCheckpointError::FileMalformed,
                               tr("cannot sign a malformed checkpoint: %1").arg(reason));
    return Result::success(copy);
}

AuditCheckpointResult<bool>
AuditCheckpoint::verifiedWith(const AuditCheckpointKey &publicKey) const {
    using Result = AuditCheckpointResult<bool>;
    if (keyId != publicKey.id())
        return Result::failure(AuditCheckpointError::WrongKey,
                               tr("signed with another key (%1) than the public key given (%2)")
                                   .arg(keyId, publicKey.id()));
    if (!publicKey.verify(signedBytes(), signature))
        return Result::failure(AuditCheckpointError::SignatureInvalid,
                               tr("the signature does not match the checkpoint's fields: the "
                                  "file was changed after it was signed"));
    return Result::success(true);
}

QByteArray AuditCheckpoint::toFile() const {
    const QJsonObject object{
        {QStringLiteral("format"), kFormat},
        {QStringLiteral("version"), Version},
        {QStringLiteral("last_id"), lastId},
        {QStringLiteral("last_hash"), lastHash},
        {QStringLiteral("row_count"), rowCount},
        {QStringLiteral("server_time"), serverTime},
        {QStringLiteral("key_id"), keyId},
        {QStringLiteral("signature"), QString::fromLatin1(signature.toBase64())},
    };
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

AuditCheckpointResult<AuditCheckpoint> AuditCheckpoint::fromFile(const QByteArray &content,
                                                                 const QString &name) {
    using Result = AuditCheckpointResult<AuditCheckpoint>;
    const auto malformed = [&name](const QString &why) {
        return Result::failure(AuditCheckpointError::FileMalformed,
                               tr("%1 is not an audit checkpoint: %2").arg(name, why));
    };
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(content, &parseError);
    if (document.isNull())
        return malformed(tr("not JSON (%1)").arg(parseError.errorString()));
    if (!document.isObject())
        return malformed(tr("not a JSON object"));
    const QJsonObject object = document.object();
    if (object.value(QStringLiteral("format")).toString() != kFormat)
        return malformed(tr("\"format\" is not \"%1\"").arg(kFormat));
    const qint64 version = object.value(QStringLiteral("version")).toInteger(-1);
    if (version != Version)
        return malformed(tr("version %1 is not one this program reads (%2)")
                             .arg(object.value(QStringLiteral("version")).toVariant().toString())
                             .arg(Version));
    // Fields outside the signature are refused rather than ignored: a reader would take
    // them for signed.
    static const QStringList known{QStringLiteral("format"),    QStringLiteral("version"),
                                   QStringLiteral("last_id"),   QStringLiteral("last_hash"),
                                   QStringLiteral("row_count"), QStringLiteral("server_time"),
                                   QStringLiteral("key_id"),    QStringLiteral("signature")};
    for (const QString &key : object.keys())
        if (!known.contains(key))
            return malformed(tr("unknown field \"%1\"").arg(key));
    for (const QString &key : known)
        if (!object.contains(key))
            return malformed(tr("the field \"%1\" is missing").arg(key));
    for (const char *key : {"last_id", "row_count"})
        if (object.value(QLatin1String(key)).toInteger(-1) < 0)
            return malformed(
                tr("\"%1\" is not a whole number of 0 or more").arg(QLatin1String(key)));
    for (const char *key : {"last_hash", "server_time", "key_id", "signature"})
        if (!object.value(QLatin1String(key)).isString())
            return malformed(tr("\"%1\" is not a string").arg(QLatin1String(key)));

    AuditCheckpoint checkpoint;
    checkpoint.lastId = object.value(QStringLiteral("last_id")).toInteger();
    checkpoint.lastHash = object.value(QStringLiteral("last_hash")).toString();
    checkpoint.rowCount = object.value(QStringLiteral("row_count")).toInteger();
    checkpoint.serverTime = object.value(QStringLiteral("server_time")).toString();
    checkpoint.keyId = object.value(QStringLiteral("key_id")).toString();
    const auto decoded = QByteArray::fromBase64Encoding(
        object.value(QStringLiteral("signature")).toString().toLatin1(),
        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return malformed(tr("\"signature\" is not base64"));
    checkpoint.signature = *decoded;
    if (const QString reason = checkpoint.malformed(); !reason.isEmpty())
        return malformed(reason);
    return Result::success(checkpoint);
}

AuditCheckpointResult<AuditCheckpoint> AuditCheckpoint::readFile(const QString &path) {
    using Result = AuditCheckpointResult<AuditCheckpoint>;
    const QString name = QDir::toNativeSeparators(path);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Result::failure(
            AuditCheckpointError::FileUnreadable,
            tr("Cannot read the checkpoint %1: %2").arg(name, file.errorString()));
    const QByteArray content = file.read(kMaxFileBytes + 1);
    if (content.size() > kMaxFileBytes)
        return Result::failure(
            AuditCheckpointError::FileMalformed,
            tr("%1 is not an audit checkpoint: larger than %2 bytes").arg(name).arg(kMaxFileBytes));
    return fromFile(content, name);
}

} // namespace dedup::store
