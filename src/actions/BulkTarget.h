#pragma once

#include "core/RunStatus.h"
#include "store/RunFilter.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>

namespace dedup::actions {

// One run as the operator selected it: the lease token and status the view showed.
struct SelectedRun {
    qint64 runId = 0;
    qint64 token = 0;
    core::RunStatus status = core::RunStatus::Failed;
};

// Which runs a bulk action is for: the rows the operator selected (each with the state they
// saw), or everything matching a runs-list filter (frozen, with the state read then, when the
// operation is prepared).
struct BulkTarget {
    enum class Kind { Selection, Filter };

    Kind kind = Kind::Selection;
    QList<SelectedRun> runs; // Selection
    store::RunFilter filter; // Filter

    static BulkTarget selection(const QList<SelectedRun> &runs);
    static BulkTarget matching(const store::RunFilter &filter);

    // How the set was chosen, for bulk_operations.selection (the audit): the filter's criteria
    // as the operator entered them, or the number of selected runs (the runs themselves are
    // the operation's items).
    QJsonObject toJson() const;
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::BulkTarget)
