// dedupctl's durations (`dedupctl stale --older-than 15m`), as StaleCommand::parseDuration()
// reads them, and formatSeconds() that prints them.
//
// Properties:
//   * parseDuration() accepts exactly <1-12 digits><s|m|h|d|w> (surrounding spaces allowed)
//     with a positive amount and a total within the limit, and then returns amount * unit;
//     everything else (no unit, fractions, signs, zero, other units) is refused, never
//     read as "everything";
//   * formatSeconds() of any count prints one or two units, each in range, and never more
//     than the count.

#include "FuzzSupport.h"
#include "StaleCommand.h"

#include <QRegularExpression>

using dedup::cli::StaleCommand;

namespace {

qint64 unitSeconds(QChar unit) {
    switch (unit.toLatin1()) {
    case 's':
        return 1;
    case 'm':
        return 60;
    case 'h':
        return 3600;
    case 'd':
        return 86400;
    case 'w':
        return 7 * 86400;
    }
    return 0;
}

void checkFormat(qint64 seconds) {
    const QString text = StaleCommand::formatSeconds(seconds);
    static const QRegularExpression shape(QStringLiteral(
        "^(?:([0-9]+)d ([0-9]+)h|([0-9]+)h ([0-9]+)m|([0-9]+)m ([0-9]+)s|([0-9]+)s)$"));
    const QRegularExpressionMatch match = shape.match(text);
    FUZZ_CHECK(match.hasMatch(), text);
    qint64 shown = 0;
    const qint64 units[] = {86400, 3600, 3600, 60, 60, 1, 1};
    for (int i = 0; i < 7; ++i) {
        if (match.captured(i + 1).isEmpty())
            continue;
        const qint64 value = match.captured(i + 1).toLongLong();
        // The second unit of a pair is below the next larger one.
        if (i % 2 == 1 && i < 6)
            FUZZ_CHECK(value < units[i - 1] / units[i], text);
        shown += value * units[i];
    }
    FUZZ_CHECK(shown <= qMax<qint64>(0, seconds), text);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = QString::fromUtf8(bytes);
    const std::optional<qint64> seconds = StaleCommand::parseDuration(text);

    static const QRegularExpression accepted(QStringLiteral("^([0-9]{1,12})([smhdw])$"));
    const QRegularExpressionMatch match = accepted.match(text.trimmed());
    if (!match.hasMatch()) {
        FUZZ_CHECK(!seconds, text);
    } else {
        const qint64 amount = match.captured(1).toLongLong();
        const qint64 unit = unitSeconds(match.captured(2).at(0));
        // The limit is the command's: anything positive it accepts must be exact.
        if (seconds) {
            FUZZ_CHECK(amount > 0 && *seconds == amount * unit, text);
            FUZZ_CHECK(*seconds / unit == amount, text); // no overflow on the way
        } else {
            FUZZ_CHECK(amount == 0 || amount * unit > 0, text);
        }
    }
    if (seconds)
        checkFormat(*seconds);
    if (size >= 8) {
        qint64 raw = 0;
        for (int i = 0; i < 8; ++i)
            raw = qint64(quint64(raw) << 8 | data[i]);
        checkFormat(raw);
    }
    return 0;
}
