#include "store/ReadRegionSql.h"

#include "store/PgParams.h"

#include <QStringList>

namespace dedup::store {

QString ReadRegionSql::anyOf(const ReadRegions &regions, const QString &alias, PgParams &params) {
    if (regions.isEmpty())
        return QStringLiteral("false");
    QStringList alternatives;
    for (const ReadRegion &region : regions) {
        QStringList parts;
        if (region.workflow) {
            params.add(*region.workflow);
            parts << QStringLiteral("%1.workflow = $%2").arg(alias).arg(params.size());
        }
        if (region.scopePrefix) {
            params.add(*region.scopePrefix);
            parts << QStringLiteral("%1.scope ^@ $%2").arg(alias).arg(params.size());
        }
        if (parts.isEmpty())
            return QStringLiteral("true");
        alternatives << QStringLiteral("(%1)").arg(parts.join(QStringLiteral(" AND ")));
    }
    return alternatives.size() == 1
               ? alternatives.first()
               : QStringLiteral("(%1)").arg(alternatives.join(QStringLiteral(" OR ")));
}

} // namespace dedup::store
