#pragma once

#include "core/RunStatus.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace dedup::models {

// How a run status looks in lists: a translated label and a colour. The colour is always
// shown together with the label (never colour alone), and the hues are mid-tones that stay
// readable on light and dark palettes.
class RunStatusStyle {
    Q_DECLARE_TR_FUNCTIONS(RunStatusStyle)

public:
    static QString label(core::RunStatus status);
    // The label of a stored status name; an unknown name (a newer schema) is shown as is.
    static QString label(const QString &statusName);
    static QColor color(core::RunStatus status);
    // Grey for an unknown name.
    static QColor color(const QString &statusName);
};

} // namespace dedup::models
