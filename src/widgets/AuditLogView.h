#pragma once

#include "core/DedupLink.h"
#include "store/AuditLogQueries.h"

#include <QPointer>
#include <QWidget>

#include <memory>

class QTableView;

namespace Ui {
class AuditLogView;
}

namespace dedup::lanes {
class QueryRunner;
}
namespace dedup::models {
class AuditLogModel;
} // namespace dedup::models

namespace dedup::widgets {

class ListTableFrame;

// The audit log (docs/CONSOLE.md "Audit view", issue 6): every operator action with who, when,
// what, on which run, why, the outcome and the run's state before → after; newest first and live
// (the model adds new entries at the top). Filters: run id, action, login role, outcome and
// a time range; the selected entry's parameters and full before / after state show below.
// Above the table, the verdict of the audit chain and what it was verified against.
class AuditLogView : public QWidget {
    Q_OBJECT

public:
    // The time ranges the "When" filter offers (index in its combo box).
    enum class TimeRange { Any, LastHour, LastDay, LastWeek, LastMonth };
    Q_ENUM(TimeRange)

    explicit AuditLogView(QWidget *parent = nullptr);
    ~AuditLogView() override;

    // Shows `model` (not owned; pass nullptr before it is destroyed) with the bar's filter.
    void setModel(models::AuditLogModel *model);
    models::AuditLogModel *model() const { return m_model; }
    QTableView *table() const;

    // Per-run audit: shows the entries of one run (0: every run).
    void setRunFilter(qint64 runId);
    void setTimeRange(TimeRange range);
    // The filter the bar describes now (time ranges relative to the clock).
    store::AuditLogFilter filter() const;
    // The bar's filter into a dedup:// link (docs/CONSOLE.md "Links"): run, action, role,
    // outcome and time range; and back: every field as the link says, applied once.
    void writeLink(core::DedupLink &link) const;
    void showLink(const core::DedupLink &link);

    // What verifies the audit chain (dedup.verify_audit(), on a connection of its own, in
    // the background; not owned: pass nullptr before it is destroyed): verifies it now and
    // whenever "Verify chain" is pressed, and says what the verdict rests on: the store's own
    // chain from its first row to the head, not a checkpoint signed outside the database
    // (dedupctl verify-audit --checkpoint). nullptr: nothing to verify (the button is disabled).
    void setChainRunner(lanes::QueryRunner *runner);
    // What the chain line says now.
    QString chainText() const;

public slots:
    void applyFilter();
    void refresh();
    void verifyChain();

signals:
    // Double click (or Enter) on an entry about a run.
    void runActivated(qint64 runId);
    // The chain line was updated with an answer (false also when the check failed).
    void chainVerified(bool intact);

private:
    void showCurrentDetail();
    void updateStatus();
    void showChain(bool intact, bool warning, const QString &text);

    std::unique_ptr<Ui::AuditLogView> m_ui;
    ListTableFrame *m_frame = nullptr; // the table's set-up and error line
    models::AuditLogModel *m_model = nullptr;
    bool m_filterApplied = false; // the model has the bar's filter (since setModel)
    int m_appliedRange = 0;       // the time range it was applied with
    QPointer<lanes::QueryRunner> m_chainRunner;
    int m_chainRequest = 0; // the chain check whose answer counts
};

} // namespace dedup::widgets
