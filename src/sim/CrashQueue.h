#pragma once

#include "sim/Traffic.h"

#include <QCoreApplication>
#include <QString>

#include <chrono>
#include <optional>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {

// One message of the crash test's delivery queue, as a worker process took it.
struct CrashDelivery {
    qint64 id = 0;
    TrafficIntent intent;
    int attempts = 0; // takes so far, this one included
};

// The at-least-once delivery queue of `dedupctl crash-test`: table `sim.deliveries`, shared
// by worker processes that may die at any moment (docs/RELIABILITY.md).
//
// A worker takes a message with FOR UPDATE SKIP LOCKED and hides it for the visibility
// timeout instead of deleting it; it deletes it only once the delivery reached an outcome.
// A worker killed in between never deletes it, so the message reappears when the timeout
// ends and another worker gets it: the redelivery a real queue makes after a consumer died.
// Messages carry a label, so several crash tests can share one database.
//
// Every call is one autocommitted statement: a SIGKILL never leaves a queue transaction open.
class CrashQueue {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::CrashQueue)

public:
    explicit CrashQueue(store::PgConnection &connection);

    // Creates sim.deliveries if it does not exist (needs the sim schema).
    bool install(QString *error);
    bool enqueue(const QString &label, const TrafficIntent &intent, QString *error);
    // The oldest visible message of `label`, now hidden for `visibility` and marked as taken
    // by `worker`; std::nullopt when none is visible (or on error: then `error` is set).
    std::optional<CrashDelivery> take(const QString &label, const QString &worker,
                                      std::chrono::milliseconds visibility, QString *error);
    bool remove(qint64 id, QString *error);
    // Makes a taken message visible again after `delay` (the outcome was not final).
    bool release(qint64 id, std::chrono::milliseconds delay, QString *error);
    // Messages of `label` still in the queue, visible or not; -1 on error.
    qint64 pending(const QString &label, QString *error);
    // Messages `worker` took and has not finished (a killed worker's open deliveries); -1 on
    // error.
    qint64 heldBy(const QString &worker, QString *error);

    static QJsonObject toJson(const TrafficIntent &intent);
    static TrafficIntent fromJson(const QJsonObject &json);

private:
    store::PgConnection &m_conn;
};

} // namespace dedup::sim
