#pragma once

#include "widgets/PlainTextDelegate.h"

namespace dedup::widgets {

// The runs list's status column: a dot in the status colour (Qt::DecorationRole, a QColor)
// followed by the status text in the palette's normal text colour. The colour is never the
// only cue, and the text stays readable on light and dark palettes whatever the hue.
class StatusDelegate : public PlainTextDelegate {
    Q_OBJECT

public:
    using PlainTextDelegate::PlainTextDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace dedup::widgets
