#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace dedup::cli {

// A table for the terminal: every column as wide as its widest cell plus two spaces, the last
// column unpadded, one line per row (each ending in '\n'). Every cell is escaped for the
// terminal (core::DisplayText::terminal) before the widths are taken, so a value from the
// store can neither drive the terminal nor split its row; callers pass values as they are.
class TextTable {
public:
    static QString render(const std::vector<QStringList> &rows);
};

} // namespace dedup::cli
