#pragma once

#include <QString>

class QHeaderView;

namespace dedup::widgets {

// Sizes `section` of `header` to show `sample` (a typical value, e.g. "0000-00-00 00:00:00")
// and the section's title, in the header's font, plus the cell's padding and `extra` pixels
// (an icon): widths follow the font and the screen instead of being fixed pixel counts.
void fitColumnTo(QHeaderView *header, int section, const QString &sample, int extra = 0);

} // namespace dedup::widgets
