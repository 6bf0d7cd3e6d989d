#pragma once

#include <QDateTime>
#include <QString>

namespace dedup::models {

// How the console writes a point in time in text (labels, tooltips, accessible text): the
// operator's local time, to the second, or to the millisecond where the order of events a
// few milliseconds apart matters (the correlation view). One place, so that a time in the run
// detail reads the same as the same time in a table or a tooltip. An invalid time is empty.
class TimeText {
public:
    static QString local(const QDateTime &time);
    static QString localMs(const QDateTime &time);
};

} // namespace dedup::models
