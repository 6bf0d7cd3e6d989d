#include "widgets/ConnectionDialog.h"

#include "store/ConnectionProfiles.h"
#include "ui_ConnectionDialog.h"
#include "widgets/ConnectionCheckRunner.h"
#include "widgets/PasswordVault.h"
#include "widgets/WarningColor.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

#include <utility>

namespace dedup::widgets {

using store::ConnectionProfile;
using store::ConnectionProfiles;
using store::ConnectionReport;
using Mode = ConnectionProfile::PasswordMode;

ConnectionDialog::ConnectionDialog(QWidget *parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::ConnectionDialog>())
    , m_vault(new PasswordVault(this))
    , m_runner(new ConnectionCheckRunner(this)) {
    m_ui->setupUi(this);
    setUpWidgets();
    loadSavedProfiles();
    m_vault->probe();
}

ConnectionDialog::~ConnectionDialog() = default;

void ConnectionDialog::setUpWidgets() {
    const std::pair<QString, QString> modes[] = {
        {QString(), tr("default: verify-full over the network (or PGSSLMODE)")},
        {QStringLiteral("disable"), tr("disable: never encrypted")},
        {QStringLiteral("allow"), tr("allow: encrypted only if the server insists")},
        {QStringLiteral("prefer"), tr("prefer: encrypted when the server offers it")},
        {QStringLiteral("require"), tr("require: encrypted, server not verified")},
        {QStringLiteral("verify-ca"), tr("verify-ca: encrypted, certificate verified")},
        {QStringLiteral("verify-full"), tr("verify-full: certificate and host name verified")},
    };
    for (const auto &[mode, text] : modes)
        m_ui->sslModeCombo->addItem(text, mode);
    m_ui->connectTimeoutSpin->setSpecialValueText(tr("libpq default"));
    m_ui->connectTimeoutSpin->setSuffix(tr(" s"));
    m_ui->testButton->setShortcut(QKeySequence(tr("Ctrl+T")));
    m_ui->testButton->setToolTip(
        tr("Check these settings without connecting the console (%1)")
            .arg(m_ui->testButton->shortcut().toString(QKeySequence::NativeText)));
    // Check results quote the server (its certificate's names, its messages): never markup.
    m_ui->resultLabel->setTextFormat(Qt::PlainText);
    m_ui->progressBar->hide();
    m_ui->cancelCheckButton->hide();
    // Readable on light and dark palettes alike; the text says it all without the colour.
    m_ui->validationLabel->setStyleSheet(QStringLiteral("color: #e01b24;"));

    connect(m_ui->profileList, &QListWidget::currentRowChanged, this, &ConnectionDialog::showEntry);
    connect(m_ui->newButton, &QPushButton::clicked, this, &ConnectionDialog::newProfile);
    connect(m_ui->duplicateButton, &QPushButton::clicked, this,
            &ConnectionDialog::duplicateProfile);
    connect(m_ui->deleteButton, &QPushButton::clicked, this, &ConnectionDialog::deleteProfile);
    for (QLineEdit *edit :
         {m_ui->nameEdit, m_ui->hostEdit, m_ui->portEdit, m_ui->dbnameEdit, m_ui->userEdit,
          m_ui->serviceEdit, m_ui->connectionStringEdit, m_ui->rootCertEdit, m_ui->standbyEdit})
        connect(edit, &QLineEdit::textChanged, this, &ConnectionDialog::formEdited);
    for (QRadioButton *radio :
         {m_ui->connectionStringRadio, m_ui->keychainRadio, m_ui->askRadio, m_ui->noPasswordRadio})
        connect(radio, &QRadioButton::toggled, this, &ConnectionDialog::formEdited);
    connect(m_ui->sslModeCombo, &QComboBox::currentIndexChanged, this,
            &ConnectionDialog::formEdited);
    connect(m_ui->connectTimeoutSpin, &QSpinBox::valueChanged, this, &ConnectionDialog::formEdited);
    connect(m_ui->passwordEdit, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (Entry *entry = current()) {
            entry->password = text;
            entry->passwordFromKeychain = false;
        }
        m_passwordNote.clear();
        updatePasswordArea();
    });
    connect(m_ui->rootCertBrowseButton, &QPushButton::clicked, this,
            &ConnectionDialog::browseRootCertificate);
    connect(m_ui->saveButton, &QPushButton::clicked, this, [this] {
        QString error;
        m_ui->resultLabel->setText(saveCurrent(&error) ? tr("Saved.")
                                                       : tr("Not saved: %1").arg(error));
    });
    connect(m_ui->testButton, &QPushButton::clicked, this, [this] { startCheck(CheckKind::Test); });
    connect(m_ui->connectButton, &QPushButton::clicked, this,
            [this] { startCheck(CheckKind::Connect); });
    connect(m_ui->cancelCheckButton, &QPushButton::clicked, this, &ConnectionDialog::cancelCheck);
    connect(m_runner, &ConnectionCheckRunner::finished, this, &ConnectionDialog::checkFinished);

