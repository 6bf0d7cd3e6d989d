#pragma once

#include "store/RunLease.h"

#include <QDateTime>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace dedup::store {

// A continuation taken with dedup.take_command: the worker now holds the run's lease and
// runs the workflow as usual (begin_step answers `skip` for the steps already finished).
struct TakenCommand {
    qint64 commandId = 0;
    qint64 runId = 0;
    qint64 leaseToken = 0;
    QString leaseSecret;
    QDateTime leaseExpiresAt;
    int attempt = 0;
    QString workflow;
    QString workflowVersion;
    QString scope;
    QString idemKey;
    QString correlationId;
    QString fingerprint;
    QJsonValue context{QJsonValue::Undefined};
    QString fromStep;            // first step not done/skipped when the operator asked
    QStringList steps;           // the steps still to settle (not done/skipped), in order
    bool rerunUncertain = false; // the operator vouched uncertain steps did not happen

    RunLease lease() const { return {runId, leaseToken, leaseSecret}; }
};

} // namespace dedup::store
