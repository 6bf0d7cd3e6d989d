#pragma once

#include "sim/FaultPlan.h"
#include "sim/ProviderConfig.h"
#include "sim/ProviderRequest.h"
#include "sim/ProviderResult.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {

// A simulated external system ("another company's API"): messaging gateway, invoicing,
// payments, lab records, scheduling. Every call that does something commits it in the
// provider's own transaction, on the provider's own connection, and records it in
// `sim.ledger` before the caller hears anything. So "timeout after commit" is real: the effect
// exists and is counted, and the caller is told `timeout`. The dedup store's connection is
// never used here; a worker's store transaction rolling back cannot undo a provider's effect,
// which is exactly the situation the protocol exists for.
//
// Usage from a worker step:
//     auto faults = std::make_shared<FaultPlan>(seed);        // shared by all threads
//     Provider payments(ProviderConfig::payments(), faults, QStringLiteral("full-protocol"));
//     if (!payments.open(conninfo, &error)) ...
//     const ProviderResult r = payments.call({operation::CreatePaymentIntent, intent, key, body});
//     r.ok ? complete_step(ref = r.ref) : fail_step(class = r.errorClass, message = r.message)
//
// Not thread-safe, like the PgConnection it owns: one Provider per worker thread. Providers
// of one simulation share a FaultPlan and the database state, so several Provider objects with
// the same configuration are one provider seen from several threads. To save connections,
// the providers one thread uses may share one provider-side connection (open(connection)).
//
// The provider's database is the project's PostgreSQL, so a server crash or restart takes it
// away like any other connection. Before each call a connection the server closed is opened
// again (a few tries with backoff; the call is refused as `unavailable` when that fails, and
// nothing happened). A connection lost while the call's statement ran leaves its outcome
// unknown (the effect may have committed just before), so that call answers `timeout`, the
// class for "may or may not have happened", as a real API's reset connection would.
//
// `label` groups a simulation run (e.g. the strategy being compared): the ledger counts
// duplicates per label, and downstream keys are remembered per label, so two runs over the
// same traffic do not see each other's keys.
class Provider {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::Provider)

public:
    explicit Provider(ProviderConfig config, std::shared_ptr<FaultPlan> faults = {},
                      QString label = {});
    ~Provider();
    Provider(const Provider &) = delete;
    Provider &operator=(const Provider &) = delete;

    // Opens the provider's own connection. Fails (with `error` set) when the configuration is
    // invalid, the connection fails, or the `sim` schema is not installed (SimSchema).
    bool open(const QString &conninfo, QString *error);
    // Uses a provider-side connection shared with the other providers of this thread. It must
    // not be the connection the worker uses for the dedup store (see the class comment).
    bool open(std::shared_ptr<store::PgConnection> connection, QString *error);
    bool isOpen() const;

    const ProviderConfig &config() const { return m_config; }
    const QString &label() const { return m_label; }
    FaultPlan &faults() { return *m_faults; }

    // One call: waits the drawn latency, then fails, performs, or replays, as the FaultPlan
    // decides. Blocks the calling thread (latency, timeouts), like a synchronous HTTP call.
    ProviderResult call(const ProviderRequest &request);

private:
    ProviderResult refuse(Fault fault, core::ErrorClass errorClass, QString message) const;
    // True when the connection is usable, after opening it again if the server closed it.
    bool ensureConnected(QString *error);

    ProviderConfig m_config;
    std::shared_ptr<FaultPlan> m_faults;
    QString m_label;
    std::shared_ptr<store::PgConnection> m_conn;
    QString m_applicationName;
};

} // namespace dedup::sim
