#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::core {

// What one delivery of an idempotency key got from `claim` (docs/PROTOCOL.md "A key's
// history"). The string forms are the store's names (dedup.key_history), never translated.
enum class DeliveryOutcome {
    Acquired,   // "acquired": the delivery ran the work (the first, a retry, a takeover)
    Replay,     // "replay": the run had finished; its recorded result was returned
    InProgress, // "in_progress": another worker held a live lease
    InReview,   // "in_review": the run waits for an operator (or was routed there by it)
    Mismatch,   // "mismatch": the key was reused for another request (fingerprint, workflow)
};

// Every outcome, in declaration order.
QList<DeliveryOutcome> allDeliveryOutcomes();

// The store's name, e.g. "in_progress".
QString toString(DeliveryOutcome outcome);

// Parses a store name exactly; std::nullopt otherwise.
std::optional<DeliveryOutcome> deliveryOutcomeFromString(QStringView name);

// The answer an HTTP API following the Idempotency-Key header draft
// (draft-ietf-httpapi-idempotency-key-header) gives for the same situation: "first" (the
// request is processed), "replayed" (the stored response is returned), "409" (a request
// with that key is still being processed: in progress, or held for review) or "422" (the
// key was used with another payload). A contract string, never translated.
QString httpAnswer(DeliveryOutcome outcome);

// The HTTP status code of that answer: 409 and 422; 0 for "first" and "replayed", whose
// status is that of the processed request.
int httpStatus(DeliveryOutcome outcome);

} // namespace dedup::core
