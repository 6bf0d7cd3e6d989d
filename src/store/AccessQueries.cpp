#include "store/AccessQueries.h"

#include "store/PgConnection.h"

namespace dedup::store {

std::optional<AccessScope> AccessQueries::mine(PgConnection &connection, PgError *error) {
    const PgResult result = connection.exec(
        QStringLiteral("SELECT capability, workflow, scope_prefix FROM dedup.my_access()"));
    if (!result.ok()) {
        if (error)
            *error = result.error();
        return std::nullopt;
    }
    QList<AccessGrant> grants;
    for (int row = 0; row < result.rows(); ++row) {
        const QString capability = result.text(row, 0);
        if (capability == u"owner")
            return AccessScope::owner();
        AccessGrant grant;
        grant.capability = capability; // one a newer store adds permits nothing here
        if (!result.isNull(row, 1))
            grant.workflow = result.text(row, 1);
        if (!result.isNull(row, 2))
            grant.scopePrefix = result.text(row, 2);
        grants.append(grant);
    }
    return AccessScope::fromGrants(std::move(grants));
}

} // namespace dedup::store
