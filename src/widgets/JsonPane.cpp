#include "widgets/JsonPane.h"

#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QIcon>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace dedup::widgets {

JsonPane::JsonPane(QWidget *parent)
    : QWidget(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_copy(new QToolButton(this)) {
    m_editor->setObjectName(QStringLiteral("jsonText"));
    m_editor->setReadOnly(true);
    // Keys and values keep their lines: JSON wrapped mid-value is hard to read.
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_copy->setObjectName(QStringLiteral("copyJsonButton"));
    m_copy->setText(tr("&Copy"));
    m_copy->setToolTip(tr("Copy the whole value to the clipboard"));
    m_copy->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    m_copy->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_copy->setEnabled(false);
    connect(m_copy, &QToolButton::clicked, this, &JsonPane::copy);

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_editor, 1);
    updateFont();
}

void JsonPane::setJson(const QString &pretty) {
    if (pretty != m_editor->toPlainText())
        m_editor->setPlainText(pretty); // also resets the scroll position: only when it changed
    m_copy->setEnabled(!pretty.isEmpty());
}

QString JsonPane::json() const {
    return m_editor->toPlainText();
}

void JsonPane::setPlaceholderText(const QString &text) {
    m_editor->setPlaceholderText(text);
}

void JsonPane::copy() const {
    if (!m_editor->document()->isEmpty())
        QGuiApplication::clipboard()->setText(m_editor->toPlainText());
}

void JsonPane::changeEvent(QEvent *event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateFont();
}

void JsonPane::updateFont() {
    // The system's fixed font at the size of the widget's own font (it follows the UI scale).
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // Measured, not QFontInfo::fixedPitch(): fontconfig does not flag every monospace face.
    const QFontMetricsF metrics(fixed);
    if (metrics.horizontalAdvance(QLatin1Char('i')) !=
        metrics.horizontalAdvance(QLatin1Char('W'))) {
        // Some platform themes (offscreen, minimal desktops) answer with the UI font.
        fixed.setFamilies({QStringLiteral("monospace")});
        fixed.setStyleHint(QFont::TypeWriter);
    }
    fixed.setFixedPitch(true);
    if (font().pointSizeF() > 0)
        fixed.setPointSizeF(font().pointSizeF());
    m_editor->setFont(fixed);
}

} // namespace dedup::widgets
