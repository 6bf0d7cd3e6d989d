#pragma once

#include "store/PgError.h"
#include "store/StoreError.h"

#include <QtGlobal>

#include <optional>
#include <utility>
#include <variant>

namespace dedup::store {

// The answer of one run-protocol call: its value, or the database error with its kind.
//
// The protocol's normal answers (a claim that replays, a step to skip, no command pending) are
// values; only what a worker must stop or retry for is an error: Fenced (the lease is no longer
// ours: stop), LeaseExpired (heartbeat first), SerializationFailure / ConnectionLost (retry),
// and the caller bugs InvalidArgument, IllegalTransition, UnknownStep, RunNotFound. Code
// branches on errorKind(), never on message text.
template <typename T>
class [[nodiscard]] ProtocolResult {
public:
    static ProtocolResult success(T value) {
        ProtocolResult result;
        result.m_value = std::move(value);
        return result;
    }

    static ProtocolResult failure(PgError error) {
        const StoreErrorKind kind = classify(error); // before the move below
        return failure(kind, std::move(error));
    }

    // For refusals decided on the client (the kind is what the server would have answered).
    static ProtocolResult failure(StoreErrorKind kind, PgError error) {
        Q_ASSERT(kind != StoreErrorKind::None && !error.isEmpty());
        ProtocolResult result;
        result.m_kind = kind;
        result.m_error = std::move(error);
        return result;
    }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    // Only meaningful when ok(); asserting keeps a forgotten check from passing silently.
    const T &value() const {
        Q_ASSERT(ok());
        return *m_value;
    }

    StoreErrorKind errorKind() const { return m_kind; }
    const PgError &error() const { return m_error; }
    // A stale lease token: someone else owns the run now; stop working on it.
    bool isFenced() const { return m_kind == StoreErrorKind::Fenced; }

private:
    ProtocolResult() = default;

    std::optional<T> m_value;
    PgError m_error;
    StoreErrorKind m_kind = StoreErrorKind::None;
};

// For calls that return nothing but can fail (complete_step, succeed, ...).
using ProtocolStatus = ProtocolResult<std::monostate>;

} // namespace dedup::store
