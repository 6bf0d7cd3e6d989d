#pragma once

#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <functional>

namespace bench {

// Fills a freshly migrated store with SyntheticRuns through COPY FROM STDIN (bench_browse).
//
// Everything happens in one transaction: TRUNCATE of the (empty) run tables, so that every
// COPY can use FREEZE (rows written frozen and the pages marked all-visible, as autovacuum
// leaves a store that has been running for a while: index-only scans work at once, and no
// anti-wraparound vacuum starts in the middle of a measurement); the secondary indexes of
// dedup.runs dropped and rebuilt after the load (dropIndexes; the primary key stays, the
// other tables' foreign keys depend on it); dedup.runs' user triggers disabled for the load
// (the migrations define none today; a later audit or NOTIFY trigger would otherwise fire
// 10 million times); dedup.steps' foreign-key triggers disabled for its load (the generator
// writes only existing run ids, and each check would lock, and so rewrite, a frozen run row);
// then VACUUM (ANALYZE).
class RunStoreGenerator {
public:
    struct Options {
        qint64 runs = 10000000;
        quint64 seed = 1;
        qint64 rowsPerCopy = 1000000; // one COPY statement per batch (progress)
        int bufferBytes = 4 << 20;    // bytes per PQputCopyData
        bool dropIndexes = true;
        bool steps = true;
    };

    struct Report {
        qint64 runs = 0;
        qint64 steps = 0;
        double copyRunsSeconds = 0;
        double copyStepsSeconds = 0;
        double indexSeconds = 0;
        double vacuumSeconds = 0;
        double totalSeconds = 0;
        QJsonArray indexes; // {name, seconds} per rebuilt index or constraint
        int userTriggers = 0;
        QJsonObject toJson() const;
    };

    using Progress = std::function<void(const QString &line)>;

    // `connection`: a superuser session on a freshly migrated, empty store.
    RunStoreGenerator(dedup::store::PgConnection &connection, Options options);

    bool generate(Report *report, QString *error, const Progress &progress);

    // Table, index (each) and database sizes, in bytes.
    static QJsonObject sizes(dedup::store::PgConnection &connection, QString *error);
    // Runs per status, stuck runs, runs per workflow and scope, created_at range.
    static QJsonObject contents(dedup::store::PgConnection &connection, QString *error);

private:
    bool run(const QString &sql, QString *error);
    bool copyRuns(qint64 endMicros, Report *report, QString *error, const Progress &progress);
    bool copySteps(qint64 endMicros, Report *report, QString *error, const Progress &progress);

    dedup::store::PgConnection &m_conn;
    Options m_options;
};

} // namespace bench
