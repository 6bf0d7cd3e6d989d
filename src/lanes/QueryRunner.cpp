#include "lanes/QueryRunner.h"

namespace dedup::lanes {

QueryRunner::QueryRunner(const QString &conninfo, const QString &applicationName, QObject *parent)
    : Lane(conninfo,
           applicationName.isEmpty() ? QStringLiteral("dedup-console-query") : applicationName,
           parent) {}

} // namespace dedup::lanes
