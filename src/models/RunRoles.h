#pragma once

#include <Qt>

namespace dedup::models {

// The roles every list of runs answers alike (runs, Stuck, review queue, correlation), so a
// view, a delegate or an operator action reads a run's id, stored status and lease token from
// any of them without knowing which model it is. A model's own roles start at FirstModelRole.
struct RunRoles {
    enum Role : int {
        RunIdRole = Qt::UserRole, // qint64
        StatusNameRole,           // QString: the stored status name, e.g. "manual_review"
        LeaseTokenRole,           // qint64: the token an operator action must quote
        FirstModelRole = Qt::UserRole + 16,
    };
};

} // namespace dedup::models
