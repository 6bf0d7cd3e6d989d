#pragma once

#include "TestDatabase.h"
#include "sim/SimSchema.h"
#include "store/PgConnection.h"
#include "store/PgResult.h"

#include <memory>

// The one number `sql` answers; -1, with a warning, when it fails.
inline qint64 scalarCount(dedup::store::PgConnection &conn, const QString &sql,
                          const dedup::store::PgParams &params = {}) {
    const dedup::store::PgResult result = conn.exec(sql, params);
    if (!result.ok() || result.rows() != 1) {
        qWarning("%s: %s", qPrintable(sql), qPrintable(result.error().toString()));
        return -1;
    }
    return result.toInt64(0, 0);
}

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
