#include "widgets/WarningLabel.h"

#include "widgets/WarningColor.h"

#include <QEvent>

namespace dedup::widgets {

WarningLabel::WarningLabel(QWidget *parent)
    : QLabel(parent) {}

void WarningLabel::setWarning(bool warning) {
    m_warning = warning;
    updateColor();
}

void WarningLabel::updateColor() {
    m_updatingPalette = true;
    QPalette own;
    if (m_warning)
        own.setColor(QPalette::WindowText, warningTextColor(palette()));
    setPalette(own);
    QFont bold;
    bold.setBold(true);
    setFont(m_warning ? bold : QFont());
    m_updatingPalette = false;
}

void WarningLabel::changeEvent(QEvent *event) {
    QLabel::changeEvent(event);
    // The theme changed: the warning colour for the new palette.
    if (event->type() == QEvent::PaletteChange && !m_updatingPalette && m_warning)
        updateColor();
}

} // namespace dedup::widgets
