#pragma once

#include <QLabel>

namespace dedup::widgets {

// A status-bar label that can warn: bold in the warning colour while setWarning(true), and
// otherwise the inherited palette and font, so it looks like the rest of the status bar.
// The status labels (stuck count, standby lag, TLS) say different things but must warn alike.
class WarningLabel : public QLabel {
    Q_OBJECT

public:
    explicit WarningLabel(QWidget *parent = nullptr);

    bool isWarning() const { return m_warning; }

protected:
    // Applies the colour and font at once (a caller sets the text first).
    void setWarning(bool warning);
    void changeEvent(QEvent *event) override;

private:
    void updateColor();

    bool m_warning = false;
    bool m_updatingPalette = false; // our own setPalette() is not a theme change
};

} // namespace dedup::widgets
