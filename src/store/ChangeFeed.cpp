#include "store/ChangeFeed.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"

namespace dedup::store {

std::optional<ChangeCursor::Batch> ChangeFeed::poll(PgConnection &connection, PgError *error) {
    PgParams params;
    if (m_cursor.isStarted())
        params.add(m_cursor.readAfter());
    else
        params.addNull();
    params.add(m_limit);
    // xid8 as text: PgResult reads signed integers, and an xid8 is unsigned.
    const PgResult rows = connection.execPrepared(
        QStringLiteral("SELECT snapshot_xmin::text, snapshot_xmax::text, event_id, run_id "
                       "FROM dedup.changes($1, $2)"),
        params);
    if (!rows.ok()) {
        *error = rows.error();
        return std::nullopt;
    }
    if (rows.rows() < 1) {
        PgError none;
        none.message = QStringLiteral("dedup.changes returned no row");
        *error = none;
        return std::nullopt;
    }
    const quint64 xmin = rows.text(0, 0).toULongLong();
    const quint64 xmax = rows.text(0, 1).toULongLong();
    if (!m_cursor.isStarted()) {
        m_cursor.start(rows.toInt64(0, 2), xmax);
        return ChangeCursor::Batch{};
    }
    QList<ChangeCursor::Event> events;
    events.reserve(rows.rows());
    for (int row = 0; row < rows.rows(); ++row) {
        if (rows.isNull(row, 2))
            continue; // the single row of an empty answer
        events.append({rows.toInt64(row, 2), rows.isNull(row, 3) ? 0 : rows.toInt64(row, 3)});
    }
    return m_cursor.apply(xmin, xmax, events, m_limit);
}

} // namespace dedup::store
