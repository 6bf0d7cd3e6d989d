#pragma once

#include "lanes/Lane.h"

namespace dedup::lanes {

// The lane of the read-only views (detail, correlation, stuck runs, review queue, audit log,
// dashboard): a Lane whose jobs return store snapshot types in the QVariant. Its own class
// so those views name what they hold and pg_stat_activity shows "dedup-console-query" unless
// told otherwise. Everything else, the contract included, is Lane's.
class QueryRunner : public Lane {
public:
    // `applicationName` shows in pg_stat_activity (default "dedup-console-query").
    explicit QueryRunner(const QString &conninfo, const QString &applicationName = {},
                         QObject *parent = nullptr);
};

} // namespace dedup::lanes
