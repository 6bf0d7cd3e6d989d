#pragma once

#include <QString>

#include <utility>
#include <vector>

// The private cluster started by dedup-testcluster, as its state file describes it.
class TestCluster {
public:
    static QString templateName() { return QStringLiteral("dedup_template"); }
    // (login role, database role it is a member of), created by the harness.
    static std::vector<std::pair<QString, QString>> loginRoles() {
        return {{QStringLiteral("t_worker"), QStringLiteral("dedup_worker")},
                {QStringLiteral("t_operator"), QStringLiteral("dedup_operator")},
                {QStringLiteral("t_viewer"), QStringLiteral("dedup_viewer")}};
    }

    // Reads the state file named by DEDUP_TEST_CLUSTER; false with `error` when absent.
    bool load(QString *error);
    QString conninfo(const QString &dbname, const QString &user = {}) const;
    QString dataDir() const { return m_dataDir; }

private:
    QString m_socketDir;
    QString m_dataDir;
    QString m_superuser;
    int m_port = 0;
};
