#pragma once

// dedupctl's exit codes, documented in docs/CLI.md; scripts rely on them.
namespace dedup::cli {

enum ExitCode : int {
    Success = 0,
    Failure = 1,       // the command ran and found a problem (e.g. a broken audit chain)
    Usage = 2,         // bad command line
    Unreachable = 3,   // cannot connect to the database
    DatabaseError = 4, // connected, but a statement failed or the schema does not fit
};

} // namespace dedup::cli
