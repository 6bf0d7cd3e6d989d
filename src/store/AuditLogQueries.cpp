#include "store/AuditLogQueries.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunDetailQueries.h"
#include "store/SqlBinder.h"

#include <QStringList>

#include <algorithm>

namespace dedup::store {

using store::AuditEntryRow;
using store::PgParams;
using store::PgResult;

namespace {

// The columns RunDetailQueries::readAudit() reads.
const QString kColumns = QStringLiteral(
    "SELECT a.id, a.at, a.db_role, a.os_user, a.client_host, host(a.client_addr) AS client_addr,"
    " a.application_name, a.action, a.run_id, a.action_key, a.reason, a.expected_token,"
    " a.params::text AS params_text, jsonb_pretty(a.params) AS params_pretty, a.outcome,"
    " a.detail, a.before::text AS before_text, jsonb_pretty(a.before) AS before_pretty,"
    " a.after::text AS after_text, jsonb_pretty(a.after) AS after_pretty, a.hash"
    " FROM dedup.audit_log a WHERE ");

QStringList criteria(const AuditLogFilter &filter, SqlBinder &binder) {
    QStringList where;
    if (filter.runId)
        where << QStringLiteral("a.run_id = %1::bigint").arg(binder.bind(*filter.runId));
    if (filter.action)
        where << QStringLiteral("a.action = %1").arg(binder.bind(*filter.action));
    if (filter.role)
        where << QStringLiteral("a.db_role = %1").arg(binder.bind(*filter.role));
    if (filter.outcome)
        where << QStringLiteral("a.outcome = %1").arg(binder.bind(*filter.outcome));
    if (filter.from.isValid())
        where << QStringLiteral("a.at >= %1::timestamptz").arg(binder.bind(filter.from));
    if (filter.to.isValid())
        where << QStringLiteral("a.at <= %1::timestamptz").arg(binder.bind(filter.to));
    return where;
}

// Rows of a statement ordered by id; readAudit() hands them back in the reverse order.
std::optional<QList<AuditEntryRow>> fetch(store::PgConnection &conn, const QString &sql,
                                          const PgParams &params, int limit,
                                          store::PgError *error) {
    const PgResult result = conn.exec(sql, params);
    if (!result.ok()) {
        *error = result.error();
        return std::nullopt;
    }
    bool more = false;
    return store::RunDetailQueries::readAudit(result, limit, &more);
}

// The newest entry's id (0 when the log is empty): the end of audit_log_pkey.
std::optional<qint64> newestId(store::PgConnection &conn, store::PgError *error) {
    const PgResult newest =
        conn.exec(QStringLiteral("SELECT COALESCE(max(id), 0) FROM dedup.audit_log"));
    if (!newest.ok()) {
        *error = newest.error();
        return std::nullopt;
    }
    return newest.toInt64(0, 0);
}

} // namespace

std::optional<AuditLogPage> AuditLogQueries::older(store::PgConnection &conn,
                                                   const AuditLogFilter &filter, qint64 before,
                                                   int limit, qint64 window, int maxWindows,
                                                   store::PgError *error) {
    AuditLogPage page;
    qint64 cursor = before;
    if (cursor <= 0) {
        const auto top = newestId(conn, error);
        if (!top)
            return std::nullopt;
        page.top = *top;
        cursor = *top + 1;
    }
    // A run's entries, or no criterion at all: an index answers in order and the LIMIT stops
    // it; otherwise bounded windows.
    const bool windowed = !filter.runId && filter.hasUnindexedCriteria();
    for (int pass = 0; pass < (windowed ? qMax(1, maxWindows) : 1); ++pass) {
        const int wanted = limit - int(page.rows.size());
        SqlBinder binder;
        QStringList where = criteria(filter, binder);
        where << QStringLiteral("a.id < %1::bigint").arg(binder.bind(cursor));
        const qint64 low = qMax<qint64>(0, cursor - window);
        if (windowed)
            where << QStringLiteral("a.id >= %1::bigint").arg(binder.bind(low));
        const QString sql =
            kColumns + where.join(QStringLiteral(" AND ")) +
            QStringLiteral(" ORDER BY a.id DESC LIMIT %1::bigint").arg(binder.bind(qint64(wanted)));
        auto rows = fetch(conn, sql, binder.params(), wanted, error);
        if (!rows)
            return std::nullopt;
        std::reverse(rows->begin(), rows->end()); // newest first again
        const bool full = rows->size() >= wanted;
        page.rows += *rows;
        if (full) {
            page.nextBefore = page.rows.last().id;
            return page;
        }
        cursor = windowed ? low : 0;
        if (cursor <= 1) {
            page.atEnd = true;
            page.nextBefore = 0;
            return page;
        }
    }
    // Windows used up without filling the page: more may be older.
    page.nextBefore = cursor;
    return page;
}

std::optional<AuditLogNews> AuditLogQueries::newer(store::PgConnection &conn,
                                                   const AuditLogFilter &filter, qint64 after,
                                                   int limit, store::PgError *error) {
    // Up to the newest entry now, so a filter that matches none of the new entries still
    // moves the starting point on (the next look does not read them again).
    const auto top = newestId(conn, error);
    if (!top)
        return std::nullopt;
    AuditLogNews news;
    news.upTo = qMax(after, *top);
    if (*top <= after)
        return news;
    SqlBinder binder;
    QStringList where = criteria(filter, binder);
    where << QStringLiteral("a.id > %1::bigint").arg(binder.bind(after));
    where << QStringLiteral("a.id <= %1::bigint").arg(binder.bind(*top));
    const QString sql =
        kColumns + where.join(QStringLiteral(" AND ")) +
        QStringLiteral(" ORDER BY a.id LIMIT %1::bigint").arg(binder.bind(qint64(limit)));
    auto rows = fetch(conn, sql, binder.params(), limit, error);
    if (!rows)
        return std::nullopt;
    std::reverse(rows->begin(), rows->end()); // oldest first
    news.rows = *rows;
    news.more = news.rows.size() >= limit;
    if (news.more)
        news.upTo = news.rows.last().id;
    return news;
}

} // namespace dedup::store
