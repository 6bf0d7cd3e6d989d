#include "CanonicalJson.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonParseError>
#include <QList>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <system_error>
#include <utility>

namespace dedup::core {

namespace {

QString nfc(const QString &text) {
    return text.normalized(QString::NormalizationForm_C);
}

// JCS orders keys by UTF-16 code units; spelled out because QString's own ordering is not
// documented to be exactly that.
bool utf16Less(const QString &a, const QString &b) {
    return std::lexicographical_compare(a.utf16(), a.utf16() + a.size(), b.utf16(),
                                        b.utf16() + b.size());
}

} // namespace

CanonicalJson::Outcome CanonicalJson::fromText(QByteArrayView json) {
    // Qt's parser accepts only an object or an array at the top level; wrapping the text in
    // one array accepts every JSON value. If "[text]" is an array of exactly one element,
    // the text was exactly one value, so nothing invalid slips through ("1,2" has two).
    QByteArray wrapped;
    wrapped.reserve(json.size() + 2);
    wrapped += '[';
    wrapped += json;
    wrapped += ']';
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(wrapped, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const qsizetype offset = std::clamp<qsizetype>(parseError.offset - 1, 0, json.size());
        return Outcome::failure(Error::InvalidJson,
                                tr("The payload is not valid JSON: %1 at byte %2.")
                                    .arg(parseError.errorString())
                                    .arg(offset));
    }
    const QJsonArray values = document.array();
    if (values.isEmpty())
        return Outcome::failure(Error::InvalidJson, tr("The payload is empty."));
    if (values.size() != 1)
        return Outcome::failure(Error::InvalidJson,
                                tr("The payload is not valid JSON: it holds %1 values instead of "
                                   "one.")
                                    .arg(values.size()));
    return fromValue(values.first());
}

CanonicalJson::Outcome CanonicalJson::fromDocument(const QJsonDocument &document) {
    if (document.isObject())
        return fromValue(document.object());
    if (document.isArray())
        return fromValue(document.array());
    return Outcome::failure(Error::InvalidJson, tr("The JSON document is empty."));
}

CanonicalJson::Outcome CanonicalJson::fromValue(const QJsonValue &value) {
    QByteArray out;
    if (const std::optional<Failure> failure = write(value, out))
        return Outcome::failure(failure->error, failure->message);
    return Outcome::success(std::move(out));
}

std::optional<CanonicalJson::Failure> CanonicalJson::write(const QJsonValue &value,
                                                           QByteArray &out) {
    switch (value.type()) {
    case QJsonValue::Null:
        out += "null";
        return std::nullopt;
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        return std::nullopt;
    case QJsonValue::Double:
        if (!std::isfinite(value.toDouble()))
            return Failure{Error::NonFiniteNumber,
                           tr("The payload contains a number that is not finite.")};
        out += formatNumber(value.toDouble());
        return std::nullopt;
    case QJsonValue::String:
        return writeString(value.toString(), out);
    case QJsonValue::Array: {
        out += '[';
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i > 0)
                out += ',';
            if (std::optional<Failure> failure = write(array.at(i), out))
                return failure;
        }
        out += ']';
        return std::nullopt;
    }
    case QJsonValue::Object:
        return writeObject(value.toObject(), out);
    case QJsonValue::Undefined:
        break;
    }
    return Failure{Error::InvalidJson, tr("The payload contains an undefined JSON value.")};
}

std::optional<CanonicalJson::Failure> CanonicalJson::writeObject(const QJsonObject &object,
                                                                 QByteArray &out) {
    QList<std::pair<QString, QJsonValue>> members;
    members.reserve(object.size());
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (!QStringView(it.key()).isValidUtf16())
            return Failure{Error::InvalidUnicode,
                           tr("The payload contains an object key that is not valid Unicode "
                              "text.")};
        members.append({nfc(it.key()), it.value()});
    }
    std::sort(members.begin(), members.end(),
              [](const auto &a, const auto &b) { return utf16Less(a.first, b.first); });
    const auto duplicate =
        std::adjacent_find(members.cbegin(), members.cend(),
                           [](const auto &a, const auto &b) { return a.first == b.first; });
    if (duplicate != members.cend())
        return Failure{Error::DuplicateKey,
                       tr("The payload has the key \"%1\" twice in one object (keys are "
                          "compared after Unicode normalisation).")
                           .arg(duplicate->first)};

    out += '{';
    for (qsizetype i = 0; i < members.size(); ++i) {
        if (i > 0)
            out += ',';
        if (std::optional<Failure> failure = writeString(members.at(i).first, out))
            return failure;
        out += ':';
        if (std::optional<Failure> failure = write(members.at(i).second, out))
            return failure;
    }
    out += '}';
    return std::nullopt;
}

std::optional<CanonicalJson::Failure> CanonicalJson::writeString(const QString &text,
                                                                 QByteArray &out) {
    if (!QStringView(text).isValidUtf16())
        return Failure{Error::InvalidUnicode,
                       tr("The payload contains a string that is not valid Unicode text.")};
    const QByteArray utf8 = nfc(text).toUtf8();
    out += '"';
    for (const char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            // UTF-8 continuation and lead bytes are >= 0x80, so only ASCII controls match.
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += QByteArray::number(static_cast<unsigned char>(c), 16).rightJustified(2, '0');
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return std::nullopt;
}

QByteArray CanonicalJson::formatNumber(double value) {
    Q_ASSERT(std::isfinite(value));
    if (value == 0)
        return QByteArrayLiteral("0"); // also -0: JSON has no use for the sign of zero

    // Shortest round-trip digits in scientific form, e.g. "-1.2345e+02".
    char buffer[64];
    const auto [end, ec] =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
    Q_ASSERT(ec == std::errc());
    std::string_view text(buffer, static_cast<std::size_t>(end - buffer));

    QByteArray out;
    if (text.front() == '-') {
        out += '-';
        text.remove_prefix(1);
    }
    const std::size_t e = text.find('e');
    QByteArray digits;
    for (const char c : text.substr(0, e)) {
        if (c != '.')
            digits += c;
    }
    std::string_view exponentText = text.substr(e + 1);
    if (exponentText.front() == '+')
        exponentText.remove_prefix(1); // from_chars accepts '-' but not '+'
    int exponent = 0;
    std::from_chars(exponentText.data(), exponentText.data() + exponentText.size(), exponent);

    // ECMAScript Number::toString: value = digits * 10^(n - k), k digits.
    const qsizetype k = digits.size();
    const qsizetype n = exponent + 1;
    if (k <= n && n <= 21) {
        out += digits + QByteArray(n - k, '0');
    } else if (0 < n && n <= 21) {
        out += digits.left(n) + '.' + digits.mid(n);
    } else if (-6 < n && n <= 0) {
        out += "0." + QByteArray(-n, '0') + digits;
    } else {
        out += digits.left(1);
        if (k > 1)
            out += '.' + digits.mid(1);
        out += n - 1 >= 0 ? "e+" : "e-";
        out += QByteArray::number(std::abs(n - 1));
    }
    return out;
}

} // namespace dedup::core
