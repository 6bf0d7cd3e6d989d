// core::DisplayText: what a hostile value looks like on screen and in a terminal.
#include "core/DisplayText.h"

#include <QTest>

using dedup::core::DisplayText;

class TestDisplayText : public QObject {
    Q_OBJECT

private slots:
    void visible_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << QStringLiteral("patient:MRN-1")
                               << QStringLiteral("patient:MRN-1");
        QTest::newRow("markup is text") << QStringLiteral("<img src=\"/dev/zero\">")
                                        << QStringLiteral("<img src=\"/dev/zero\">");
        QTest::newRow("rlo") << QStringLiteral("\u202Eevil")
                             << QStringLiteral("\u2039U+202E\u203Aevil");
        QTest::newRow("zero width")
            << QStringLiteral("wf\u200B-a") << QStringLiteral("wf\u2039U+200B\u203A-a");
        QTest::newRow("bom") << QStringLiteral("\uFEFFx") << QStringLiteral("\u2039U+FEFF\u203Ax");
        QTest::newRow("escape") << QStringLiteral("a\x1b[2Kb")
                                << QStringLiteral("a\u2039U+001B\u203A[2Kb");
        QTest::newRow("newline") << QStringLiteral("a\nb") << QStringLiteral("a\u21B5b");
        QTest::newRow("c1") << QStringLiteral("a\u009Bb") << QStringLiteral("a\u2039U+009B\u203Ab");
        QTest::newRow("hangul filler")
            << QStringLiteral("\u3164") << QStringLiteral("\u2039U+3164\u203A");
        QTest::newRow("tag char") << QString::fromUcs4(U"x\U000E0041")
                                  << QStringLiteral("x\u2039U+E0041\u203A");
        QTest::newRow("emoji kept")
            << QString::fromUcs4(U"ok \U0001F600") << QString::fromUcs4(U"ok \U0001F600");
    }
    void visible() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(DisplayText::visible(in), out);
    }

    void multiKeepsLines() {
        QCOMPARE(DisplayText::visible(QStringLiteral("a\n\tb\u202E"), DisplayText::Lines::Multi),
                 QStringLiteral("a\n\tb\u2039U+202E\u203A"));
    }

    void shownIsBounded() {
        const QString big(10000, QLatin1Char('w'));
        const QString s = DisplayText::shown(big, 160);
        QCOMPARE(s.size(), 160);
        QVERIFY(s.endsWith(QChar(0x2026)));
        QCOMPARE(DisplayText::shown(QStringLiteral("short"), 160), QStringLiteral("short"));
        // markers count: a value made of invisible characters is bounded too
        const QString zw(1000, QChar(0x200B));
        QVERIFY(DisplayText::shown(zw, 50).size() <= 50);
        // never splits a surrogate pair
        const QString emoji = QString::fromUcs4(U"\U0001F600\U0001F600\U0001F600");
        const QString cut = DisplayText::shown(emoji, 4);
        QVERIFY(!cut.at(cut.size() - 2).isHighSurrogate());
        // exactly the limit: not cut
        QCOMPARE(DisplayText::shown(QString(160, u'x'), 160), QString(160, u'x'));
    }

    void terminal_data() {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("plain") << QStringLiteral("w-1") << QStringLiteral("w-1");
        QTest::newRow("colour") << QStringLiteral("\x1b[31mred") << QStringLiteral("\\e[31mred");
        QTest::newRow("osc52") << QStringLiteral("\x1b]52;c;ZXZpbA==\x07")
                               << QStringLiteral("\\e]52;c;ZXZpbA==\\x07");
        QTest::newRow("backspace") << QStringLiteral("ab\b\b") << QStringLiteral("ab\\x08\\x08");
        QTest::newRow("newline") << QStringLiteral("a\r\nb") << QStringLiteral("a\\r\\nb");
        QTest::newRow("rlo") << QStringLiteral("\u202Eevil") << QStringLiteral("\\u{202E}evil");
        QTest::newRow("csi c1") << QStringLiteral("\u009B2J") << QStringLiteral("\\x9b2J");
        QTest::newRow("backslash kept") << QStringLiteral("a\\b") << QStringLiteral("a\\b");
    }
    void terminal() {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(DisplayText::terminal(in), out);
    }
};

QTEST_APPLESS_MAIN(TestDisplayText)
#include "tst_displaytext.moc"
