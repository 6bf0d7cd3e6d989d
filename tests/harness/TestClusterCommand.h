#pragma once

#include <QString>

// The three commands of dedup-testcluster. Each returns a process exit code.
class TestClusterCommand {
public:
    explicit TestClusterCommand(QString stateDir);

    int start(bool watchParent);
    int stop();
    // Polls until the state file disappears (normal stop) or `parentPid` dies (ctest was
    // killed), and then stops the cluster itself.
    int watch(qint64 parentPid);
    int printConninfo();

private:
    QString stateFile() const;

    QString m_stateDir;
};
