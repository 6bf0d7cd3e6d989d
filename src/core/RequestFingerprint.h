#pragma once

#include "CanonicalJson.h"
#include "Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonDocument>
#include <QJsonValue>
#include <QString>

namespace dedup::core {

// The fingerprint of a request payload (`dedup.runs.fingerprint`): lowercase hex SHA-256 of
// its CanonicalJson form, 64 characters. claim() compares it with the stored one: the same
// key with a different fingerprint is a client bug (two intents derived one key), reported
// as `mismatch` and never run. Hashing the canonical form means a client that reorders keys
// or reformats numbers on retry is not mistaken for one.
class RequestFingerprint {
public:
    using Outcome = Result<QString, CanonicalJson::Error>;

    static Outcome fromText(QByteArrayView json);
    static Outcome fromValue(const QJsonValue &value);
    static Outcome fromDocument(const QJsonDocument &document);

    // The fingerprint of bytes already in canonical form.
    static QString ofCanonical(const QByteArray &canonicalJson);
};

} // namespace dedup::core
