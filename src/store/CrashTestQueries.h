#pragma once

#include "store/CrashTestKill.h"
#include "store/CrashTestOutcome.h"
#include "store/PgError.h"

#include <QString>

#include <optional>

namespace dedup::store {

class PgConnection;

// The store's side of `dedupctl crash-test` (docs/CLI.md): what a SIGKILLed worker left in
// dedup.runs / dedup.steps, and how the test's runs ended. The first joins the simulator's
// ledger (sim.ledger, installed by sim::SimSchema before the test starts) because only the
// provider knows whether a side effect was committed.
class CrashTestQueries {
public:
    explicit CrashTestQueries(PgConnection &connection)
        : m_conn(connection) {}

    // The processing runs leased by `owner` (the killed worker), for the test `label`.
    std::optional<CrashTestKill> killed(const QString &owner, const QString &label, PgError *error);
    // The runs whose scope starts with `scopePrefix`.
    std::optional<CrashTestOutcome> outcome(const QString &scopePrefix, PgError *error);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
