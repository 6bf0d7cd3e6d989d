// CanonicalJson and RequestFingerprint over arbitrary bytes (a worker's request payload).
//
// Properties, for every input:
//   * canonicalising and fingerprinting agree: both refuse, or the fingerprint is the SHA-256
//     of the canonical bytes (64 lowercase hex digits);
//   * a refusal has an error code and a message;
//   * the canonical form is idempotent: canon(canon(x)) == canon(x), byte for byte;
//   * it is valid UTF-8 and means what the input meant: Qt reads it back as the input's value
//     with every string and key NFC-normalised and every number as the same double;
//   * it is compact: no whitespace outside strings, the top-level object's keys in UTF-16
//     code unit order.
// And, reading the first 8 bytes as a double: formatNumber() gives text that reads back as
// exactly that double, in ECMAScript's Number-to-string shape.

#include "FuzzSupport.h"
#include "core/CanonicalJson.h"
#include "core/RequestFingerprint.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <cstdlib>
#include <cstring>

using dedup::core::CanonicalJson;
using dedup::core::RequestFingerprint;

namespace {

QString nfc(const QString &text) {
    return text.normalized(QString::NormalizationForm_C);
}

// One JSON value (any type at the top level), or Undefined when `json` is not exactly one.
QJsonValue readValue(const QByteArray &json) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson('[' + json + ']', &error);
    if (error.error != QJsonParseError::NoError || doc.array().size() != 1)
        return QJsonValue(QJsonValue::Undefined);
    return doc.array().first();
}

// Whether `canonical` is `original` with strings and keys NFC-normalised.
bool sameMeaning(const QJsonValue &original, const QJsonValue &canonical) {
    if (original.isDouble() && canonical.isDouble())
        return original.toDouble() == canonical.toDouble();
    if (original.type() != canonical.type())
        return false;
    switch (original.type()) {
    case QJsonValue::String:
        return nfc(original.toString()) == canonical.toString();
    case QJsonValue::Array: {
        const QJsonArray a = original.toArray(), b = canonical.toArray();
        if (a.size() != b.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!sameMeaning(a.at(i), b.at(i)))
                return false;
        }
        return true;
    }
    case QJsonValue::Object: {
        const QJsonObject a = original.toObject(), b = canonical.toObject();
        if (a.size() != b.size())
            return false;
        for (auto it = a.constBegin(); it != a.constEnd(); ++it) {
            const QString key = nfc(it.key());
            if (!b.contains(key) || !sameMeaning(it.value(), b.value(key)))
                return false;
        }
        return true;
    }
    default:
        return original == canonical;
    }
}

// No whitespace outside strings.
void checkCompact(const QByteArray &canonical) {
    bool inString = false;
    for (qsizetype i = 0; i < canonical.size(); ++i) {
        const char c = canonical.at(i);
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        FUZZ_CHECK(c != ' ' && c != '\n' && c != '\r' && c != '\t', QString::fromUtf8(canonical));
        if (c == '"')
            inString = true;
    }
}

// The member keys of the top-level object, in the order they appear in the canonical text.
QStringList keysInTextOrder(const QByteArray &canonical) {
    QStringList keys;
    int depth = 0;
    bool inString = false;
    qsizetype start = 0;
    for (qsizetype i = 0; i < canonical.size(); ++i) {
        const char c = canonical.at(i);
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
                // A string at depth 1 followed by ':' is a key of the top-level object.
                if (depth == 1 && i + 1 < canonical.size() && canonical.at(i + 1) == ':') {
                    const QJsonValue key = readValue(canonical.mid(start, i - start + 1));
                    keys << key.toString();
                }
            }
            continue;
        }
        if (c == '"') {
            inString = true;
            start = i;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return keys;
}

bool utf16Less(const QString &a, const QString &b) {
    return std::lexicographical_compare(a.utf16(), a.utf16() + a.size(), b.utf16(),
                                        b.utf16() + b.size());
}

