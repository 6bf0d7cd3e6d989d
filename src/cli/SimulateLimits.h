#pragma once

namespace dedup::cli::simulate {

// The bounds and defaults of `dedupctl simulate` (docs/CLI.md), shared by its option help
// (SimulateCommand.cpp) and its parsing (SimulateCommandParse.cpp).
inline constexpr int DefaultIntents = 200;
inline constexpr int MaxIntents = 100'000;
inline constexpr int DefaultDuplicates = 3;
inline constexpr int MaxDuplicates = 64;
inline constexpr int DefaultWorkers = 4;
inline constexpr int MaxWorkers = 64;
inline constexpr double MaxRate = 100000;
inline constexpr double MaxDuration = 86400;

} // namespace dedup::cli::simulate
