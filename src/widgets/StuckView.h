#pragma once

#include "core/DedupLink.h"

#include <QWidget>

#include <memory>

class QAction;
class QTableView;

namespace Ui {
class StuckView;
}

namespace dedup::models {
class StuckRunsModel;
}

namespace dedup::widgets {

class ListTableFrame;

// The Stuck list (docs/CONSOLE.md "Stuck"): `processing` runs whose lease expired, or that have
// been processing for longer than a threshold, least recently alive first (StuckRunsModel's
// order), with their count ("42 stuck runs", "10,000+ stuck runs"). The threshold is a spin
// box in minutes (0: expired leases only), saved in QSettings ("stuck/thresholdMinutes").
// Activating a row (Return, double click) emits runActivated().
//
// The model is shared with the main window's StuckCountLabel (the count is always visible),
// so the view does not own it.
//
// Actions (shortcuts while the focus is in the view): refresh (F5), cancel loading (Esc),
// open run (Return in the table).
class StuckView : public QWidget {
    Q_OBJECT

public:
    static constexpr int DefaultThresholdMinutes = 15;

    explicit StuckView(QWidget *parent = nullptr);
    ~StuckView() override;

    // Shows `model` (not owned; nullptr for none) and gives it the saved threshold.
    void setModel(models::StuckRunsModel *model);
    models::StuckRunsModel *model() const { return m_model; }

    // The saved threshold, for a model created before the view shows it.
    static int savedThresholdMinutes();
    int thresholdMinutes() const;
    // Sets the spin box: the model re-reads, and the value is saved.
    void setThresholdMinutes(int minutes);
    // The threshold into a dedup:// link (docs/CONSOLE.md "Links"), and back: showLink() sets
    // the spin box to the link's threshold (the default when the link has none).
    void writeLink(core::DedupLink &link) const;
    void showLink(const core::DedupLink &link);

    QTableView *table() const;
    QList<QAction *> viewActions() const;
    // "42 stuck runs", "10,000+ stuck runs", "1 stuck run"; "counting…" before the first read.
    QString countText() const;
    // The run under the table's current index, 0 when none; the selected runs, in list order.
    qint64 currentRunId() const;
    QList<qint64> selectedRunIds() const;

public slots:
    void refresh();
    void cancelLoading();

signals:
    void runActivated(qint64 runId);

protected:
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void connectModel();
    void applyThreshold(int minutes);
    void applyDefaultColumns();
    void onError(const QString &message);
    void updateStatusRow();
    void updateEmptyState();
    void updateIcons();

    std::unique_ptr<Ui::StuckView> m_ui;
    models::StuckRunsModel *m_model = nullptr; // not owned; forgotten when destroyed
    ListTableFrame *m_frame = nullptr;         // the table's set-up, error row and empty line
    QAction *m_refresh = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_open = nullptr;
};

} // namespace dedup::widgets
