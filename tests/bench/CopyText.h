#pragma once

#include <QByteArray>

// Writers for COPY's text format (one row per line, columns separated by tabs, \N for NULL).
// The generator writes no value containing a tab, newline or backslash, so nothing is escaped.
namespace bench::copytext {

void text(QByteArray &out, const char *value);
void integer(QByteArray &out, qint64 value);
// `value` as `digits` lowercase hexadecimal digits (the low ones).
void hex(QByteArray &out, quint64 value, int digits);
void tab(QByteArray &out);
void null(QByteArray &out);
// Microseconds since 1970-01-01 UTC as PostgreSQL prints a timestamptz in UTC:
// "2026-11-29 17:00:34.123456+00".
void timestamp(QByteArray &out, qint64 micros);
// timestamp(), or NULL when `micros` <= 0.
void timestampOrNull(QByteArray &out, qint64 micros);
// "2026-11"
void yearMonth(QByteArray &out, qint64 micros);

} // namespace bench::copytext
