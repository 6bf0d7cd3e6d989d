#include "widgets/ReplicationLabel.h"

namespace dedup::widgets {

ReplicationLabel::ReplicationLabel(QWidget *parent)
    : WarningLabel(parent) {
    // synchronous_standby_names is the server's text: never markup.
    setTextFormat(Qt::PlainText);
    hide();
}

void ReplicationLabel::showMode(const std::optional<store::ReplicationMode> &mode) {
    if (!mode) {
        clearMode();
        return;
    }
    setText(mode->shortText());
    setToolTip(QStringLiteral("<qt>") + mode->explanation().toHtmlEscaped() +
               QStringLiteral("</qt>"));
    setWarning(mode->isWarning());
    show();
}

void ReplicationLabel::clearMode() {
    clear();
    setToolTip({});
    setWarning(false);
    hide();
}

} // namespace dedup::widgets
