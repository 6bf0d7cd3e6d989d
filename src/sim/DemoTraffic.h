#pragma once

#include "sim/SimulationFaults.h"

#include <QCoreApplication>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>

namespace dedup::sim {

struct DeliveryReport;
struct TrafficIntent;

// What DemoTraffic sends and how it breaks.
struct DemoTrafficOptions {
    QString conninfo; // a role that may install the sim schema and call the worker functions
    // The providers' ledger (and the sim schema) on another server; empty: `conninfo`.
    QString providerConninfo;
    double rate = 50; // new business intents per second: thousands of runs within a minute
    quint64 seed = 1; // the mix of workflows, duplicates, crashes and provider faults
    int workers = 4;  // worker threads, each with its own store and provider connections
    // The demo's leases: a crashed delivery's run shows an expired lease this long after it.
    std::chrono::milliseconds lease{2000};
    // Per provider call (SimulationFaults): timeouts (uncertain steps), outages (retries, then
    // review), validation errors (failed runs).
    SimulationFaults faults = demoFaults();
    double duplicateShare = 0.25; // intents delivered twice (a webhook redelivery, a double click)
    double crashShare = 0.1;      // deliveries whose worker dies after one of its provider calls
    double abandonShare = 0.5;    // of the crashed deliveries: never redelivered (stuck runs)
    // At most this many stuck runs per start, so that a long demo does not bury the Stuck view;
    // later crashes are all redelivered.
    int maxAbandoned = 50;
    // Called on a worker thread after each delivery with what its sender was answered (for
    // tests that check the answers against the store later); may be empty.
    std::function<void(const TrafficIntent &, const DeliveryReport &)> onDelivered;

    static SimulationFaults demoFaults();
    QString ledgerConninfo() const {
        return providerConninfo.isEmpty() ? conninfo : providerConninfo;
    }
};

// What DemoTraffic has done so far (deliveries as their workers saw them).
struct DemoTrafficCounters {
    qint64 intents = 0;
    qint64 deliveries = 0;
    qint64 duplicates = 0; // extra deliveries of an intent
    qint64 succeeded = 0;
    qint64 replayed = 0; // duplicates answered from the stored result
    qint64 failed = 0;
    qint64 inReview = 0;
    qint64 inProgress = 0; // duplicates that met the run still running
    qint64 crashed = 0;
    qint64 abandoned = 0; // crashed and never redelivered: their runs stay `processing`
    qint64 continued = 0; // operator continuations (retry, resolve) run by the demo's workers
    // Deliveries that ended in an error (the store unreachable for longer than a worker's
    // reconnect budget, e.g. a server down for minutes) and were handed out again.
    qint64 redelivered = 0;
    qint64 other = 0; // mismatch, fenced, and errors past the redeliveries
};

// Continuous mixed traffic for the demo store: patients' visits as correlated intents across
// the five workflows (booking -> confirmation -> invoice, sample -> results -> invoice), each
// visit under one correlation id, delivered by several worker threads running the full
// protocol (StrategyWorker) against the simulated providers with faults. Some intents are
// delivered twice, some deliveries "crash" after a provider call (their run keeps its lease
// until it expires), and a share of those is never redelivered, so the console always has
// stuck runs to show; the rest is redelivered after the lease and taken over. Idle workers
// run the operators' continuations, so retries from the console take effect.
//
// Keys carry a per-start session tag, so a restarted demo on the persistent store makes new
// runs instead of replaying the old ones. stop() returns once every thread has ended (the
// delivery in hand is finished first; a few hundred ms).
class DemoTraffic {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::DemoTraffic)

public:
    explicit DemoTraffic(DemoTrafficOptions options);
    ~DemoTraffic(); // stops
    DemoTraffic(const DemoTraffic &) = delete;
    DemoTraffic &operator=(const DemoTraffic &) = delete;

    // Installs the providers' schema if needed, opens every connection, starts the threads.
    bool start(QString *error);
    // start() on a helper thread, for a UI thread that must not wait; a failure is kept in
    // error(). stop() may be called at any time after it.
    void startInBackground();
    void stop();

    bool isRunning() const;
    QString error() const;
    DemoTrafficCounters counters() const;
    const DemoTrafficOptions &options() const { return m_options; }

private:
    struct State;

    DemoTrafficOptions m_options;
    std::unique_ptr<State> m_state;
};

} // namespace dedup::sim
