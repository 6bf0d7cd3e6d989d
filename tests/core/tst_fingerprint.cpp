#include "core/CanonicalJson.h"
#include "core/RequestFingerprint.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <bit>
#include <cmath>
#include <limits>

using namespace dedup::core;
using namespace Qt::StringLiterals;

using Error = CanonicalJson::Error;
Q_DECLARE_METATYPE(Error)

namespace {

QByteArray utf8(const QString &text) {
    return text.toUtf8();
}

QByteArray canonical(const QByteArray &json) {
    const CanonicalJson::Outcome outcome = CanonicalJson::fromText(json);
    return outcome ? outcome.value() : "error: " + outcome.errorMessage().toUtf8();
}

QString fingerprint(const QByteArray &json) {
    const RequestFingerprint::Outcome outcome = RequestFingerprint::fromText(json);
    return outcome ? outcome.value() : u"error: "_s + outcome.errorMessage();
}

const QByteArray kBase = R"({"patientId":"p-1001","reportId":"r-77","channel":"sms"})"_ba;

} // namespace

class TestFingerprint : public QObject {
    Q_OBJECT

private slots:
    // Canonical forms and hashes computed with Node.js (JSON.parse, String.normalize('NFC'),
    // keys sorted with JavaScript's default UTF-16 order, JSON.stringify, crypto sha256).
    void knownAnswers_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QByteArray>("canonical");
        QTest::addColumn<QString>("sha256");
        QTest::newRow("flat object")
            << kBase << R"({"channel":"sms","patientId":"p-1001","reportId":"r-77"})"_ba
            << u"63dee82e131644242793778745b28b15561f733be50fa2adec06770d8d021736"_s;
        QTest::newRow("nested")
            << R"({"b":[1,2.5,{"z":null,"a":true}],"a":"x"})"_ba
            << R"({"a":"x","b":[1,2.5,{"a":true,"z":null}]})"_ba
            << u"41996d7f1c3e5b0566a06609b64a590eccca73f9aaaed47fc9694b9c807876fb"_s;
        QTest::newRow("top-level string")
            << R"("just a string")"_ba
            << R"("just a string")"_ba
            << u"3fe01def54b1c6cd795b2ebfcbab64150f6a507bce043040c662c682eebfed1e"_s;
        QTest::newRow("top-level number")
            << "42"_ba
            << "42"_ba << u"73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"_s;
        QTest::newRow("empty array")
            << "[]"_ba
            << "[]"_ba << u"4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945"_s;
        QTest::newRow("empty object")
            << "{}"_ba
            << "{}"_ba << u"44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"_s;
        QTest::newRow("strings and escapes")
            << utf8(uR"({"text":"Jos\u00e9 M\u00fcller","emoji":")"_s + u"\U0001F9B7"_s +
                    uR"(","ctrl":"a\u0001b\n\"q\"\\\t\u001f/"})"_s)
            << utf8(uR"({"ctrl":"a\u0001b\n\"q\"\\\t\u001f/","emoji":")"_s + u"\U0001F9B7"_s +
                    u"\",\"text\":\"Jos\u00e9 M\u00fcller\"}"_s)
            << u"fb54aebad7a631101926febaa60e7928628d1bf3aad318e6afe0ba9d088c71ee"_s;
        // JCS orders keys by UTF-16 code unit: U+1D400 (D835 DC00) before U+FF21.
        QTest::newRow("keys sorted by UTF-16")
            << R"({"\uff21":1,"\ud835\udc00":2,"a":3})"_ba
            << utf8(u"{\"a\":3,\"\U0001D400\":2,\"\uff21\":1}"_s)
            << u"586a5788f7508a04ded54d1f8a73a1c07a349bfc84ee2dba4a90872526f5d96d"_s;
        QTest::newRow("numbers")
            << R"({"n":[1e21,1e-7,0.1,-0,123456789012345680000,1.0,false]})"_ba
            << R"({"n":[1e+21,1e-7,0.1,0,123456789012345680000,1,false]})"_ba
            << u"740495b965fe2ed21ffbfef95f5dcab243af259585b1fc97dd176a0b6a99669d"_s;
    }
    void knownAnswers() {
        QFETCH(QByteArray, json);
        QFETCH(QByteArray, canonical);
        QFETCH(QString, sha256);
        QCOMPARE(::canonical(json), canonical);
        QCOMPARE(fingerprint(json), sha256);
        QCOMPARE(RequestFingerprint::ofCanonical(canonical), sha256);
    }

    // RFC 8785 appendix B style: IEEE-754 bit patterns and their ECMAScript form (checked
    // with Node.js JSON.stringify).
    void numberFormat_data() {
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<QByteArray>("expected");
        const auto row = [](quint64 bits, const char *expected) {
            QTest::addRow("%016llx", static_cast<unsigned long long>(bits))
                << bits << QByteArray(expected);
        };
        row(0x0000000000000000, "0");
        row(0x8000000000000000, "0");
        row(0x0000000000000001, "5e-324");
        row(0x8000000000000001, "-5e-324");
        row(0x7fefffffffffffff, "1.7976931348623157e+308");
        row(0xffefffffffffffff, "-1.7976931348623157e+308");
        row(0x4340000000000000, "9007199254740992");
        row(0xc340000000000000, "-9007199254740992");
        row(0x4430000000000000, "295147905179352830000");
        row(0x44b52d02c7e14af5, "9.999999999999997e+22");
        row(0x44b52d02c7e14af6, "1e+23");
        row(0x44b52d02c7e14af7, "1.0000000000000001e+23");
        row(0x444b1ae4d6e2ef4e, "999999999999999700000");
        row(0x444b1ae4d6e2ef4f, "999999999999999900000");
        row(0x444b1ae4d6e2ef50, "1e+21");
        row(0x3eb0c6f7a0b5ed8c, "9.999999999999997e-7");
        row(0x3eb0c6f7a0b5ed8d, "0.000001");
        row(0x41b3de4355555553, "333333333.3333332");
        row(0x41b3de4355555554, "333333333.33333325");
        row(0x41b3de4355555555, "333333333.3333333");
        row(0x41b3de4355555556, "333333333.3333334");
        row(0x41b3de4355555557, "333333333.33333343");
        row(0xbecbf647612f3696, "-0.0000033333333333333333");
        row(0x43143ff3c1cb0959, "1424953923781206.2");
        row(std::bit_cast<quint64>(1.0), "1");
        row(std::bit_cast<quint64>(-1.5), "-1.5");
        row(std::bit_cast<quint64>(0.1), "0.1");
        row(std::bit_cast<quint64>(100.0), "100");
        row(std::bit_cast<quint64>(1e20), "100000000000000000000");
        row(std::bit_cast<quint64>(1e-7), "1e-7");
        row(std::bit_cast<quint64>(0.000001234), "0.000001234");
        row(std::bit_cast<quint64>(123.456), "123.456");
        row(std::bit_cast<quint64>(1e300), "1e+300");
    }
    void numberFormat() {
        QFETCH(quint64, bits);
        QFETCH(QByteArray, expected);
        QCOMPARE(CanonicalJson::formatNumber(std::bit_cast<double>(bits)), expected);
    }

    // Serialisation details that must not change the fingerprint.
    void equivalentPayloads_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::newRow("keys reordered")
            << kBase << R"({"channel":"sms","reportId":"r-77","patientId":"p-1001"})"_ba;
        QTest::newRow("whitespace")
            << kBase
            << "{\n  \"patientId\" : \"p-1001\",\r\n\t\"reportId\":\"r-77\" ,"
               " \"channel\":\"sms\"\n}\n"_ba;
        QTest::newRow("nested keys reordered") << R"({"x":{"b":1,"a":[{"d":2,"c":3}]}})"_ba
                                               << R"({"x":{"a":[{"c":3,"d":2}],"b":1}})"_ba;
        QTest::newRow("1 vs 1.0") << R"({"n":1})"_ba
                                  << R"({"n":1.0})"_ba;
        QTest::newRow("1 vs 1e0") << R"({"n":1})"_ba
                                  << R"({"n":1e0})"_ba;
        QTest::newRow("1 vs 10e-1") << R"({"n":1})"_ba
                                    << R"({"n":10E-1})"_ba;
        QTest::newRow("100 vs 1e2") << R"({"n":100})"_ba
                                    << R"({"n":1e+2})"_ba;
        QTest::newRow("0 vs -0") << R"({"n":0})"_ba
                                 << R"({"n":-0.0})"_ba;
        QTest::newRow("0.5 vs 5e-1") << R"({"n":0.5})"_ba
                                     << R"({"n":5e-1})"_ba;
        QTest::newRow("NFC vs NFD value")
            << utf8(u"{\"name\":\"Jos\u00e9\"}"_s) << utf8(u"{\"name\":\"Jose\u0301\"}"_s);
        QTest::newRow("NFC vs NFD key")
            << utf8(u"{\"caf\u00e9\":1}"_s) << utf8(u"{\"cafe\u0301\":1}"_s);
        QTest::newRow("escaped vs literal")
            << R"({"a":"\u00e9\u0041"})"_ba << utf8(u"{\"a\":\"\u00e9A\"}"_s);
        QTest::newRow("escaped solidus") << R"({"a":"x\/y"})"_ba
                                         << R"({"a":"x/y"})"_ba;
        QTest::newRow("escaped control") << R"({"a":"\n"})"_ba
                                         << R"({"a":"\u000A"})"_ba;
        QTest::newRow("top-level whitespace") << R"("x")"_ba
                                              << " \t\"x\"\n"_ba;
    }
    void equivalentPayloads() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QVERIFY(a != b);
        const QString fa = fingerprint(a);
        QVERIFY2(!fa.startsWith(u"error"_s), qPrintable(fa));
        QCOMPARE(fingerprint(b), fa);
    }

    // Changes of meaning that must change the fingerprint.
    void differentPayloads_data() {
        QTest::addColumn<QByteArray>("changed");
        QTest::newRow("value") << R"({"patientId":"p-1002","reportId":"r-77","channel":"sms"})"_ba;
        QTest::newRow("value case")
            << R"({"patientId":"P-1001","reportId":"r-77","channel":"sms"})"_ba;
        QTest::newRow("key renamed")
            << R"({"patient":"p-1001","reportId":"r-77","channel":"sms"})"_ba;
        QTest::newRow("key added")
            << R"({"patientId":"p-1001","reportId":"r-77","channel":"sms","x":null})"_ba;
        QTest::newRow("key dropped") << R"({"patientId":"p-1001","reportId":"r-77"})"_ba;
        QTest::newRow("values swapped")
            << R"({"patientId":"r-77","reportId":"p-1001","channel":"sms"})"_ba;
        QTest::newRow("string vs number")
            << R"({"patientId":"p-1001","reportId":"r-77","channel":1})"_ba;
        QTest::newRow("wrapped in array")
            << R"([{"patientId":"p-1001","reportId":"r-77","channel":"sms"}])"_ba;
        QTest::newRow("trailing space in value")
            << R"({"patientId":"p-1001","reportId":"r-77","channel":"sms "})"_ba;
    }
    void differentPayloads() {
        QFETCH(QByteArray, changed);
        const QString f = fingerprint(changed);
        QVERIFY2(!f.startsWith(u"error"_s), qPrintable(f));
        QVERIFY(f != fingerprint(kBase));
    }

    void differentScalars_data() {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::newRow("1 vs 1.5") << "1"_ba
                                  << "1.5"_ba;
        QTest::newRow("1 vs \"1\"") << "1"_ba
                                    << R"("1")"_ba;
        QTest::newRow("true vs \"true\"") << "true"_ba
                                          << R"("true")"_ba;
        QTest::newRow("null vs \"null\"") << "null"_ba
                                          << R"("null")"_ba;
        QTest::newRow("false vs 0") << "false"_ba
                                    << "0"_ba;
        QTest::newRow("[1,2] vs [2,1]") << "[1,2]"_ba
                                        << "[2,1]"_ba;
        QTest::newRow("{} vs []") << "{}"_ba
                                  << "[]"_ba;
        QTest::newRow("\"\" vs null") << R"("")"_ba
                                      << "null"_ba;
    }
    void differentScalars() {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        QVERIFY(fingerprint(a) != fingerprint(b));
    }

    void refusedText_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<Error>("error");
        QTest::newRow("empty") << ""_ba << Error::InvalidJson;
        QTest::newRow("whitespace only") << " \n "_ba << Error::InvalidJson;
        QTest::newRow("unterminated object") << "{"_ba << Error::InvalidJson;
        QTest::newRow("trailing comma") << R"({"a":1,})"_ba << Error::InvalidJson;
        QTest::newRow("unquoted key") << "{a:1}"_ba << Error::InvalidJson;
        QTest::newRow("single quotes") << "'x'"_ba << Error::InvalidJson;
        QTest::newRow("two values") << "1,2"_ba << Error::InvalidJson;
        QTest::newRow("garbage after value") << "[1] x"_ba << Error::InvalidJson;
        QTest::newRow("closing bracket smuggled") << "1],[2"_ba << Error::InvalidJson;
        QTest::newRow("NaN") << "NaN"_ba << Error::InvalidJson;
        QTest::newRow("number too large") << "1e400"_ba << Error::InvalidJson;
        QTest::newRow("invalid UTF-8") << "\"\xff\""_ba << Error::InvalidJson;
        QTest::newRow("extra brace") << R"({"a":1}})"_ba << Error::InvalidJson;
        QTest::newRow("bare word") << "nul"_ba << Error::InvalidJson;
        QTest::newRow("unpaired surrogate value")
            << R"({"a":"\ud800"})"_ba << Error::InvalidUnicode;
        QTest::newRow("unpaired surrogate key") << R"({"\udc00":1})"_ba << Error::InvalidUnicode;
        QTest::newRow("keys equal after NFC")
            << utf8(u"{\"caf\u00e9\":1,\"cafe\u0301\":2}"_s) << Error::DuplicateKey;
        QTest::newRow("nested keys equal after NFC")
            << utf8(u"[{\"x\":{\"\u00c5\":1,\"A\u030a\":1}}]"_s) << Error::DuplicateKey;
    }
    void refusedText() {
        QFETCH(QByteArray, json);
        QFETCH(Error, error);
        const RequestFingerprint::Outcome outcome = RequestFingerprint::fromText(json);
        QVERIFY(!outcome.ok());
        QCOMPARE(outcome.error(), error);
        QVERIFY(!outcome.errorMessage().isEmpty());
        QCOMPARE(CanonicalJson::fromText(json).error(), error);
    }

    void refusedValues() {
        QCOMPARE(RequestFingerprint::fromDocument(QJsonDocument()).error(), Error::InvalidJson);
        QCOMPARE(RequestFingerprint::fromValue(QJsonValue(QJsonValue::Undefined)).error(),
                 Error::InvalidJson);
        const QJsonArray infinite{std::numeric_limits<double>::infinity()};
        QCOMPARE(RequestFingerprint::fromValue(infinite).error(), Error::NonFiniteNumber);
        const QJsonObject nan{{u"n"_s, std::nan("")}};
        QCOMPARE(RequestFingerprint::fromValue(nan).error(), Error::NonFiniteNumber);
    }

    // The three entry points agree, so a caller holding parsed JSON gets the same result.
    void entryPointsAgree() {
        const QJsonObject object{
            {u"reportId"_s, u"r-77"_s}, {u"patientId"_s, u"p-1001"_s}, {u"channel"_s, u"sms"_s}};
        const QString expected = fingerprint(kBase);
        QCOMPARE(RequestFingerprint::fromValue(object).value(), expected);
        QCOMPARE(RequestFingerprint::fromDocument(QJsonDocument(object)).value(), expected);
        QCOMPARE(RequestFingerprint::fromValue(QJsonValue(42)).value(), fingerprint("42"_ba));
        static const QRegularExpression hex(u"^[0-9a-f]{64}$"_s);
        QVERIFY(hex.match(expected).hasMatch());
    }
};

QTEST_GUILESS_MAIN(TestFingerprint)
#include "tst_fingerprint.moc"
