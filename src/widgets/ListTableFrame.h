#pragma once

#include <QList>
#include <QModelIndexList>
#include <QObject>
#include <QString>

class QAbstractItemModel;
class QLabel;
class QTableView;
class QWidget;

namespace dedup::widgets {

// The frame the run lists share (runs, Stuck, correlation, review queue, audit log): one
// table over a list model, with its status row's busy indicator, the error row above it and
// the line over an empty table, so the lists look and behave alike and a new one starts from
// the same set-up. The frame installs plain-text cells that end in a visible "…" and, for
// rows about a run, turns activation (double click, Return through an "open" action) into
// runActivated() with the run's id. It belongs to `view`, the widget the list fills.
class ListTableFrame : public QObject {
    Q_OBJECT

public:
    // `runIdRole`: the model role that holds a row's run id (0 or none: not about a run).
    ListTableFrame(QTableView *table, int runIdRole, QWidget *view);

    QTableView *table() const { return m_table; }

    // Denser rows than the style's default (an operator scans many): at least one text line,
    // `numerator / denominator` lines by default.
    void setRowHeight(int numerator, int denominator);
    // The status row's busy indicator: narrow, and keeping its room while hidden, so the row
    // is not laid out again on every load. Hidden until setBusy(true).
    void setBusyIndicator(QWidget *indicator);
    void setBusy(bool busy);
    // The error row above the table (`row`, with a warning `icon` and the message `text`),
    // hidden until showError(); the icon (optional) follows the view's style. A list whose
    // error is one label passes it as `row` and `text`.
    void setErrorRow(QWidget *row, QLabel *icon, QLabel *text);
    void showError(const QString &message);
    void hideError();
    bool isErrorShown() const;
    // The line over the empty table's viewport, e.g. "No runs match this filter."; an empty
    // text hides it.
    void setEmptyText(const QString &text);
    QString emptyText() const;

    // Shows `model` in the table (nullptr: none) and deletes the selection model it replaces.
    void setModel(QAbstractItemModel *model);
    // The same for a list without a frame object of its own.
    static void replaceModel(QTableView *table, QAbstractItemModel *model);

    // The run under the table's current index, 0 when none.
    qint64 currentRunId() const;
    // The selected rows (their first column) in list order, not in the order of selection.
    QModelIndexList selectedRows() const;
    QList<qint64> selectedRunIds() const;

public slots:
    // runActivated() for the current row's run, when it has one.
    void activateCurrentRun();

signals:
    void runActivated(qint64 runId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateErrorIcon();

    QTableView *m_table;
    QWidget *m_view;
    int m_runIdRole;
    QWidget *m_errorRow = nullptr;
    QLabel *m_errorIcon = nullptr;
    QLabel *m_errorText = nullptr;
    QWidget *m_busyIndicator = nullptr;
    QLabel *m_emptyLabel = nullptr; // created with the first text
};

} // namespace dedup::widgets
