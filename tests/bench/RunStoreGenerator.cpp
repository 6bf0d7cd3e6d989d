#include "RunStoreGenerator.h"

#include "CopyIn.h"
#include "SyntheticRuns.h"

#include <QElapsedTimer>
#include <QList>
#include <QLocale>
#include <QPair>

namespace bench {

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

namespace {

double secondsOf(const QElapsedTimer &timer) {
    return double(timer.nsecsElapsed()) / 1e9;
}

QString number(qint64 value) {
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(value);
}

} // namespace

QJsonObject RunStoreGenerator::Report::toJson() const {
    return {{QStringLiteral("runs"), runs},
            {QStringLiteral("steps"), steps},
            {QStringLiteral("copy_runs_s"), copyRunsSeconds},
            {QStringLiteral("copy_steps_s"), copyStepsSeconds},
            {QStringLiteral("indexes_s"), indexSeconds},
            {QStringLiteral("vacuum_analyze_s"), vacuumSeconds},
            {QStringLiteral("total_s"), totalSeconds},
            {QStringLiteral("indexes"), indexes},
            {QStringLiteral("user_triggers_disabled"), userTriggers}};
}

RunStoreGenerator::RunStoreGenerator(PgConnection &connection, Options options)
    : m_conn(connection)
    , m_options(std::move(options)) {}

bool RunStoreGenerator::run(const QString &sql, QString *error) {
    const PgResult result = m_conn.exec(sql);
    if (!result.ok())
        *error = result.error().toString() + QStringLiteral(" [") + sql + QLatin1Char(']');
    return result.ok();
}

bool RunStoreGenerator::generate(Report *report, QString *error, const Progress &progress) {
    QElapsedTimer total;
    total.start();
    *report = {};
    const PgResult existing = m_conn.exec(
        QStringLiteral("SELECT (SELECT count(*) FROM (SELECT 1 FROM dedup.runs LIMIT 1) x),"
                       " (extract(epoch FROM date_trunc('second', now())) * 1000000)::bigint"));
    if (!existing.ok()) {
        *error = existing.error().toString();
        return false;
    }
    if (existing.toInt64(0, 0) != 0) {
        *error = QStringLiteral("the store is not empty");
        return false;
    }
    const qint64 endMicros = existing.toInt64(0, 1);

    // Index builds sort in memory up to this; one process (the machine is shared).
    if (!run(QStringLiteral("SET maintenance_work_mem = '1GB'"), error) ||
        !run(QStringLiteral("SET max_parallel_maintenance_workers = 0"), error) ||
        !run(QStringLiteral("BEGIN"), error))
        return false;
    const auto fail = [&] {
        m_conn.exec(QStringLiteral("ROLLBACK"));
        return false;
    };
    // FREEZE needs the tables emptied (or created) in this transaction; every table that
    // references runs is named (a TRUNCATE of runs alone is refused).
    if (!run(QStringLiteral("TRUNCATE dedup.runs, dedup.steps, dedup.events, dedup.commands,"
                            " dedup.duplicate_deliveries"),
             error))
        return fail();

    // The secondary indexes and the unique constraint, as the catalog defines them (so the
    // rebuilt ones are exactly the migrations' ones); the server quotes the names.
    QList<QPair<QString, QString>> rebuild; // name, statement
    if (m_options.dropIndexes) {
        const PgResult defs = m_conn.exec(QStringLiteral(
            "SELECT c.relname,"
            " CASE WHEN con.oid IS NULL THEN format('DROP INDEX dedup.%I', c.relname)"
            "      ELSE format('ALTER TABLE dedup.runs DROP CONSTRAINT %I', con.conname) END,"
            " CASE WHEN con.oid IS NULL THEN pg_get_indexdef(i.indexrelid)"
            "      ELSE format('ALTER TABLE dedup.runs ADD CONSTRAINT %I %s', con.conname,"
            "                  pg_get_constraintdef(con.oid)) END"
            " FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            " LEFT JOIN pg_constraint con ON con.conindid = i.indexrelid"
            "  AND con.conrelid = i.indrelid"
            " WHERE i.indrelid = 'dedup.runs'::regclass AND NOT i.indisprimary"
            " ORDER BY c.relname"));
        if (!defs.ok()) {
            *error = defs.error().toString();
            return fail();
        }
        for (int row = 0; row < defs.rows(); ++row) {
            if (!run(defs.text(row, 1), error))
                return fail();
            rebuild.append({defs.text(row, 0), defs.text(row, 2)});
        }
        progress(QStringLiteral("dropped %1 secondary indexes of dedup.runs for the load")
                     .arg(rebuild.size()));
    }

    const PgResult triggers =
        m_conn.exec(QStringLiteral("SELECT count(*) FROM pg_trigger"
                                   " WHERE tgrelid = 'dedup.runs'::regclass AND NOT tgisinternal"));
    report->userTriggers = triggers.ok() ? int(triggers.toInt64(0, 0)) : 0;
    if (!run(QStringLiteral("ALTER TABLE dedup.runs DISABLE TRIGGER USER"), error))
        return fail();

    if (!copyRuns(endMicros, report, error, progress))
        return fail();
    if (m_options.steps) {
        if (!run(QStringLiteral("ALTER TABLE dedup.steps DISABLE TRIGGER ALL"), error) ||
            !copySteps(endMicros, report, error, progress) ||
            !run(QStringLiteral("ALTER TABLE dedup.steps ENABLE TRIGGER ALL"), error))
            return fail();
    }
    if (!run(QStringLiteral("ALTER TABLE dedup.runs ENABLE TRIGGER USER"), error))
        return fail();

    QElapsedTimer indexTimer;
    indexTimer.start();
    for (const auto &[name, statement] : rebuild) {
        QElapsedTimer one;
        one.start();
        if (!run(statement, error))
            return fail();
        report->indexes.append(
            QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("s"), secondsOf(one)}});
        progress(QStringLiteral("  %1 rebuilt in %2 s").arg(name).arg(secondsOf(one), 0, 'f', 1));
    }
    report->indexSeconds = secondsOf(indexTimer);

    // The identity continues after the generated ids (a claim in the store gets a new one).
    const PgResult identity = m_conn.exec(
        QStringLiteral("SELECT setval(pg_get_serial_sequence('dedup.runs', 'id'), $1::bigint)"),
        PgParams().add(qMax<qint64>(1, m_options.runs)));
    if (!identity.ok()) {
        *error = identity.error().toString();
        return fail();
    }
    if (!run(QStringLiteral("COMMIT"), error))
        return fail();

    QElapsedTimer vacuum;
    vacuum.start();
    progress(QStringLiteral("VACUUM (ANALYZE)"));
    if (!run(QStringLiteral("VACUUM (ANALYZE) dedup.runs"), error) ||
        !run(QStringLiteral("VACUUM (ANALYZE) dedup.steps"), error))
        return false;
    report->vacuumSeconds = secondsOf(vacuum);
    report->totalSeconds = secondsOf(total);
    return true;
}

