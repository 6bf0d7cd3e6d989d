#include "RunAsPostgres.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

bool RunAsPostgres::prepare(QProcess &process, const QStringList &paths, QString *error) {
    if (::geteuid() != 0)
        return true;
    const passwd *pw = ::getpwnam("postgres");
    if (!pw) {
        *error = QStringLiteral("running as root, but there is no 'postgres' user to run %1 as")
                     .arg(QFileInfo(process.program()).fileName());
        return false;
    }
    const uid_t uid = pw->pw_uid;
    const gid_t gid = pw->pw_gid;
    for (const QString &path : paths) {
        if (::chown(QFile::encodeName(path).constData(), uid, gid) != 0) {
            *error = QStringLiteral("cannot hand %1 to the postgres user").arg(path);
            return false;
        }
    }
    // Runs in the child between fork and exec: only async-signal-safe calls.
    process.setChildProcessModifier([uid, gid] {
        if (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0)
            ::_exit(126);
    });
    return true;
}
