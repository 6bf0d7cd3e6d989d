#pragma once

#include <QString>
#include <QStringList>

class QProcess;

// PostgreSQL's programs, and PgBouncer, refuse to run as root: a test that runs as root starts
// them as the `postgres` OS user, on files that account owns (store::LocalCluster does the
// same for the private cluster itself).
class RunAsPostgres {
public:
    // As root: hands `paths` to `postgres` and has `process` (not started yet) run as that
    // user. Otherwise nothing. False, with `error`, when it cannot be done.
    static bool prepare(QProcess &process, const QStringList &paths, QString *error);
};