    connect(m_vault, &PasswordVault::availabilityKnown, this, [this] {
        lookUpKeychainPassword();
        updatePasswordArea();
    });
    connect(m_vault, &PasswordVault::passwordRead, this,
            [this](const QString &name, const QString &password) {
                keychainAnswered(name, &password);
            });
    connect(m_vault, &PasswordVault::passwordNotFound, this,
            [this](const QString &name) { keychainAnswered(name, nullptr); });
    connect(m_vault, &PasswordVault::failed, this,
            [this](const QString &name, const QString &message) {
                m_passwordNote = message;
                keychainAnswered(name, nullptr);
            });
}

void ConnectionDialog::loadSavedProfiles() {
    QSettings settings;
    ConnectionProfiles profiles(settings);
    // A secret stored by an older version (or by hand) leaves the file now; the operator
    // reads which profile lost what.
    const QStringList removed = profiles.removeStoredSecrets();
    const QString lastUsed = profiles.lastUsed();
    int select = 0;
    for (const ConnectionProfile &profile : profiles.all()) {
        Entry entry;
        entry.profile = profile;
        entry.saved = profile;
        if (profile.name == lastUsed)
            select = int(m_entries.size());
        m_entries.append(entry);
        m_ui->profileList->addItem(profile.name);
    }
    if (m_entries.isEmpty()) {
        newProfile();
        m_entries.last().placeholder = true;
    } else {
        m_ui->profileList->setCurrentRow(select);
        if (m_currentRow != select) // already current: no signal
            showEntry(select);
    }
    if (!removed.isEmpty())
        m_ui->resultLabel->setText(removed.join(QLatin1Char('\n')));
}

void ConnectionDialog::setInitialConninfo(const QString &conninfo) {
    // Only the untouched empty profile gives way; the operator's own entries stay.
    for (qsizetype row = m_entries.size() - 1; row >= 0; --row) {
        if (m_entries.at(row).placeholder) {
            m_entries.removeAt(row);
            delete m_ui->profileList->takeItem(int(row));
        }
    }
    // A secret on the command line is refused, not used: other users see it in the process
    // list and it stays in shell history. Everything else is kept.
    QStringList removed;
    const QString withoutSecrets = ConnectionProfile::withoutSecrets(conninfo, &removed);
    Entry entry;
    entry.profile = ConnectionProfile::fromConninfo(uniqueName(tr("Command line")), withoutSecrets);
    entry.transient = true;
    addEntry(entry);
    if (removed.isEmpty())
        return;
    QString note = tr("--connect held a %1, which was not used: a command line is visible to "
                      "other users (ps, /proc) and stays in shell history.")
                       .arg(removed.join(QStringLiteral(", ")));
    if (removed.contains(QStringLiteral("password")))
        note += QLatin1Char(' ') +
                tr("Type the password here (choose \"System keychain\" to keep it there), or "
                   "put it in ~/.pgpass or the PGPASSWORD environment variable, then connect.");
    if (removed.contains(QStringLiteral("sslpassword")))
        note += QLatin1Char(' ') + tr("Keep the client key (sslkey) in a file only you can read "
                                      "(chmod 600), without a passphrase.");
    m_passwordNote = note;
    m_holdAutoConnect = true;
    updatePasswordArea();
}

ConnectionReport ConnectionDialog::report() const {
    return m_report;
}

