#include "widgets/ToggleHighlight.h"

#include <QAbstractButton>
#include <QApplication>
#include <QEvent>

namespace dedup::widgets {

namespace {
QColor mix(const QColor &a, const QColor &b, float share) {
    return QColor::fromRgbF(a.redF() * (1 - share) + b.redF() * share,
                            a.greenF() * (1 - share) + b.greenF() * share,
                            a.blueF() * (1 - share) + b.blueF() * share);
}
} // namespace

ToggleHighlight::ToggleHighlight(QAbstractButton *button)
    : QObject(button)
    , m_button(button) {
    connect(button, &QAbstractButton::toggled, this, &ToggleHighlight::apply);
    button->installEventFilter(this);
    apply();
}

void ToggleHighlight::install(QAbstractButton *button) {
    new ToggleHighlight(button);
}

bool ToggleHighlight::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_button && event->type() == QEvent::ApplicationPaletteChange)
        apply();
    return QObject::eventFilter(watched, event);
}

void ToggleHighlight::apply() {
    if (!m_button->isChecked()) {
        m_button->setPalette(QPalette()); // the application's again
        return;
    }
    // From the application's palette, not the button's (which carries the last tint).
    QPalette palette = QApplication::palette(m_button);
    const QColor face =
        mix(palette.color(QPalette::Button), palette.color(QPalette::Highlight), 0.45f);
    palette.setColor(QPalette::Button, face);
    // Whichever of the two text colours reads better on the tinted face.
    const QColor text = face.lightness() < 128 ? QColor(Qt::white) : QColor(Qt::black);
    palette.setColor(QPalette::ButtonText, text);
    m_button->setPalette(palette);
}

} // namespace dedup::widgets
