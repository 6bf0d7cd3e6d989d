#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace dedup::widgets {

// The strip at the top of the main window while the store cannot be reached
// (docs/CONSOLE.md "Lost connection"): "Connection to <target> lost: <why>. Reconnecting…" and a
// "Retry now" button. It only shows what it is told; StoreSession decides when the
// connection is lost and when it is back, and reconnects.
class ConnectionBanner : public QFrame {
    Q_OBJECT
    Q_PROPERTY(bool active READ isActive NOTIFY activeChanged)

public:
    explicit ConnectionBanner(QWidget *parent = nullptr);

    void showLost(const QString &target, const QString &why);
    void clear();
    bool isActive() const { return m_active; }
    QString message() const;

signals:
    void retryRequested();
    void activeChanged(bool active);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateColors();

    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    QPushButton *m_retry = nullptr;
    bool m_active = false;
};

} // namespace dedup::widgets
