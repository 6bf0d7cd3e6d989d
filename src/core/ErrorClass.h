#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::core {

// Why an attempt failed, as far as retrying is concerned. Workers classify provider and
// database errors into these classes; the string forms are stored in `last_error.class`
// (docs/PROTOCOL.md section 3, "Tables"), so they are a public contract: never changed, never
// translated.
//
// Whether a class is retried is the RetryPolicy's decision, not the class's.
enum class ErrorClass {
    Timeout,     // "timeout": no answer in time; the call may or may not have happened
    Unavailable, // "unavailable": provider outage, 5xx, connection refused
    RateLimited, // "rate_limited": the provider asked us to slow down (429)
    Conflict,    // "conflict": a concurrent request holds the resource or key (409)
    Validation,  // "validation": the request itself is wrong; retrying sends it again (4xx)
    Auth,        // "auth": authentication or permission refused (401/403)
    Unknown,     // "unknown": not classified; treat with suspicion
};

// Every class, in declaration order.
QList<ErrorClass> allErrorClasses();

// The stored name, e.g. "rate_limited".
QString toString(ErrorClass errorClass);

// Parses a stored name exactly; std::nullopt otherwise. Callers reading rows written by other
// workers typically fall back with `.value_or(ErrorClass::Unknown)`.
std::optional<ErrorClass> errorClassFromString(QStringView name);

} // namespace dedup::core
