#pragma once

#include "store/ConnectionReport.h"

#include <QObject>
#include <QString>

namespace dedup::widgets {

// Runs store::ConnectionCheck on a thread of its own, so the UI thread never waits for a
// server, and reports back on this object's thread.
//
// libpq cannot be interrupted while it connects, so cancel() abandons the check instead: its
// result is dropped, and its thread ends by itself (connect_timeout bounds how long) and
// deletes itself. This object may be destroyed while a check runs.
class ConnectionCheckRunner : public QObject {
    Q_OBJECT

public:
    explicit ConnectionCheckRunner(QObject *parent = nullptr);
    ~ConnectionCheckRunner() override;

    // Starts a check; one still running is abandoned. With `standbyConninfo`, the standby the
    // profile names is checked too (ConnectionCheck::run with a standby).
    void start(const QString &conninfo, const QString &profileName, const QString &applicationName,
               const QString &standbyConninfo = {});
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void finished(const dedup::store::ConnectionReport &report);

private:
    quint64 m_current = 0; // the check whose answer is wanted
    bool m_running = false;
};

} // namespace dedup::widgets
