#pragma once

#include "actions/BulkReport.h"
#include "store/BulkState.h"
#include "widgets/StoreConnections.h"

#include <QDialog>
#include <QList>
#include <QStringList>

#include <memory>

class QTimer;

namespace Ui {
class BulkOperationsDialog;
}

namespace dedup::actions {
class BulkRunner;
}

namespace dedup::widgets {

// Every console's unfinished bulk operations (bulk_summary: not finished, not aborted), and
// what an operator can do about one (docs/CONSOLE.md "Actions": pause and abort, from any
// console). A console that closes or crashes in the middle of an operation leaves it running in
// the store with its pending runs; here another operator sees it, with who applied its last
// batch and when, and can:
//   - follow it (selecting it: progress as the console applying it makes it);
//   - Continue Here: apply its remaining batches from this console (BulkRunner::attach;
//     batches take turns with any other console stepping it, so nothing is applied twice);
//   - Continue Here, Pause, Resume, Abort, each with a reason that goes into the audit log
//     (op_bulk_attach, op_bulk_pause, ...).
// The followed operation has one progress figure, its runner's latest state: its row in the
// list, the bar and the counters all show that one (operationsShown() hands the same list to
// the main window's status bar).
// While this dialog applies an operation, the list cannot switch to another one: closing the
// dialog hides it and the work goes on (the integrator keeps the dialog alive); deleting the
// dialog stops after the batch in flight rolls back, and the operation can be continued again.
class BulkOperationsDialog : public QDialog {
    Q_OBJECT

public:
    // Its runners are made by `connections` (bulk work is done on the primary).
    explicit BulkOperationsDialog(const StoreConnections &connections, QWidget *parent = nullptr);
    ~BulkOperationsDialog() override;

    // How often the list is read again while the dialog is shown (default 3 s).
    void setRefreshInterval(int milliseconds);
    // Runs per server transaction when continuing here (BulkRunner::setBatchSize).
    void setBatchSize(int runs);
    // How often a followed or paused operation is looked at (BulkRunner::setPollInterval).
    void setPollInterval(int milliseconds);
    void refresh();

    // The operations as last listed, in the table's order.
    const QList<store::BulkState> &operations() const { return m_operations; }
    // Follows or applies the selected operation; null while none is selected.
    actions::BulkRunner *runner() const { return m_runner.get(); }
    // This dialog applies the current operation's batches (Continue Here).
    bool isStepping() const { return m_stepping; }
    // Selects the listed operation `id` and follows it; false when it is not listed or while
    // this dialog applies another one.
    bool selectOperation(const QString &id);

signals:
    void operationFinished(const dedup::actions::BulkReport &report);
    // The operations as the list shows them now (the followed one with the figure of the
    // bar and the counters), after every list read and every progress of the followed one.
    void operationsShown(const QList<dedup::store::BulkState> &operations);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void showOperations(const QList<store::BulkState> &operations);
    void follow(const QString &id, bool step, const QString &reason = {});
    void continueHere();
    void control(void (actions::BulkRunner::*command)(const QString &));
    void showProgress();
    // The runner's state of the followed operation once it has read it; null before.
    const store::BulkState *followedState() const;
    QStringList rowCells(const store::BulkState &op) const;
    void setRow(int row, const store::BulkState &op);
    void showReport(const actions::BulkReport &report);
    void updateButtons();
    QString describe(const store::BulkState &state) const;

    std::unique_ptr<Ui::BulkOperationsDialog> m_ui;
    StoreConnections m_connections;
    // Lists the operations; never steps one.
    std::unique_ptr<actions::BulkRunner> m_lister;
    // Re-created for each operation followed or continued: a runner attaches once.
    std::unique_ptr<actions::BulkRunner> m_runner;
    QTimer *m_refresh;
    QList<store::BulkState> m_operations;
    QString m_currentId;
    bool m_stepping = false;
    int m_batchSize = 100;
    int m_pollMs = 1000;
};

} // namespace dedup::widgets
