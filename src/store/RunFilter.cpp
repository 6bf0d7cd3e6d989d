#include "store/RunFilter.h"

namespace dedup::store {

QList<core::RunStatus> RunFilter::effectiveStatuses() const {
    QList<core::RunStatus> result;
    for (const core::RunStatus status : core::allRunStatuses()) {
        if (statuses.contains(status))
            result.append(status);
    }
    if (result.size() == core::allRunStatuses().size())
        result.clear();
    return result;
}

bool RunFilter::isEmpty() const {
    return effectiveStatuses().isEmpty() && !workflow && !scope && !createdFrom.isValid() &&
           !createdTo.isValid() && !exactKey && !keyPrefix && !correlationId;
}

QString RunFilter::validationError() const {
    // libpq passes parameters as C strings: a NUL would silently cut the value short and
    // match the wrong runs, so it is refused here.
    const QChar nul(0);
    const struct {
        const std::optional<QString> &value;
        QString empty;
        QString withNul;
    } texts[] = {
        {workflow, tr("The workflow filter is empty: enter a workflow name or clear the filter."),
         tr("The workflow contains a NUL character.")},
        {scope, tr("The scope filter is empty: enter a scope or clear the filter."),
         tr("The scope contains a NUL character.")},
        {exactKey, tr("The key to search for is empty."), tr("The key contains a NUL character.")},
        {keyPrefix, tr("The key prefix must not be empty."),
         tr("The key prefix contains a NUL character.")},
        {correlationId, tr("The correlation id to search for is empty."),
         tr("The correlation id contains a NUL character.")},
    };
    for (const auto &text : texts) {
        if (!text.value)
            continue;
        if (text.value->isEmpty())
            return text.empty;
        if (text.value->contains(nul))
            return text.withNul;
    }
    if (exactKey && keyPrefix)
        return tr("Search by exact key or by key prefix, not both.");
    if (createdFrom.isValid() && createdTo.isValid() && createdFrom > createdTo) {
        return tr("The time range starts (%1) after it ends (%2).")
            .arg(createdFrom.toUTC().toString(Qt::ISODateWithMs),
                 createdTo.toUTC().toString(Qt::ISODateWithMs));
    }
    return {};
}

} // namespace dedup::store
