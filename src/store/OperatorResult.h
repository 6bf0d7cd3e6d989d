#pragma once

#include "store/ProtocolResult.h"

namespace dedup::store {

// The answer of one operator call: its value, or the database error with its kind. The same
// type as the worker side's ProtocolResult.
//
// A refusal because the run changed since the operator looked is NOT an error: it is the
// value OperatorOutcomeKind::Changed, so a bulk batch goes on. Errors are caller bugs
// (InvalidArgument, ActionKeyConflict, UnknownStep, RunNotFound for a preview), missing
// privileges (PermissionDenied) and ConnectionLost (reopen, then resend the same request:
// the action key makes that safe). Code branches on errorKind(), never on message text.
template <typename T>
using OperatorResult = ProtocolResult<T>;

} // namespace dedup::store
