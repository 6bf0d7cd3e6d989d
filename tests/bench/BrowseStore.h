#pragma once

#include "RunStoreGenerator.h"
#include "store/PgConnection.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace bench {

// The generated store of bench_browse: database `bench` of a private cluster, generated once
// and reused while its description (bench.generation) matches what is asked for, so that a
// kept cluster directory (--keep) is generated once for many invocations.
class BrowseStore {
public:
    // Bumped whenever SyntheticRuns or RunStoreGenerator writes a different store.
    static constexpr int FormatVersion = 1;
    static constexpr const char *Database = "bench";

    // The server settings the cluster runs with (docs/PERFORMANCE.md explains them).
    static QStringList serverSettings();

    // Makes `Database` hold the store `options` describe: reuses it when it does (and
    // `regenerate` is false), else drops it and generates it. `description`: the stored
    // bench.generation report (generation times, sizes, contents).
    static bool ensure(dedup::store::PgConnection &admin, const QString &conninfo,
                       const RunStoreGenerator::Options &options, bool regenerate,
                       QJsonObject *description, bool *reused, QString *error,
                       const RunStoreGenerator::Progress &progress);

    // The login bench_browse --as-operator-of browses as.
    static constexpr const char *ScopedLogin = "bench_scoped_operator";
    // Creates `login` (once) and makes its only grant: operator for the scopes starting with
    // `prefix`, in the store `ownerConninfo` names (connected as its owner).
    static bool grantScopedOperator(const QString &ownerConninfo, const QString &login,
                                    const QString &prefix, QString *error);

    // CPUs, RAM, OS, load average, the server's version and settings.
    static QJsonObject machine(dedup::store::PgConnection &connection);
    static QString loadAverage();
};

} // namespace bench
