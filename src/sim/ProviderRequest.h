#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace dedup::sim {

// One call to a simulated provider, as a worker step makes it.
struct ProviderRequest {
    QString operation; // one of the provider's operations (SimNames.h)
    // The business intent this call serves (e.g. "lab-results/p-1001/r-77"). Only the
    // simulator's bookkeeping uses it, to count duplicate side effects in the ledger; a
    // provider never dedupes by it, exactly as a real provider knows nothing of our intents.
    QString intent;
    // The idempotency key sent to the provider (`dedup.steps.downstream_key`). Providers that
    // honour keys perform a key once and return the first result for every repeat; the others
    // ignore it.
    std::optional<QString> downstreamKey;
    QJsonObject payload; // the request body; recorded in the ledger
};

} // namespace dedup::sim