void ConnectionDialog::connectNow() {
    if (std::exchange(m_holdAutoConnect, false))
        return; // the refused secret's note stays readable; the operator connects
    startCheck(CheckKind::Connect);
}

void ConnectionDialog::done(int result) {
    // Closing while a check runs: its answer must not arrive at a closed dialog.
    m_pendingCheck.reset();
    if (m_runner->isRunning())
        m_runner->cancel();
    QDialog::done(result);
}

void ConnectionDialog::addEntry(const Entry &entry) {
    m_entries.append(entry);
    m_ui->profileList->addItem(entry.profile.name);
    m_ui->profileList->setCurrentRow(int(m_entries.size() - 1));
}

ConnectionDialog::Entry *ConnectionDialog::current() {
    return m_currentRow >= 0 && m_currentRow < m_entries.size() ? &m_entries[m_currentRow]
                                                                : nullptr;
}

void ConnectionDialog::showEntry(int row) {
    if (m_runner->isRunning())
        cancelCheck(); // its answer would be about another profile
    m_currentRow = row;
    m_passwordNote.clear();
    const Entry *entry = current();
    const ConnectionProfile profile = entry ? entry->profile : ConnectionProfile();
    m_filling = true;
    m_ui->nameEdit->setText(profile.name);
    m_ui->connectionStringRadio->setChecked(profile.usesConnectionString());
    m_ui->fieldsRadio->setChecked(!profile.usesConnectionString());
    m_ui->connectionStringEdit->setText(profile.connectionString);
    m_ui->hostEdit->setText(profile.host);
    m_ui->portEdit->setText(profile.port);
    m_ui->dbnameEdit->setText(profile.dbname);
    m_ui->userEdit->setText(profile.user);
    m_ui->serviceEdit->setText(profile.service);
    const int mode = m_ui->sslModeCombo->findData(profile.sslmode);
    m_ui->sslModeCombo->setCurrentIndex(qMax(0, mode));
    m_ui->rootCertEdit->setText(profile.sslrootcert);
    m_ui->connectTimeoutSpin->setValue(profile.connectTimeoutSeconds);
    m_ui->standbyEdit->setText(profile.standbyConnectionString);
    m_ui->keychainRadio->setChecked(profile.passwordMode == Mode::Keychain);
    m_ui->askRadio->setChecked(profile.passwordMode == Mode::AskEachTime);
    m_ui->noPasswordRadio->setChecked(profile.passwordMode == Mode::NoPassword);
    m_ui->passwordEdit->setText(entry ? entry->password : QString());
    m_ui->settingsStack->setCurrentIndex(profile.usesConnectionString() ? 1 : 0);
    m_filling = false;
    lookUpKeychainPassword();
    updateState();
}

void ConnectionDialog::formEdited() {
    m_ui->settingsStack->setCurrentIndex(m_ui->connectionStringRadio->isChecked() ? 1 : 0);
    Entry *entry = current();
    if (m_filling || !entry)
        return;
    if (m_runner->isRunning())
        cancelCheck();
    entry->profile = profileFromForm();
    entry->placeholder = false;
    if (QListWidgetItem *item = m_ui->profileList->item(m_currentRow))
        item->setText(entry->profile.name);
    lookUpKeychainPassword();
    updateState();
}

ConnectionProfile ConnectionDialog::profileFromForm() const {
    ConnectionProfile profile;
    profile.name = m_ui->nameEdit->text().trimmed();
    // Only the chosen way is kept: a saved profile never carries a stale alternative.
    if (m_ui->connectionStringRadio->isChecked()) {
        profile.connectionString = m_ui->connectionStringEdit->text().trimmed();
    } else {
        profile.host = m_ui->hostEdit->text().trimmed();
        profile.port = m_ui->portEdit->text().trimmed();
        profile.dbname = m_ui->dbnameEdit->text().trimmed();
        profile.user = m_ui->userEdit->text().trimmed();
        profile.service = m_ui->serviceEdit->text().trimmed();
    }
    profile.sslmode = m_ui->sslModeCombo->currentData().toString();
    profile.sslrootcert = m_ui->rootCertEdit->text().trimmed();
    profile.connectTimeoutSeconds = m_ui->connectTimeoutSpin->value();
    profile.standbyConnectionString = m_ui->standbyEdit->text().trimmed();
    profile.passwordMode = m_ui->keychainRadio->isChecked()     ? Mode::Keychain
                           : m_ui->noPasswordRadio->isChecked() ? Mode::NoPassword
                                                                : Mode::AskEachTime;
    return profile;
}

