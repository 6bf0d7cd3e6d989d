// ConnectionDialog, second half: the password (typed, from the keychain or none) and the
// connection check that runs in the background. The first half (ConnectionDialog.cpp) edits
// and saves the profiles.
#include "store/ConnectionProfiles.h"
#include "ui_ConnectionDialog.h"
#include "widgets/ConnectionCheckRunner.h"
#include "widgets/ConnectionDialog.h"
#include "widgets/PasswordVault.h"

#include <QSettings>

namespace dedup::widgets {

using store::ConnectionProfile;
using store::ConnectionProfiles;
using store::ConnectionReport;
using Mode = ConnectionProfile::PasswordMode;

void ConnectionDialog::updatePasswordArea() {
    const Entry *entry = m_currentRow >= 0 && m_currentRow < m_entries.size()
                             ? &m_entries.at(m_currentRow)
                             : nullptr;
    const Mode mode = entry ? entry->profile.passwordMode : Mode::AskEachTime;
    const bool known = m_vault->isKnown();
    const bool available = m_vault->available();
    // A profile saved with the keychain elsewhere keeps its choice visible here.
    m_ui->keychainRadio->setEnabled(available || mode == Mode::Keychain);
    m_ui->keychainRadio->setToolTip(
        available ? QString()
        : known   ? tr("No system keychain here: %1").arg(m_vault->unavailableReason())
                  : tr("Checking the system keychain…"));
    const bool typed = mode != Mode::NoPassword;
    m_ui->passwordLabel->setVisible(typed);
    m_ui->passwordEdit->setVisible(typed);
    m_ui->rememberCheck->setVisible(mode == Mode::Keychain && available);

    QString status = m_passwordNote;
    if (!status.isEmpty()) {
        // What the last check or keychain call said comes first.
    } else if (mode == Mode::Keychain && !known) {
        status = tr("Checking the system keychain…");
    } else if (mode == Mode::Keychain && !available) {
        status = tr("The system keychain is not available here (%1). Type the password: it is "
                    "used for this connection only and not stored.")
                     .arg(m_vault->unavailableReason());
    } else if (mode == Mode::Keychain && entry && entry->passwordFromKeychain) {
        status = tr("Password from the keychain.");
    } else if (mode == Mode::Keychain && entry && entry->lookup == Entry::Lookup::Asked) {
        status = tr("Reading the password from the keychain…");
    } else if (mode == Mode::Keychain) {
        status = tr("No password in the keychain for this profile yet: type it; it is stored "
                    "there when the connection succeeds or the profile is saved.");
    } else if (mode == Mode::AskEachTime) {
        status = tr("Typed for this connection only, never stored. Left empty, ~/.pgpass and "
                    "PGPASSWORD still apply.");
    } else {
        status = tr("libpq finds the password itself (~/.pgpass, PGPASSWORD) or needs none "
                    "(peer, trust, client certificate).");
    }
    m_ui->passwordStatusLabel->setText(status);
}

void ConnectionDialog::lookUpKeychainPassword() {
    Entry *entry = current();
    if (!entry || !entry->saved || entry->profile.passwordMode != Mode::Keychain ||
        !m_vault->available() || !entry->password.isEmpty() ||
        entry->lookup != Entry::Lookup::NotAsked)
        return;
    entry->lookup = Entry::Lookup::Asked;
    m_vault->read(entry->saved->name);
}

void ConnectionDialog::keychainAnswered(const QString &profileName, const QString *password) {
    for (int row = 0; row < m_entries.size(); ++row) {
        Entry &entry = m_entries[row];
        if (!entry.saved || entry.saved->name != profileName ||
            entry.lookup != Entry::Lookup::Asked)
            continue;
        entry.lookup = Entry::Lookup::Answered;
        // Something typed meanwhile wins over the stored password.
        if (password && entry.password.isEmpty()) {
            entry.password = *password;
            entry.passwordFromKeychain = true;
            if (row == m_currentRow) {
                m_filling = true;
                m_ui->passwordEdit->setText(*password);
                m_filling = false;
            }
        }
    }
    updatePasswordArea();
    if (m_pendingCheck) {
        const CheckKind kind = *m_pendingCheck;
        m_pendingCheck.reset();
        startCheck(kind);
    }
}

void ConnectionDialog::startCheck(CheckKind kind) {
    Entry *entry = current();
    if (!entry || !formError().isEmpty() || m_runner->isRunning()) {
        updateState();
        return;
    }
    if (entry->lookup == Entry::Lookup::Asked) {
        m_pendingCheck = kind; // resumed by keychainAnswered()
        m_ui->resultLabel->setText(tr("Reading the password from the keychain…"));
        return;
    }
    m_checkKind = kind;
    m_passwordNote.clear();
    QString conninfo = entry->profile.toConninfo();
    // A physical standby has the primary's roles: the same password reaches it.
    QString standby = entry->profile.standbyConninfo();
    if (entry->profile.passwordMode != Mode::NoPassword) {
        conninfo = ConnectionProfile::withPassword(conninfo, entry->password);
        if (!standby.isEmpty())
            standby = ConnectionProfile::withPassword(standby, entry->password);
    }
    m_report = {};
    m_runner->start(conninfo, entry->profile.name, QStringLiteral("dedup-console"), standby);
    setRunning(true);
    QString target = entry->profile.displayTarget();
    if (!standby.isEmpty())
        target = tr("%1 and its standby").arg(target);
    m_ui->resultLabel->setText(kind == CheckKind::Connect
                                   ? tr("Connecting to %1…").arg(target)
                                   : tr("Testing the connection to %1…").arg(target));
}

void ConnectionDialog::cancelCheck() {
    m_pendingCheck.reset();
    if (!m_runner->isRunning())
        return;
    m_runner->cancel();
    setRunning(false);
    m_ui->resultLabel->setText(tr("Cancelled."));
}

void ConnectionDialog::setRunning(bool running) {
    m_ui->progressBar->setVisible(running);
    m_ui->cancelCheckButton->setVisible(running);
    updateState();
}

void ConnectionDialog::checkFinished(const ConnectionReport &report) {
    setRunning(false);
    Entry *entry = current();
    if (report.ok()) {
        // What the login may do there, and a warning when that is nothing: connecting still
        // works (the owner may grant access later), but an empty console needs a reason.
        m_ui->resultLabel->setText(report.warning.isEmpty()
                                       ? report.message
                                       : report.message + QStringLiteral("\n\n") +
                                             tr("Warning: %1").arg(report.warning));
        if (m_checkKind != CheckKind::Connect || !entry)
            return;
        if (!entry->transient) {
            QString error;
            if (saveCurrent(&error)) {
                QSettings settings;
                ConnectionProfiles(settings).setLastUsed(entry->profile.name);
            } else {
                qWarning("connection profile not saved: %s", qPrintable(error));
            }
        }
        m_report = report;
        accept();
        return;
    }
    m_ui->resultLabel->setText(report.detail.isEmpty()
                                   ? report.message
                                   : report.message + QStringLiteral("\n\n") + report.detail);
    if (report.failure == ConnectionReport::Failure::PasswordRequired) {
        if (m_ui->noPasswordRadio->isChecked())
            m_ui->askRadio->setChecked(true); // shows the password field
        m_passwordNote = tr("The server wants a password: type it and connect again.");
        m_ui->passwordEdit->setFocus();
    } else if (report.failure == ConnectionReport::Failure::AuthenticationFailed && entry &&
               entry->passwordFromKeychain) {
        m_passwordNote = tr("The server refused the password from the keychain: type the "
                            "current one.");
        m_ui->passwordEdit->setFocus();
        m_ui->passwordEdit->selectAll();
    }
    updatePasswordArea();
}

} // namespace dedup::widgets
