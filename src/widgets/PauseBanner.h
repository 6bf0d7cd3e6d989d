#pragma once

#include "models/WorkflowOverviewLoader.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace dedup::widgets {

// The strip at the top of the main window while any workflow the login can see is paused
// (docs/CONSOLE.md "Workflows"): "Paused: billing (all scopes) since 03:12 by alice —
// provider outage", one line per pause (the first three, then "and N more"),
// with a "Show Workflows" button. Hidden when nothing is paused. It shows what the session's
// WorkflowOverviewLoader read last, the same read as the Workflows view; a failed read keeps
// what it showed.
class PauseBanner : public QFrame {
    Q_OBJECT
    Q_PROPERTY(bool active READ isActive NOTIFY activeChanged)

public:
    static constexpr int MaxListed = 3;

    explicit PauseBanner(QWidget *parent = nullptr);

    // Follows `loader` (not owned; nullptr: none, the banner hides).
    void setLoader(models::WorkflowOverviewLoader *loader);
    void showOverview(const store::WorkflowOverview &overview);
    bool isActive() const { return m_active; }
    QString message() const;

signals:
    void showWorkflowsRequested();
    void activeChanged(bool active);

protected:
    void changeEvent(QEvent *event) override;

private:
    void setActive(bool active);
    void updateColors();

    models::WorkflowOverviewLoader *m_loader = nullptr; // not owned
    QLabel *m_icon;
    QLabel *m_text;
    QPushButton *m_show;
    bool m_active = false;
};

} // namespace dedup::widgets
