#include "RequestFingerprint.h"

#include <QCryptographicHash>

namespace dedup::core {

namespace {

RequestFingerprint::Outcome hashed(const CanonicalJson::Outcome &canonical) {
    if (!canonical)
        return RequestFingerprint::Outcome::failure(canonical.error(), canonical.errorMessage());
    return RequestFingerprint::Outcome::success(RequestFingerprint::ofCanonical(canonical.value()));
}

} // namespace

RequestFingerprint::Outcome RequestFingerprint::fromText(QByteArrayView json) {
    return hashed(CanonicalJson::fromText(json));
}

RequestFingerprint::Outcome RequestFingerprint::fromValue(const QJsonValue &value) {
    return hashed(CanonicalJson::fromValue(value));
}

RequestFingerprint::Outcome RequestFingerprint::fromDocument(const QJsonDocument &document) {
    return hashed(CanonicalJson::fromDocument(document));
}

QString RequestFingerprint::ofCanonical(const QByteArray &canonicalJson) {
    return QString::fromLatin1(
        QCryptographicHash::hash(canonicalJson, QCryptographicHash::Sha256).toHex());
}

} // namespace dedup::core
