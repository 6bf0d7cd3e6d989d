// The runs list's filter and search input (RunFilterBar's fields, what a saved filter
// restores): RunFilter's validation, and the SQL RunQueries builds from it. The search
// field's mode (exact key / key prefix / correlation id) is chosen by the operator, not
// guessed from the text, so each mode is one field here.
//
// Input: <byte: which texts are set> <byte: statuses> <byte: time bounds> <4 bytes from>
//        <4 bytes to> <8 bytes cursor id> workflow 0xFF scope 0xFF exact key 0xFF key prefix
//        0xFF correlation id 0xFF suffix
// Properties:
//   * validationError() refuses exactly: a set but empty text, a NUL in a text (libpq would
//     cut the value short), exact key together with key prefix, a range that ends before it
//     starts; and isEmpty() is "nothing restricts the list";
//   * for a valid filter, every statement (page, window, rows by id, capped count,
//     estimate) carries each value only as a parameter: its text is the same whatever the
//     values are, its placeholders are exactly $1..$n for n parameters, and the operator's
//     texts arrive as parameters unchanged (the key prefix too: it is matched with ^@,
//     starts_with, which has no wildcards to escape);
//   * likePrefixPattern(p), read with PostgreSQL's LIKE rules (backslash escape), matches
//     exactly the keys that start with p: p + anything, never a key without that start.

#include "FuzzSupport.h"
#include "store/RunQueries.h"

#include <QRegularExpression>
#include <QSet>

#include <cstring>

using dedup::store::RunFilter;
using dedup::store::RunKey;
using dedup::store::RunQueries;
using dedup::store::RunQuery;

