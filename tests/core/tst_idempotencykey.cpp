#include "core/IdempotencyKey.h"

#include <QRegularExpression>
#include <QTest>

using namespace dedup::core;
using namespace Qt::StringLiterals;

using Field = IdempotencyKey::Field;
using Error = IdempotencyKey::Error;
Q_DECLARE_METATYPE(Error)

namespace {

// Fields in test data are flat lists: name, value, name, value, ...
QList<Field> fieldsFrom(const QStringList &flat) {
    Q_ASSERT(flat.size() % 2 == 0);
    QList<Field> fields;
    for (qsizetype i = 0; i + 1 < flat.size(); i += 2)
        fields.append({flat.at(i), flat.at(i + 1)});
    return fields;
}

QString keyOf(const QString &scope, const QStringList &flat, const QString &version) {
    const IdempotencyKey::Outcome outcome =
        IdempotencyKey::derive(scope, fieldsFrom(flat), version);
    if (!outcome)
        return u"error: "_s + outcome.errorMessage();
    return outcome.value().toString();
}

const QString kScope = u"clinic-42/notifications"_s;
const QStringList kFields = {u"patientId"_s, u"p-1001"_s,           u"reportId"_s,
                             u"r-77"_s,      u"notificationType"_s, u"report_ready"_s};

} // namespace

class TestIdempotencyKey : public QObject {
    Q_OBJECT

private slots:
    // Expected keys were computed with Python's hashlib from the encoding documented in
    // IdempotencyKey.h (netstrings, NFC, fields sorted by UTF-8 name).
    void knownAnswers_data() {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<QStringList>("fields");
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("expected");
        QTest::newRow("documented example")
            << kScope << kFields << u"v1.3"_s
            << u"v1.3:c76cbc7901eefa3f0e7531e56ddeec7de792933ce7b6661a6f93f26e244bf36f"_s;
        QTest::newRow("minimal")
            << u"s"_s << QStringList{u"a"_s, u"1"_s} << u"v1"_s
            << u"v1:2685265ac1cc7c104d2258337ebccbe7a05dc07b1d15ab95d09407940fc7e527"_s;
        QTest::newRow("non-ASCII scope and value")
            << u"klinik-z\u00fcrich/benachrichtigungen"_s
            << QStringList{u"patientName"_s, u"Jos\u00e9 M\u00fcller"_s, u"patientId"_s, u"4711"_s}
            << u"2024-01"_s
            << u"2024-01:8cc498942eb646671b8038d5bb62f568669fbe2550610cbb0964268671a57816"_s;
        // U+FF21 sorts before U+1D400 by code point but after it by UTF-16 code unit: this
        // row pins the documented order.
        QTest::newRow("names above U+FFFF sort by code point")
            << u"billing"_s << QStringList{u"\uff21"_s, u"x"_s,       u"\U0001D400"_s,
                                           u"y"_s,      u"invoice"_s, u"\U0001F9B7-42"_s}
            << u"v2_beta"_s
            << u"v2_beta:748317ac3b6bfd80814f7a7417e3b54e3c40bf80799cf2d0528a3c12bfd8f108"_s;
        QTest::newRow("a=bc")
            << u"s"_s << QStringList{u"a"_s, u"bc"_s} << u"v1"_s
            << u"v1:b10155c3f9b08466f5239b9c0fa861ba0cd1fcb3fc52ba537c6c25a91cd58a39"_s;
        QTest::newRow("ab=c")
            << u"s"_s << QStringList{u"ab"_s, u"c"_s} << u"v1"_s
            << u"v1:45ad028c72cc144eb3d7c0159cb161edb6a1220de0161542537ffb048d690a74"_s;
    }
    void knownAnswers() {
        QFETCH(QString, scope);
        QFETCH(QStringList, fields);
        QFETCH(QString, version);
        QFETCH(QString, expected);
        QCOMPARE(keyOf(scope, fields, version), expected);
    }

