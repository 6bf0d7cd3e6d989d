#pragma once

#include <QCoreApplication>
#include <QString>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {

// The simulated providers' schema `sim` (resources/sql/sim, bundled under :/dedup/sim). It is
// the providers' database, not the dedup store's: not a migration, not versioned with it,
// installed by the simulator where it needs it. The scripts are idempotent; an upgrade that
// changes a table needs drop() first (the ledger is throwaway simulation data).
class SimSchema {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::SimSchema)

public:
    // Creates whatever is missing and replaces the functions, in one transaction under an
    // advisory lock, so concurrent installers do not trip over each other.
    static bool install(store::PgConnection &connection, QString *error);
    // Whether the providers can work on this database (their function exists).
    static bool isInstalled(store::PgConnection &connection, QString *error);
    // Empties the ledger and the remembered downstream keys; refs start again at 1.
    static bool reset(store::PgConnection &connection, QString *error);
    // Removes the schema and everything in it.
    static bool drop(store::PgConnection &connection, QString *error);
};

} // namespace dedup::sim
