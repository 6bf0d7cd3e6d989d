#include "WalBreakdown.h"

#include <QJsonObject>
#include <QThread>

using namespace dedup::store;

namespace bench {

namespace {

// The first block reference names the page the record changes; pg_filenode_relation maps
// its file node back to the relation (tablespace 0: the database's default).
const QString breakdownSql = QStringLiteral(
    "WITH w AS ("
    "  SELECT resource_manager || '/' || record_type AS record, record_length, fpi_length,"
    "         substring(block_ref from 'rel [0-9]+/[0-9]+/([0-9]+)') AS filenode"
    "    FROM pg_get_wal_records_info($1::pg_lsn,"
    "                                 LEAST($2::pg_lsn, pg_current_wal_flush_lsn())))"
    " SELECT CASE WHEN filenode IS NULL THEN '(no block)'"
    "             ELSE COALESCE(pg_filenode_relation(0, filenode::oid)::text,"
    "                           'filenode ' || filenode) END,"
    "        record, count(*), sum(record_length), sum(fpi_length)"
    "   FROM w GROUP BY 1, 2");

} // namespace

bool WalBreakdown::add(PgConnection &superuser, const QString &startLsn, const QString &endLsn,
                       QString *error) {
    // pg_walinspect reads flushed WAL only: a range that ends in an asynchronous commit
    // (complete_step's) is flushed by the WAL writer within wal_writer_delay.
    for (int attempt = 0; attempt < 150; ++attempt) {
        const PgResult flushed =
            superuser.exec(QStringLiteral("SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn"),
                           PgParams().add(endLsn));
        if (!flushed.ok() || flushed.toBool(0, 0))
            break;
        QThread::msleep(20);
    }
    const PgResult result = superuser.exec(breakdownSql, PgParams().add(startLsn).add(endLsn));
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    for (int row = 0; row < result.rows(); ++row) {
        Cell &cell = m_cells[result.text(row, 0) + QLatin1Char('\t') + result.text(row, 1)];
        cell.records += result.toInt64(row, 2);
        cell.bytes += result.toInt64(row, 3);
        cell.fpiBytes += result.toInt64(row, 4);
    }
    return true;
}

WalBreakdown::Cell WalBreakdown::total() const {
    Cell sum;
    for (const Cell &cell : m_cells) {
        sum.records += cell.records;
        sum.bytes += cell.bytes;
        sum.fpiBytes += cell.fpiBytes;
    }
    return sum;
}

QMap<QString, WalBreakdown::Cell> WalBreakdown::byRelation() const {
    QMap<QString, Cell> cells;
    for (auto it = m_cells.cbegin(); it != m_cells.cend(); ++it) {
        Cell &cell = cells[it.key().section(QLatin1Char('\t'), 0, 0)];
        cell.records += it->records;
        cell.bytes += it->bytes;
        cell.fpiBytes += it->fpiBytes;
    }
    return cells;
}

QMap<QString, WalBreakdown::Cell> WalBreakdown::byRecord() const {
    QMap<QString, Cell> cells;
    for (auto it = m_cells.cbegin(); it != m_cells.cend(); ++it) {
        Cell &cell = cells[it.key().section(QLatin1Char('\t'), 1)];
        cell.records += it->records;
        cell.bytes += it->bytes;
        cell.fpiBytes += it->fpiBytes;
    }
    return cells;
}

QJsonArray WalBreakdown::toJson(double runs) const {
    QJsonArray rows;
    const double per = runs > 0 ? runs : 1;
    for (auto it = m_cells.cbegin(); it != m_cells.cend(); ++it)
        rows.append(
            QJsonObject{{QStringLiteral("relation"), it.key().section(QLatin1Char('\t'), 0, 0)},
                        {QStringLiteral("record"), it.key().section(QLatin1Char('\t'), 1)},
                        {QStringLiteral("records_per_run"), double(it->records) / per},
                        {QStringLiteral("bytes_per_run"), double(it->bytes) / per},
                        {QStringLiteral("fpi_bytes_per_run"), double(it->fpiBytes) / per}});
    return rows;
}

} // namespace bench
