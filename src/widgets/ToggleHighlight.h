#pragma once

#include <QObject>

class QAbstractButton;

namespace dedup::widgets {

// Makes a checked toggle button plainly checked: its face takes a share of the palette's
// highlight colour. Fusion draws a checked button only slightly darker, which is hard to see
// on a dark palette (a status filter that is on must be obvious). Follows theme changes.
class ToggleHighlight : public QObject {
    Q_OBJECT

public:
    // `button` owns the helper.
    static void install(QAbstractButton *button);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit ToggleHighlight(QAbstractButton *button);
    void apply();

    QAbstractButton *m_button;
};

} // namespace dedup::widgets
