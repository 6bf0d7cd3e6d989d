#pragma once

#include "store/RunRevealValues.h"
#include "store/StoreError.h"

#include <QDialog>
#include <QStringList>

#include <memory>

class QPushButton;

namespace Ui {
class RevealDialog;
}

namespace dedup::lanes {
class QueryRunner;
}

namespace dedup::widgets {

class StoreConnections;

// Asks for the raw values of one run's protected fields (docs/SECURITY.md, "Patient data"):
// which fields (the key and the last error by default) and a reason, which the store records
// with the login in one audit row per reveal (store::RunReveal over dedup.op_reveal). The
// reveal runs on the dialog's own connection in the background (QueryRunner), so the window
// never waits for the database.
//
// OK stays disabled until a field is ticked and the reason is not blank, and while a reveal is
// in flight. One action key per intent: sending the same fields and reason again after an
// error resends the same key (the store then answers the values without a second audit row);
// changing them makes a new one. On success revealed() carries the values and the dialog
// closes; a refusal is shown in the dialog, in words ("Your login may not reveal values of
// this run" for a login without an operator grant covering the run).
class RevealDialog : public QDialog {
    Q_OBJECT

public:
    // Its query runner is made by `connections` (reveals read the primary).
    RevealDialog(const StoreConnections &connections, qint64 runId, QWidget *parent = nullptr);
    ~RevealDialog() override;

    qint64 runId() const { return m_runId; }
    // The fields ticked, as the store names them (store::RunReveal).
    QStringList fields() const;
    void setReason(const QString &reason);
    QPushButton *okButton() const;
    bool isSending() const { return m_sendId != 0; }
    // The key of the current intent (empty before the first send).
    QString actionKey() const { return m_actionKey; }
    // What the last refusal was (None before one, or after success).
    store::StoreErrorKind lastErrorKind() const { return m_lastErrorKind; }

signals:
    void revealed(const dedup::store::RunRevealValues &values);

private:
    void send();
    void onFinished(int requestId, const QVariant &value);
    void onFailed(int requestId, const QString &message);
    void showError(const QString &text);
    void intentChanged();
    void updateButtons();

    std::unique_ptr<Ui::RevealDialog> m_ui;
    std::unique_ptr<lanes::QueryRunner> m_runner;
    qint64 m_runId = 0;
    QString m_actionKey; // the current intent's; empty: make one on send
    int m_sendId = 0;
    store::StoreErrorKind m_lastErrorKind = store::StoreErrorKind::None;
};

} // namespace dedup::widgets
