#pragma once

#include <QStyledItemDelegate>

class QAbstractItemView;

namespace dedup::widgets {

// The delegate every list and table of the console uses for store values: the cell shows the
// value with deceptive characters as visible markers (core::DisplayText), on one line and
// bounded; the tooltip (Qt::ToolTipRole) is shown as plain text (SafeText::toolTip), never
// taken as markup. The column delegates (status, timestamps, timeline) derive from it.
class PlainTextDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // Makes it the view's default delegate and ends elided cells with "…" at the right.
    static void installOn(QAbstractItemView *view);

    QString displayText(const QVariant &value, const QLocale &locale) const override;

    // The most characters a cell takes from a value (the view elides to its width).
    static constexpr int CellChars = 500;

public slots:
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;
};

} // namespace dedup::widgets
