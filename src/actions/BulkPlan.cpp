#include "actions/BulkPlan.h"

#include "actions/ActionAvailability.h"
#include "actions/ActionCatalogue.h"

#include <QSet>

namespace dedup::actions {

QList<core::RunStatus> BulkPlan::applicableStatuses() const {
    return ActionAvailability::statuses(action);
}

QList<store::BulkItem> BulkPlan::selectedItems() const {
    const QList<core::RunStatus> applicable = applicableStatuses();
    QList<store::BulkItem> items;
    QSet<qint64> seen;
    for (const SelectedRun &run : target.runs) {
        if (!applicable.contains(run.status) || seen.contains(run.runId))
            continue;
        seen.insert(run.runId);
        items.append({run.runId, run.token, core::toString(run.status)});
    }
    return items;
}

std::optional<store::RunFilter> BulkPlan::freezeFilter() const {
    store::RunFilter filter = target.filter;
    const QList<core::RunStatus> wanted = filter.effectiveStatuses();
    QList<core::RunStatus> statuses;
    for (const core::RunStatus status : applicableStatuses()) {
        if (wanted.isEmpty() || wanted.contains(status))
            statuses.append(status);
    }
    if (statuses.isEmpty())
        return std::nullopt;
    filter.statuses = statuses;
    return filter;
}

store::BulkRequest BulkPlan::request(const QString &bulkId) const {
    store::BulkRequest request;
    request.id = bulkId;
    request.action = action;
    request.reason = reason;
    request.selection = target.toJson();
    // The bulk form's parameters are the single-run action's inputs (its catalogue row).
    const ActionRow *row = ActionCatalogue::bulkRow(action, resolution);
    if (!row)
        return request;
    if (row->resolution) {
        request.params.insert(QStringLiteral("resolution"),
                              store::OperatorActions::toString(*row->resolution));
    }
    if (row->inputs.testFlag(ActionInput::RerunUncertain))
        request.params.insert(QStringLiteral("rerun_uncertain"), rerunUncertain);
    if (row->inputs.testFlag(ActionInput::Assignee) && !assignee.isEmpty())
        request.params.insert(QStringLiteral("assignee"), assignee);
    return request;
}

QString BulkPlan::validationError() const {
    if (reason.trimmed().isEmpty())
        return tr("A reason is required: every run's audit entry carries it.");
    if (target.kind == BulkTarget::Kind::Selection) {
        if (target.runs.isEmpty())
            return tr("No runs are selected.");
        if (selectedItems().isEmpty())
            return tr("None of the selected runs is in a state this action applies to.");
    } else {
        if (!target.filter.isValid())
            return target.filter.validationError();
        if (!freezeFilter())
            return tr("The filter's statuses do not include any this action applies to.");
    }
    return {};
}

} // namespace dedup::actions
