#include "widgets/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace dedup::widgets {

namespace {

QString plainText(QString text) {
    // "&Refresh" -> "Refresh", "Save && Quit" -> "Save & Quit", "Connect…" stays.
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

QString shortcutsText(const QAction *action) {
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        keys.append(key.toString(QKeySequence::NativeText));
    return keys.join(QStringLiteral(", "));
}

// Adds the actions of `menu` (and its submenus, named "Menu > Submenu") that have a shortcut.
void addMenu(QTreeWidget *tree, const QMenu *menu, const QString &path) {
    QTreeWidgetItem *group = nullptr;
    for (const QAction *action : menu->actions()) {
        if (const QMenu *submenu = action->menu()) {
            addMenu(tree, submenu, path + QStringLiteral(" > ") + plainText(submenu->title()));
            continue;
        }
        if (action->isSeparator() || action->shortcuts().isEmpty())
            continue;
        if (!group) {
            group = new QTreeWidgetItem(tree, {path});
            group->setFirstColumnSpanned(true);
            group->setExpanded(true);
        }
        new QTreeWidgetItem(group, {plainText(action->text()), shortcutsText(action)});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent)
    : QDialog(parent)
    , m_tree(new QTreeWidget(this)) {
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_tree->setObjectName(QStringLiteral("shortcutsTree"));
    m_tree->setHeaderLabels({tr("Action"), tr("Shortcut")});
    m_tree->setRootIsDecorated(false);
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);
    m_tree->setFocusPolicy(Qt::NoFocus);
    for (const QAction *action : menuBar->actions()) {
        if (const QMenu *menu = action->menu())
            addMenu(m_tree, menu, plainText(menu->title()));
    }
    m_tree->expandAll();
    m_tree->resizeColumnToContents(0);
    m_tree->resizeColumnToContents(1);

    // Keys that are not actions: the filter fields' own.
    auto *note = new QLabel(tr("In the filter fields, Return applies the filter at once and Esc "
                               "clears the field. A double click on a run opens it."),
                            this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tree);
    layout->addWidget(note);
    layout->addWidget(buttons);
    const int columns = m_tree->columnWidth(0) + m_tree->columnWidth(1);
    const int line = fontMetrics().height();
    resize(columns + fontMetrics().averageCharWidth() * 8, line * 32);
}

QList<QStringList> ShortcutsDialog::rows() const {
    QList<QStringList> rows;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            rows.append({group->text(0), group->child(i)->text(0), group->child(i)->text(1)});
        }
    }
    return rows;
}

} // namespace dedup::widgets
