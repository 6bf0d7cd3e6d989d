#include "widgets/SafeText.h"

#include "core/DisplayText.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>

namespace dedup::widgets {

namespace {

constexpr char ValueProperty[] = "dedupValue";
constexpr char MenuProperty[] = "dedupCopyMenu";

// The label's context menu: "Copy Value" copies the whole value, not the cut text on screen.
void addCopyMenu(QLabel *label) {
    if (label->property(MenuProperty).toBool())
        return;
    label->setProperty(MenuProperty, true);
    label->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(label, &QWidget::customContextMenuRequested, label, [label](QPoint at) {
        QMenu menu(label);
        QAction *copy = menu.addAction(SafeText::tr("Copy Value"));
        copy->setEnabled(!SafeText::valueOf(label).isEmpty());
        QObject::connect(copy, &QAction::triggered, label, [label] {
            QGuiApplication::clipboard()->setText(SafeText::valueOf(label));
        });
        menu.exec(label->mapToGlobal(at));
    });
}

} // namespace

QString SafeText::toolTip(const QString &plain) {
    if (plain.isEmpty())
        return {};
    const QString text = core::DisplayText::shown(plain, core::DisplayText::ToolTipChars,
                                                  core::DisplayText::Lines::Multi);
    // Rich text on purpose, so that Qt never guesses: the value is escaped inside it, and
    // pre-wrap keeps its line breaks and spaces while long lines still wrap.
    return QStringLiteral("<p style=\"white-space:pre-wrap\">%1</p>").arg(text.toHtmlEscaped());
}

void SafeText::setValue(QLabel *label, const QString &value, const QString &shown, int maxChars) {
    const int limit = maxChars > 0 ? maxChars : core::DisplayText::LabelChars;
    label->setTextFormat(Qt::PlainText);
    label->setText(core::DisplayText::shown(shown.isNull() ? value : shown, limit));
    label->setToolTip(toolTip(value));
    label->setProperty(ValueProperty, value);
    // Ignored: the layout gives the label what it has, whatever the text's width.
    QSizePolicy policy = label->sizePolicy();
    policy.setHorizontalPolicy(QSizePolicy::Ignored);
    label->setSizePolicy(policy);
    label->setMinimumWidth(label->fontMetrics().averageCharWidth() * 8);
    addCopyMenu(label);
}

QString SafeText::valueOf(const QWidget *label) {
    return label->property(ValueProperty).toString();
}

} // namespace dedup::widgets
