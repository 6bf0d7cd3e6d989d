#pragma once

#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/AuditEntryRow.h"

namespace dedup::models {

// The audit entries of one run (dedup.audit_log), oldest first: every operator action on it,
// applied or refused, with who, why and what it changed.
class AuditTableModel
    : public TitledColumns<AuditTableModel, SortedRowsModel<store::AuditEntryRow>> {
    Q_OBJECT

public:
    enum Column {
        WhenColumn,    // local time
        WhoColumn,     // "t_operator (client reports alice@ops-laptop-3, dedup-console)"
        ActionColumn,  // op_clear_stale_lease, ...
        OutcomeColumn, // Applied / Refused (the run had changed)
        ReasonColumn,  // the operator's reason
        ChangeColumn,  // before → after: "status: processing → failed; ..."
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles in the order of Column (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("When"),   QT_TR_NOOP("Database role (client-reported)"),
        QT_TR_NOOP("Action"), QT_TR_NOOP("Outcome"),
        QT_TR_NOOP("Reason"), QT_TR_NOOP("Before \u2192 after"),
    };

    enum Role {
        AuditIdRole = Qt::UserRole, // qint64
        ActionKeyRole,              // QString
        BeforeJsonRole,             // QString: pretty JSON of the state before
        AfterJsonRole,              // QString: pretty JSON after (empty when refused)
        AppliedRole,                // bool
        TimeRole,                   // QDateTime (UTC)
        AttributionRole,            // QString: attribution(), one labelled line per field
    };

    explicit AuditTableModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void setEntries(const QList<store::AuditEntryRow> &entries) { updateRows(entries); }

    // Attribution has two sources, and the console says which is which. The server records the
    // database role it authenticated (session_user) and the address it saw the connection come
    // from (inet_client_addr()); the client reports its OS user, host name and application
    // name about itself, and a client can report anything.
    //
    // The WhoColumn text: the role, then what the client reported, labelled as such:
    // "t_operator (client reports alice@ops-laptop-3, dedup-console)".
    static QString who(const store::AuditEntryRow &entry);
    // Every field with its source, one per line ("Database role (from server): t_operator",
    // ..., "OS user (reported by client): alice", ...): the WhoColumn tooltip.
    static QString attribution(const store::AuditEntryRow &entry);
    // The WhoColumn header's tooltip: what the column's parts are and where they come from.
    static QString whoHeaderToolTip();
    // The ChangeColumn text: the differences, or why nothing changed.
    static QString change(const store::AuditEntryRow &entry);

protected:
    bool lessThan(const store::AuditEntryRow &a, const store::AuditEntryRow &b) const override {
        return a.id < b.id;
    }
};

} // namespace dedup::models
