// Idempotency keys: IdempotencyKey::fromString() over stored keys (dedup.runs.idem_key as
// read back, or typed as a search) and derive() over the scope and fields a worker gives.
//
// Input: <text to parse> 0xFF version 0xFF scope 0xFF name 0xFF value 0xFF name 0xFF value...
// Properties:
//   * fromString() accepts exactly "<version>:<64 lowercase hex>" with a valid version, and
//     toString() gives back the very text it read;
//   * derive() refuses exactly the documented cases (blank scope, empty or invalid version,
//     no field, blank name or value, two names equal after NFC, unpaired surrogates), each
//     with a message; an accepted key reads back through fromString();
//   * the key does not depend on the order of the fields, nor on the Unicode normalisation
//     form the scope, names and values were typed in, and canonicalScope() is idempotent.

#include "FuzzSupport.h"
#include "core/IdempotencyKey.h"

#include <QRegularExpression>

using dedup::core::IdempotencyKey;

namespace {

bool blank(const QString &text) {
    return text.trimmed().isEmpty();
}

QString nfc(const QString &text) {
    return text.normalized(QString::NormalizationForm_C);
}
QString nfd(const QString &text) {
    return text.normalized(QString::NormalizationForm_D);
}

void checkParse(const QString &text) {
    static const QRegularExpression shape(QStringLiteral("^[A-Za-z0-9._-]+:[0-9a-f]{64}$"));
    const auto key = IdempotencyKey::fromString(text);
    FUZZ_CHECK(key.has_value() == shape.match(text).hasMatch(), text);
    if (key)
        FUZZ_CHECK(key->toString() == text, text);
}

bool expectedRefusal(const QString &scope, const QList<IdempotencyKey::Field> &fields,
                     const QString &version) {
    if (blank(scope) || !IdempotencyKey::isValidVersion(version) || fields.isEmpty())
        return true;
    if (!QStringView(scope).isValidUtf16())
        return true;
    QStringList names;
    for (const auto &field : fields) {
        if (blank(field.name) || blank(field.value) || !QStringView(field.name).isValidUtf16() ||
            !QStringView(field.value).isValidUtf16())
            return true;
        names << nfc(field.name);
    }
    names.removeDuplicates();
    return names.size() != fields.size();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    dedup::fuzz::FuzzInput input(data, size);
    checkParse(input.text());
    const QString version = input.text();
    const QString scope = input.text();
    QList<IdempotencyKey::Field> fields;
    while (!input.atEnd() && fields.size() < 16) {
        IdempotencyKey::Field field;
        field.name = input.text();
        field.value = input.text();
        fields << field;
    }
    FUZZ_CHECK(IdempotencyKey::canonicalScope(IdempotencyKey::canonicalScope(scope)) ==
                   IdempotencyKey::canonicalScope(scope),
               scope);

    const auto key = IdempotencyKey::derive(scope, fields, version);
    FUZZ_CHECK(key.ok() != expectedRefusal(scope, fields, version),
               scope + QStringLiteral(" / ") + version + QStringLiteral(": ") + key.errorMessage());
    if (!key) {
        FUZZ_CHECK(!key.errorMessage().isEmpty(), scope);
        return 0;
    }
    const QString text = key.value().toString();
    checkParse(text);
    FUZZ_CHECK(IdempotencyKey::fromString(text) == key.value(), text);
    FUZZ_CHECK(text.startsWith(version + u':'), text);

    QList<IdempotencyKey::Field> reversed(fields.crbegin(), fields.crend());
    const auto again = IdempotencyKey::derive(scope, reversed, version);
    FUZZ_CHECK(again && again.value() == key.value(), text);

    QList<IdempotencyKey::Field> decomposed;
    for (const auto &field : std::as_const(fields))
        decomposed << IdempotencyKey::Field{nfd(field.name), nfd(field.value)};
    const auto typedElsewhere = IdempotencyKey::derive(nfd(scope), decomposed, version);
    FUZZ_CHECK(typedElsewhere && typedElsewhere.value() == key.value(), text);
    return 0;
}
