#pragma once

#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace dedup::store {

// The arguments of dedup.claim (docs/PROTOCOL.md, "claim"). Null QStrings are sent as SQL
// NULL, so optional fields left alone take the function's defaults.
struct ClaimRequest {
    QString scope;       // required: the key's namespace
    QString key;         // required: the idempotency key (derived from the business intent)
    QString workflow;    // required
    QString fingerprint; // required: hash of the request payload (RequestFingerprint)
    QString correlationId;
    QString worker; // unique per worker process; stored as lease_owner and event actor
    std::chrono::milliseconds lease{30'000};
    QStringList steps; // declared steps, in execution order (created `pending`)
    QString keyVersion;
    QString workflowVersion;
    std::optional<int> maxAttempts;            // default: workflow_settings.max_attempts, else 5
    QJsonValue context{QJsonValue::Undefined}; // Undefined = SQL NULL
};

} // namespace dedup::store
