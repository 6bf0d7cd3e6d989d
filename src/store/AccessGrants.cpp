#include "store/AccessGrants.h"

#include "store/PgConnection.h"
#include "store/PgResult.h"

namespace dedup::store {

namespace {

// Named parameters with explicit casts: the call keeps working when a later migration adds
// optional parameters, and the text[] casts pin the overload. Both functions take the same
// four arguments and return one integer.
QString manageSql(const char *function, const char *column) {
    return QStringLiteral("SELECT dedup.%1(p_login => $1::text, p_capability => $2::text,"
                          " p_workflows => $3::text[], p_scope_prefixes => $4::text[]) AS %2")
        .arg(QLatin1String(function), QLatin1String(column));
}

std::optional<QString> textOrNull(const PgResult &result, int row, const char *column) {
    if (result.isNull(row, column))
        return std::nullopt;
    return result.text(row, column);
}

} // namespace

AccessGrants::AccessGrants(PgConnection &connection)
    : m_conn(connection) {}

QStringList AccessGrants::capabilities() {
    return {QStringLiteral("worker"), QStringLiteral("operator"), QStringLiteral("viewer")};
}

OperatorResult<int> AccessGrants::grant(const QString &login, const QString &capability,
                                        const QStringList &workflows,
                                        const QStringList &scopePrefixes) {
    PgParams params;
    // An empty array means "all" to the function, exactly like NULL.
    params.add(login).add(capability).add(workflows).add(scopePrefixes);
    const PgResult result = m_conn.exec(manageSql("access_grant", "added"), params);
    if (!result.ok())
        return OperatorResult<int>::failure(result.error());
    if (result.rows() != 1 || result.isNull(0, "added")) {
        PgError error;
        error.message = tr("Unexpected answer from the database to access_grant.");
        return OperatorResult<int>::failure(StoreErrorKind::Other, error);
    }
    return OperatorResult<int>::success(int(result.toInt64(0, "added")));
}

OperatorResult<int> AccessGrants::revoke(const QString &login,
                                         const std::optional<QString> &capability,
                                         const QStringList &workflows,
                                         const QStringList &scopePrefixes) {
    PgParams params;
    params.add(login).add(capability).add(workflows).add(scopePrefixes);
    const PgResult result = m_conn.exec(manageSql("access_revoke", "removed"), params);
    if (!result.ok())
        return OperatorResult<int>::failure(result.error());
    if (result.rows() != 1 || result.isNull(0, "removed")) {
        PgError error;
        error.message = tr("Unexpected answer from the database to access_revoke.");
        return OperatorResult<int>::failure(StoreErrorKind::Other, error);
    }
    return OperatorResult<int>::success(int(result.toInt64(0, "removed")));
}

OperatorResult<QList<AccessGrant>> AccessGrants::list() {
    const PgResult result = m_conn.exec(
        QStringLiteral("SELECT login, capability, workflow, scope_prefix, granted_by, granted_at"
                       " FROM dedup.access_list()"));
    if (!result.ok())
        return OperatorResult<QList<AccessGrant>>::failure(result.error());
    QList<AccessGrant> grants;
    grants.reserve(result.rows());
    for (int row = 0; row < result.rows(); ++row) {
        AccessGrant grant;
        grant.login = result.text(row, "login");
        grant.capability = result.text(row, "capability");
        grant.workflow = textOrNull(result, row, "workflow");
        grant.scopePrefix = textOrNull(result, row, "scope_prefix");
        grant.grantedBy = result.text(row, "granted_by");
        grant.grantedAt = result.toDateTime(row, "granted_at").toUTC();
        grants.push_back(grant);
    }
    return OperatorResult<QList<AccessGrant>>::success(grants);
}

OperatorResult<bool> AccessGrants::isStoreOwner() {
    const PgResult result = m_conn.exec(QStringLiteral(
        "SELECT EXISTS (SELECT 1 FROM dedup.my_access() WHERE capability = 'owner') AS owner"));
    if (!result.ok()) {
        // my_access() is for the store's group roles; a login that may not even call it is
        // certainly not the owner.
        if (classify(result.error()) == StoreErrorKind::PermissionDenied)
            return OperatorResult<bool>::success(false);
        return OperatorResult<bool>::failure(result.error());
    }
    return OperatorResult<bool>::success(result.rows() == 1 && result.toBool(0, "owner"));
}

} // namespace dedup::store
