#include "sim/Provider.h"

#include "sim/SimSchema.h"
#include "store/PgConnection.h"

#include <thread>

namespace dedup::sim {

using core::ErrorClass;

namespace {
// Reopening a connection the server closed: 4 tries, 0 / 100 / 300 / 900 ms apart. A
// restarted server accepts connections again once its crash recovery is done; a worker only
// calls a provider after its own store call went through, so the server is up by then.
constexpr int kReconnectTries = 4;
constexpr std::chrono::milliseconds kReconnectFirstWait{100};
} // namespace

Provider::Provider(ProviderConfig config, std::shared_ptr<FaultPlan> faults, QString label)
    : m_config(std::move(config))
    , m_faults(faults ? std::move(faults) : std::make_shared<FaultPlan>())
    // A null QString would travel as SQL NULL; the default label is the empty string.
    , m_label(label.isNull() ? QStringLiteral("") : std::move(label)) {}

Provider::~Provider() = default;

bool Provider::open(const QString &conninfo, QString *error) {
    auto connection = std::make_shared<store::PgConnection>();
    const QString applicationName = QStringLiteral("dedup-sim-%1").arg(m_config.name);
    if (!connection->open(conninfo, applicationName)) {
        *error = connection->openError().toString();
        return false;
    }
    if (!open(std::move(connection), error))
        return false;
    m_applicationName = applicationName;
    return true;
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
    m_applicationName = QStringLiteral("dedup-sim-providers");
    return true;
}

bool Provider::isOpen() const {
    return m_conn && m_conn->isOpen();
}

bool Provider::ensureConnected(QString *error) {
    // consumeInput() notices a connection the server has closed (a crash, a restart, an
    // administrator's pg_terminate_backend) without sending anything on it.
    if (m_conn->isOpen() && m_conn->consumeInput())
        return true;
    auto wait = kReconnectFirstWait;
    for (int attempt = 1; attempt <= kReconnectTries; ++attempt) {
        // The shared connection keeps the conninfo it was opened with; open() replaces it.
        if (m_conn->open(m_conn->conninfo(), m_applicationName))
            return true;
        *error = m_conn->openError().toString();
        if (attempt < kReconnectTries) {
            std::this_thread::sleep_for(wait);
            wait *= 3;
        }
    }
    return false;
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
    if (QString lost; !ensureConnected(&lost))
        return refuse(Fault::None, ErrorClass::Unavailable,
                      tr("provider %1 cannot reach its database: %2").arg(m_config.name, lost));
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
        // The connection broke during the statement: whether the effect committed is unknown
        // (the ledger is the truth), which is what `timeout` tells the caller.
        if (performed.error().connectionLost)
            return refuse(decision.fault, ErrorClass::Timeout,
                          tr("%1: the answer was lost with the connection: %2")
                              .arg(m_config.name, performed.error().toString()));
        // Any other failure of the provider's own database looks like an outage.
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
