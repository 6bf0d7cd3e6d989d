#include "sim/SimulationProviders.h"

#include "store/PgConnection.h"

namespace dedup::sim {

SimulationProviders::SimulationProviders(const QList<ProviderConfig> &configs,
                                         std::shared_ptr<FaultPlan> faults, QString label)
    : m_label(std::move(label)) {
    for (const ProviderConfig &config : configs)
        m_providers.push_back(std::make_unique<Provider>(config, faults, m_label));
}

SimulationProviders::~SimulationProviders() = default;

bool SimulationProviders::open(const QString &conninfo, QString *error) {
    auto connection = std::make_shared<store::PgConnection>();
    if (!connection->open(conninfo, QStringLiteral("dedup-sim-providers"))) {
        *error = connection->openError().toString();
        return false;
    }
    for (const auto &provider : m_providers) {
        if (!provider->open(connection, error))
            return false;
    }
    return true;
}

Provider *SimulationProviders::find(const QString &provider) const {
    for (const auto &candidate : m_providers) {
        if (candidate->config().name == provider)
            return candidate.get();
    }
    return nullptr;
}

ProviderResult SimulationProviders::call(const QString &provider, const ProviderRequest &request) {
    ++m_calls;
    if (m_observer)
        m_observer(provider, request.operation);
    Provider *target = find(provider);
    if (!target) {
        ProviderResult refused;
        refused.errorClass = core::ErrorClass::Validation;
        refused.message = tr("no simulated provider named %1").arg(provider);
        return refused;
    }
    return target->call(request);
}

bool SimulationProviders::deduplicates(const QString &provider) const {
    const Provider *target = find(provider);
    return target && target->config().honoursDownstreamKeys;
}

} // namespace dedup::sim
