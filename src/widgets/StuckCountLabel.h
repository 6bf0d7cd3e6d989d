#pragma once

#include <QLabel>

namespace dedup::models {
class StuckRunsModel;
}

namespace dedup::widgets {

// The stuck count that is always visible (SPEC 7 "Stuck: count always visible"), for the
// main window's status bar: "Stuck: 42", bold in the warning colour while there are any,
// "Stuck: 0" in the normal colour. It follows a StuckRunsModel's count; clicking it emits
// clicked() (the main window shows the Stuck view).
class StuckCountLabel : public QLabel {
    Q_OBJECT

public:
    explicit StuckCountLabel(QWidget *parent = nullptr);

    // Follows `model` (not owned; nullptr: shows nothing).
    void setModel(models::StuckRunsModel *model);
    models::StuckRunsModel *model() const { return m_model; }
    // Whether it shows the warning (stuck runs exist).
    bool isWarning() const { return m_warning; }

signals:
    void clicked();

protected:
    void mouseReleaseEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void updateText();
    void updateColor();

    models::StuckRunsModel *m_model = nullptr; // not owned; forgotten when destroyed
    bool m_warning = false;
    bool m_updatingPalette = false;
};

} // namespace dedup::widgets
