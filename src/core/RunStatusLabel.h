#pragma once

#include "core/RunStatus.h"

#include <QCoreApplication>
#include <QString>

namespace dedup::core {

// How a run status is shown to a person (the console's lists, the printed report): one
// translated name and one colour per status, so the window and the PDF never disagree.
class RunStatusLabel {
    Q_DECLARE_TR_FUNCTIONS(RunStatusLabel)

public:
    static QString text(RunStatus status);
    // A stored status name; a name this build does not know is shown as stored.
    static QString text(const QString &statusName);
    // The status colour as 0xRRGGBB (Qt Core has no QColor; the GUI layers wrap it).
    static quint32 rgb(RunStatus status);
};

} // namespace dedup::core
