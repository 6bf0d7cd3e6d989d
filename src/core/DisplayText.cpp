#include "DisplayText.h"

#include <QChar>

namespace dedup::core {

namespace {

// Letters that render as nothing: Hangul fillers and the braille blank are used to make names
// look empty or equal.
bool isBlankLetter(char32_t c) {
    return c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0 || c == 0x2800;
}

QString marker(char32_t c) {
    return QStringLiteral("\u2039U+%1\u203A")
        .arg(QString::number(uint(c), 16).toUpper(), c > 0xFFFF ? 5 : 4, QLatin1Char('0'));
}

// Calls `each(codePoint, utf16Length)` for every code point; lone surrogates as U+FFFD.
template <typename F>
void forEachCodePoint(const QString &text, F each) {
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < n && text.at(i + 1).isLowSurrogate()) {
            each(QChar::surrogateToUcs4(c, text.at(i + 1)), 2);
            i += 2;
        } else {
            each(c.isSurrogate() ? char32_t(0xFFFD) : char32_t(c.unicode()), 1);
            ++i;
        }
    }
}

// Whether `text` holds any character DisplayText::isDeceptive() marks.
bool anyDeceptive(const QString &text) {
    bool any = false;
    forEachCodePoint(text, [&any](char32_t c, int) { any = any || DisplayText::isDeceptive(c); });
    return any;
}

} // namespace

bool DisplayText::isDeceptive(char32_t c) {
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return true;
    default:
        return isBlankLetter(c);
    }
}

QString DisplayText::visible(const QString &text, Lines lines) {
    if (!anyDeceptive(text))
        return text;
    QString out;
    out.reserve(text.size() + 16);
    forEachCodePoint(text, [&out, lines](char32_t c, int) {
        if (!isDeceptive(c))
            out.append(QString::fromUcs4(&c, 1));
        else if ((c == '\n' || c == '\t') && lines == Lines::Multi)
            out.append(QChar(c));
        else if (c == '\n')
            out.append(QChar(0x21B5));
        else
            out.append(marker(c));
    });
    return out;
}

QString DisplayText::shown(const QString &text, int maxChars, Lines lines) {
    // Cut before making visible (a 20 MB value is not copied whole), then again after: the
    // markers make the text longer.
    const qsizetype limit = qMax(1, maxChars);
    QString cut = text.size() > limit + 1 ? text.left(limit + 1) : text;
    cut = visible(cut, lines);
    if (cut.size() <= limit && text.size() <= limit)
        return cut;
    qsizetype keep = qMin(cut.size(), limit - 1);
    if (keep > 0 && cut.at(keep - 1).isHighSurrogate())
        --keep;
    return cut.left(keep) + QChar(0x2026);
}

QString DisplayText::terminal(const QString &text) {
    if (!anyDeceptive(text))
        return text;
    QString out;
    out.reserve(text.size() + 16);
    forEachCodePoint(text, [&out](char32_t c, int) {
        if (!isDeceptive(c)) {
            out.append(QString::fromUcs4(&c, 1));
            return;
        }
        switch (c) {
        case '\n':
            out.append(QLatin1String("\\n"));
            return;
        case '\r':
            out.append(QLatin1String("\\r"));
            return;
        case '\t':
            out.append(QLatin1String("\\t"));
            return;
        case 0x1B:
            out.append(QLatin1String("\\e"));
            return;
        default:
            break;
        }
        if (c < 0x100)
            out.append(QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0')));
        else
            out.append(QStringLiteral("\\u{%1}").arg(QString::number(uint(c), 16).toUpper()));
    });
    return out;
}

} // namespace dedup::core
