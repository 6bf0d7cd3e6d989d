#pragma once

#include "TestCluster.h"
#include "store/PgConnection.h"

#include <QString>
#include <QStringList>

#include <memory>

// A fresh database, created from the migrated template for one test and dropped afterwards,
// so tests never see each other's rows and may run in parallel.
//
//     TestDatabase db;
//     QVERIFY2(db.isValid(), qPrintable(db.error()));
//     auto conn = db.connect();
class TestDatabase {
public:
    // `fromTemplate` false gives an empty database (for migration tests).
    explicit TestDatabase(bool fromTemplate = true);
    ~TestDatabase();
    TestDatabase(const TestDatabase &) = delete;
    TestDatabase &operator=(const TestDatabase &) = delete;

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    QString name() const { return m_name; }

    // Superuser by default; "t_worker", "t_operator" or "t_viewer" for role tests.
    QString conninfo(const QString &user = {}) const;
    // An open connection, or nullptr (and QWARN) when it cannot connect.
    std::unique_ptr<dedup::store::PgConnection> connect(const QString &user = {}) const;
    // Runs SQL as superuser on a short-lived connection; returns the error text or empty.
    QString exec(const QString &sql) const;

    // The store's own grants (dedup.access_grant): without one a login other than the owner
    // sees no run and may do nothing. `capability` is "worker", "operator" or "viewer"; empty
    // lists grant every workflow / scope. Returns the error text or empty.
    QString grant(const QString &login, const QString &capability,
                  const QStringList &workflows = {}, const QStringList &scopePrefixes = {}) const;
    // What the test logins' names promise: t_worker worker, t_operator operator, t_viewer
    // viewer, each for every workflow and scope. A database starts without grants (as a
    // freshly migrated store does), so a test that logs in as one of them calls this first.
    QString grantTestLogins() const;

private:
    TestCluster m_cluster;
    QString m_name;
    QString m_error;
};
