#include "TestDatabase.h"

#include "store/PgParams.h"

#include <QAtomicInt>
#include <QCoreApplication>
#include <QRandomGenerator>

using dedup::store::PgConnection;

TestDatabase::TestDatabase(bool fromTemplate) {
    if (!m_cluster.load(&m_error))
        return;
    static QAtomicInt counter;
    m_name = QStringLiteral("t_%1_%2_%3")
                 .arg(QCoreApplication::applicationName().left(30).toLower().replace(
                     QLatin1Char('-'), QLatin1Char('_')))
                 .arg(QCoreApplication::applicationPid())
                 .arg(counter.fetchAndAddRelaxed(1));
    PgConnection admin;
    if (!admin.open(m_cluster.conninfo(QStringLiteral("postgres")))) {
        m_error = admin.openError().toString();
        return;
    }
    // Identifiers built here are ours (application name sanitised above), not user input.
    const QString sql = fromTemplate ? QStringLiteral("CREATE DATABASE %1 TEMPLATE %2")
                                           .arg(m_name, TestCluster::templateName())
                                     : QStringLiteral("CREATE DATABASE %1").arg(m_name);
    const auto result = admin.exec(sql);
    if (!result.ok())
        m_error = result.error().toString();
}

TestDatabase::~TestDatabase() {
    if (m_name.isEmpty() || !m_error.isEmpty())
        return;
    PgConnection admin;
    if (admin.open(m_cluster.conninfo(QStringLiteral("postgres"))))
        admin.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
}

QString TestDatabase::conninfo(const QString &user) const {
    return m_cluster.conninfo(m_name, user);
}

std::unique_ptr<PgConnection> TestDatabase::connect(const QString &user) const {
    auto conn = std::make_unique<PgConnection>();
    if (!conn->open(conninfo(user))) {
        qWarning("TestDatabase: %s", qPrintable(conn->openError().toString()));
        return nullptr;
    }
    return conn;
}

QString TestDatabase::exec(const QString &sql) const {
    auto conn = connect();
    if (!conn)
        return QStringLiteral("cannot connect");
    const auto result = conn->execScript(sql);
    return result.ok() ? QString() : result.error().toString();
}

QString TestDatabase::grant(const QString &login, const QString &capability,
                            const QStringList &workflows, const QStringList &scopePrefixes) const {
    auto conn = connect();
    if (!conn)
        return QStringLiteral("cannot connect");
    dedup::store::PgParams params;
    params.add(login).add(capability);
    if (workflows.isEmpty())
        params.addNull();
    else
        params.add(workflows);
    if (scopePrefixes.isEmpty())
        params.addNull();
    else
        params.add(scopePrefixes);
    const auto result = conn->exec(
        QStringLiteral("SELECT dedup.access_grant($1, $2, $3::text[], $4::text[])"), params);
    return result.ok() ? QString() : result.error().toString();
}

QString TestDatabase::grantTestLogins() const {
    for (const auto &[login, role] : TestCluster::loginRoles()) {
        const QString capability = role.mid(role.indexOf(QLatin1Char('_')) + 1);
        if (const QString error = grant(login, capability); !error.isEmpty())
            return login + QStringLiteral(": ") + error;
    }
    return {};
}
