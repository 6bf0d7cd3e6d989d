#include "widgets/PreferencesDialog.h"

#include "ui_PreferencesDialog.h"

#include <QPushButton>

namespace dedup::widgets {

PreferencesDialog::PreferencesDialog(const Preferences &preferences, QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::PreferencesDialog>()) {
    m_ui->setupUi(this);
    m_ui->statementTimeout->setValue(preferences.statementTimeoutSeconds);
    m_ui->maxRows->setValue(preferences.maxRows);
    connect(m_ui->buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] {
                const Preferences defaults;
                m_ui->statementTimeout->setValue(defaults.statementTimeoutSeconds);
                m_ui->maxRows->setValue(defaults.maxRows);
            });
}

PreferencesDialog::~PreferencesDialog() = default;

Preferences PreferencesDialog::preferences() const {
    Preferences preferences;
    preferences.statementTimeoutSeconds = m_ui->statementTimeout->value();
    preferences.maxRows = m_ui->maxRows->value();
    return preferences;
}

} // namespace dedup::widgets
