#pragma once

#include "actions/ActionExecutor.h"
#include "actions/ActionIntent.h"
#include "actions/OperatorAction.h"
#include "models/LiveRunList.h"
#include "models/RunRoles.h"
#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/ReviewQueueRow.h"

#include <QPointer>
#include <QSet>

namespace dedup::actions {
class ActionExecutor;
}
namespace dedup::models {

// The manual review queue (docs/CONSOLE.md "Manual review queue", issue 6): runs in manual_review,
// oldest review first, with their review reason, age, assignee, note, workflow and key.
//
// A LiveRunList: loaded in the background on its own connection; bounded: the oldest limit()
// runs (default 500; fetchMore() adds pageSize() more, up to maxRows()), with the queue's
// count exact up to countCap(). Re-read, in place (no reset: selections survive):
//   * on notifications (coalesced, default at most once a second);
//   * on a timer (default every 15 s): ages move on, and nothing is missed for long;
//   * after an action this model sent finished, and after the connection came back.
//
// Actions: assignToMe(), setNote() and resolve() send an ActionIntent through the attached
// ActionExecutor, expecting the row's lease token (the server refuses them, 'changed', if
// the run moved on); intentFor() builds the intent for a preview-then-confirm flow instead.
class ReviewQueueModel
    : public TitledColumns<ReviewQueueModel, SortedRowsModel<store::ReviewQueueRow, LiveRunList>> {
    Q_OBJECT

public:
    // After LiveRunList's RunColumn, WorkflowColumn and KeyColumn ("scope / key"):
    enum Column {
        ReasonColumn = FirstListColumn, // why it is in review
        AgeColumn,                      // in review for (server clock)
        AssigneeColumn,                 // empty: unassigned
        NoteColumn,                     //
        AttemptColumn,                  // "5/5"
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles of all the columns, from RunColumn (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("Run"),           QT_TR_NOOP("Workflow"),      QT_TR_NOOP("Key"),
        QT_TR_NOOP("Review reason"), QT_TR_NOOP("In review for"), QT_TR_NOOP("Assignee"),
        QT_TR_NOOP("Note"),          QT_TR_NOOP("Attempts"),
    };

    enum Role {
        RunIdRole = RunRoles::RunIdRole, // RunRoles; the status is always "manual_review"
        StatusNameRole = RunRoles::StatusNameRole,
        LeaseTokenRole = RunRoles::LeaseTokenRole, // the op_* functions' p_expected_token
        ReviewAtRole = RunRoles::FirstModelRole,   // QDateTime (UTC)
        AssigneeRole,                              // QString
        UncertainStepsRole,                        // int
        ContinuationQueuedRole,                    // bool
        IdemKeyRole,                               // QString
    };

    static constexpr int DefaultLimit = 500;
    static constexpr int DefaultPageSize = 500;
    static constexpr int DefaultMaxRows = 20000;
    static constexpr qint64 DefaultCountCap = 10000;
    static constexpr int DefaultRefreshIntervalMs = 15000;
    static constexpr int DefaultCoalesceMs = 1000;

    explicit ReviewQueueModel(const QString &conninfo, QObject *parent = nullptr);
    ~ReviewQueueModel() override;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    // A new filter: the answer in flight is dropped and the queue re-read (in place).
    void setFilter(const store::ReviewQueueFilter &filter);
    const store::ReviewQueueFilter &filter() const { return m_filter; }
    // Who "me" is (assign to me, the "assigned to me" filter). Default: the login role, as
    // the server reports it (session_user); me() is empty until the first read then.
    void setMe(const QString &name);
    QString me() const { return m_me.isEmpty() ? m_serverMe : m_me; }

    void setLimit(int rows);
    int limit() const { return m_limit; }
    void setPageSize(int rows) { m_pageSize = qMax(1, rows); }
    int pageSize() const { return m_pageSize; }
    void setMaxRows(int rows) { m_maxRows = qMax(1, rows); }
    int maxRows() const { return m_maxRows; }
    void setCountCap(qint64 cap) { m_countCap = qMax<qint64>(1, cap); }
    qint64 countCap() const { return m_countCap; }

    void setExecutor(actions::ActionExecutor *executor);
    actions::ActionExecutor *executor() const { return m_executor; }

    // The intent for `action` on the run in `row`, expecting the token the row shows (a
    // fresh action key). Invalid (runId 0) for a row out of range.
    actions::ActionIntent intentFor(int row, actions::OperatorAction action,
                                    const QString &reason) const;
    // Through the executor; the request id, or 0 when there is no executor or no such row.
    int assignToMe(int row, const QString &reason);
    int assign(int row, const QString &assignee, const QString &reason);
    int setNote(int row, const QString &note, const QString &reason);
    // `resolution`: ResolveSucceeded, ResolveCancelled or ResolveContinue.
    int resolve(int row, actions::OperatorAction resolution, const QString &reason,
                bool rerunUncertain = false);

    // count(), by the name the views know.
    qint64 queueCount() const { return count(); }
    bool hasMore() const { return m_more; }
    int rowOfRun(qint64 runId) const { return rowOfId(runId); }

protected:
    bool lessThan(const store::ReviewQueueRow &a, const store::ReviewQueueRow &b) const override {
        return a.reviewAtMicros != b.reviewAtMicros ? a.reviewAtMicros < b.reviewAtMicros
                                                    : a.id < b.id;
    }

    int submitRead() override;
    void applyRead(const QVariant &value) override;

private:
    int submit(const actions::ActionIntent &intent);

    store::ReviewQueueFilter m_filter;
    QString m_me;
    QString m_serverMe;
    int m_limit = DefaultLimit;
    int m_pageSize = DefaultPageSize;
    int m_maxRows = DefaultMaxRows;
    qint64 m_countCap = DefaultCountCap;
    bool m_more = false;
    QPointer<actions::ActionExecutor> m_executor;
    QSet<int> m_ownRequests; // executor requests sent by this model
};

} // namespace dedup::models
