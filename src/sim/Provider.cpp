#include "sim/Provider.h"

#include "sim/SimSchema.h"
#include "store/PgConnection.h"

#include <thread>

namespace dedup::sim {

using core::ErrorClass;

Provider::Provider(ProviderConfig config, std::shared_ptr<FaultPlan> faults, QString label)
    : m_config(std::move(config))
    , m_faults(faults ? std::move(faults) : std::make_shared<FaultPlan>())
    // A null QString would travel as SQL NULL; the default label is the empty string.
    , m_label(label.isNull() ? QStringLiteral("") : std::move(label)) {}

Provider::~Provider() = default;

bool Provider::open(const QString &conninfo, QString *error) {
    auto connection = std::make_shared<store::PgConnection>();
    if (!connection->open(conninfo, QStringLiteral("dedup-sim-%1").arg(m_config.name))) {
        *error = connection->openError().toString();
        return false;
    }
    return open(std::move(connection), error);
}

bool Provider::open(std::shared_ptr<store::PgConnection> connection, QString *error) {
    m_conn.reset();
    if (const QString invalid = m_config.validate(); !invalid.isEmpty()) {
        *error = invalid;
        return false;
    }
    if (!connection || !connection->isOpen()) {
        *error = tr("the provider connection is not open");
        return false;
    }
    if (!SimSchema::isInstalled(*connection, error))
        return false;
    m_conn = std::move(connection);
    return true;
}

bool Provider::isOpen() const {
    return m_conn && m_conn->isOpen();
}

ProviderResult Provider::refuse(Fault fault, ErrorClass errorClass, QString message) const {
    ProviderResult result;
    result.errorClass = errorClass;
    result.message = std::move(message);
    result.fault = fault;
    return result;
}

ProviderResult Provider::call(const ProviderRequest &request) {
    if (!m_conn)
        return refuse(Fault::None, ErrorClass::Unavailable,
                      tr("provider %1 is not connected").arg(m_config.name));
    // Requests a real provider would reject outright, before any fault could happen.
    if (!m_config.operations.contains(request.operation))
        return refuse(Fault::None, ErrorClass::Validation,
                      tr("%1 has no operation \"%2\"").arg(m_config.name, request.operation));
    if (request.intent.isEmpty())
        return refuse(Fault::None, ErrorClass::Validation,
                      tr("a simulated call needs the intent it serves (for the ledger)"));

    const FaultDecision decision = m_faults->decide(m_config, request.operation, request.intent);
    if (decision.latency.count() > 0)
        std::this_thread::sleep_for(decision.latency);

    switch (decision.fault) {
    case Fault::Outage:
        return refuse(decision.fault, ErrorClass::Unavailable,
                      tr("%1 is unavailable (503)").arg(m_config.name));
    case Fault::Validation:
        return refuse(decision.fault, ErrorClass::Validation,
                      tr("%1 rejected the request (422)").arg(m_config.name));
    case Fault::TimeoutBeforeCommit:
        if (m_config.timeout.count() > 0)
            std::this_thread::sleep_for(m_config.timeout);
        return refuse(decision.fault, ErrorClass::Timeout,
                      tr("%1 did not answer in time").arg(m_config.name));
    case Fault::None:
    case Fault::TimeoutAfterCommit:
    case Fault::Duplication:
        break;
    }

    // One statement, so one transaction of the provider's own: the idempotency record and the
    // ledger rows commit together, or not at all.
    store::PgParams params;
    params.add(m_label)
        .add(m_config.name)
        .add(request.operation)
        .add(request.intent)
        .add(request.downstreamKey)
        .add(m_config.honoursDownstreamKeys)
        .add(request.payload)
        .add(m_config.refPrefix)
        .add(decision.fault == Fault::Duplication ? 2 : 1)
        .add(decision.fault == Fault::None ? std::optional<QString>()
                                           : std::optional<QString>(toString(decision.fault)));
    const store::PgResult performed = m_conn->exec(
        QStringLiteral("SELECT outcome, side_effect_ref FROM sim.perform("
                       "p_label => $1, p_provider => $2, p_operation => $3, p_intent => $4,"
                       " p_downstream_key => $5, p_honour_key => $6, p_payload => $7::jsonb,"
                       " p_ref_prefix => $8, p_copies => $9::int, p_fault => $10)"),
        params);
    if (!performed.ok()) {
        // The provider's own database failing looks like an outage to the caller. If the
        // connection broke during the statement, whether it committed is unknown here; the
        // ledger is the truth.
        return refuse(decision.fault, ErrorClass::Unavailable,
                      tr("%1 failed: %2").arg(m_config.name, performed.error().toString()));
    }

    const QString outcome = performed.text(0, "outcome");
    if (outcome == QLatin1String("key_reused")) {
        // Like Stripe: a key is bound to the request it first came with.
        return refuse(decision.fault, ErrorClass::Validation,
                      tr("%1: the idempotency key was already used for a different request")
                          .arg(m_config.name));
    }

    ProviderResult result;
    result.fault = decision.fault;
    result.committed = outcome == QLatin1String("performed");
    if (decision.fault == Fault::TimeoutAfterCommit) {
        if (m_config.timeout.count() > 0)
            std::this_thread::sleep_for(m_config.timeout);
        result.errorClass = ErrorClass::Timeout;
        result.message = tr("%1 did not answer in time").arg(m_config.name);
        return result;
    }
    result.ok = true;
    result.ref = performed.text(0, "side_effect_ref");
    result.replayed = outcome == QLatin1String("replayed");
    return result;
}

} // namespace dedup::sim
