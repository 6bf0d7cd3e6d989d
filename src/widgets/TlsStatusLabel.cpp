#include "widgets/TlsStatusLabel.h"

namespace dedup::widgets {

TlsStatusLabel::TlsStatusLabel(QWidget *parent)
    : WarningLabel(parent) {
    // The certificate's subject is chosen by whoever runs the server: never markup.
    setTextFormat(Qt::PlainText);
    hide();
}

void TlsStatusLabel::showState(const store::TlsState &state) {
    if (!state.known) {
        clearState();
        return;
    }
    setText(state.summary());
    // A tooltip that looks like markup is rendered as markup: escaped and sent as rich text,
    // so a subject such as "<img src=...>" shows as the characters it is.
    setToolTip(QStringLiteral("<qt>") +
               state.details().toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br/>")) +
               QStringLiteral("</qt>"));
    setWarning(state.isWarning());
    show();
}

void TlsStatusLabel::clearState() {
    clear();
    setToolTip({});
    setWarning(false);
    hide();
}

} // namespace dedup::widgets
