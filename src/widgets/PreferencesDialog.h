#pragma once

#include "widgets/Preferences.h"

#include <QDialog>

#include <memory>

namespace Ui {
class PreferencesDialog;
}

namespace dedup::widgets {

// Edit > Preferences: the statement timeout, the size of the runs list and the alerts'
// thresholds (docs/CONSOLE.md "Alerts").
class PreferencesDialog : public QDialog {
    Q_OBJECT

public:
    explicit PreferencesDialog(const Preferences &preferences, QWidget *parent = nullptr);
    ~PreferencesDialog() override;

    Preferences preferences() const;

private:
    void setAlerts(const Preferences &preferences);

    std::unique_ptr<Ui::PreferencesDialog> m_ui;
};

} // namespace dedup::widgets
