#pragma once

#include "core/Result.h"

#include <QAbstractListModel>
#include <QList>
#include <QString>

namespace dedup::widgets {

// The saved views of one connection profile (docs/CONSOLE.md "Saved views"): named dedup://
// links to a filtered Runs, Stuck, Review or Audit view, in the operator's order, one row
// each. They are kept in QSettings under "savedViews/<profile>/views" (an array of name and
// link; the profile's name percent-encoded, as a profile may be named "a/b"), written on
// every change, so another window or a later start reads them.
//
// Names are trimmed, 1 to MaxNameLength characters, and unique within the profile ignoring
// case ("Failed billing" and "failed billing" are one view). A link is kept only if it parses
// (core::DedupLink::parse); which store it names is checked where it is opened (LinkNavigator).
class SavedViewsModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role { LinkRole = Qt::UserRole + 1 };
    enum class Problem { None, NoProfile, BadName, DuplicateName, BadLink, NoSuchRow };

    static constexpr int MaxNameLength = 80;

    struct Entry {
        QString name;
        QString link;
        friend bool operator==(const Entry &, const Entry &) = default;
    };

    explicit SavedViewsModel(QObject *parent = nullptr);

    // Shows the saved views of `profile` (read from QSettings); empty: none, and nothing can
    // be saved.
    void setProfile(const QString &profile);
    const QString &profile() const { return m_profile; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    // Display: the name; tooltip: what the link opens and the link; LinkRole: the link.
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    const QList<Entry> &entries() const { return m_entries; }
    // The row of the view named `name` (trimmed, any case), -1 when none.
    int find(const QString &name) const;
    // Why `name` cannot name a saved view (blank, too long), empty when it can.
    static QString nameProblem(const QString &name);

    // Saves `link` as `name` (trimmed); a view of that name (any case) is replaced in its row,
    // otherwise the view is added at the end. The row, or why not.
    core::Result<int, Problem> save(const QString &name, const QString &link);
    // Renames the view in `row`; refused when another view has the name (any case).
    core::Result<int, Problem> rename(int row, const QString &name);
    bool remove(int row);
    // Moves the view in `row` to `to` (both existing rows).
    bool move(int row, int to);

private:
    QString settingsKey() const;
    void write() const;
    core::Result<int, Problem> checkName(const QString &name, int exceptRow) const;

    QString m_profile;
    QList<Entry> m_entries;
};

} // namespace dedup::widgets
