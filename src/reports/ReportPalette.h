#pragma once

#include "core/RunStatus.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace dedup::reports {

// Colours and status names of the printed report. The status hues are the console's
// (models/RunStatusStyle): the reports layer sits below models, so they are repeated here
// rather than linked. Every colour is printed next to its label, never alone, and all of them
// stay distinguishable on a greyscale printout by their lightness.
class ReportPalette {
    Q_DECLARE_TR_FUNCTIONS(ReportPalette)

public:
    static QColor status(core::RunStatus status);
    // Translated label, e.g. "Manual review".
    static QString statusLabel(core::RunStatus status);
    // The label of a stored status name; an unknown name (a newer schema) is shown as is.
    static QString statusLabel(const QString &statusName);

    // Bars of the single-series charts.
    static QColor failureBar() { return QColor(0xb8, 0x44, 0x3c); }
    static QColor actionBar() { return QColor(0x3a, 0x6e, 0xa5); }

    static QColor text() { return QColor(0x1f, 0x23, 0x28); }
    static QColor mutedText() { return QColor(0x5f, 0x66, 0x6d); }
    static QColor rule() { return QColor(0xc8, 0xcd, 0xd2); }
    static QColor headerFill() { return QColor(0xe9, 0xed, 0xf1); }
    static QColor stripeFill() { return QColor(0xf6, 0xf8, 0xfa); }
    static QColor okFill() { return QColor(0xe3, 0xf4, 0xe7); }
    static QColor okText() { return QColor(0x1b, 0x6b, 0x34); }
    static QColor alertFill() { return QColor(0xfd, 0xe4, 0xe4); }
    static QColor alertText() { return QColor(0xa4, 0x1d, 0x1d); }
    static QColor accent() { return QColor(0x1f, 0x4e, 0x79); }
};

} // namespace dedup::reports
