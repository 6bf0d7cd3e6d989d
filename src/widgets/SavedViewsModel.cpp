#include "widgets/SavedViewsModel.h"

#include "core/DedupLink.h"

#include <QSettings>
#include <QUrl>

namespace dedup::widgets {

namespace {

using Saved = core::Result<int, SavedViewsModel::Problem>;

const QString NameKey = QStringLiteral("name");
const QString LinkKey = QStringLiteral("link");

} // namespace

SavedViewsModel::SavedViewsModel(QObject *parent)
    : QAbstractListModel(parent) {}

QString SavedViewsModel::settingsKey() const {
    // A profile's name is the operator's text: "/" and "\" would make QSettings groups of it.
    return QStringLiteral("savedViews/%1/views")
        .arg(QString::fromLatin1(QUrl::toPercentEncoding(m_profile)));
}

void SavedViewsModel::setProfile(const QString &profile) {
    beginResetModel();
    m_profile = profile;
    m_entries.clear();
    if (!profile.isEmpty()) {
        QSettings settings;
        const int size = settings.beginReadArray(settingsKey());
        for (int i = 0; i < size; ++i) {
            settings.setArrayIndex(i);
            const Entry entry{settings.value(NameKey).toString().trimmed(),
                              settings.value(LinkKey).toString()};
            // An entry edited by hand into something this model would not save is left out
            // rather than shown twice or nameless (a link that does not parse is kept: opening
            // it says what is wrong).
            if (nameProblem(entry.name).isEmpty() && find(entry.name) < 0)
                m_entries.append(entry);
        }
        settings.endArray();
    }
    endResetModel();
}

int SavedViewsModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant SavedViewsModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry &entry = m_entries.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return entry.name;
    case LinkRole:
        return entry.link;
    case Qt::ToolTipRole: {
        const auto parsed = core::DedupLink::parse(entry.link);
        return parsed.ok() ? tr("Opens %1: %2").arg(parsed.value().description(), entry.link)
                           : parsed.errorMessage();
    }
    default:
        return {};
    }
}

int SavedViewsModel::find(const QString &name) const {
    const QString wanted = name.trimmed();
    for (int row = 0; row < m_entries.size(); ++row) {
        if (m_entries.at(row).name.compare(wanted, Qt::CaseInsensitive) == 0)
            return row;
    }
    return -1;
}

QString SavedViewsModel::nameProblem(const QString &name) {
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return tr("A saved view needs a name.");
    if (trimmed.size() > MaxNameLength)
        return tr("The name of a saved view has at most %1 characters.").arg(MaxNameLength);
    return {};
}

Saved SavedViewsModel::checkName(const QString &name, int exceptRow) const {
    if (m_profile.isEmpty())
        return Saved::failure(Problem::NoProfile,
                              tr("Views are saved per connection profile: this store was "
                                 "attached without one."));
    if (const QString problem = nameProblem(name); !problem.isEmpty())
        return Saved::failure(Problem::BadName, problem);
    const int existing = find(name);
    if (existing >= 0 && existing != exceptRow)
        return Saved::failure(Problem::DuplicateName,
                              tr("Another saved view of %1 is named \"%2\".")
                                  .arg(m_profile, m_entries.at(existing).name));
    return Saved::success(existing);
}

Saved SavedViewsModel::save(const QString &name, const QString &link) {
    const int existing = find(name);
    const Saved checked = checkName(name, existing);
    if (!checked.ok())
        return checked;
    const auto parsed = core::DedupLink::parse(link);
    if (!parsed.ok())
        return Saved::failure(Problem::BadLink, parsed.errorMessage());
    const Entry entry{name.trimmed(), parsed.value().toString()};
    int row = existing;
    if (row >= 0) {
        m_entries[row] = entry;
        emit dataChanged(index(row), index(row));
    } else {
        row = int(m_entries.size());
        beginInsertRows({}, row, row);
        m_entries.append(entry);
        endInsertRows();
    }
    write();
    return Saved::success(row);
}

Saved SavedViewsModel::rename(int row, const QString &name) {
    if (row < 0 || row >= m_entries.size())
        return Saved::failure(Problem::NoSuchRow, tr("There is no such saved view."));
    const Saved checked = checkName(name, row);
    if (!checked.ok())
        return checked;
    m_entries[row].name = name.trimmed();
    emit dataChanged(index(row), index(row));
    write();
    return Saved::success(row);
}

bool SavedViewsModel::remove(int row) {
    if (row < 0 || row >= m_entries.size())
        return false;
    beginRemoveRows({}, row, row);
    m_entries.removeAt(row);
    endRemoveRows();
    write();
    return true;
}

bool SavedViewsModel::move(int row, int to) {
    const int count = int(m_entries.size());
    if (row < 0 || row >= count || to < 0 || to >= count || row == to)
        return false;
    // beginMoveRows() names the row the moved one goes before, in the rows as they were.
    if (!beginMoveRows({}, row, row, {}, to > row ? to + 1 : to))
        return false;
    m_entries.move(row, to);
    endMoveRows();
    write();
    return true;
}

void SavedViewsModel::write() const {
    QSettings settings;
    // The whole list: a shorter one must not leave the old tail behind.
    settings.remove(settingsKey());
    settings.beginWriteArray(settingsKey(), int(m_entries.size()));
    for (int i = 0; i < m_entries.size(); ++i) {
        settings.setArrayIndex(i);
        settings.setValue(NameKey, m_entries.at(i).name);
        settings.setValue(LinkKey, m_entries.at(i).link);
    }
    settings.endArray();
}

} // namespace dedup::widgets
