#pragma once

#include "models/RunDetailSource.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QToolButton;

namespace dedup::widgets {

// A stored jsonb value as the run detail shows it: the server's jsonb_pretty() text,
// monospace, read-only, selectable, with a Copy button. An empty value shows the placeholder
// (why there is nothing) and disables Copy. Deceptive characters (bidi overrides, zero-width
// characters) show as markers (core::DisplayText). A value longer than ShownChars (a worker's
// 20 MB result) is shown cut, with its size, "Show All" and "Save to File…": laying out
// megabytes of text would freeze the window for seconds.
//
// setValue() takes a value prepared off the UI thread (RunDetailSource::prepare(), run with
// the read): the pane then only puts the cut text in its editor. setJson() prepares here,
// for values at hand (short ones, a revealed value). clear() lets go of the value (the
// detail closed): nothing of it stays in the pane. The cut text goes into the editor in
// pieces of whole lines, one per turn of the event loop, so that the UI thread is never
// busy with it for long; "Show All" fills in the whole value the same way (made visible a
// piece at a time), with its progress in the note ("Showing… n of m characters"); another
// value or clear() stops it.
class JsonPane : public QWidget {
    Q_OBJECT

public:
    explicit JsonPane(QWidget *parent = nullptr);

    // `pretty` as the server rendered it; a null or empty string shows the placeholder.
    void setJson(const QString &pretty);
    // A value prepared for display (with at most ShownChars characters shown). The same
    // value again (a reload) keeps the scroll position and "Show All".
    void setValue(const models::RunDetailSource::ShownJson &value);
    // No value: the placeholder, and nothing of the last value kept.
    void clear();
    // The whole value (not only what is shown).
    QString json() const { return m_value.pretty; }
    // Its UTF-8 size.
    qint64 byteSize() const { return m_value.bytes; }
    // Whether the value is shown cut.
    bool isCut() const;
    // Whether the editor is still being filled (the cut text, or the whole after "Show All").
    bool isFilling() const { return !m_filling.isEmpty(); }
    // The most characters shown before "Show All".
    static constexpr qsizetype ShownChars = models::RunDetailSource::ShownChars;
    void setPlaceholderText(const QString &text);
    QPlainTextEdit *editor() const { return m_editor; }

public slots:
    // Puts the whole text on the clipboard.
    void copy() const;
    // Shows the whole value, however long (the operator asked for it): filled in a piece at a
    // time (isFilling()), the progress in the note.
    void showAll();
    // Writes the whole value to `path` (UTF-8, readable by its owner only); false, with
    // `error` set, when it cannot. With an empty path, asks for one.
    bool saveToFile(const QString &path = {}, QString *error = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateFont();
    void showValue();
    // The note, the buttons' visibility and Copy, as the value and the filling say.
    void updateControls();
    // Puts the next piece of m_filling into the editor; queues the one after.
    void fillPiece();
    void stopFilling();

    models::RunDetailSource::ShownJson m_value;
    bool m_showAll = false;
    bool m_editorCurrent = true; // the editor shows m_value as m_showAll says
    // The text being put into the editor (the cut text, or the whole value), and how far.
    QString m_filling;
    qsizetype m_fillAt = 0;
    bool m_fillNewBlock = false;  // the next piece starts a line (a newline was skipped)
    bool m_fillWhole = false;     // m_filling is the whole value, made visible piece by piece
    quint64 m_fillGeneration = 0; // a queued piece of an older text does nothing
    QPlainTextEdit *m_editor = nullptr;
    QToolButton *m_copy = nullptr;
    QLabel *m_cutNote = nullptr;
    QToolButton *m_showAllButton = nullptr;
    QToolButton *m_save = nullptr;
};

} // namespace dedup::widgets
