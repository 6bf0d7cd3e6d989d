#include "FuzzSupport.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

namespace dedup::fuzz {

void fail(const char *file, int line, const char *condition, const QString &detail) {
    std::fprintf(stderr, "\nFUZZ PROPERTY FAILED at %s:%d\n  %s\n  %s\n", file, line, condition,
                 detail.toUtf8().constData());
    std::fflush(stderr);
    std::abort();
}

void ensureApplication() {
    if (QCoreApplication::instance())
        return;
    static int argc = 1;
    static char name[] = "dedup-fuzz";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
}

FuzzInput::FuzzInput(const std::uint8_t *data, std::size_t size)
    : m_data(reinterpret_cast<const char *>(data), qsizetype(size)) {}

quint8 FuzzInput::byte() {
    return atEnd() ? 0 : quint8(m_data.at(m_pos++));
}

QByteArray FuzzInput::field() {
    if (atEnd())
        return {};
    qsizetype end = m_data.indexOf('\xff', m_pos);
    if (end < 0)
        end = m_data.size();
    const QByteArray result = m_data.mid(m_pos, end - m_pos);
    m_pos = end + 1;
    return result;
}

QByteArray FuzzInput::rest() {
    const QByteArray result = m_data.mid(m_pos);
    m_pos = m_data.size();
    return result;
}

} // namespace dedup::fuzz
