#include "TextTable.h"

#include "core/DisplayText.h"

namespace dedup::cli {

QString TextTable::render(const std::vector<QStringList> &rows) {
    // Escaped first: the widths are those of the text the terminal shows.
    std::vector<QStringList> cells;
    cells.reserve(rows.size());
    for (const QStringList &line : rows) {
        QStringList escaped;
        escaped.reserve(line.size());
        for (const QString &cell : line)
            escaped << core::DisplayText::terminal(cell);
        cells.push_back(escaped);
    }
    std::vector<qsizetype> widths;
    for (const QStringList &line : cells) {
        if (widths.size() < size_t(line.size()))
            widths.resize(size_t(line.size()), 0);
        for (qsizetype col = 0; col < line.size(); ++col)
            widths[size_t(col)] = qMax(widths[size_t(col)], line.at(col).size());
    }
    QString text;
    for (const QStringList &line : cells) {
        for (qsizetype col = 0; col < line.size(); ++col) {
            const bool last = col + 1 == line.size();
            text += last ? line.at(col) : line.at(col).leftJustified(widths[size_t(col)] + 2);
        }
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace dedup::cli
