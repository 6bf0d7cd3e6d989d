#include "TestCluster.h"

#include <QFile>
#include <QSettings>

bool TestCluster::load(QString *error) {
    const QString dir = qEnvironmentVariable("DEDUP_TEST_CLUSTER");
    const QString file = dir + QStringLiteral("/cluster.ini");
    if (dir.isEmpty() || !QFile::exists(file)) {
        *error = QStringLiteral("no private PostgreSQL: run this test through ctest (fixture "
                                "'pg'), or start one with `dedup-testcluster start --state DIR` "
                                "and set DEDUP_TEST_CLUSTER=DIR");
        return false;
    }
    QSettings state(file, QSettings::IniFormat);
    m_socketDir = state.value(QStringLiteral("socket_dir")).toString();
    m_dataDir = state.value(QStringLiteral("data_dir")).toString();
    m_superuser = state.value(QStringLiteral("superuser")).toString();
    m_port = state.value(QStringLiteral("port")).toInt();
    return true;
}

QString TestCluster::conninfo(const QString &dbname, const QString &user) const {
    return QStringLiteral("host='%1' port=%2 user=%3 dbname=%4")
        .arg(m_socketDir)
        .arg(m_port)
        .arg(user.isEmpty() ? m_superuser : user, dbname);
}
