#pragma once

#include <QString>

namespace dedup::store {

// Why an attempt of a run failed (dedup.fail). `errorClass` is a stored class name, usually
// core::toString(core::ErrorClass); `retryable` is the RetryPolicy's decision. A retryable
// failure at max_attempts moves the run to manual_review instead of `failed`.
struct RunFailure {
    QString errorClass;
    QString message;
    bool retryable = false;
};

} // namespace dedup::store
