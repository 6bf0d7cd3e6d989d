// Text that reaches PostgreSQL outside a plain text parameter, where quoting decides what the
// server reads: PgParams' text[] array literal (status lists, id lists), its timestamptz
// text, and LocalCluster's conninfo for a private cluster's database, role and directory
// names (the demo's directory comes from $HOME or DEDUP_DEMO_DIR).
//
// Input: element 0xFF element 0xFF ... (the last field is also the database name, the one
//        before it the role, the one before that the base directory) plus 8 bytes of time.
// Properties:
//   * the array literal, read with PostgreSQL's array_in rules, is exactly the list: same
//     count, same texts, none NULL (not even an element spelled NULL), commas, braces,
//     quotes and backslashes kept;
//   * a time parameter reads back as the same instant (millisecond precision, explicit
//     offset);
//   * LocalCluster::conninfo() is read by libpq as host = <base>/sock, user, dbname exactly.

#include "FuzzSupport.h"
#include "store/ConnectionProfile.h"
#include "store/LocalCluster.h"
#include "store/PgParams.h"

#include <QMap>

using dedup::store::ConnectionProfile;
using dedup::store::LocalCluster;
using dedup::store::PgParams;

namespace {

bool isArraySpace(char c) {
    // array_in's scanner skips what scanner_isspace() accepts.
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// A one-dimensional array literal as array_in reads it; nullopt when it would refuse it.
// Null elements come back as a null QByteArray.
std::optional<QList<QByteArray>> readArray(const QByteArray &literal) {
    qsizetype i = 0;
    auto skipSpace = [&] {
        while (i < literal.size() && isArraySpace(literal.at(i)))
            ++i;
    };
    skipSpace();
    if (i == literal.size() || literal.at(i) != '{')
        return std::nullopt;
    ++i;
    QList<QByteArray> elements;
    skipSpace();
    if (i < literal.size() && literal.at(i) == '}') {
        ++i;
        skipSpace();
        return i == literal.size() ? std::optional(elements) : std::nullopt;
    }
    while (true) {
        skipSpace();
        QByteArray element = "";
        bool quoted = false, sawText = false;
        if (i < literal.size() && literal.at(i) == '"') {
            quoted = true;
            ++i;
            while (i < literal.size() && literal.at(i) != '"') {
                if (literal.at(i) == '\\')
                    ++i;
                if (i == literal.size())
                    return std::nullopt;
                element += literal.at(i++);
            }
            if (i == literal.size())
                return std::nullopt;
            ++i; // closing quote
            skipSpace();
        } else {
            while (i < literal.size() && literal.at(i) != ',' && literal.at(i) != '}') {
                const char c = literal.at(i);
                if (c == '"' || c == '{')
                    return std::nullopt;
                if (c == '\\') {
                    ++i;
                    if (i == literal.size())
                        return std::nullopt;
                }
                element += literal.at(i++);
                sawText = true;
            }
            element = element.trimmed();
            if (!sawText)
                return std::nullopt; // an empty unquoted element is refused
        }
        if (!quoted && element.compare("NULL", Qt::CaseInsensitive) == 0)
            element = QByteArray();
        elements << element;
        if (i == literal.size())
            return std::nullopt;
        if (literal.at(i) == '}')
            break;
        if (literal.at(i) != ',')
            return std::nullopt;
        ++i;
    }
    ++i;
    skipSpace();
    return i == literal.size() ? std::optional(elements) : std::nullopt;
}

void checkArray(const QStringList &list) {
    PgParams params;
    params.add(list);
    const QByteArray literal = params.pointers().front();
    const auto back = readArray(literal);
    FUZZ_CHECK(back.has_value(), QString::fromUtf8(literal));
    FUZZ_CHECK(back->size() == list.size(), QString::fromUtf8(literal));
    for (qsizetype i = 0; i < list.size(); ++i) {
        FUZZ_CHECK(!back->at(i).isNull(), QString::fromUtf8(literal));
        FUZZ_CHECK(back->at(i) == list.at(i).toUtf8(), QString::fromUtf8(literal));
    }
}

void checkTime(qint64 msecs, int offsetSeconds) {
    const QDateTime time = QDateTime::fromMSecsSinceEpoch(msecs, Qt::OffsetFromUTC, offsetSeconds);
    if (!time.isValid() || time.toUTC().date().year() < 1 || time.toUTC().date().year() > 9999)
        return; // QDateTimeEdit's range is narrower still
    PgParams params;
    params.add(time);
    const QString text = QString::fromUtf8(params.pointers().front());
    const QDateTime back = QDateTime::fromString(text, Qt::ISODateWithMs);
    FUZZ_CHECK(back.isValid() && back == time, text);
    FUZZ_CHECK(text.endsWith(u'Z'), text); // an explicit offset, not the session's TimeZone
}

void checkClusterConninfo(const QString &baseDir, const QString &role, const QString &dbname) {
    for (const QString &text : {baseDir, role, dbname}) {
        if (text.contains(QChar(0)))
            return; // no path, role or database name holds a NUL
    }
    LocalCluster::Options options;
    options.baseDir = baseDir;
    options.superuser = role;
    options.port = 5432;
    const QString conninfo = LocalCluster(options).conninfo(dbname);
    QString error;
    const auto parsed = ConnectionProfile::parse(conninfo, &error);
    FUZZ_CHECK(parsed.has_value(), conninfo + QStringLiteral(": ") + error);
    QMap<QString, QString> map;
    for (const auto &[key, value] : *parsed)
        map.insert(key, value);
    const QMap<QString, QString> expected{
        {QStringLiteral("host"), baseDir + QStringLiteral("/sock")},
        {QStringLiteral("port"), QStringLiteral("5432")},
        {QStringLiteral("user"), role},
        {QStringLiteral("dbname"), dbname}};
    FUZZ_CHECK(map == expected, conninfo);
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    dedup::fuzz::FuzzInput input(data, size);
    qint64 msecs = 0;
    for (int i = 0; i < 8; ++i)
        msecs = qint64(quint64(msecs) << 8 | input.byte());
    const int offset = (qint8(input.byte())) * 15 * 60 / 4; // whole minutes, up to ±8 h
    checkTime(msecs % (400LL * 365 * 24 * 3600 * 1000 * 25), offset);

    QStringList list;
    while (!input.atEnd())
        list << input.text();
    QStringList elements;
    for (const QString &element : std::as_const(list)) {
        if (!element.contains(QChar(0))) // a C string parameter cannot carry a NUL
            elements << element;
    }
    checkArray(elements);
    const QString dbname = list.value(list.size() - 1, QStringLiteral("postgres"));
    const QString role = list.value(list.size() - 2, QStringLiteral("postgres"));
    const QString baseDir = list.value(list.size() - 3, QStringLiteral("/tmp/demo"));
    checkClusterConninfo(baseDir, role, dbname);
    return 0;
}