QString ConnectionDialog::uniqueName(const QString &base) const {
    auto taken = [this](const QString &name) {
        for (const Entry &entry : m_entries) {
            if (entry.profile.name == name)
                return true;
        }
        return false;
    };
    QString name = base;
    for (int n = 2; taken(name); ++n)
        name = QStringLiteral("%1 %2").arg(base).arg(n);
    return name;
}

QString ConnectionDialog::formError() const {
    if (m_currentRow < 0 || m_currentRow >= m_entries.size())
        return tr("Choose a profile, or create one with New.");
    const ConnectionProfile &profile = m_entries.at(m_currentRow).profile;
    if (m_ui->connectionStringRadio->isChecked() && !profile.usesConnectionString())
        return tr("Type a connection string, or choose Fields.");
    if (const QString error = profile.validationError(); !error.isEmpty())
        return error;
    for (int row = 0; row < m_entries.size(); ++row) {
        if (row != m_currentRow && m_entries.at(row).profile.name == profile.name)
            return tr("Another profile is already called \"%1\".").arg(profile.name);
    }
    return {};
}

void ConnectionDialog::updateState() {
    const QString error = formError();
    const bool running = m_runner->isRunning();
    m_ui->validationLabel->setText(error);
    m_ui->validationLabel->setVisible(!error.isEmpty());
    const Entry *entry = m_currentRow >= 0 && m_currentRow < m_entries.size()
                             ? &m_entries.at(m_currentRow)
                             : nullptr;
    m_ui->targetLabel->setText(error.isEmpty() && entry
                                   ? tr("Connects to %1").arg(entry->profile.displayTarget())
                                   : QString());
    m_ui->connectButton->setEnabled(error.isEmpty() && !running);
    m_ui->testButton->setEnabled(error.isEmpty() && !running);
    m_ui->saveButton->setEnabled(error.isEmpty() && !running);
    updateSslModeNote();
    m_ui->duplicateButton->setEnabled(entry != nullptr);
    m_ui->deleteButton->setEnabled(entry != nullptr);
    for (int row = 0; row < m_entries.size(); ++row) {
        // Unsaved entries in italics, so the operator sees what Save would keep.
        QListWidgetItem *item = m_ui->profileList->item(row);
        if (!item)
            continue;
        QFont font = item->font();
        font.setItalic(!m_entries.at(row).saved ||
                       m_entries.at(row).saved != m_entries.at(row).profile);
        item->setFont(font);
    }
    updatePasswordArea();
}

void ConnectionDialog::updateSslModeNote() {
    using Source = ConnectionProfile::SslmodeSource;
    QLabel *note = m_ui->sslModeNoteLabel;
    const Entry *entry = m_currentRow >= 0 && m_currentRow < m_entries.size()
                             ? &m_entries.at(m_currentRow)
                             : nullptr;
    if (!entry) {
        note->clear();
        return;
    }
    const QString conninfo = entry->profile.toConninfo();
    const auto [mode, source] = ConnectionProfile::effectiveSslmode(conninfo);
    const bool network = ConnectionProfile::reachesNetwork(conninfo);
    QString text;
    bool weak = false;
    if (source == Source::NetworkDefault) {
        text = tr("Connects with verify-full, the default for a host reached over the network: "
                  "the server's certificate and host name are checked.");
    } else if (source == Source::LocalDefault) {
        text = tr("Connects with prefer, the default on this machine (local socket or loopback).");
    } else if (mode == u"verify-full") {
        text = tr("Connects with verify-full: the server's certificate and host name are "
                  "checked.");
    } else if (!network) {
        text =
            tr("Connects with sslmode %1, chosen explicitly (local socket or loopback).").arg(mode);
    } else if (mode == u"verify-ca") {
        weak = true;
        text = tr("Warning: sslmode verify-ca, chosen explicitly: the certificate is checked, the "
                  "host name is not.");
    } else if (mode == u"require") {
        weak = true;
        text = tr("Warning: sslmode require, chosen explicitly: encrypted, but the server is not "
                  "verified, so someone on the network could pose as it.");
    } else {
        weak = true;
        text = tr("Warning: sslmode %1, chosen explicitly: the connection may cross the network "
                  "unencrypted, password and data readable on the way.")
                   .arg(mode);
    }
    note->setText(text);
    QPalette palette = note->palette();
    palette.setColor(QPalette::WindowText, weak ? warningTextColor(this->palette())
                                                : this->palette().color(QPalette::WindowText));
    note->setPalette(palette);
}

