#pragma once

#include "Result.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::core {

// One idempotency key per business intent (docs/PROTOCOL.md section 1, "Keys"), stored in
// `dedup.runs.idem_key` next to its scope; `UNIQUE (scope, idem_key)` is what makes a retry find
// the first run.
//
// What goes into a key
// --------------------
// Only stable identifiers of the intent: patientId, reportId, notificationType. Never
// per-attempt data (timestamps, random request ids, attempt numbers, hostnames): a retry
// would derive a new key, miss the first run's record and perform the side effect again,
// which is the exact bug this store exists to prevent. Conversely, everything that makes it a
// *different* intent must be in the key: if an appointment slot is edited, the confirmation
// for the new slot is a new message, so the slot belongs in the fields and the key changes.
// When the choice of fields changes, bump the version: old and new keys then never collide.
//
// Encoding (frozen: workers in other languages reproduce it byte for byte)
// -----------------------------------------------------------------------
//   1. NFC-normalise scope, every field name and value, so the same text typed on different
//      systems (é as one code point or as e + combining accent) gives one key. (The version
//      is restricted to ASCII, where NFC changes nothing.)
//   2. Sort fields by the UTF-8 bytes of their normalised names (= Unicode code point order),
//      so the order the caller listed them in does not matter.
//   3. Concatenate netstrings (len ":" bytes ","; len = decimal UTF-8 byte count):
//        ns("dedup-idempotency-key") ns(version) ns(scope) ns(name1) ns(value1) ns(name2) ...
//      Length prefixes make every split unambiguous: {a: "bc"} and {ab: "c"} differ.
//   4. key = version ":" lowercase hex SHA-256 of those bytes.
// The version is visible in the key so a log line or a psql query shows which derivation
// produced it; the scope is not, because it is stored in its own column.
//
// Example: scope "clinic-42/notifications", version "v1.3",
// fields {patientId: "p-1001", reportId: "r-77", notificationType: "report_ready"} hashes
//   21:dedup-idempotency-key,4:v1.3,23:clinic-42/notifications,16:notificationType,
//   12:report_ready,9:patientId,6:p-1001,8:reportId,4:r-77,
// to "v1.3:c76cbc7901eefa3f0e7531e56ddeec7de792933ce7b6661a6f93f26e244bf36f" (see the tests).
//
// Values are taken as given, not trimmed or case-folded: callers pass the canonical textual
// form of each identifier (decimal integers without leading zeros, ids as issued).
class IdempotencyKey {
    Q_DECLARE_TR_FUNCTIONS(dedup::core::IdempotencyKey)

public:
    struct Field {
        QString name;
        QString value;
    };

    enum class Error {
        None,
        EmptyScope,         // empty or whitespace only
        EmptyVersion,       // empty
        InvalidVersion,     // characters other than [A-Za-z0-9._-]
        NoFields,           // a key from no fields would make every request a duplicate
        EmptyFieldName,     // empty or whitespace only
        EmptyFieldValue,    // empty or whitespace only: usually a missing input
        DuplicateFieldName, // equal names after NFC
        InvalidUnicode,     // unpaired UTF-16 surrogate: would not survive UTF-8 encoding
    };

    using Outcome = Result<IdempotencyKey, Error>;

    // Derives the key for one intent. Refusals carry a translated message naming the field.
    static Outcome derive(const QString &scope, const QList<Field> &fields, const QString &version);

    // The scope as it enters the key (NFC). Store this form in `dedup.runs.scope`: the
    // uniqueness of (scope, idem_key) would otherwise let an NFD spelling of the same scope
    // create a second row for the same key.
    static QString canonicalScope(const QString &scope);

    // Parses a stored key ("<version>:<64 lowercase hex>"); std::nullopt if malformed.
    static std::optional<IdempotencyKey> fromString(QStringView text);

    // Whether a version string is acceptable: non-empty, only [A-Za-z0-9._-], so the key's
    // "version:" prefix is unambiguous and safe to print.
    static bool isValidVersion(QStringView version);

    const QString &version() const { return m_version; }
    const QString &digestHex() const { return m_digestHex; }
    QString toString() const;

    friend bool operator==(const IdempotencyKey &, const IdempotencyKey &) = default;

private:
    IdempotencyKey(QString version, QString digestHex);

    QString m_version;
    QString m_digestHex;
};

} // namespace dedup::core
