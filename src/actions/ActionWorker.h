#pragma once

#include "actions/ActionIntent.h"
#include "actions/ActionResult.h"
#include "lanes/WriteConnection.h"
#include "store/OperatorResult.h"

#include <QObject>
#include <QString>

#include <atomic>

namespace dedup::store {
class PgConnection;
struct OperatorOutcome;
} // namespace dedup::store

namespace dedup::actions {

// ActionExecutor's database side, living in the executor's thread: sends one intent at a
// time, resending it with the same action key after a lost connection. Only ActionExecutor
// talks to it.
class ActionWorker : public QObject {
    Q_OBJECT

public:
    ActionWorker(QString conninfo, QString applicationName, QObject *parent = nullptr);
    ~ActionWorker() override;

    // In this object's thread.
    void execute(int requestId, const dedup::actions::ActionIntent &intent);
    void setRetryPolicy(int maxAttempts, int firstDelayMs, int maxDelayMs);
    void setStatementTimeout(int milliseconds) { m_conn.setStatementTimeout(milliseconds); }
    void shutdown();

    // Thread-safe: stops waiting between resends and cancels the statement in progress (it
    // rolls back: nothing half done). The intent in flight is answered as not known.
    void stop();
    int backendPid() const { return m_conn.backendPid(); }

signals:
    void finished(int requestId, const dedup::actions::ActionResult &result);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    static store::OperatorResult<store::OperatorOutcome> send(store::PgConnection &connection,
                                                              const ActionIntent &intent);
    // Sleeps in short slices; false when stop() came in.
    bool pause(int milliseconds) const;
    void setLost(bool lost, const QString &message = {});

    lanes::WriteConnection m_conn;
    int m_maxAttempts = 6;
    int m_firstDelayMs = 250;
    int m_maxDelayMs = 4000;
    bool m_lost = false;
    std::atomic<bool> m_stopping{false};
};

} // namespace dedup::actions
