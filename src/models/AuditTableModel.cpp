#include "models/AuditTableModel.h"

#include "models/JsonSummary.h"

#include <QStringList>

namespace dedup::models {

AuditTableModel::AuditTableModel(QObject *parent)
    : TitledColumns(parent) {}

QString AuditTableModel::who(const store::AuditEntryRow &entry) {
    QString person = entry.osUser;
    if (!entry.clientHost.isEmpty())
        person = person.isEmpty() ? entry.clientHost : person + QLatin1Char('@') + entry.clientHost;
    QStringList reported;
    if (!person.isEmpty())
        reported << person;
    if (!entry.applicationName.isEmpty())
        reported << entry.applicationName;
    if (reported.isEmpty())
        return entry.dbRole;
    return tr("%1 (client reports %2)").arg(entry.dbRole, reported.join(QStringLiteral(", ")));
}

QString AuditTableModel::attribution(const store::AuditEntryRow &entry) {
    const auto reported = [](const QString &value) {
        return value.isEmpty() ? tr("not reported") : value;
    };
    return QStringList{
        tr("Database role (from server): %1").arg(entry.dbRole),
        tr("Client address (from server): %1")
            .arg(entry.clientAddr.isEmpty() ? tr("none (local Unix-socket connection)")
                                            : entry.clientAddr),
        tr("OS user (reported by client): %1").arg(reported(entry.osUser)),
        tr("Client host (reported by client): %1").arg(reported(entry.clientHost)),
        tr("Application (reported by client): %1").arg(reported(entry.applicationName)),
    }
        .join(QLatin1Char('\n'));
}

QString AuditTableModel::whoHeaderToolTip() {
    return tr("The database role and the client address come from the server. The OS user, "
              "host and application in brackets are reported by the client about itself and "
              "are not verified.");
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
            return attribution(entry);
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
    case AttributionRole:
        return attribution(entry);
    }
    return {};
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == WhoColumn)
        return whoHeaderToolTip();
    return TitledColumns::headerData(section, orientation, role);
}

} // namespace dedup::models
