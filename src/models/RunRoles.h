#pragma once

#include <QString>
#include <QVariant>
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

    // `run`'s answer to the roles above (`statusName`: its stored status); invalid for any
    // other role, which the model answers itself.
    template <typename Run>
    static QVariant data(const Run &run, const QString &statusName, int role) {
        switch (role) {
        case RunIdRole:
            return run.id;
        case StatusNameRole:
            return statusName;
        case LeaseTokenRole:
            return run.leaseToken;
        }
        return {};
    }
};

} // namespace dedup::models