void ConnectionDialog::newProfile() {
    Entry entry;
    entry.profile.name = uniqueName(tr("New connection"));
    entry.profile.connectTimeoutSeconds = 10; // an unreachable host fails in seconds, not minutes
    addEntry(entry);
    m_ui->nameEdit->setFocus();
    m_ui->nameEdit->selectAll();
}

void ConnectionDialog::duplicateProfile() {
    const Entry *source = current();
    if (!source)
        return;
    Entry copy;
    copy.profile = source->profile;
    copy.profile.name = uniqueName(tr("%1 (copy)").arg(source->profile.name));
    copy.password = source->password; // in memory; stored under the new name when saved
    addEntry(copy);
    m_ui->nameEdit->setFocus();
    m_ui->nameEdit->selectAll();
}

void ConnectionDialog::deleteProfile() {
    const Entry *entry = current();
    if (!entry)
        return;
    if (entry->saved) {
        const auto answer = QMessageBox::question(
            this, tr("Delete profile"),
            tr("Delete the profile \"%1\"? Its password, if the keychain holds one, is deleted "
               "too.")
                .arg(entry->saved->name));
        if (answer != QMessageBox::Yes)
            return;
        QSettings settings;
        ConnectionProfiles(settings).remove(entry->saved->name);
        if (entry->saved->passwordMode == Mode::Keychain && m_vault->available())
            m_vault->remove(entry->saved->name);
    }
    const int row = m_currentRow;
    m_entries.removeAt(row);
    m_currentRow = -1;
    delete m_ui->profileList->takeItem(row);
    if (m_entries.isEmpty())
        newProfile();
    else
        m_ui->profileList->setCurrentRow(qMin(row, int(m_entries.size()) - 1));
}

bool ConnectionDialog::saveCurrent(QString *error) {
    Entry *entry = current();
    *error = formError();
    if (!entry || !error->isEmpty())
        return false;
    const ConnectionProfile &profile = entry->profile;
    QSettings settings;
    ConnectionProfiles profiles(settings);
    if (!profiles.replace(entry->saved ? entry->saved->name : profile.name, profile, error))
        return false;
    if (m_vault->available()) {
        const bool renamed = entry->saved && entry->saved->name != profile.name;
        const bool wasInKeychain = entry->saved && entry->saved->passwordMode == Mode::Keychain;
        if (profile.passwordMode == Mode::Keychain && m_ui->rememberCheck->isChecked() &&
            !entry->password.isEmpty() && (!entry->passwordFromKeychain || renamed)) {
            m_vault->write(profile.name, entry->password);
            entry->passwordFromKeychain = true;
        }
        // A password must not stay behind under a name or a mode that no longer uses it.
        if (wasInKeychain && (renamed || profile.passwordMode != Mode::Keychain))
            m_vault->remove(entry->saved->name);
    }
    entry->saved = profile;
    entry->transient = false;
    entry->placeholder = false;
    updateState();
    return true;
}

void ConnectionDialog::browseRootCertificate() {
    const QString currentPath = m_ui->rootCertEdit->text().trimmed();
    const QString start = currentPath.isEmpty() ? QDir::homePath() + QStringLiteral("/.postgresql")
                                                : QFileInfo(currentPath).absolutePath();
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Root certificate"), start, tr("Certificates (*.crt *.pem *.cer);;All files (*)"));
    if (!file.isEmpty())
        m_ui->rootCertEdit->setText(file);
}

} // namespace dedup::widgets
