#pragma once

#include "widgets/StatusDelegate.h"

namespace dedup::widgets {

// The steps table's status column: StatusDelegate's dot and text, except on a row that brings
// its own background (an uncertain step: StepTableModel gives it a background and a
// foreground chosen together). There the row's foreground stays, so the text is readable on
// that background in the light and the dark palette alike.
class StepStatusDelegate : public StatusDelegate {
    Q_OBJECT

public:
    using StatusDelegate::StatusDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace dedup::widgets
