#pragma once

#include "core/StepStatus.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace dedup::models {

// How a step status looks in the run detail: a translated label and a colour, always shown
// together (never colour alone). `uncertain` steps get more than a colour: the whole row has
// its own background and foreground (a pair chosen together, so the text stays readable on
// light and dark palettes) and bold text, because an uncertain step is where a duplicate
// invoice or a second patient message comes from.
class StepStatusStyle {
    Q_DECLARE_TR_FUNCTIONS(StepStatusStyle)

public:
    static QString label(core::StepStatus status);
    // An unknown name (a newer schema) is shown as is.
    static QString label(const QString &statusName);
    static QColor color(core::StepStatus status);
    static QColor color(const QString &statusName); // grey when unknown

    static QColor uncertainBackground() { return QColor(0xff, 0xd5, 0x4f); } // amber
    static QColor uncertainForeground() { return QColor(0x3e, 0x27, 0x00); } // dark brown
};

} // namespace dedup::models
