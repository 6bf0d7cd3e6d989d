#pragma once

#include <QCoreApplication>
#include <QString>

class QLabel;
class QWidget;

namespace dedup::widgets {

// The console's one way of putting a value from the store on screen (docs/SECURITY.md,
// "Hostile values"). Workers, webhook senders and providers choose these values: a key may be
// `<img src="/dev/zero">`, an error message a provider's HTML page, a worker id 10,000
// characters long. Qt would take any of them as rich text wherever text "looks like" markup
// (labels in AutoText, tooltips), and a label grows with its text. So every store value goes
// through here: plain text, deceptive characters as visible markers (core::DisplayText),
// bounded, the whole value one action away.
class SafeText {
    Q_DECLARE_TR_FUNCTIONS(SafeText)

public:
    // A tooltip that shows `plain` as text: escaped, line breaks kept, markers for deceptive
    // characters, cut at core::DisplayText::ToolTipChars. Empty for an empty value.
    static QString toolTip(const QString &plain);

    // Shows `value` in `label`: plain text, markers, at most `maxChars` characters with "…";
    // the label never asks the layout for more width than it gets (so no value widens a window
    // or a dialog). The whole value is in the tooltip and in the label's context menu
    // ("Copy Value"). `shown`, when given, is what the label says instead of the value (a
    // value with its annotation, "none"); the tooltip and Copy keep the value.
    static void setValue(QLabel *label, const QString &value, const QString &shown = {},
                         int maxChars = -1);

    // The whole value last given to setValue() (what "Copy Value" copies).
    static QString valueOf(const QWidget *label);
};

} // namespace dedup::widgets
