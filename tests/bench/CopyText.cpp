#include "CopyText.h"

#include <charconv>

namespace bench::copytext {

namespace {

constexpr qint64 kSecondMicros = 1000000;
constexpr qint64 kMinuteMicros = 60 * kSecondMicros;
constexpr qint64 kHourMicros = 60 * kMinuteMicros;
constexpr qint64 kDayMicros = 24 * kHourMicros;

void putPadded(QByteArray &out, int value, int digits) {
    char buffer[8] = {}; // (initialised: GCC cannot see that `digits` <= 8 are written)
    for (int i = digits - 1; i >= 0; --i, value /= 10)
        buffer[i] = char('0' + value % 10);
    out.append(buffer, digits);
}

struct Civil {
    int year, month, day, hour, minute, second, micros;
};

// Days since 1970-01-01 to a proleptic Gregorian date (H. Hinnant's civil_from_days).
Civil civil(qint64 micros) {
    const qint64 days = micros / kDayMicros; // the store's times are all after 1970
    qint64 rest = micros % kDayMicros;
    Civil c{};
    const qint64 z = days + 719468;
    const qint64 era = z / 146097;
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    c.day = int(doy - (153 * mp + 2) / 5 + 1);
    c.month = int(mp < 10 ? mp + 3 : mp - 9);
    c.year = int(yoe + era * 400 + (c.month <= 2 ? 1 : 0));
    c.hour = int(rest / kHourMicros);
    rest %= kHourMicros;
    c.minute = int(rest / kMinuteMicros);
    rest %= kMinuteMicros;
    c.second = int(rest / kSecondMicros);
    c.micros = int(rest % kSecondMicros);
    return c;
}

} // namespace

void text(QByteArray &out, const char *value) {
    out.append(value);
}
void integer(QByteArray &out, qint64 value) {
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, result.ptr - buffer);
}
void hex(QByteArray &out, quint64 value, int digits) {
    static const char digits16[] = "0123456789abcdef";
    char buffer[16] = {};
    for (int i = digits - 1; i >= 0; --i, value >>= 4)
        buffer[i] = digits16[value & 0xf];
    out.append(buffer, digits);
}
void tab(QByteArray &out) {
    out.append('\t');
}
void null(QByteArray &out) {
    out.append("\\N", 2);
}

void timestamp(QByteArray &out, qint64 micros) {
    const Civil c = civil(micros);
    putPadded(out, c.year, 4);
    out.append('-');
    putPadded(out, c.month, 2);
    out.append('-');
    putPadded(out, c.day, 2);
    out.append(' ');
    putPadded(out, c.hour, 2);
    out.append(':');
    putPadded(out, c.minute, 2);
    out.append(':');
    putPadded(out, c.second, 2);
    out.append('.');
    putPadded(out, c.micros, 6);
    out.append("+00", 3);
}

void yearMonth(QByteArray &out, qint64 micros) {
    const Civil c = civil(micros);
    putPadded(out, c.year, 4);
    out.append('-');
    putPadded(out, c.month, 2);
}

void timestampOrNull(QByteArray &out, qint64 micros) {
    if (micros > 0)
        timestamp(out, micros);
    else
        null(out);
}

} // namespace bench::copytext
