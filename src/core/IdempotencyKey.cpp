#include "IdempotencyKey.h"

#include <QByteArray>
#include <QCryptographicHash>

#include <algorithm>
#include <utility>

namespace dedup::core {

namespace {

// Domain separation: these bytes can never be mistaken for another hash input of ours.
constexpr auto kDomainTag = u"dedup-idempotency-key";

QString nfc(const QString &text) {
    return text.normalized(QString::NormalizationForm_C);
}

bool isBlank(const QString &text) {
    return text.trimmed().isEmpty();
}

// A netstring: the byte length makes the boundary explicit, so no choice of contents can
// make two different component lists encode to the same bytes.
void appendNetstring(QByteArray &out, const QString &text) {
    const QByteArray utf8 = text.toUtf8();
    out += QByteArray::number(utf8.size());
    out += ':';
    out += utf8;
    out += ',';
}

bool isHexDigest(QStringView text) {
    return text.size() == 64 && std::all_of(text.begin(), text.end(), [](QChar c) {
               return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f');
           });
}

} // namespace

IdempotencyKey::IdempotencyKey(QString version, QString digestHex)
    : m_version(std::move(version))
    , m_digestHex(std::move(digestHex)) {}

QString IdempotencyKey::canonicalScope(const QString &scope) {
    return nfc(scope);
}

bool IdempotencyKey::isValidVersion(QStringView version) {
    return !version.isEmpty() && std::all_of(version.begin(), version.end(), [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') ||
               c == u'.' || c == u'_' || c == u'-';
    });
}

IdempotencyKey::Outcome IdempotencyKey::derive(const QString &scope, const QList<Field> &fields,
                                               const QString &version) {
    if (isBlank(scope))
        return Outcome::failure(Error::EmptyScope, tr("The idempotency key scope is empty."));
    if (version.isEmpty())
        return Outcome::failure(Error::EmptyVersion,
                                tr("The idempotency key derivation version is empty."));
    if (!isValidVersion(version))
        return Outcome::failure(Error::InvalidVersion,
                                tr("The key derivation version \"%1\" may contain only letters, "
                                   "digits, '.', '_' and '-'.")
                                    .arg(version));
    if (fields.isEmpty())
        return Outcome::failure(Error::NoFields,
                                tr("An idempotency key needs at least one field; without one "
                                   "every request in the scope would be a duplicate."));
    if (!QStringView(scope).isValidUtf16())
        return Outcome::failure(Error::InvalidUnicode,
                                tr("The idempotency key scope is not valid Unicode text."));

    QList<Field> normalised;
    normalised.reserve(fields.size());
    for (const Field &field : fields) {
        if (isBlank(field.name))
            return Outcome::failure(Error::EmptyFieldName,
                                    tr("An idempotency key field has an empty name."));
        if (isBlank(field.value))
            return Outcome::failure(Error::EmptyFieldValue,
                                    tr("The idempotency key field \"%1\" has an empty value; "
                                       "is an input missing?")
                                        .arg(field.name));
        if (!QStringView(field.name).isValidUtf16() || !QStringView(field.value).isValidUtf16())
            return Outcome::failure(Error::InvalidUnicode,
                                    tr("The idempotency key field \"%1\" is not valid Unicode "
                                       "text.")
                                        .arg(field.name));
        normalised.append({nfc(field.name), nfc(field.value)});
    }

    // UTF-8 byte order equals code point order, which other languages sort by natively
    // (QString's operator< compares UTF-16 code units, which differs above U+FFFF).
    std::sort(normalised.begin(), normalised.end(),
              [](const Field &a, const Field &b) { return a.name.toUtf8() < b.name.toUtf8(); });
    const auto duplicate =
        std::adjacent_find(normalised.cbegin(), normalised.cend(),
                           [](const Field &a, const Field &b) { return a.name == b.name; });
    if (duplicate != normalised.cend())
        return Outcome::failure(Error::DuplicateFieldName,
                                tr("The idempotency key field \"%1\" is given more than once "
                                   "(names are compared after Unicode normalisation).")
                                    .arg(duplicate->name));

    QByteArray canonical;
    appendNetstring(canonical, QStringView(kDomainTag).toString());
    appendNetstring(canonical, version); // ASCII (checked above): NFC is a no-op
    appendNetstring(canonical, canonicalScope(scope));
    for (const Field &field : std::as_const(normalised)) {
        appendNetstring(canonical, field.name);
        appendNetstring(canonical, field.value);
    }
    const QByteArray digest = QCryptographicHash::hash(canonical, QCryptographicHash::Sha256);
    return Outcome::success(IdempotencyKey(version, QString::fromLatin1(digest.toHex())));
}

std::optional<IdempotencyKey> IdempotencyKey::fromString(QStringView text) {
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon < 0)
        return std::nullopt;
    const QStringView version = text.left(colon);
    const QStringView digest = text.mid(colon + 1);
    if (!isValidVersion(version) || !isHexDigest(digest))
        return std::nullopt;
    return IdempotencyKey(version.toString(), digest.toString());
}

QString IdempotencyKey::toString() const {
    return m_version + u':' + m_digestHex;
}

} // namespace dedup::core
