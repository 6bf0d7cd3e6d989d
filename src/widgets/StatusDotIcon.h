#pragma once

#include <QColor>
#include <QIcon>

namespace dedup::widgets {

// A filled circle in `color`, drawn at whatever size and device pixel ratio it is asked for
// (a vector icon, so it stays sharp on HiDPI screens). Used next to status labels, never
// instead of them.
QIcon statusDotIcon(const QColor &color);

} // namespace dedup::widgets
