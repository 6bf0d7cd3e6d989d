#pragma once

#include "Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace dedup::core {

// One byte sequence per JSON meaning, so that hashing it (RequestFingerprint) does not depend
// on how a client happened to serialise its request: key order, whitespace, "1" vs "1.0" vs
// "1e0", "é" composed or decomposed.
//
// The form is RFC 8785 (JSON Canonicalization Scheme) applied after NFC-normalising every
// string and object key, so a worker in another language reproduces it with any JCS library
// plus a normalisation pass:
//   - compact: no whitespace; object members sorted by their keys' UTF-16 code units;
//   - numbers as IEEE-754 doubles in ECMAScript Number-to-string form (1, 1.5, 1e+21,
//     1e-7); -0 is 0. Like JCS, integers beyond 2^53 lose precision: send such ids as strings;
//   - strings escape only '"', '\\' and control characters (\b \f \n \r \t, else \u00xx),
//     everything else is literal UTF-8.
// Refused: text that is not JSON, unpaired surrogates (no UTF-8 form), two keys of one object
// that are equal after NFC (the meaning would depend on which one wins), non-finite numbers.
// Qt's parser keeps the last of two byte-identical keys, so such duplicates are not detected.
class CanonicalJson {
    Q_DECLARE_TR_FUNCTIONS(dedup::core::CanonicalJson)

public:
    enum class Error {
        None,
        InvalidJson,     // not JSON text, or no value at all
        InvalidUnicode,  // a string or key with an unpaired UTF-16 surrogate
        DuplicateKey,    // two keys of one object equal after NFC
        NonFiniteNumber, // NaN or infinity (only possible from a QJsonValue built in code)
    };

    using Outcome = Result<QByteArray, Error>;

    // Any JSON text (RFC 8259: a top-level scalar is fine), UTF-8.
    static Outcome fromText(QByteArrayView json);
    static Outcome fromValue(const QJsonValue &value);
    // A null document (default-constructed or failed to parse) is refused as InvalidJson.
    static Outcome fromDocument(const QJsonDocument &document);

    // ECMAScript Number-to-string of a finite double, as JCS requires.
    static QByteArray formatNumber(double value);

private:
    struct Failure {
        Error error;
        QString message;
    };

    static std::optional<Failure> write(const QJsonValue &value, QByteArray &out);
    static std::optional<Failure> writeString(const QString &text, QByteArray &out);
    static std::optional<Failure> writeObject(const QJsonObject &object, QByteArray &out);
};

} // namespace dedup::core
