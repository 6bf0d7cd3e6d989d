// The store's jsonb values as the console reads them: StoredJson::value() (result, context,
// last_error, step errors, event details, audit params/before/after) and JsonSummary's
// one-line renderings of them (event and audit tables).
//
// Input: <text of "before"> 0xFF <text of "after"> 0xFF <max length byte>.
// Properties:
//   * value() is the one JSON value the text holds (any type at the top level), and
//     Undefined exactly when the text is not one JSON value; SQL NULL is Undefined;
//   * compact() is never longer than its limit, cuts only with an ellipsis, keeps a prefix of
//     the full rendering and never splits a surrogate pair (no invalid UTF-16 on screen);
//   * describeChange(x, x) is empty; a change of one key is described, and never as
//     "key: A → A" (two different values must not read the same).

#include "FuzzSupport.h"
#include "models/JsonSummary.h"
#include "store/StoredJson.h"

#include <QJsonObject>

#include <limits>

using dedup::models::JsonSummary;
using dedup::store::StoredJson;

namespace {

// What Qt makes of the text when it is exactly one JSON value, else Undefined.
QJsonValue oneValue(const QByteArray &text) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson('[' + text + ']', &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray() || doc.array().size() != 1)
        return QJsonValue(QJsonValue::Undefined);
    return doc.array().first();
}

void checkValue(const QByteArray &bytes) {
    StoredJson json;
    json.text = QString::fromUtf8(bytes);
    if (json.text.isNull())
        json.text = QStringLiteral(""); // an empty jsonb text is still not SQL NULL
    const QJsonValue expected = oneValue(json.text.toUtf8());
    const QJsonValue actual = json.value();
    FUZZ_CHECK(actual == expected, json.text);
    FUZZ_CHECK(StoredJson{}.value().isUndefined(), QStringLiteral("SQL NULL"));
}

void checkCompact(const QJsonValue &value, int maxLength) {
    const QString full = JsonSummary::compact(value, std::numeric_limits<int>::max());
    const QString cut = JsonSummary::compact(value, maxLength);
    if (value.isUndefined())
        FUZZ_CHECK(full.isEmpty(), full);
    if (maxLength <= 1 || full.size() <= maxLength) {
        FUZZ_CHECK(cut == full, cut);
        return;
    }
    FUZZ_CHECK(cut.size() <= maxLength, cut);
    FUZZ_CHECK(cut.endsWith(QChar(0x2026)), cut);
    FUZZ_CHECK(full.startsWith(cut.chopped(1)), cut);
    if (QStringView(full).isValidUtf16())
        FUZZ_CHECK(QStringView(cut).isValidUtf16(), cut);
}

void checkChange(const QJsonValue &before, const QJsonValue &after) {
    FUZZ_CHECK(JsonSummary::describeChange(after, after).isEmpty(),
               JsonSummary::describeChange(after, after));
    JsonSummary::describeChange(before, after); // any shape: no crash
    // Values of different types may read alike ("1" and 1): only same-type changes are held
    // to "never reads the same".
    if (before == after || before.type() != after.type() || before.isUndefined() || before.isNull())
        return;
    // One key (not "steps", not "updated_at", which are special) changing from before to after.
    const QString key = QStringLiteral("lease_owner");
    const QString change =
        JsonSummary::describeChange(QJsonObject{{key, before}}, QJsonObject{{key, after}});
    FUZZ_CHECK(!change.isEmpty(), key);
    const QString arrow = QStringLiteral(" \u2192 ");
    const QString body = change.mid(key.size() + 2);
    const qsizetype at = body.indexOf(arrow);
    FUZZ_CHECK(change.startsWith(key + QStringLiteral(": ")) && at >= 0, change);
    // Split at the arrow in the middle when a value itself contains one.
    bool distinct = true;
    for (qsizetype i = at; i >= 0; i = body.indexOf(arrow, i + 1)) {
        if (body.left(i) == body.mid(i + arrow.size()))
            distinct = false;
    }
    FUZZ_CHECK(distinct, change);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    dedup::fuzz::FuzzInput input(data, size);
    const QByteArray beforeText = input.field();
    const QByteArray afterText = input.field();
    const int maxLength = input.byte();
    checkValue(beforeText);
    checkValue(afterText);
    const QJsonValue before = oneValue(beforeText), after = oneValue(afterText);
    checkCompact(before, maxLength);
    checkCompact(after, maxLength);
    checkChange(before, after);
    return 0;
}
