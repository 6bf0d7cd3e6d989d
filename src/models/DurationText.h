#pragma once

#include <QCoreApplication>
#include <QString>

namespace dedup::models {

// A duration as an operator reads it at a glance: "45 s", "12 min", "3 h 5 min",
// "2 d 4 h". Negative durations are shown by their magnitude (callers say "ago" or "in").
class DurationText {
    Q_DECLARE_TR_FUNCTIONS(DurationText)

public:
    static QString format(qint64 milliseconds);
};

} // namespace dedup::models