bool RunStoreGenerator::copyRuns(qint64 endMicros, Report *report, QString *error,
                                 const Progress &progress) {
    SyntheticRuns runs(m_options.runs, endMicros, m_options.seed);
    const QString sql = QStringLiteral("COPY dedup.runs (%1) FROM STDIN WITH (FREEZE)")
                            .arg(SyntheticRuns::runColumns());
    QElapsedTimer timer;
    timer.start();
    QByteArray buffer;
    buffer.reserve(m_options.bufferBytes + 4096);
    for (qint64 first = 0; first < m_options.runs; first += m_options.rowsPerCopy) {
        const qint64 last = qMin(m_options.runs, first + m_options.rowsPerCopy);
        CopyIn copy(m_conn, sql);
        if (!copy.ok()) {
            *error = copy.error();
            return false;
        }
        // Rows in slices of 1,000 until the buffer is full, then one PQputCopyData.
        for (qint64 index = first; index < last;) {
            const qint64 sliceEnd = qMin(last, index + 1000);
            runs.appendRuns(index, sliceEnd, buffer);
            index = sliceEnd;
            if (buffer.size() >= m_options.bufferBytes || index == last) {
                if (!copy.put(buffer)) {
                    *error = copy.error();
                    return false;
                }
                buffer.clear();
            }
        }
        const qint64 stored = copy.finish();
        if (stored != last - first) {
            *error = copy.error().isEmpty()
                         ? QStringLiteral("COPY stored %1 of %2 runs").arg(stored).arg(last - first)
                         : copy.error();
            return false;
        }
        report->runs += stored;
        const double seconds = secondsOf(timer);
        progress(QStringLiteral("runs %1 / %2  (%3 s, %4 runs/s)")
                     .arg(number(report->runs), number(m_options.runs))
                     .arg(seconds, 0, 'f', 1)
                     .arg(number(qint64(double(report->runs) / qMax(seconds, 1e-3)))));
    }
    report->copyRunsSeconds = secondsOf(timer);
    return true;
}

