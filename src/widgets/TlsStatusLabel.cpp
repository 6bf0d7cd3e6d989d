#include "widgets/TlsStatusLabel.h"

#include "widgets/WarningColor.h"

#include <QEvent>

namespace dedup::widgets {

TlsStatusLabel::TlsStatusLabel(QWidget *parent)
    : QLabel(parent) {
    // The certificate's subject is chosen by whoever runs the server: never markup.
    setTextFormat(Qt::PlainText);
    hide();
}

void TlsStatusLabel::showState(const store::TlsState &state) {
    if (!state.known) {
        clearState();
        return;
    }
    m_warning = state.isWarning();
    setText(state.summary());
    // A tooltip that looks like markup is rendered as markup: escaped and sent as rich text,
    // so a subject such as "<img src=...>" shows as the characters it is.
    setToolTip(QStringLiteral("<qt>") +
               state.details().toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br/>")) +
               QStringLiteral("</qt>"));
    updateColor();
    show();
}

void TlsStatusLabel::clearState() {
    m_warning = false;
    clear();
    setToolTip({});
    updateColor();
    hide();
}

void TlsStatusLabel::updateColor() {
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

void TlsStatusLabel::changeEvent(QEvent *event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_updatingPalette && m_warning)
        updateColor();
}

} // namespace dedup::widgets
