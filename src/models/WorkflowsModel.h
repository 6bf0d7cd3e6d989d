#pragma once

#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/WorkflowOverview.h"

#include <QDateTime>

namespace dedup::models {

class WorkflowOverviewLoader;

// One row of the Workflows view: a workflow as the overview read it.
struct WorkflowsModelRow {
    QString id; // the workflow's name: what identifies the row (SortedRowsModel)
    store::WorkflowOverviewRow overview;

    friend bool operator==(const WorkflowsModelRow &a, const WorkflowsModelRow &b);
};

// The Workflows view (docs/CONSOLE.md "Workflows"): every workflow the login may read, by
// name, with its state (running, or each pause: scope prefix, since, by whom, the reason,
// whether runs in flight stop before their next step), its processing, stuck, failed and
// in-review runs and the runs created in the last hour. Fed by a WorkflowOverviewLoader (the
// session's; the window's pause banner reads the same one); each read is applied in place
// (rows changed, inserted or removed, never a reset), so the selection stays.
class WorkflowsModel : public TitledColumns<WorkflowsModel, SortedRowsModel<WorkflowsModelRow>> {
    Q_OBJECT

public:
    enum Column {
        WorkflowColumn,
        StateColumn,
        ProcessingColumn,
        StuckColumn,
        FailedColumn,
        InReviewColumn,
        LastHourColumn,
        ColumnCount
    };
    Q_ENUM(Column)
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("Workflow"),  QT_TR_NOOP("State"),  QT_TR_NOOP("Processing"),
        QT_TR_NOOP("Stuck"),     QT_TR_NOOP("Failed"), QT_TR_NOOP("In review"),
        QT_TR_NOOP("Last hour"),
    };

    enum Role {
        WorkflowRole = Qt::UserRole + 1, // QString
        PausedRole,                      // bool
        StopStepsRole,                   // bool: a pause stops runs before their next step
        PauseCountRole,                  // int
        CountRole,                       // qint64: the number of a count column
    };

    explicit WorkflowsModel(QObject *parent = nullptr);
    ~WorkflowsModel() override;

    // Shows `loader`'s overviews (not owned; nullptr: none, the rows go).
    void setLoader(WorkflowOverviewLoader *loader);
    WorkflowOverviewLoader *loader() const { return m_loader; }
    // Applies one overview (what a read of the loader does).
    void apply(const store::WorkflowOverview &overview);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The row of `workflow`, -1 when none.
    int rowOfWorkflow(const QString &workflow) const;
    const store::WorkflowOverviewRow &workflowAt(int row) const { return rowAt(row).overview; }
    // The server's clock of the last read, and the start of the last hour's window.
    QDateTime serverNow() const { return m_serverNow; }
    QDateTime since() const { return m_since; }

protected:
    bool lessThan(const WorkflowsModelRow &a, const WorkflowsModelRow &b) const override {
        return a.id < b.id;
    }

private:
    qint64 countOf(const store::WorkflowOverviewRow &row, int column) const;

    WorkflowOverviewLoader *m_loader = nullptr; // not owned
    QDateTime m_serverNow;
    QDateTime m_since;
};

} // namespace dedup::models
