#pragma once

#include <QPoint>
#include <QTimer>
#include <QWidget>

#include <memory>

class QAction;
class QTableView;

namespace Ui {
class CorrelationView;
}

namespace dedup::models {
class CorrelationModel;
} // namespace dedup::models

namespace dedup::widgets {

class CorrelationTimelineModel;
class ListTableFrame;
class TimelineBarDelegate;
class TimelineHeader;

// Every run sharing a correlation id, as a timeline (docs/CONSOLE.md "Correlation view"): a field
// for the id (Return shows it) and a table over CorrelationModel whose timeline column draws each
// run as a bar on one time axis (TimelineBarDelegate, TimelineHeader), coloured by status,
// with the status in words in its own column. Open runs grow with the server's clock.
// Under each run's bar its steps as spans on the same axis (failed and uncertain ones marked).
// Activating a row (Return, double click) or clicking its bar emits runActivated(); clicking
// a step's span emits stepActivated() (the detail opens the run with that step selected) and
// then runActivated(). The time axis zooms (Ctrl+=, Ctrl+-, Ctrl+0, Ctrl+wheel
// over the table): zoomed in, the timeline column is wider than the view and the table
// scrolls sideways; the header's ticks follow. A correlation with more runs
// than a page shows its newest page first, says so ("newest 500 of 5,000 runs over 3 h")
// and pages with the PageBar beside it (oldest, older, newer, newest).
//
// Actions (shortcuts while the focus is in the view): refresh (F5), cancel loading (Esc),
// find (Ctrl+F: the id field), open run (Return in the table), zoom in (Ctrl+=), zoom out
// (Ctrl+-), reset zoom (Ctrl+0).
class CorrelationView : public QWidget {
    Q_OBJECT

public:
    explicit CorrelationView(QWidget *parent = nullptr);
    ~CorrelationView() override;

    // Shows `model` (not owned; nullptr for none; the session's, StoreSession::correlation()).
    // The id shown stays in the field: a new model is asked for it.
    void setModel(models::CorrelationModel *model);
    models::CorrelationModel *model() const { return m_model; }

    // Fills the field and shows the runs of `correlationId` (empty: none).
    // `ofRun` > 0: the correlation of that run, named `correlationId` (see CorrelationModel).
    void setCorrelationId(const QString &correlationId, qint64 ofRun = 0);
    // The id whose runs are shown (not what is being typed).
    QString correlationId() const;

    QTableView *table() const;
    CorrelationTimelineModel *timelineModel() const { return m_timeline; }
    TimelineBarDelegate *timelineDelegate() const { return m_delegate; }
    QList<QAction *> viewActions() const;
    // The run under the table's current index, 0 when none.
    qint64 currentRunId() const;
    // "3 runs over 2 min", "newest 500 of 5,000 runs over 3 h", "No runs", ... as the status
    // row shows it.
    QString countText() const;

    // How many times wider than the room it has the timeline is drawn (1: fits the view).
    static constexpr double MaxZoom = 256;
    // The least part of the list's width the timeline gets unzoomed (the rest scrolls).
    static constexpr double MinTimelineShare = 0.4;
    double zoom() const { return m_zoom; }
    // Zooms to `factor` (clamped to 1 .. MaxZoom), keeping the time at `anchorX` (viewport
    // x; -1: the middle of the timeline's visible part) where it is.
    void setZoom(double factor, int anchorX = -1);
    TimelineHeader *timelineHeader() const { return m_header; }

public slots:
    void refresh();
    void cancelLoading();
    void focusCorrelationField();
    void zoomIn();
    void zoomOut();
    void resetZoom();

signals:
    void runActivated(qint64 runId);
    // A step's span was clicked (runActivated() follows for its run).
    void stepActivated(qint64 runId, int ordinal);
    void correlationIdChanged(const QString &correlationId);
    // The model's connection (for the main window's banner).
    void connectionLost(const QString &why);
    void connectionRestored();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void connectModel();
    void showFieldId();
    void onLoaded();
    void onError(const QString &message);
    void tick();
    void updateAxis();
    void updateStatusRow();
    void updateEmptyState();
    void applyDefaultColumns();
    void updateIcons();
    bool hasOpenRuns() const;
    void applyZoom(int anchorX);
    bool openAt(const QPoint &pos);

    std::unique_ptr<Ui::CorrelationView> m_ui;
    ListTableFrame *m_frame = nullptr;           // the table's set-up, error row and empty line
    models::CorrelationModel *m_model = nullptr; // not owned; forgotten when destroyed
    // The run whose correlation the field names, while the field still shows that name.
    qint64 m_ofRun = 0;
    QString m_ofRunName;
    CorrelationTimelineModel *m_timeline = nullptr;
    TimelineBarDelegate *m_delegate = nullptr;
    TimelineHeader *m_header = nullptr;
    QTimer m_clock; // open runs' bars grow with the server's clock
    QAction *m_refresh = nullptr;
    QAction *m_cancel = nullptr;
    QAction *m_find = nullptr;
    QAction *m_open = nullptr;
    QAction *m_zoomIn = nullptr;
    QAction *m_zoomOut = nullptr;
    QAction *m_zoomReset = nullptr;
    double m_zoom = 1;
    QPoint m_pressPos{-1, -1}; // where the left button went down in the table, for a click
};

} // namespace dedup::widgets
