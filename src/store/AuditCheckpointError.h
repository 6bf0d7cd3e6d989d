#pragma once

#include "core/Result.h"

namespace dedup::store {

// Why an audit checkpoint file or key could not be used. Code branches on the kind; the
// message (translated) says which file and what to do.
enum class AuditCheckpointError {
    None,
    FileUnreadable,   // the checkpoint or key file cannot be read (missing, no permission)
    FileMalformed,    // not a checkpoint file of a version this program reads
    KeyMalformed,     // not a PEM key of the kind asked for (private / public)
    KeyNotEd25519,    // a PEM key of another algorithm (RSA, EC, Ed448, ...)
    WrongKey,         // the checkpoint was signed with another key than the one given
    SignatureInvalid, // the signature does not cover the checkpoint's fields: changed file
    CannotWrite,      // the checkpoint file cannot be written
    Crypto,           // OpenSSL failed where it should not (out of memory, ...)
};

template <typename T>
using AuditCheckpointResult = core::Result<T, AuditCheckpointError>;

} // namespace dedup::store
