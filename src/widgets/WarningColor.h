#pragma once

#include <QColor>

class QPalette;

namespace dedup::widgets {

// The colour of warning text (an expired lease, runs that are stuck): an orange dark enough to
// read on the light palette's window and base (contrast above 4.5:1) and light enough on the
// dark one. Always used on words that say the same thing, never as the only cue.
QColor warningTextColor(const QPalette &palette);

} // namespace dedup::widgets
