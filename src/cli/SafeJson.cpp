#include "SafeJson.h"

#include "core/DisplayText.h"

namespace dedup::cli {

namespace {

QString escaped(char16_t unit) {
    return QStringLiteral("\\u%1").arg(uint(unit), 4, 16, QLatin1Char('0'));
}

} // namespace

QString SafeJson::text(const QByteArray &json) {
    const QString decoded = QString::fromUtf8(json);
    QString out;
    out.reserve(decoded.size());
    for (qsizetype i = 0; i < decoded.size(); ++i) {
        const QChar ch = decoded.at(i);
        if (ch.isHighSurrogate() && i + 1 < decoded.size() && decoded.at(i + 1).isLowSurrogate()) {
            const QChar low = decoded.at(i + 1);
            ++i;
            if (core::DisplayText::isDeceptive(QChar::surrogateToUcs4(ch, low)))
                out += escaped(ch.unicode()) + escaped(low.unicode());
            else
                out += QStringView(decoded).mid(i - 1, 2);
            continue;
        }
        if (core::DisplayText::isDeceptive(ch.unicode()))
            out += escaped(ch.unicode());
        else
            out += ch;
    }
    return out;
}

} // namespace dedup::cli
