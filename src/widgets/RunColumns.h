#pragma once

#include <QCoreApplication>
#include <QPoint>

class QHeaderView;

namespace dedup::widgets {

// The runs table's columns (RunListModel::Column): default widths, measured in characters of
// the header's font so that they follow the font and the screen, and the header's context
// menu that shows or hides columns (saved with the header's state).
class RunColumns {
    Q_DECLARE_TR_FUNCTIONS(RunColumns)

public:
    static void applyDefaults(QHeaderView *header);
    static void showMenu(QHeaderView *header, const QPoint &position);
};

} // namespace dedup::widgets
