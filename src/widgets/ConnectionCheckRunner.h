#pragma once

#include "store/ConnectionReport.h"

#include <QObject>
#include <QString>

#include <memory>

namespace dedup::widgets {

// Runs store::ConnectionCheck on a thread of a small pool of its own, so the UI thread never
// waits for a server, and reports back on this object's thread.
//
// libpq cannot be interrupted while it connects, so cancel() abandons the check instead: its
// result is dropped, and its pool thread is free again once the check ends by itself
// (connect_timeout bounds how long). This object may be destroyed while a check runs: it
// does not wait for it, and the check's result then goes nowhere.
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
    struct WayBack;

    quint64 m_current = 0; // the check whose answer is wanted
    bool m_running = false;
    // Shared with the checks still running, which may outlive this object.
    std::shared_ptr<WayBack> m_wayBack;
};

} // namespace dedup::widgets
