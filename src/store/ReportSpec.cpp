#include "store/ReportSpec.h"

namespace dedup::store {

QString ReportSpec::validate() const {
    if (!from.isValid())
        return tr("The report needs a start time (from).");
    if (!to.isValid())
        return tr("The report needs an end time (to).");
    if (from >= to)
        return tr("The report's start time (%1) must be before its end time (%2).")
            .arg(from.toUTC().toString(Qt::ISODate), to.toUTC().toString(Qt::ISODate));
    for (const QString &workflow : workflows)
        if (workflow.trimmed().isEmpty())
            return tr("A workflow filter is empty.");
    for (const QString &role : operators)
        if (role.trimmed().isEmpty())
            return tr("An operator filter is empty.");
    if (revealRaw && revealReason.trimmed().isEmpty())
        return tr("Showing raw keys, scopes and payloads needs a reason (it is written to the "
                  "audit log).");
    return {};
}

} // namespace dedup::store
