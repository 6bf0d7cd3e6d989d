#pragma once

#include "store/RunRow.h"

#include <QList>
#include <QVariantMap>
#include <QWidget>

#include <memory>

class QMenu;

class QAction;
class QTableView;

namespace Ui {
class RunsView;
}

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {
class RunListModel;
} // namespace dedup::models

namespace dedup::widgets {

class ListTableFrame;
class RunFilterBar;
struct RunsViewActions;
class ScrollAnchor;

// The runs list (docs/CONSOLE.md "Runs"): the filter bar, the count (exact or a labelled
// estimate), the table over RunListModel, live updates that can be paused, and the view's actions.
//
// The actions (refresh, live, cancel loading, find, open run, show correlation, copy key)
// are shortcuts while the focus is in this view (Qt::WidgetWithChildrenShortcut), so other
// views in other tabs may use the same keys; the main window lists them in its menus.
class RunsView : public QWidget {
    Q_OBJECT

public:
    explicit RunsView(QWidget *parent = nullptr);
    ~RunsView() override;

    // Shows `model` with the filter bar's filter; `listener` drives the Live toggle. Neither is
    // owned; pass nullptr for both before they are destroyed.
    void setModel(models::RunListModel *model, lanes::ChangeListener *listener);
    models::RunListModel *model() const { return m_model; }
    RunFilterBar *filterBar() const;
    QTableView *table() const;
    QList<QAction *> viewActions() const;

    // The run under the table's current index, 0 when none.
    qint64 currentRunId() const;
    QString currentCorrelationId() const;
    // The selected runs as the list shows them (their lease token and status are what the
    // operator saw), in list order.
    QList<store::RunRow> selectedRows() const;
    // What the status row shows, e.g. "1,234 runs" or "~1,234,567 runs (estimate)".
    QString countText() const;

    // Column widths and order, hidden columns and the filter, for QSettings.
    QVariantMap saveState() const;
    void restoreState(const QVariantMap &state);

public slots:
    void applyFilter();
    // Reads the list again from the top (quick time ranges move with the clock); the current
    // run stays current when it is still in the list.
    void refresh();
    void cancelLoading();
    void setLive(bool live);
    void focusSearch();

signals:
    void runActivated(qint64 runId);
    // runId: the run whose correlation it is (its id may be shown hashed).
    void correlationActivated(const QString &correlationId, qint64 runId);
    // The row context menu is about to show: others add their entries (operator actions).
    void contextMenuAboutToShow(QMenu *menu);

protected:
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void connectModel();
    void showContextMenu(const QPoint &position);
    void showCurrentCorrelation();
    void copyCurrentKey();
    void onError(const QString &message);
    void onLoaded();
    void updateStatusRow();
    void updateRowActions();
    void updateLiveState();
    void updateEmptyState();
    void updateIcons();

    std::unique_ptr<Ui::RunsView> m_ui;
    models::RunListModel *m_model = nullptr;
    lanes::ChangeListener *m_listener = nullptr;
    ListTableFrame *m_frame = nullptr; // the table's set-up, error row and empty line
    ScrollAnchor *m_anchor = nullptr;
    QByteArray m_headerState; // restored once a model gives the header its columns
    std::unique_ptr<RunsViewActions> m_actions;
    qint64 m_reselectRunId = 0;    // after refresh(): made current again once loaded
    bool m_countCancelled = false; // cancel() dropped the count: no "loading…" forever
    int m_waiting = 0;             // while paused: changed runs waiting (changesWaiting)
    bool m_waitingMore = false;
    bool m_filterRejected = false; // the model refused the bar's filter (its error shows)
};

} // namespace dedup::widgets
