#pragma once

#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/DerivedEvents.h"
#include "store/EventRow.h"

namespace dedup::models {

// A run's event timeline (dedup.events, with the entries DerivedEvents draws from the rows),
// oldest first: the page of events RunDetailSource
// read, the newest ones unless the user paged back (RunDetailSnapshot: eventCount,
// newerEvents, moreEvents say what lies outside; CappedCount words it). New events are
// appended in place; when the bounded window moves on, the oldest rows are removed.
class EventTableModel : public TitledColumns<EventTableModel, SortedRowsModel<store::EventRow>> {
    Q_OBJECT

public:
    enum Column {
        TimeColumn,    // local time
        KindColumn,    // the protocol's event kind, e.g. "step_done"
        ActorColumn,   // worker id or operator role
        AttemptColumn, // the run's attempt
        StepColumn,    // the step concerned (empty for run events)
        DetailColumn,  // one-line summary of the detail JSON; tooltip: the whole of it
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles in the order of Column (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("Time"),    QT_TR_NOOP("Event"), QT_TR_NOOP("Actor"),
        QT_TR_NOOP("Attempt"), QT_TR_NOOP("Step"),  QT_TR_NOOP("Detail"),
    };

    enum Role {
        EventIdRole = Qt::UserRole, // qint64
        KindRole,                   // QString
        DetailJsonRole,             // QString: detail as pretty JSON (empty when none)
        TimeRole,                   // QDateTime (UTC)
        DerivedRole,                // bool: drawn from the rows, not a recorded event
    };

    explicit EventTableModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    bool lessThan(const store::EventRow &a, const store::EventRow &b) const override {
        return store::DerivedEvents::timelineLess(a, b);
    }
};

} // namespace dedup::models
