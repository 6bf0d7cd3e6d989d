#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace dedup::cli {

// A table for the terminal: every column as wide as its widest cell plus two spaces, the last
// column unpadded, one line per row (each ending in '\n'). The cells must already be safe to
// print (control characters escaped by the caller).
class TextTable {
public:
    static QString render(const std::vector<QStringList> &rows);
};

} // namespace dedup::cli
