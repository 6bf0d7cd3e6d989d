// dedupctl report --from / --to (ReportCommand::parseTime): what cron jobs pass, e.g.
// `--from 24h`, `--from 2026-11-01`, `--to 2026-11-01T08:00:00+01:00`, `--to now`.
//
// Input: <8 bytes: "now" in ms since 1970, bounded to years 1970-2100> <text>.
// Properties:
//   * "now" is now; <n><m|h|d|w> with n of 1-6 ASCII digits is exactly n units before now
//     (never now itself unless n is 0, never after now);
//   * anything else that is accepted is an ISO 8601 date or date-time: never in local time
//     (a cron job's machine decides nothing), a plain date is its midnight UTC, and the
//     time written back in ISO form reads as the same instant;
//   * text in no such form is refused (an invalid QDateTime), never read as some time.

#include "FuzzSupport.h"
#include "ReportCommand.h"

#include <QRegularExpression>

using dedup::cli::ReportCommand;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    dedup::fuzz::FuzzInput input(data, size);
    quint64 raw = 0;
    for (int i = 0; i < 8; ++i)
        raw = raw << 8 | input.byte();
    const qint64 span = 4102444800000LL; // 1970-01-01 .. 2100-01-01
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(qint64(raw % quint64(span)), Qt::UTC);
    const QString text = QString::fromUtf8(input.rest());
    const QDateTime time = ReportCommand::parseTime(text, now);
    const QString value = text.trimmed();

    if (value == u"now") {
        FUZZ_CHECK(time == now, text);
        return 0;
    }
    static const QRegularExpression relative(QStringLiteral("^([0-9]{1,6})([mhdw])$"));
    const QRegularExpressionMatch match = relative.match(value);
    if (match.hasMatch()) {
        const qint64 n = match.captured(1).toLongLong();
        const QChar unit = match.captured(2).at(0);
        const qint64 seconds = unit == u'm'   ? 60
                               : unit == u'h' ? 3600
                               : unit == u'd' ? 86400
                                              : 7 * 86400;
        FUZZ_CHECK(time.isValid() && time == now.addSecs(-n * seconds), text);
        return 0;
    }
    if (!time.isValid())
        return 0;
    // Accepted as an absolute time: it must look like one and mean one instant.
    // (Qt's ISO 8601 reading is semi-strict: any punctuation separates year, month, day.)
    FUZZ_CHECK(value.size() >= 10 && value.at(4).isPunct() && value.at(7).isPunct(), text);
    for (qsizetype i = 0; i < 4; ++i)
        FUZZ_CHECK(value.at(i).unicode() >= '0' && value.at(i).unicode() <= '9', text);
    FUZZ_CHECK(time.timeSpec() != Qt::LocalTime, text);
    if (value.size() == 10) {
        FUZZ_CHECK(time.timeSpec() == Qt::UTC && time.time() == QTime(0, 0), text);
        const QDate written(value.left(4).toInt(), value.mid(5, 2).toInt(),
                            value.mid(8, 2).toInt());
        FUZZ_CHECK(time.date() == written, text);
    }
    const QString written = time.toString(Qt::ISODateWithMs);
    const QDateTime back = QDateTime::fromString(written, Qt::ISODateWithMs);
    FUZZ_CHECK(back.isValid() && back == time, text + QStringLiteral(" -> ") + written);
    return 0;
}