    void fieldOrderDoesNotMatter_data() {
        QTest::addColumn<QStringList>("fields");
        const QStringList p = {u"patientId"_s, u"p-1001"_s};
        const QStringList r = {u"reportId"_s, u"r-77"_s};
        const QStringList n = {u"notificationType"_s, u"report_ready"_s};
        QTest::newRow("p r n") << p + r + n;
        QTest::newRow("p n r") << p + n + r;
        QTest::newRow("r p n") << r + p + n;
        QTest::newRow("r n p") << r + n + p;
        QTest::newRow("n p r") << n + p + r;
        QTest::newRow("n r p") << n + r + p;
    }
    void fieldOrderDoesNotMatter() {
        QFETCH(QStringList, fields);
        QCOMPARE(keyOf(kScope, fields, u"v1.3"_s), keyOf(kScope, kFields, u"v1.3"_s));
    }

    // The same text in NFD (e + U+0301) and NFC (U+00E9) is the same intent.
    void normalisationFormDoesNotMatter_data() {
        QTest::addColumn<QString>("scopeA");
        QTest::addColumn<QStringList>("fieldsA");
        QTest::addColumn<QString>("scopeB");
        QTest::addColumn<QStringList>("fieldsB");
        const QString nfc = u"Jos\u00e9"_s;
        const QString nfd = u"Jose\u0301"_s;
        QTest::newRow("value") << kScope << QStringList{u"name"_s, nfc} << kScope
                               << QStringList{u"name"_s, nfd};
        QTest::newRow("field name")
            << kScope << QStringList{nfc, u"1"_s} << kScope << QStringList{nfd, u"1"_s};
        QTest::newRow("scope") << u"clinic/"_s + nfc << QStringList{u"a"_s, u"1"_s}
                               << u"clinic/"_s + nfd << QStringList{u"a"_s, u"1"_s};
        QTest::newRow("hangul") << kScope << QStringList{u"n"_s, u"\uD55C"_s} << kScope
                                << QStringList{u"n"_s, u"\u1112\u1161\u11AB"_s};
        QTest::newRow("two combining marks")
            << kScope << QStringList{u"n"_s, u"\u1EC7"_s} // e with circumflex and dot below
            << kScope << QStringList{u"n"_s, u"e\u0323\u0302"_s};
        QTest::newRow("mixed, reordered") << kScope << QStringList{u"b"_s, nfc, u"a"_s, nfd}
                                          << kScope << QStringList{u"a"_s, nfc, u"b"_s, nfd};
    }
    void normalisationFormDoesNotMatter() {
        QFETCH(QString, scopeA);
        QFETCH(QStringList, fieldsA);
        QFETCH(QString, scopeB);
        QFETCH(QStringList, fieldsB);
        QVERIFY(scopeA != scopeB || fieldsA != fieldsB); // the inputs really differ
        const QString a = keyOf(scopeA, fieldsA, u"v1"_s);
        QVERIFY2(!a.startsWith(u"error"_s), qPrintable(a));
        QCOMPARE(a, keyOf(scopeB, fieldsB, u"v1"_s));
    }

    // A different intent must never reuse a key.
    void differentIntentDifferentKey_data() {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<QStringList>("fields");
        QTest::addColumn<QString>("version");
        const QString v = u"v1.3"_s;
        QTest::newRow("value changed")
            << kScope << QStringList{u"patientId"_s, u"p-1002"_s,           u"reportId"_s,
                                     u"r-77"_s,      u"notificationType"_s, u"report_ready"_s}
            << v;
        QTest::newRow("other notification type")
            << kScope << QStringList{u"patientId"_s, u"p-1001"_s,           u"reportId"_s,
                                     u"r-77"_s,      u"notificationType"_s, u"report_corrected"_s}
            << v;
        QTest::newRow("field renamed")
            << kScope << QStringList{u"patient"_s, u"p-1001"_s,           u"reportId"_s,
                                     u"r-77"_s,    u"notificationType"_s, u"report_ready"_s}
            << v;
        QTest::newRow("field added") << kScope << kFields + QStringList{u"slot"_s, u"09:00"_s} << v;
        QTest::newRow("field dropped") << kScope << kFields.mid(0, 4) << v;
        QTest::newRow("scope changed") << u"clinic-43/notifications"_s << kFields << v;
        QTest::newRow("version changed") << kScope << kFields << u"v1.4"_s;
        QTest::newRow("value case")
            << kScope << QStringList{u"patientId"_s, u"P-1001"_s,           u"reportId"_s,
                                     u"r-77"_s,      u"notificationType"_s, u"report_ready"_s}
            << v;
        QTest::newRow("trailing space kept")
            << kScope << QStringList{u"patientId"_s, u"p-1001 "_s,          u"reportId"_s,
                                     u"r-77"_s,      u"notificationType"_s, u"report_ready"_s}
            << v;
        QTest::newRow("values swapped between fields")
            << kScope
            << QStringList{u"patientId"_s,        u"r-77"_s,        u"reportId"_s, u"p-1001"_s,
                           u"notificationType"_s, u"report_ready"_s}
            << v;
    }
    void differentIntentDifferentKey() {
        QFETCH(QString, scope);
        QFETCH(QStringList, fields);
        QFETCH(QString, version);
        const QString changed = keyOf(scope, fields, version);
        QVERIFY2(!changed.startsWith(u"error"_s), qPrintable(changed));
        QVERIFY(changed != keyOf(kScope, kFields, u"v1.3"_s));
    }

