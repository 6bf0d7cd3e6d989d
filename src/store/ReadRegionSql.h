#pragma once

#include "store/ReadRegion.h"

#include <QString>

namespace dedup::store {

class PgParams;

// A login's read regions as SQL, for statements that want the planner to see what
// row-level security will keep (RunFilter::readable, DashboardRange::readable).
class ReadRegionSql {
public:
    // `(alias.workflow = $n AND alias.scope ^@ $m) OR ...` over the regions, their values
    // appended to `params` (placeholders numbered after the ones already there); `false`
    // for no region, `true` for a region without workflow and prefix. `^@` (starts_with) is
    // leakproof, so under row-level security it can still be an index range (scope is
    // COLLATE "C" in every table that has it).
    static QString anyOf(const ReadRegions &regions, const QString &alias, PgParams &params);
};

} // namespace dedup::store