namespace {

// PostgreSQL's LIKE (escape character backslash) over code points; nullopt for a pattern
// PostgreSQL refuses (ending in the escape character).
std::optional<bool> likeMatches(const QList<uint> &text, qsizetype t, const QList<uint> &pattern,
                                qsizetype p) {
    while (p < pattern.size()) {
        const uint c = pattern.at(p);
        if (c == '%') {
            // Collapse runs of %; then try every split point.
            while (p < pattern.size() && pattern.at(p) == '%')
                ++p;
            if (p == pattern.size())
                return true;
            for (qsizetype i = t; i <= text.size(); ++i) {
                const auto rest = likeMatches(text, i, pattern, p);
                if (!rest)
                    return std::nullopt;
                if (*rest)
                    return true;
            }
            return false;
        }
        uint literal = c;
        bool any = c == '_';
        if (c == '\\') {
            if (p + 1 == pattern.size())
                return std::nullopt;
            literal = pattern.at(++p);
            any = false;
        }
        if (t == text.size() || (!any && text.at(t) != literal))
            return false;
        ++t;
        ++p;
    }
    return t == text.size();
}

bool like(const QString &text, const QString &pattern) {
    const auto result = likeMatches(text.toUcs4(), 0, pattern.toUcs4(), 0);
    FUZZ_CHECK(result.has_value(), pattern + QStringLiteral(" is not a valid LIKE pattern"));
    return *result;
}

void checkPrefixPattern(const QString &prefix, const QString &suffix) {
    // LIKE in PostgreSQL works on whole characters: a lone surrogate has no UTF-8 form.
    // An empty prefix is refused by validationError() before any query is built.
    if (prefix.isEmpty() || !QStringView(prefix).isValidUtf16() ||
        !QStringView(suffix).isValidUtf16())
        return;
    const QString pattern = RunQueries::likePrefixPattern(prefix);
    FUZZ_CHECK(like(prefix, pattern), prefix + QStringLiteral(" ~ ") + pattern);
    FUZZ_CHECK(like(prefix + suffix, pattern), prefix + suffix + QStringLiteral(" ~ ") + pattern);
    QStringList others{suffix, prefix.chopped(qMin<qsizetype>(1, prefix.size()))};
    for (qsizetype i = 0; i < prefix.size() && i < 8; ++i) {
        QString changed = prefix;
        changed[i] = changed.at(i) == u'x' ? u'y' : u'x';
        others << changed + suffix;
        if (changed.at(i) != u'_') {
            changed[i] = u'_';
            others << changed;
        }
    }
    for (const QString &other : std::as_const(others)) {
        if (!other.startsWith(prefix))
            FUZZ_CHECK(!like(other, pattern), other + QStringLiteral(" ~ ") + pattern);
    }
}

QStringList parameters(const RunQuery &query) {
    QStringList values;
    for (const char *value : query.params.pointers())
        values << (value ? QString::fromUtf8(value) : QStringLiteral("<NULL>"));
    return values;
}

void checkPlaceholders(const RunQuery &query) {
    static const QRegularExpression placeholder(QStringLiteral("\\$([0-9]+)"));
    QSet<int> used;
    for (auto it = placeholder.globalMatch(query.sql); it.hasNext();)
        used.insert(it.next().captured(1).toInt());
    QSet<int> expected;
    for (int i = 1; i <= query.params.size(); ++i)
        expected.insert(i);
    FUZZ_CHECK(used == expected, query.sql);
}

// The same criteria with other values: the statements must not change.
RunFilter twin(const RunFilter &filter) {
    RunFilter other = filter;
    for (std::optional<QString> *text :
         {&other.workflow, &other.scope, &other.exactKey, &other.keyPrefix, &other.correlationId}) {
        if (*text)
            *text = QStringLiteral("value");
    }
    if (other.createdFrom.isValid())
        other.createdFrom = QDateTime::fromSecsSinceEpoch(1000, Qt::UTC);
    if (other.createdTo.isValid())
        other.createdTo = QDateTime::fromSecsSinceEpoch(2000, Qt::UTC);
    return other;
}

QList<RunQuery> statements(const RunFilter &filter, const RunKey &cursor) {
    return {RunQueries::page(filter, cursor, 50),    RunQueries::page(filter, {}, 50),
            RunQueries::window(filter, cursor, 200), RunQueries::rowsById(filter, {cursor.id, 7}),
            RunQueries::cappedCount(filter, 10000),  RunQueries::estimate(filter)};
}

QString expectedError(const RunFilter &filter) {
    for (const std::optional<QString> *text : {&filter.workflow, &filter.scope, &filter.exactKey,
                                               &filter.keyPrefix, &filter.correlationId}) {
        if (*text && ((*text)->isEmpty() || (*text)->contains(QChar(0))))
            return QStringLiteral("text");
    }
    if (filter.exactKey && filter.keyPrefix)
        return QStringLiteral("both");
    if (filter.createdFrom.isValid() && filter.createdTo.isValid() &&
        filter.createdFrom > filter.createdTo)
        return QStringLiteral("range");
    return {};
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    dedup::fuzz::ensureApplication();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    dedup::fuzz::FuzzInput input(data, size);
    const quint8 textsSet = input.byte();
    const quint8 statusBits = input.byte();
    const quint8 bounds = input.byte();
    auto int32 = [&input] {
        quint32 value = 0;
        for (int i = 0; i < 4; ++i)
            value = value << 8 | input.byte();
        return qint32(value);
    };
    const qint32 from = int32(), to = int32();
    qint64 cursorId = 0;
    for (int i = 0; i < 8; ++i)
        cursorId = qint64(quint64(cursorId) << 8 | input.byte());

    RunFilter filter;
    const QList<dedup::core::RunStatus> all = dedup::core::allRunStatuses();
    for (qsizetype i = 0; i < all.size(); ++i) {
        if (statusBits >> i & 1)
            filter.statuses << all.at(i);
    }
    if (statusBits & 0x80 && !filter.statuses.isEmpty())
        filter.statuses << filter.statuses.first(); // a duplicate
    int bit = 0;
    for (std::optional<QString> *text : {&filter.workflow, &filter.scope, &filter.exactKey,
                                         &filter.keyPrefix, &filter.correlationId}) {
        const QString value = input.text();
        if (textsSet >> bit++ & 1)
            *text = value;
    }
    if (bounds & 1)
        filter.createdFrom = QDateTime::fromSecsSinceEpoch(from, Qt::UTC);
    if (bounds & 2)
        filter.createdTo = QDateTime::fromSecsSinceEpoch(to, Qt::UTC).toOffsetFromUtc(3600);
    const QString suffix = input.text();

    // Statuses: declaration order, no duplicates, empty for none or all.
    const QList<dedup::core::RunStatus> effective = filter.effectiveStatuses();
    QList<dedup::core::RunStatus> expectedStatuses;
    for (const auto status : all) {
        if (filter.statuses.contains(status))
            expectedStatuses << status;
    }
    if (expectedStatuses.size() == all.size())
        expectedStatuses.clear();
    FUZZ_CHECK(effective == expectedStatuses, QString::number(statusBits));
    const bool nothing = effective.isEmpty() && !(textsSet & 0x1f) && !(bounds & 3);
    FUZZ_CHECK(filter.isEmpty() == nothing, QString::number(textsSet));

    const QString expected = expectedError(filter);
    const QString error = filter.validationError();
    FUZZ_CHECK(error.isEmpty() == expected.isEmpty(), expected + QStringLiteral(": ") + error);
    FUZZ_CHECK(filter.isValid() == error.isEmpty(), error);
    if (filter.keyPrefix)
        checkPrefixPattern(*filter.keyPrefix, suffix);
    if (!error.isEmpty())
        return 0;

    RunKey cursor;
    cursor.id = cursorId;
    cursor.createdAt = QStringLiteral("2025-03-01 12:00:00.123456+00");
    const QList<RunQuery> queries = statements(filter, cursor);
    const QList<RunQuery> twins = statements(twin(filter), cursor);
    for (qsizetype i = 0; i < queries.size(); ++i) {
        const RunQuery &query = queries.at(i);
        checkPlaceholders(query);
        FUZZ_CHECK(query.sql == twins.at(i).sql,
                   query.sql + QStringLiteral(" vs ") + twins.at(i).sql);
        FUZZ_CHECK(query.params.size() == twins.at(i).params.size(), query.sql);
        const QStringList values = parameters(query);
        for (const std::optional<QString> &text :
             {filter.workflow, filter.scope, filter.exactKey, filter.correlationId}) {
            if (text)
                FUZZ_CHECK(values.contains(QString::fromUtf8(text->toUtf8())), *text);
        }
        if (filter.keyPrefix) {
            const QString prefix = QString::fromUtf8(filter.keyPrefix->toUtf8());
            FUZZ_CHECK(values.contains(prefix), *filter.keyPrefix);
            // the prefix is matched as text, never as a pattern
            FUZZ_CHECK(query.sql.contains(QStringLiteral("idem_key ^@ $")), query.sql);
        }
    }
    return 0;
}
