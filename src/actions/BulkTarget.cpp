#include "actions/BulkTarget.h"

#include <QJsonArray>

namespace dedup::actions {

BulkTarget BulkTarget::selection(const QList<SelectedRun> &runs) {
    BulkTarget target;
    target.kind = Kind::Selection;
    target.runs = runs;
    return target;
}

BulkTarget BulkTarget::matching(const store::RunFilter &filter) {
    BulkTarget target;
    target.kind = Kind::Filter;
    target.filter = filter;
    return target;
}

QJsonObject BulkTarget::toJson() const {
    QJsonObject json;
    if (kind == Kind::Selection) {
        json.insert(QStringLiteral("kind"), QStringLiteral("selection"));
        json.insert(QStringLiteral("runs"), qint64(runs.size()));
        return json;
    }
    json.insert(QStringLiteral("kind"), QStringLiteral("filter"));
    QJsonArray statuses;
    for (const core::RunStatus status : filter.effectiveStatuses())
        statuses.append(core::toString(status));
    if (!statuses.isEmpty())
        json.insert(QStringLiteral("statuses"), statuses);
    const auto text = [&json](const char *name, const std::optional<QString> &value) {
        if (value)
            json.insert(QLatin1String(name), *value);
    };
    text("workflow", filter.workflow);
    text("scope", filter.scope);
    text("exact_key", filter.exactKey);
    text("key_prefix", filter.keyPrefix);
    text("correlation_id", filter.correlationId);
    if (filter.createdFrom.isValid())
        json.insert(QStringLiteral("created_from"),
                    filter.createdFrom.toUTC().toString(Qt::ISODateWithMs));
    if (filter.createdTo.isValid())
        json.insert(QStringLiteral("created_to"),
                    filter.createdTo.toUTC().toString(Qt::ISODateWithMs));
    return json;
}

} // namespace dedup::actions
