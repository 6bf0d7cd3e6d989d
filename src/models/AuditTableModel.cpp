#include "models/AuditTableModel.h"

#include "models/JsonSummary.h"

namespace dedup::models {

AuditTableModel::AuditTableModel(QObject *parent)
    : SortedRowsModel(parent) {}

int AuditTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString AuditTableModel::who(const store::AuditEntryRow &entry) {
    QString person = entry.osUser;
    if (!entry.clientHost.isEmpty())
        person = person.isEmpty() ? entry.clientHost : person + QLatin1Char('@') + entry.clientHost;
    QString text = person.isEmpty() ? entry.dbRole : tr("%1 as %2").arg(person, entry.dbRole);
    if (!entry.applicationName.isEmpty())
        text = tr("%1 (%2)").arg(text, entry.applicationName);
    return text;
}

QString AuditTableModel::change(const store::AuditEntryRow &entry) {
    if (!entry.isApplied()) {
        return entry.detail.isEmpty() ? tr("Nothing changed.")
                                      : tr("Nothing changed: %1").arg(entry.detail);
    }
    const QString changes = JsonSummary::describeChange(entry.before.value(), entry.after.value());
    return changes.isEmpty() ? entry.detail : changes;
}

QVariant AuditTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const store::AuditEntryRow &entry = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case WhenColumn:
            return entry.at.toLocalTime();
        case WhoColumn:
            return who(entry);
        case ActionColumn:
            return entry.action;
        case OutcomeColumn:
            return entry.isApplied() ? tr("Applied") : tr("Refused (run had changed)");
        case ReasonColumn:
            return entry.reason;
        case ChangeColumn:
            return change(entry);
        }
        return {};
    case Qt::ToolTipRole:
        switch (column) {
        case WhoColumn:
            return tr("Database role %1; OS user %2; host %3; address %4; application %5")
                .arg(entry.dbRole, entry.osUser, entry.clientHost, entry.clientAddr,
                     entry.applicationName);
        case ActionColumn:
            return tr("Action key %1").arg(entry.actionKey);
        case OutcomeColumn:
        case ChangeColumn:
            return entry.detail;
        }
        return {};
    case AuditIdRole:
        return entry.id;
    case ActionKeyRole:
        return entry.actionKey;
    case BeforeJsonRole:
        return entry.before.pretty;
    case AfterJsonRole:
        return entry.after.pretty;
    case AppliedRole:
        return entry.isApplied();
    case TimeRole:
        return entry.at;
    }
    return {};
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case WhenColumn:
        return tr("When");
    case WhoColumn:
        return tr("Who");
    case ActionColumn:
        return tr("Action");
    case OutcomeColumn:
        return tr("Outcome");
    case ReasonColumn:
        return tr("Reason");
    case ChangeColumn:
        return tr("Before \u2192 after");
    }
    return {};
}

} // namespace dedup::models
