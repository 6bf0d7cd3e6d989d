#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace dedup::store {

// A part of the store a login may read: one of its viewer or operator grants, as the runs it
// covers (the store's rule: the workflow is equal, or the grant names none; the scope starts
// with the prefix, or the grant has none). AccessScope::readRegions() lists a login's.
struct ReadRegion {
    std::optional<QString> workflow;    // nullopt: every workflow
    std::optional<QString> scopePrefix; // nullopt: every scope

    friend bool operator==(const ReadRegion &, const ReadRegion &) = default;
};

using ReadRegions = QList<ReadRegion>;

} // namespace dedup::store
