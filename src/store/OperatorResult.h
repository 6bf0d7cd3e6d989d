#pragma once

#include "store/PgError.h"
#include "store/StoreError.h"

#include <QtGlobal>

#include <optional>
#include <utility>

namespace dedup::store {

// The answer of one operator call: its value, or the database error with its kind (same
// shape as ProtocolResult on the worker side).
//
// A refusal because the run changed since the operator looked is NOT an error: it is the
// value OperatorOutcomeKind::Changed, so a bulk batch goes on. Errors are caller bugs
// (InvalidArgument, ActionKeyConflict, UnknownStep, RunNotFound for a preview), missing
// privileges (PermissionDenied) and ConnectionLost (reopen, then resend the same request:
// the action key makes that safe). Code branches on errorKind(), never on message text.
template <typename T>
class [[nodiscard]] OperatorResult {
public:
    static OperatorResult success(T value) {
        OperatorResult result;
        result.m_value = std::move(value);
        return result;
    }

    static OperatorResult failure(PgError error) {
        const StoreErrorKind kind = classify(error); // before the move below
        return failure(kind, std::move(error));
    }

    // For refusals decided on the client (the kind is what the server would have answered).
    static OperatorResult failure(StoreErrorKind kind, PgError error) {
        Q_ASSERT(kind != StoreErrorKind::None && !error.isEmpty());
        OperatorResult result;
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

private:
    OperatorResult() = default;

    std::optional<T> m_value;
    PgError m_error;
    StoreErrorKind m_kind = StoreErrorKind::None;
};

} // namespace dedup::store
