#pragma once

#include <QWidget>

class QPlainTextEdit;
class QToolButton;

namespace dedup::widgets {

// A stored jsonb value as the run detail shows it: the server's jsonb_pretty() text,
// monospace, read-only, selectable, with a Copy button. An empty value shows the placeholder
// (why there is nothing) and disables Copy.
class JsonPane : public QWidget {
    Q_OBJECT

public:
    explicit JsonPane(QWidget *parent = nullptr);

    // `pretty` as the server rendered it; a null or empty string shows the placeholder.
    void setJson(const QString &pretty);
    QString json() const;
    void setPlaceholderText(const QString &text);
    QPlainTextEdit *editor() const { return m_editor; }

public slots:
    // Puts the whole text on the clipboard.
    void copy() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateFont();

    QPlainTextEdit *m_editor = nullptr;
    QToolButton *m_copy = nullptr;
};

} // namespace dedup::widgets
