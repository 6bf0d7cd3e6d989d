#pragma once

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
class JsonPane : public QWidget {
    Q_OBJECT

public:
    explicit JsonPane(QWidget *parent = nullptr);

    // `pretty` as the server rendered it; a null or empty string shows the placeholder.
    void setJson(const QString &pretty);
    // The whole value (not only what is shown).
    QString json() const { return m_full; }
    // Whether the value is shown cut.
    bool isCut() const;
    // The most characters shown before "Show All".
    static constexpr qsizetype ShownChars = 256 * 1024;
    void setPlaceholderText(const QString &text);
    QPlainTextEdit *editor() const { return m_editor; }

public slots:
    // Puts the whole text on the clipboard.
    void copy() const;
    // Shows the whole value, however long (the operator asked for it).
    void showAll();
    // Writes the whole value to `path` (UTF-8, readable by its owner only); false, with
    // `error` set, when it cannot. With an empty path, asks for one.
    bool saveToFile(const QString &path = {}, QString *error = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateFont();
    void showValue();

    QString m_full;
    bool m_showAll = false;
    QPlainTextEdit *m_editor = nullptr;
    QToolButton *m_copy = nullptr;
    QLabel *m_cutNote = nullptr;
    QToolButton *m_showAllButton = nullptr;
    QToolButton *m_save = nullptr;
};

} // namespace dedup::widgets
