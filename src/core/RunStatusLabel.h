#pragma once

#include "core/RunStatus.h"

#include <QCoreApplication>
#include <QString>

namespace dedup::core {

// What a run status is called where a person reads it (the console's lists, the printed
// report): one translated name per status, so the window and the PDF never disagree.
class RunStatusLabel {
    Q_DECLARE_TR_FUNCTIONS(RunStatusLabel)

public:
    static QString text(RunStatus status);
    // A stored status name; a name this build does not know is shown as stored.
    static QString text(const QString &statusName);
};

} // namespace dedup::core
