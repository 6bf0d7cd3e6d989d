#pragma once

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

// Helpers shared by the fuzz targets of tests/fuzz. A target asserts properties of a parser
// (round trips, idempotence, what may never appear in an output), not only "no crash": a
// broken property aborts like a crash, so libFuzzer keeps the input and the replay test fails.
namespace dedup::fuzz {

// Prints the broken property (with the values involved) and aborts.
[[noreturn]] void fail(const char *file, int line, const char *condition, const QString &detail);

// Creates the QCoreApplication some Qt calls need (once per process).
void ensureApplication();

// Splits the fuzzer's bytes into the pieces of a structured input. Text fields end at a 0xFF
// byte, which never occurs in UTF-8, so a field can still hold any text (NUL included) and a
// hand-written seed stays readable. Past the end every read answers "nothing".
class FuzzInput {
public:
    FuzzInput(const std::uint8_t *data, std::size_t size);

    bool atEnd() const { return m_pos >= m_data.size(); }
    quint8 byte();
    bool flag() { return byte() & 1; }
    // The bytes up to the next 0xFF (consumed, not returned) or the end.
    QByteArray field();
    // field() decoded as UTF-8 (invalid sequences become U+FFFD, as everywhere in Qt).
    QString text() { return QString::fromUtf8(field()); }
    QByteArray rest();

private:
    QByteArray m_data;
    qsizetype m_pos = 0;
};

} // namespace dedup::fuzz

#define FUZZ_CHECK(condition, detail)                                                              \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::dedup::fuzz::fail(__FILE__, __LINE__, #condition, (detail));                         \
    } while (false)
