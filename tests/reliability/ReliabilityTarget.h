#pragma once

#include "TestDatabase.h"

#include <QString>

// The database a line runs against, as each role connects to it: the owner (superuser of
// the private cluster: prepares runs, bends time, kills backends, reads everything) and the
// login roles of the three database roles (t_worker, t_operator, t_viewer; tests/harness),
// each holding the store's grant of its capability for everything (the caller grants them:
// TestDatabase::grantTestLogins). Every protocol call of a trial goes through the role that
// would make it in production.
struct ReliabilityTarget {
    QString owner;
    QString worker;
    QString operatorRole;
    QString viewer;

    static ReliabilityTarget of(const TestDatabase &db) {
        return {db.conninfo(), db.conninfo(QStringLiteral("t_worker")),
                db.conninfo(QStringLiteral("t_operator")), db.conninfo(QStringLiteral("t_viewer"))};
    }
};
