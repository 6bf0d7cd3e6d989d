#pragma once

#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/StepRow.h"

namespace dedup::models {

// The steps of one run (docs/CONSOLE.md "Run detail"), in ordinal order. Fed by RunDetailSource
// (which owns one); updates are applied in place.
//
// An `uncertain` step stands out in every column: its own background and foreground colour
// and bold text (Qt::BackgroundRole / ForegroundRole / FontRole), and WhyColumn plus the
// tooltip of every cell explain it: the outcome is unknown, the side effect may have
// happened, check with the provider before continuing, and what a continuation would do
// with it (downstream key or not).
class StepTableModel : public TitledColumns<StepTableModel, SortedRowsModel<store::StepRow>> {
    Q_OBJECT

public:
    enum Column {
        OrdinalColumn,       // #
        NameColumn,          //
        StatusColumn,        // label; colour as ForegroundRole
        AttemptsColumn,      //
        SideEffectRefColumn, // the provider's id for what it did
        DownstreamKeyColumn, // the idempotency key sent to the provider
        ErrorColumn,         // "class: message"
        StartedColumn,       // local time
        FinishedColumn,      // local time
        WhyColumn,           // for uncertain (and failed) steps: what it means, what to do
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles in the order of Column (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("#"),
        QT_TR_NOOP("Step"),
        QT_TR_NOOP("Status"),
        QT_TR_NOOP("Attempts"),
        QT_TR_NOOP("Side-effect ref"),
        QT_TR_NOOP("Downstream key"),
        QT_TR_NOOP("Error"),
        QT_TR_NOOP("Started"),
        QT_TR_NOOP("Finished"),
        QT_TR_NOOP("Why"),
    };

    enum Role {
        StepNameRole = Qt::UserRole, // QString, every column
        StatusNameRole,              // stored status name, e.g. "uncertain"
        UncertainRole,               // bool
        OrdinalRole,                 // int
        ErrorJsonRole,               // QString: the error as pretty JSON (empty when none)
    };

    explicit StepTableModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // Same run: in place (dataChanged / inserts / removes). Another run: use resetRows().
    int uncertainCount() const;

    // The explanation shown in WhyColumn and the tooltips; empty for steps that need none.
    static QString why(const store::StepRow &step);

protected:
    bool lessThan(const store::StepRow &a, const store::StepRow &b) const override {
        return a.ordinal < b.ordinal;
    }
    bool sameRow(const store::StepRow &a, const store::StepRow &b) const override {
        return a.ordinal == b.ordinal && a.runId == b.runId;
    }
};

} // namespace dedup::models
