#include "widgets/PreferencesDialog.h"

#include "ui_PreferencesDialog.h"

#include <QCheckBox>
#include <QPushButton>

namespace dedup::widgets {

PreferencesDialog::PreferencesDialog(const Preferences &preferences, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PreferencesDialog>()) {
    m_ui->setupUi(this);
    // "1 run", "2 runs": the suffix follows the number.
    const auto runsSuffix = [this](int runs) {
        m_ui->stuckAlertRuns->setSuffix(runs == 1 ? tr(" run") : tr(" runs"));
    };
    connect(m_ui->stuckAlertRuns, &QSpinBox::valueChanged, this, runsSuffix);
    m_ui->statementTimeout->setValue(preferences.statementTimeoutSeconds);
    m_ui->maxRows->setValue(preferences.maxRows);
    setAlerts(preferences);
    // The thresholds mean nothing while the alerts are off.
    connect(m_ui->alertsEnabled, &QCheckBox::toggled, m_ui->stuckAlertRuns, &QWidget::setEnabled);
    connect(m_ui->alertsEnabled, &QCheckBox::toggled, m_ui->reviewAlertMinutes,
            &QWidget::setEnabled);
    m_ui->stuckAlertRuns->setEnabled(preferences.alertsEnabled);
    m_ui->reviewAlertMinutes->setEnabled(preferences.alertsEnabled);
    runsSuffix(m_ui->stuckAlertRuns->value());
    connect(m_ui->buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] {
                const Preferences defaults;
                m_ui->statementTimeout->setValue(defaults.statementTimeoutSeconds);
                m_ui->maxRows->setValue(defaults.maxRows);
                setAlerts(defaults);
            });
}

PreferencesDialog::~PreferencesDialog() = default;

Preferences PreferencesDialog::preferences() const {
    Preferences preferences;
    preferences.statementTimeoutSeconds = m_ui->statementTimeout->value();
    preferences.maxRows = m_ui->maxRows->value();
    preferences.alertsEnabled = m_ui->alertsEnabled->isChecked();
    preferences.stuckAlertRuns = m_ui->stuckAlertRuns->value();
    preferences.reviewAlertMinutes = m_ui->reviewAlertMinutes->value();
    return preferences;
}

void PreferencesDialog::setAlerts(const Preferences &preferences) {
    m_ui->alertsEnabled->setChecked(preferences.alertsEnabled);
    m_ui->stuckAlertRuns->setValue(preferences.stuckAlertRuns);
    m_ui->reviewAlertMinutes->setValue(preferences.reviewAlertMinutes);
}

} // namespace dedup::widgets
