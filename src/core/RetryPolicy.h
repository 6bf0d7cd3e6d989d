#pragma once

#include "ErrorClass.h"
#include "RetryDecision.h"

#include <QCoreApplication>
#include <QList>

#include <chrono>

class QRandomGenerator;

namespace dedup::core {

// Which failures are retried, how long to wait, and when to stop (docs/PROTOCOL.md section 4,
// "fail").
//
// Attempts count from 1, like `dedup.runs.attempt`: decide() is told the number of the
// attempt that just failed. Waits use exponential backoff with *full* jitter:
//     delay = uniform random in [0, min(maxDelay, baseDelay * 2^(attempt - 1))]
// Full jitter (rather than a fixed delay plus a little noise) spreads the retries of many
// workers that failed together, e.g. during a provider outage, instead of having them return
// in synchronised waves. The random generator is a parameter so tests can seed it.
//
// Defaults: timeout, unavailable, rate_limited and conflict are retried (a concurrent request
// or an outage passes; every step carries a downstream key, so repeating a call is safe);
// validation and auth are not (the same request fails the same way); unknown is not either,
// because an unclassified error is more often a bug than a blip. 5 attempts, 500 ms base,
// 60 s cap.
class RetryPolicy {
    Q_DECLARE_TR_FUNCTIONS(dedup::core::RetryPolicy)

public:
    static constexpr int kDefaultMaxAttempts = 5;
    static constexpr std::chrono::milliseconds kDefaultBaseDelay{500};
    static constexpr std::chrono::milliseconds kDefaultMaxDelay{60'000};

    RetryPolicy();

    bool isRetryable(ErrorClass errorClass) const;
    void setRetryable(ErrorClass errorClass, bool retryable);

    // At least 1; smaller values are raised to 1 (one attempt, no retries).
    int maxAttempts() const { return m_maxAttempts; }
    void setMaxAttempts(int attempts);

    // Negative durations are treated as zero.
    std::chrono::milliseconds baseDelay() const { return m_baseDelay; }
    void setBaseDelay(std::chrono::milliseconds delay);
    std::chrono::milliseconds maxDelay() const { return m_maxDelay; }
    void setMaxDelay(std::chrono::milliseconds delay);

    // The upper bound of the wait after `attempt` failed: min(maxDelay, base * 2^(attempt-1)).
    // Attempts below 1 count as 1.
    std::chrono::milliseconds backoffCeiling(int attempt) const;
    // A uniformly random wait in [0, backoffCeiling(attempt)], both ends included.
    std::chrono::milliseconds backoffDelay(int attempt, QRandomGenerator &random) const;

    // The decision after attempt number `attempt` failed with `errorClass`:
    // not retryable -> Fail; attempt >= maxAttempts -> ManualReview; else RetryAfter(delay).
    RetryDecision decide(ErrorClass errorClass, int attempt, QRandomGenerator &random) const;
    // The same with QRandomGenerator::global(), for production use.
    RetryDecision decide(ErrorClass errorClass, int attempt) const;

private:
    QList<ErrorClass> m_retryable;
    int m_maxAttempts = kDefaultMaxAttempts;
    std::chrono::milliseconds m_baseDelay = kDefaultBaseDelay;
    std::chrono::milliseconds m_maxDelay = kDefaultMaxDelay;
};

} // namespace dedup::core
