#pragma once

#include "store/ConnectionProfile.h"
#include "store/ConnectionReport.h"

#include <QDialog>
#include <QList>

#include <memory>
#include <optional>

namespace Ui {
class ConnectionDialog;
}

namespace dedup::widgets {

class ConnectionCheckRunner;
class PasswordVault;

// Where the console connects: saved profiles (QSettings; passwords only in the system
// keychain or typed), checked on a background thread before the console attaches to them.
// The dialog stays responsive while a check runs; Cancel abandons it.
class ConnectionDialog : public QDialog {
    Q_OBJECT

public:
    explicit ConnectionDialog(QWidget *parent = nullptr);
    ~ConnectionDialog() override;

    // Fills the form with a connection string given on the command line (dedup-console
    // --connect URI); not saved unless the operator saves it. A secret in it (a password, an
    // sslpassword) is refused: left out and not used, with a note saying where it goes
    // instead; then the next connectNow() only leaves the dialog open for the operator.
    void setInitialConninfo(const QString &conninfo);
    // The report of the successful connection, after accept().
    store::ConnectionReport report() const;

public slots:
    // Same as pressing Connect: checks in the background, accepts on success (except once
    // after setInitialConninfo() refused a secret, see there).
    void connectNow();

    void done(int result) override;

private:
    // A profile as edited in this dialog; the list shows one row per entry.
    struct Entry {
        enum class Lookup { NotAsked, Asked, Answered };
        store::ConnectionProfile profile;
        std::optional<store::ConnectionProfile> saved; // as last saved; nullopt: never
        bool transient = false;                        // from the command line: saved only by Save
        bool placeholder = false; // the empty profile offered when none is saved, unedited
        QString password;         // typed or read from the keychain; memory only
        bool passwordFromKeychain = false;
        Lookup lookup = Lookup::NotAsked;
    };
    enum class CheckKind { Test, Connect };

    void setUpWidgets();
    void loadSavedProfiles();
    void addEntry(const Entry &entry);
    Entry *current();
    void showEntry(int row);
    void formEdited();
    store::ConnectionProfile profileFromForm() const;
    QString uniqueName(const QString &base) const;
    QString formError() const;
    void updateState();
    void updatePasswordArea();
    // The sslmode the current profile connects with, and a warning when it is weak over the
    // network.
    void updateSslModeNote();

    void newProfile();
    void duplicateProfile();
    void deleteProfile();
    bool saveCurrent(QString *error);
    void browseRootCertificate();

    void lookUpKeychainPassword();
    void keychainAnswered(const QString &profileName, const QString *password);
    void startCheck(CheckKind kind);
    void cancelCheck();
    void checkFinished(const store::ConnectionReport &report);
    void setRunning(bool running);

    std::unique_ptr<Ui::ConnectionDialog> m_ui;
    PasswordVault *m_vault = nullptr;
    ConnectionCheckRunner *m_runner = nullptr;
    QList<Entry> m_entries;
    int m_currentRow = -1;
    bool m_filling = false; // the form is being filled from an entry, not edited
    CheckKind m_checkKind = CheckKind::Test;
    std::optional<CheckKind> m_pendingCheck; // waits for the keychain's answer
    QString m_passwordNote;                  // what the last check said about the password
    bool m_holdAutoConnect = false; // setInitialConninfo() refused a secret: do not connect yet
    store::ConnectionReport m_report;
};

} // namespace dedup::widgets
