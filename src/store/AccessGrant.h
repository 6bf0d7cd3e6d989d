#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace dedup::store {

// One row of the store's grants (dedup.access_list()): `login` may act as `capability`
// (worker, operator or viewer) on the runs of `workflow` whose scope starts with
// `scopePrefix`. Grants add up; operator includes viewer.
struct AccessGrant {
    QString login;
    QString capability;
    std::optional<QString> workflow;    // nullopt: every workflow
    std::optional<QString> scopePrefix; // nullopt: every scope
    QString grantedBy;                  // the login (session_user) that added it
    QDateTime grantedAt;                // UTC

    friend bool operator==(const AccessGrant &, const AccessGrant &) = default;
};

} // namespace dedup::store