void checkNumber(double value) {
    if (!std::isfinite(value))
        return;
    const QByteArray text = CanonicalJson::formatNumber(value);
    static const QRegularExpression shape(
        QStringLiteral("^-?(0|[1-9][0-9]*)(\\.[0-9]*[1-9])?(e[+-][1-9][0-9]*)?$"));
    FUZZ_CHECK(shape.match(QString::fromLatin1(text)).hasMatch(), QString::fromLatin1(text));
    const double back = std::strtod(text.constData(), nullptr);
    FUZZ_CHECK(back == value, QString::fromLatin1(text) + QStringLiteral(" != ") +
                                  QString::number(value, 'g', 17));
    // ECMAScript: plain digits from 1e-7 (exclusive) up to 1e21 (exclusive), else exponent.
    const double magnitude = std::fabs(value);
    const bool exponent = text.contains('e');
    if (value != 0)
        FUZZ_CHECK(exponent == (magnitude >= 1e21 || magnitude < 1e-6), QString::fromLatin1(text));
    if (magnitude >= 1 && magnitude < 9007199254740992.0 && std::trunc(value) == value) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
        FUZZ_CHECK(text == QByteArray(buffer), QString::fromLatin1(text));
    }
    // Canonical numbers are themselves canonical JSON.
    const auto again = CanonicalJson::fromText(text);
    FUZZ_CHECK(again && again.value() == text, QString::fromLatin1(text));
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    if (size >= sizeof(double)) {
        double number;
        std::memcpy(&number, data, sizeof number);
        checkNumber(number);
    }

    const auto canonical = CanonicalJson::fromText(input);
    const auto fingerprint = RequestFingerprint::fromText(input);
    FUZZ_CHECK(canonical.ok() == fingerprint.ok(), QString::fromUtf8(input));
    if (!canonical) {
        FUZZ_CHECK(canonical.error() != CanonicalJson::Error::None, QString::fromUtf8(input));
        FUZZ_CHECK(fingerprint.error() == canonical.error(), QString::fromUtf8(input));
        FUZZ_CHECK(!canonical.errorMessage().isEmpty(), QString::fromUtf8(input));
        return 0;
    }
    const QByteArray &canon = canonical.value();
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    FUZZ_CHECK(hex.match(fingerprint.value()).hasMatch(), fingerprint.value());
    FUZZ_CHECK(fingerprint.value() == RequestFingerprint::ofCanonical(canon), fingerprint.value());

    FUZZ_CHECK(QString::fromUtf8(canon).toUtf8() == canon, QString::fromUtf8(canon));
    const auto again = CanonicalJson::fromText(canon);
    FUZZ_CHECK(again.ok(),
               QString::fromUtf8(canon) + QStringLiteral(" refused: ") + again.errorMessage());
    FUZZ_CHECK(again.value() == canon, QString::fromUtf8(canon) + QStringLiteral(" became ") +
                                           QString::fromUtf8(again.value()));

    const QJsonValue original = readValue(input);
    const QJsonValue back = readValue(canon);
    FUZZ_CHECK(!back.isUndefined(), QString::fromUtf8(canon));
    FUZZ_CHECK(sameMeaning(original, back),
               QString::fromUtf8(input) + QStringLiteral(" -> ") + QString::fromUtf8(canon));
    checkCompact(canon);
    const QStringList keys = keysInTextOrder(canon);
    for (qsizetype i = 1; i < keys.size(); ++i)
        FUZZ_CHECK(utf16Less(keys.at(i - 1), keys.at(i)), QString::fromUtf8(canon));

    // A value built in code (not text) canonicalises to the same bytes.
    const auto fromValue = CanonicalJson::fromValue(original);
    FUZZ_CHECK(fromValue.ok() && fromValue.value() == canon, QString::fromUtf8(canon));
    return 0;
}