    // Pairs whose plain concatenation would be identical; length prefixes keep them apart.
    void boundariesAreUnambiguous_data() {
        QTest::addColumn<QString>("scopeA");
        QTest::addColumn<QStringList>("fieldsA");
        QTest::addColumn<QString>("scopeB");
        QTest::addColumn<QStringList>("fieldsB");
        QTest::newRow("name/value split")
            << u"s"_s << QStringList{u"a"_s, u"bc"_s} << u"s"_s << QStringList{u"ab"_s, u"c"_s};
        QTest::newRow("value/next name split")
            << u"s"_s << QStringList{u"a"_s, u"1b"_s, u"c"_s, u"2"_s} << u"s"_s
            << QStringList{u"a"_s, u"1"_s, u"bc"_s, u"2"_s};
        QTest::newRow("scope/name split")
            << u"sa"_s << QStringList{u"b"_s, u"1"_s} << u"s"_s << QStringList{u"ab"_s, u"1"_s};
        QTest::newRow("separator inside value")
            << u"s"_s << QStringList{u"a"_s, u"1,1:b,1:2"_s} << u"s"_s
            << QStringList{u"a"_s, u"1"_s, u"b"_s, u"2"_s};
        QTest::newRow("name and value swapped")
            << u"s"_s << QStringList{u"a"_s, u"b"_s} << u"s"_s << QStringList{u"b"_s, u"a"_s};
    }
    void boundariesAreUnambiguous() {
        QFETCH(QString, scopeA);
        QFETCH(QStringList, fieldsA);
        QFETCH(QString, scopeB);
        QFETCH(QStringList, fieldsB);
        QVERIFY(keyOf(scopeA, fieldsA, u"v1"_s) != keyOf(scopeB, fieldsB, u"v1"_s));
    }

