#pragma once

#include "store/PgConnection.h"

#include <QJsonArray>
#include <QMap>
#include <QString>

// Where a range of WAL went, per relation and record type (pg_walinspect, PostgreSQL 15+):
// each record is filed under the relation of its first block reference (a heap or index
// insert, a HOT update, a row lock) or under "(no block)" (commit records, running-xacts
// snapshots). Needs a superuser connection and CREATE EXTENSION pg_walinspect. Ranges add
// up, so interleaved slices of one workload give one breakdown.
namespace bench {

class WalBreakdown {
public:
    struct Cell {
        qint64 records = 0;
        qint64 bytes = 0;    // whole records, full-page images included
        qint64 fpiBytes = 0; // of which full-page images
    };

    // Adds the records from `startLsn` up to `endLsn` (clamped to the flushed WAL).
    bool add(dedup::store::PgConnection &superuser, const QString &startLsn, const QString &endLsn,
             QString *error);

    Cell total() const;
    // Per relation, summed over record types; and per "relation\trecord type".
    QMap<QString, Cell> byRelation() const;
    const QMap<QString, Cell> &byRelationAndRecord() const { return m_cells; }
    QMap<QString, Cell> byRecord() const;

    // Rows of {relation, record, records, bytes, fpi_bytes}, each divided by `runs`.
    QJsonArray toJson(double runs) const;

private:
    QMap<QString, Cell> m_cells; // "relation\trecord" -> cell
};

} // namespace bench
