#pragma once

#include "TestDatabase.h"
#include "sim/SimSchema.h"
#include "store/PgConnection.h"

#include <memory>

// A fresh migrated database with the providers' schema installed, for simulator tests.
struct SimFixture {
    TestDatabase db;
    std::unique_ptr<dedup::store::PgConnection> conn;
    QString error;

    bool setUp() {
        if (!db.isValid()) {
            error = db.error();
            return false;
        }
        conn = db.connect();
        if (!conn) {
            error = QStringLiteral("cannot connect");
            return false;
        }
        return dedup::sim::SimSchema::install(*conn, &error);
    }
};