    void refusals_data() {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<QStringList>("fields");
        QTest::addColumn<QString>("version");
        QTest::addColumn<Error>("error");
        QTest::addColumn<QString>("mentioned"); // must appear in the message, if not empty
        const QStringList ok = {u"a"_s, u"1"_s};
        QTest::newRow("empty scope") << u""_s << ok << u"v1"_s << Error::EmptyScope << u""_s;
        QTest::newRow("blank scope") << u" \t"_s << ok << u"v1"_s << Error::EmptyScope << u""_s;
        QTest::newRow("empty version") << u"s"_s << ok << u""_s << Error::EmptyVersion << u""_s;
        QTest::newRow("colon in version")
            << u"s"_s << ok << u"v1:2"_s << Error::InvalidVersion << u"v1:2"_s;
        QTest::newRow("space in version")
            << u"s"_s << ok << u"v 1"_s << Error::InvalidVersion << u"v 1"_s;
        QTest::newRow("non-ASCII version")
            << u"s"_s << ok << u"v1\u00e9"_s << Error::InvalidVersion << u""_s;
        QTest::newRow("no fields")
            << u"s"_s << QStringList{} << u"v1"_s << Error::NoFields << u""_s;
        QTest::newRow("empty name")
            << u"s"_s << QStringList{u""_s, u"1"_s} << u"v1"_s << Error::EmptyFieldName << u""_s;
        QTest::newRow("blank name") << u"s"_s << QStringList{u"a"_s, u"1"_s, u"  "_s, u"1"_s}
                                    << u"v1"_s << Error::EmptyFieldName << u""_s;
        QTest::newRow("empty value") << u"s"_s << QStringList{u"patientId"_s, u""_s} << u"v1"_s
                                     << Error::EmptyFieldValue << u"patientId"_s;
        QTest::newRow("blank value")
            << u"s"_s << QStringList{u"a"_s, u"1"_s, u"reportId"_s, u" \t\n"_s} << u"v1"_s
            << Error::EmptyFieldValue << u"reportId"_s;
        QTest::newRow("duplicate name") << u"s"_s << QStringList{u"id"_s, u"1"_s, u"id"_s, u"1"_s}
                                        << u"v1"_s << Error::DuplicateFieldName << u"id"_s;
        QTest::newRow("duplicate after NFC")
            << u"s"_s << QStringList{u"caf\u00e9"_s, u"1"_s, u"cafe\u0301"_s, u"2"_s} << u"v1"_s
            << Error::DuplicateFieldName << u"caf\u00e9"_s;
        QTest::newRow("unpaired surrogate in value")
            << u"s"_s << QStringList{u"a"_s, QString(QChar(0xD800))} << u"v1"_s
            << Error::InvalidUnicode << u"a"_s;
        QTest::newRow("unpaired surrogate in scope")
            << QString(QChar(0xDC00)) << ok << u"v1"_s << Error::InvalidUnicode << u""_s;
    }
    void refusals() {
        QFETCH(QString, scope);
        QFETCH(QStringList, fields);
        QFETCH(QString, version);
        QFETCH(Error, error);
        QFETCH(QString, mentioned);
        const IdempotencyKey::Outcome outcome =
            IdempotencyKey::derive(scope, fieldsFrom(fields), version);
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.error(), error);
        QVERIFY(!outcome.errorMessage().isEmpty());
        if (!mentioned.isEmpty())
            QVERIFY2(outcome.errorMessage().contains(mentioned),
                     qPrintable(outcome.errorMessage()));
    }

    void canonicalScopeIsNfc() {
        QCOMPARE(IdempotencyKey::canonicalScope(u"clinic/Jose\u0301"_s), u"clinic/Jos\u00e9"_s);
        QCOMPARE(IdempotencyKey::canonicalScope(kScope), kScope);
    }

    void keyFormat() {
        const IdempotencyKey::Outcome outcome =
            IdempotencyKey::derive(kScope, fieldsFrom(kFields), u"v1.3"_s);
        QVERIFY(outcome.ok());
        QCOMPARE(outcome.error(), Error::None);
        QVERIFY(outcome.errorMessage().isEmpty());
        const IdempotencyKey &key = outcome.value();
        QCOMPARE(key.version(), u"v1.3"_s);
        static const QRegularExpression hex(u"^[0-9a-f]{64}$"_s);
        QVERIFY(hex.match(key.digestHex()).hasMatch());
        QCOMPARE(key.toString(), u"v1.3:"_s + key.digestHex());
        QCOMPARE(IdempotencyKey::fromString(key.toString()), std::optional(key));
    }

    void fromString_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        const QString hex = u"c76cbc7901eefa3f0e7531e56ddeec7de792933ce7b6661a6f93f26e244bf36f"_s;
        QTest::newRow("valid") << u"v1.3:"_s + hex << true;
        QTest::newRow("valid, other version") << u"2024-01_b:"_s + hex << true;
        QTest::newRow("empty") << u""_s << false;
        QTest::newRow("no colon") << hex << false;
        QTest::newRow("no version") << u":"_s + hex << false;
        QTest::newRow("no digest") << u"v1:"_s << false;
        QTest::newRow("short digest") << u"v1:"_s + hex.left(63) << false;
        QTest::newRow("long digest") << u"v1:"_s + hex + u"0"_s << false;
        QTest::newRow("uppercase digest") << u"v1:"_s + hex.toUpper() << false;
        QTest::newRow("non-hex digest") << u"v1:"_s + hex.left(63) + u"g"_s << false;
        QTest::newRow("two colons") << u"v:1:"_s + hex << false;
        QTest::newRow("space in version") << u"v 1:"_s + hex << false;
    }
    void fromString() {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        const std::optional<IdempotencyKey> key = IdempotencyKey::fromString(text);
        QCOMPARE(key.has_value(), valid);
        if (valid)
            QCOMPARE(key->toString(), text);
    }
};

QTEST_GUILESS_MAIN(TestIdempotencyKey)
#include "tst_idempotencykey.moc"
