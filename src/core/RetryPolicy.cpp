#include "RetryPolicy.h"

#include <QRandomGenerator>

#include <algorithm>
#include <limits>
#include <utility>

namespace dedup::core {

using std::chrono::milliseconds;

namespace {

// The default retry mapping, one row per class so each choice is explicit (reasons in the
// header).
constexpr std::pair<ErrorClass, bool> kDefaultRetryable[] = {
    {ErrorClass::Timeout, true},  {ErrorClass::Unavailable, true}, {ErrorClass::RateLimited, true},
    {ErrorClass::Conflict, true}, {ErrorClass::Validation, false}, {ErrorClass::Auth, false},
    {ErrorClass::Unknown, false},
};

milliseconds nonNegative(milliseconds delay) {
    return std::max(delay, milliseconds(0));
}

} // namespace

RetryPolicy::RetryPolicy() {
    for (const auto &[errorClass, retryable] : kDefaultRetryable) {
        if (retryable)
            m_retryable.append(errorClass);
    }
}

bool RetryPolicy::isRetryable(ErrorClass errorClass) const {
    return m_retryable.contains(errorClass);
}

void RetryPolicy::setRetryable(ErrorClass errorClass, bool retryable) {
    m_retryable.removeAll(errorClass);
    if (retryable)
        m_retryable.append(errorClass);
}

void RetryPolicy::setMaxAttempts(int attempts) {
    m_maxAttempts = std::max(attempts, 1);
}

void RetryPolicy::setBaseDelay(milliseconds delay) {
    m_baseDelay = nonNegative(delay);
}

void RetryPolicy::setMaxDelay(milliseconds delay) {
    m_maxDelay = nonNegative(delay);
}

milliseconds RetryPolicy::backoffCeiling(int attempt) const {
    // base * 2^shift without overflow: if base already exceeds cap / 2^shift, the product
    // exceeds the cap, so the cap is the answer and the product is never computed.
    const int shift = std::clamp(attempt - 1, 0, std::numeric_limits<qint64>::digits - 1);
    const qint64 base = m_baseDelay.count();
    const qint64 cap = m_maxDelay.count();
    if (base > (cap >> shift))
        return m_maxDelay;
    return milliseconds(base << shift);
}

milliseconds RetryPolicy::backoffDelay(int attempt, QRandomGenerator &random) const {
    const quint64 ceiling = static_cast<quint64>(backoffCeiling(attempt).count());
    // bounded() excludes its bound; +1 includes the ceiling itself. The ceiling is at most
    // a non-negative qint64, so the sum cannot wrap.
    return milliseconds(static_cast<qint64>(random.bounded(ceiling + 1)));
}

RetryDecision RetryPolicy::decide(ErrorClass errorClass, int attempt,
                                  QRandomGenerator &random) const {
    attempt = std::max(attempt, 1);
    const QString className = toString(errorClass);
    if (!isRetryable(errorClass)) {
        return {RetryDecision::Action::Fail, milliseconds(0),
                tr("Attempt %1 failed with a %2 error, which is not retried.")
                    .arg(attempt)
                    .arg(className)};
    }
    if (attempt >= m_maxAttempts) {
        return {RetryDecision::Action::ManualReview, milliseconds(0),
                tr("Attempt %1 of %2 failed with a %3 error and no attempts are left.")
                    .arg(attempt)
                    .arg(m_maxAttempts)
                    .arg(className)};
    }
    const milliseconds delay = backoffDelay(attempt, random);
    return {RetryDecision::Action::RetryAfter, delay,
            tr("Attempt %1 of %2 failed with a %3 error; retrying in %4 ms.")
                .arg(attempt)
                .arg(m_maxAttempts)
                .arg(className)
                .arg(delay.count())};
}

RetryDecision RetryPolicy::decide(ErrorClass errorClass, int attempt) const {
    return decide(errorClass, attempt, *QRandomGenerator::global());
}

} // namespace dedup::core
