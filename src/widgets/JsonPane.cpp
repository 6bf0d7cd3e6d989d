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
#include <QTextCursor>
#include <QTimer>
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
    // Read-only: an undo stack would only keep a record of every piece filled in.
    m_editor->setUndoRedoEnabled(false);
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
    if (pretty.isNull() == m_value.pretty.isNull() &&
        (pretty.isSharedWith(m_value.pretty) || pretty == m_value.pretty)) {
        m_value.pretty = pretty; // one copy in memory: the caller's
        showValue();
        return;
    }
    setValue(models::RunDetailSource::prepare(pretty, ShownChars));
}

void JsonPane::setValue(const models::RunDetailSource::ShownJson &value) {
    // A reload's value is usually the same string (RunDetailSource shares it); a copy equal
    // to it is compared once and then taken, so the old copy goes.
    const bool same = value.pretty.isNull() == m_value.pretty.isNull() &&
                      (value.pretty.isSharedWith(m_value.pretty) || value.pretty == m_value.pretty);
    m_value = value;
    if (!same) {
        m_showAll = false; // another value: shown cut again if it is long
        m_editorCurrent = false;
    }
    showValue();
}

void JsonPane::clear() {
    stopFilling();
    m_fillWhole = false;
    m_value = {};
    m_showAll = false;
    m_editor->clear();
    m_editorCurrent = true;
    showValue();
}

bool JsonPane::isCut() const {
    return !m_showAll && !m_value.isWhole();
}

void JsonPane::showValue() {
    if (!m_editorCurrent) {
        // Setting the text also resets the scroll position: only when it changed.
        m_editorCurrent = true;
        stopFilling();
        // "Show All" fills in the whole value the same way as the cut text, made visible a
        // piece at a time: never megabytes laid out (or converted) in one turn.
        m_fillWhole = m_showAll && !m_value.isWhole();
        m_filling = m_fillWhole ? m_value.pretty : m_value.display;
        fillPiece();
    }
    updateControls();
}

void JsonPane::updateControls() {
    const bool cut = isCut();
    m_copy->setEnabled(!m_value.pretty.isEmpty());
    const QLocale locale;
    QString note;
    if (cut && m_value.cut) {
        note =
            tr("Showing the first %1 of %2.")
                .arg(locale.formattedDataSize(ShownChars), locale.formattedDataSize(m_value.bytes));
    }
    if (cut && m_value.linesCut) {
        note = note.isEmpty() ? tr("Lines longer than %1 characters are shown cut (the value is "
                                   "%2).")
                                    .arg(locale.toString(models::RunDetailSource::LineChars),
                                         locale.formattedDataSize(m_value.bytes))
                              : tr("%1 Lines longer than %2 characters are shown cut.")
                                    .arg(note, locale.toString(models::RunDetailSource::LineChars));
    }
    const bool fillingWhole = m_fillWhole && isFilling();
    if (fillingWhole) {
        note = tr("Showing… %1 of %2 characters")
                   .arg(locale.toString(m_fillAt), locale.toString(m_filling.size()));
    }
    m_cutNote->setText(note);
    m_cutNote->setVisible(cut || fillingWhole);
    m_showAllButton->setVisible(cut);
    m_save->setVisible(!m_value.isWhole());
}

void JsonPane::fillPiece() {
    // About 32 Ki characters a turn (~5 ms here), cut after a line: appendPlainText() starts
    // a new line. The cut text's lines are at most LineChars long, so its pieces always hold
    // a line break. A longer line of the whole value ("Show All") goes in whole, in a piece
    // of its own: QPlainTextEdit lays out a line again with every piece added to it, so
    // adding it piece by piece would cost far more than the one layout it needs anyway.
    constexpr qsizetype Piece = 32 * 1024;
    const qsizetype size = m_filling.size();
    qsizetype end = size;
    if (size - m_fillAt > Piece) {
        // Within the piece only: a long line must not be searched back to its start each turn.
        const qsizetype newline =
            QStringView(m_filling).mid(m_fillAt, Piece + 1).lastIndexOf(QLatin1Char('\n'));
        if (newline >= 0) {
            end = m_fillAt + newline;
        } else {
            end = m_filling.indexOf(QLatin1Char('\n'), m_fillAt + Piece);
            if (end < 0)
                end = size;
        }
    }
    QString piece = m_filling.mid(m_fillAt, end - m_fillAt);
    if (m_fillWhole)
        piece = core::DisplayText::visible(piece, core::DisplayText::Lines::Multi);
    if (m_fillAt == 0) {
        m_editor->setPlainText(piece);
    } else if (m_fillNewBlock) {
        m_editor->appendPlainText(piece);
    } else {
        QTextCursor cursor(m_editor->document());
        cursor.movePosition(QTextCursor::End);
        cursor.insertText(piece);
    }
    m_fillNewBlock = end < size && m_filling.at(end) == QLatin1Char('\n');
    m_fillAt = m_fillNewBlock ? end + 1 : end;
    if (m_fillAt >= size) {
        if (m_fillNewBlock)
            m_editor->appendPlainText(QString()); // the text ended with a line break
        stopFilling();
        updateControls();
        return;
    }
    if (m_fillWhole)
        updateControls(); // the progress in the note
    const quint64 generation = m_fillGeneration;
    QTimer::singleShot(0, this, [this, generation] {
        if (generation == m_fillGeneration)
            fillPiece();
    });
}

void JsonPane::stopFilling() {
    ++m_fillGeneration;
    m_filling.clear();
    m_fillAt = 0;
    m_fillNewBlock = false;
}

void JsonPane::showAll() {
    if (m_showAll)
        return;
    m_showAll = true;
    m_editorCurrent = m_value.isWhole(); // a value shown whole already needs nothing more
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
        // In pieces of 1 Mi characters: no second copy of a 20 MB value in memory.
        constexpr qsizetype Piece = 1024 * 1024;
        const QString &value = m_value.pretty;
        for (qsizetype at = 0; why.isEmpty() && at < value.size();) {
            qsizetype length = qMin(Piece, value.size() - at);
            if (at + length < value.size() && value.at(at + length - 1).isHighSurrogate())
                --length; // never half a character
            const QByteArray bytes = QStringView(value).mid(at, length).toUtf8();
            if (file.device().write(bytes) != bytes.size())
                why = file.device().errorString();
            at += length;
        }
        if (why.isEmpty() && !file.commit())
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
    if (!m_value.pretty.isEmpty())
        QGuiApplication::clipboard()->setText(m_value.pretty);
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
