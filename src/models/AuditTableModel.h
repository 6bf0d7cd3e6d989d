#pragma once

#include "models/SortedRowsModel.h"
#include "store/AuditEntryRow.h"

namespace dedup::models {

// The audit entries of one run (dedup.audit_log), oldest first: every operator action on it,
// applied or refused, with who, why and what it changed.
class AuditTableModel : public SortedRowsModel<store::AuditEntryRow> {
    Q_OBJECT

public:
    enum Column {
        WhenColumn,    // local time
        WhoColumn,     // "role (os user@host, application)"
        ActionColumn,  // op_clear_stale_lease, ...
        OutcomeColumn, // Applied / Refused (the run had changed)
        ReasonColumn,  // the operator's reason
        ChangeColumn,  // before → after: "status: processing → failed; ..."
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role {
        AuditIdRole = Qt::UserRole, // qint64
        ActionKeyRole,              // QString
        BeforeJsonRole,             // QString: pretty JSON of the state before
        AfterJsonRole,              // QString: pretty JSON after (empty when refused)
        AppliedRole,                // bool
        TimeRole,                   // QDateTime (UTC)
    };

    explicit AuditTableModel(QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void setEntries(const QList<store::AuditEntryRow> &entries) { updateRows(entries); }

    // "alice@ops-laptop-3 as t_operator (dedup-console)" from what the row recorded.
    static QString who(const store::AuditEntryRow &entry);
    // The ChangeColumn text: the differences, or why nothing changed.
    static QString change(const store::AuditEntryRow &entry);

protected:
    bool lessThan(const store::AuditEntryRow &a, const store::AuditEntryRow &b) const override {
        return a.id < b.id;
    }
    bool sameRow(const store::AuditEntryRow &a, const store::AuditEntryRow &b) const override {
        return a.id == b.id;
    }
};

} // namespace dedup::models
