#pragma once

#include "widgets/WarningLabel.h"

namespace dedup::models {
class StuckRunsModel;
}

namespace dedup::widgets {

// The stuck count that is always visible (docs/CONSOLE.md "Stuck"), for the
// main window's status bar: "Stuck: 42", bold in the warning colour while there are any,
// "Stuck: 0" in the normal colour. It follows a StuckRunsModel's count; clicking it emits
// clicked() (the main window shows the Stuck view).
class StuckCountLabel : public WarningLabel {
    Q_OBJECT

public:
    explicit StuckCountLabel(QWidget *parent = nullptr);

    // Follows `model` (not owned; nullptr: shows nothing).
    void setModel(models::StuckRunsModel *model);
    models::StuckRunsModel *model() const { return m_model; }

signals:
    void clicked();

protected:
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    void updateText();

    models::StuckRunsModel *m_model = nullptr; // not owned; forgotten when destroyed
};

} // namespace dedup::widgets
