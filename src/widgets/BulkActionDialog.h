#pragma once

#include "actions/BulkPlan.h"
#include "actions/BulkPreview.h"
#include "actions/BulkReport.h"

#include <QDialog>

#include <memory>
#include <optional>

class QPushButton;

namespace Ui {
class BulkActionDialog;
}

namespace dedup::actions {
class BulkPreviewLoader;
class BulkRunner;
} // namespace dedup::actions

namespace dedup::widgets {

class StoreConnections;

// One bulk action on a selection or on everything matching a filter (docs/CONSOLE.md "Actions",
// issue 6 "Bulk actions"): the preview's breakdown (how many runs, by status, by workflow,
// how many with uncertain steps, how many changed since selection), a required reason, the
// typed confirmation above the threshold, then the operation runs in the background
// (BulkRunner: bounded batches) with progress, Pause / Resume / Abort and, at the end, the
// report with the runs that were skipped or failed and why.
//
// Closing the dialog while the operation runs only hides it from this dialog: the runner
// is owned by the dialog, so the integrator keeps the dialog alive (e.g. non-modal, not
// deleted on close) until finished() when it wants the work to go on.
class BulkActionDialog : public QDialog {
    Q_OBJECT

public:
    // `plan`: the action, its options and the target; the reason is entered here.
    // Its loader and runner are made by `connections` (bulk work is done on the primary).
    BulkActionDialog(const StoreConnections &connections, const actions::BulkPlan &plan,
                     QWidget *parent = nullptr);
    ~BulkActionDialog() override;

    // From how many runs on the operator types the confirmation (reads the preview again).
    void setConfirmationThreshold(qint64 runs);
    // Runs per server transaction (BulkRunner::setBatchSize).
    void setBatchSize(int runs);
    void setReason(const QString &reason);

    const std::optional<actions::BulkPreview> &preview() const { return m_preview; }
    const actions::BulkPlan &plan() const { return m_plan; }
    actions::BulkRunner *runner() const { return m_runner; }
    QPushButton *startButton() const;
    // The preview allows it, the reason is there and the typed confirmation matches.
    bool canStart() const;

signals:
    void previewLoaded();
    void finished(const dedup::actions::BulkReport &report);

private:
    void loadPreview();
    void showPreview();
    void start();
    void control(void (actions::BulkRunner::*command)(const QString &));
    void showProgress();
    void showReport(const actions::BulkReport &report);
    void updateButtons();

    std::unique_ptr<Ui::BulkActionDialog> m_ui;
    actions::BulkPlan m_plan;
    actions::BulkPreviewLoader *m_loader = nullptr;
    actions::BulkRunner *m_runner = nullptr;
    std::optional<actions::BulkPreview> m_preview;
    int m_loadId = 0;
    bool m_started = false;
};

} // namespace dedup::widgets
