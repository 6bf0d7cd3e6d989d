#include "widgets/JsonPane.h"

#include "core/DisplayText.h"
#include "reports/OwnerOnlyFile.h"

#include <QClipboard>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace dedup::widgets {

JsonPane::JsonPane(QWidget *parent)
    : QWidget(parent)
    , m_editor(new QPlainTextEdit(this))
    , m_copy(new QToolButton(this))
    , m_cutNote(new QLabel(this))
    , m_showAllButton(new QToolButton(this))
    , m_save(new QToolButton(this)) {
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
    m_cutNote->setObjectName(QStringLiteral("cutNote"));
    m_cutNote->setTextFormat(Qt::PlainText);
    m_showAllButton->setObjectName(QStringLiteral("showAllButton"));
    m_showAllButton->setText(tr("Show &All"));
    m_showAllButton->setToolTip(tr("Show the whole value (a long value takes a while to lay out)"));
    connect(m_showAllButton, &QToolButton::clicked, this, &JsonPane::showAll);
    m_save->setObjectName(QStringLiteral("saveJsonButton"));
    m_save->setText(tr("&Save to File…"));
    m_save->setToolTip(tr("Write the whole value to a file readable by you only"));
    connect(m_save, &QToolButton::clicked, this, [this] { saveToFile(); });
    for (QWidget *widget :
         {static_cast<QWidget *>(m_cutNote), static_cast<QWidget *>(m_showAllButton),
          static_cast<QWidget *>(m_save)})
        widget->hide();

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_cutNote);
    buttons->addStretch(1);
    buttons->addWidget(m_showAllButton);
    buttons->addWidget(m_save);
    buttons->addWidget(m_copy);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_editor, 1);
    updateFont();
}

void JsonPane::setJson(const QString &pretty) {
    if (pretty.isNull() != m_full.isNull() || pretty != m_full) {
        m_full = pretty;
        m_showAll = false; // another value: shown cut again if it is long
    }
    showValue();
}

bool JsonPane::isCut() const {
    return !m_showAll && m_full.size() > ShownChars;
}

void JsonPane::showValue() {
    const bool cut = isCut();
    const QString shown = core::DisplayText::visible(cut ? m_full.left(ShownChars) : m_full,
                                                     core::DisplayText::Lines::Multi);
    if (shown != m_editor->toPlainText())
        m_editor->setPlainText(shown); // also resets the scroll position: only when it changed
    m_copy->setEnabled(!m_full.isEmpty());
    const QLocale locale;
    m_cutNote->setText(cut ? tr("Showing the first %1 of %2.")
                                 .arg(locale.formattedDataSize(ShownChars),
                                      locale.formattedDataSize(m_full.toUtf8().size()))
                           : QString());
    m_cutNote->setVisible(cut);
    m_showAllButton->setVisible(cut);
    m_save->setVisible(m_full.size() > ShownChars);
}

void JsonPane::showAll() {
    m_showAll = true;
    showValue();
}

bool JsonPane::saveToFile(const QString &path, QString *error) {
    QString target = path;
    if (target.isEmpty()) {
        target = QFileDialog::getSaveFileName(this, tr("Save the Value"), QString(),
                                              tr("JSON (*.json);;All files (*)"));
        if (target.isEmpty())
            return false;
    }
    reports::OwnerOnlyFile file(target);
    QString why;
    if (!file.open()) {
        why = file.errorString();
    } else {
        const QByteArray bytes = m_full.toUtf8();
        if (file.device().write(bytes) != bytes.size())
            why = file.device().errorString();
        else if (!file.commit())
            why = file.errorString();
    }
    if (why.isEmpty())
        return true;
    if (error)
        *error = why;
    if (path.isEmpty())
        QMessageBox::warning(this, tr("Save the Value"),
                             tr("Could not write %1: %2").arg(target, why));
    return false;
}

void JsonPane::setPlaceholderText(const QString &text) {
    m_editor->setPlaceholderText(text);
}

void JsonPane::copy() const {
    if (!m_full.isEmpty())
        QGuiApplication::clipboard()->setText(m_full);
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