bool RunStoreGenerator::copySteps(qint64 endMicros, Report *report, QString *error,
                                  const Progress &progress) {
    // A second pass over the same runs (every choice depends only on seed and index).
    const SyntheticRuns runs(m_options.runs, endMicros, m_options.seed);
    QElapsedTimer timer;
    timer.start();
    CopyIn copy(m_conn, QStringLiteral("COPY dedup.steps (%1) FROM STDIN WITH (FREEZE)")
                            .arg(SyntheticRuns::stepColumns()));
    if (!copy.ok()) {
        *error = copy.error();
        return false;
    }
    QByteArray buffer;
    buffer.reserve(m_options.bufferBytes + 4096);
    qint64 written = 0;
    for (qint64 index = 0; index < m_options.runs; ++index) {
        written += runs.appendSteps(index, buffer);
        if (buffer.size() >= m_options.bufferBytes || index + 1 == m_options.runs) {
            if (!copy.put(buffer)) {
                *error = copy.error();
                return false;
            }
            buffer.clear();
        }
    }
    const qint64 stored = copy.finish();
    if (stored != written) {
        *error = copy.error().isEmpty()
                     ? QStringLiteral("COPY stored %1 of %2 steps").arg(stored).arg(written)
                     : copy.error();
        return false;
    }
    report->steps = stored;
    report->copyStepsSeconds = secondsOf(timer);
    progress(QStringLiteral("steps %1 (%2 s)")
                 .arg(number(stored))
                 .arg(report->copyStepsSeconds, 0, 'f', 1));
    return true;
}

QJsonObject RunStoreGenerator::sizes(PgConnection &connection, QString *error) {
    const PgResult totals = connection.exec(QStringLiteral(
        "SELECT pg_relation_size('dedup.runs'), pg_indexes_size('dedup.runs'),"
        " pg_total_relation_size('dedup.runs'), pg_total_relation_size('dedup.steps'),"
        " pg_database_size(current_database())"));
    const PgResult each = connection.exec(
        QStringLiteral("SELECT c.relname, pg_relation_size(c.oid) FROM pg_index i"
                       " JOIN pg_class c ON c.oid = i.indexrelid"
                       " WHERE i.indrelid = 'dedup.runs'::regclass ORDER BY 2 DESC"));
    if (!totals.ok() || !each.ok()) {
        *error = (totals.ok() ? each : totals).error().toString();
        return {};
    }
    QJsonObject indexes;
    for (int row = 0; row < each.rows(); ++row)
        indexes.insert(each.text(row, 0), each.toInt64(row, 1));
    return {{QStringLiteral("runs_heap_bytes"), totals.toInt64(0, 0)},
            {QStringLiteral("runs_indexes_bytes"), totals.toInt64(0, 1)},
            {QStringLiteral("runs_total_bytes"), totals.toInt64(0, 2)},
            {QStringLiteral("steps_total_bytes"), totals.toInt64(0, 3)},
            {QStringLiteral("database_bytes"), totals.toInt64(0, 4)},
            {QStringLiteral("runs_index_bytes"), indexes}};
}

QJsonObject RunStoreGenerator::contents(PgConnection &connection, QString *error) {
    QJsonObject answer;
    const auto grouped = [&](const QString &column, const QString &key) {
        const PgResult result = connection.exec(
            QStringLiteral("SELECT %1, count(*) FROM dedup.runs GROUP BY 1 ORDER BY 2 DESC")
                .arg(column));
        if (!result.ok()) {
            *error = result.error().toString();
            return false;
        }
        QJsonObject counts;
        for (int row = 0; row < result.rows(); ++row)
            counts.insert(result.text(row, 0), result.toInt64(row, 1));
        answer.insert(key, counts);
        return true;
    };
    if (!grouped(QStringLiteral("status"), QStringLiteral("status")) ||
        !grouped(QStringLiteral("workflow"), QStringLiteral("workflow")) ||
        !grouped(QStringLiteral("scope"), QStringLiteral("scope")))
        return {};
    const PgResult other = connection.exec(
        QStringLiteral("SELECT (SELECT count(*) FROM dedup.runs WHERE status = 'processing'"
                       "        AND lease_expires_at <= now()),"
                       " (SELECT count(*) FROM dedup.steps), min(created_at), max(created_at),"
                       " count(DISTINCT correlation_id), count(correlation_id)"
                       " FROM dedup.runs"));
    if (!other.ok()) {
        *error = other.error().toString();
        return {};
    }
    answer.insert(QStringLiteral("stuck_at_generation"), other.toInt64(0, 0));
    answer.insert(QStringLiteral("steps"), other.toInt64(0, 1));
    answer.insert(QStringLiteral("created_min"), other.text(0, 2));
    answer.insert(QStringLiteral("created_max"), other.text(0, 3));
    answer.insert(QStringLiteral("correlation_ids"), other.toInt64(0, 4));
    answer.insert(QStringLiteral("runs_with_correlation"), other.toInt64(0, 5));
    return answer;
}

} // namespace bench
