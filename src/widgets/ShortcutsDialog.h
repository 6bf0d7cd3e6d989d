#pragma once

#include <QDialog>

class QMenuBar;
class QTreeWidget;

namespace dedup::widgets {

// Help > Keyboard Shortcuts: every action in the menu bar that has a shortcut, grouped by
// menu, read from the QActions themselves when the dialog opens, so it cannot go stale.
class ShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent = nullptr);

    // (menu, action, shortcuts) rows as shown, e.g. {"View", "Refresh", "F5"}.
    QList<QStringList> rows() const;

private:
    QTreeWidget *m_tree = nullptr;
};

} // namespace dedup::widgets
