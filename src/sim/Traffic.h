#pragma once

#include "worker/Intent.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace dedup::sim {

// One business intent of the simulated traffic: which workflow it asks for, the name the
// ledger counts it under, and the request as a worker receives it. `intent.scope` is the
// workflow's own scope; a strategy puts its prefix in front, so strategies (and simulation
// runs) sharing one database never see each other's runs.
struct TrafficIntent {
    QString workflow;
    QString id; // the ledger's intent, e.g. "lab-results-notification/p-1001/r-77"
    worker::Intent intent;
};

// One delivery of an intent (a webhook POST, a queue message, a browser request).
struct TrafficDelivery {
    int sequence = 0; // unique per delivery: the per-attempt id a careless client keys on
    int intent = 0;   // index into TrafficPlan::intents
    int copy = 0;     // 0 for the first delivery of the intent, then 1, 2, ...
    // Position in the delivery queue; deliveries leave it in this order (ties: sequence).
    double order = 0;
    // When the delivery arrives, in ms from the start; 0 for traffic without a rate.
    qint64 atMs = 0;
    bool concurrent = false; // a copy sent at the same moment as the first delivery
    bool redelivery = false; // a queue's redelivery after the consumer died (not planned)
    // The worker process handling this delivery dies right after its n-th provider call
    // (0: it does not). Drawn from the crash rate per provider call.
    int crashAfterCall = 0;
};

// What traffic to generate.
struct TrafficOptions {
    int intents = 100;
    int maxDeliveries = 3; // each intent is delivered 1..maxDeliveries times
    // Of the extra deliveries, the share sent concurrently with the first; the others arrive
    // later (a redelivery, a retry after a timeout).
    double concurrentShare = 0.4;
    double rate = 0;      // new intents per second; 0: as fast as the workers take them
    double crashRate = 0; // per provider call: the worker process dies right after it
    quint64 seed = 1;
    QStringList workflows; // empty: all five
};

} // namespace dedup::sim
