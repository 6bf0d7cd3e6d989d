#pragma once

#include "core/IdempotencyKey.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace dedup::worker {

// One business intent delivered to an automation (a webhook, a queue message, a click):
// what identifies it (scope + stable key fields + key version) and what it asks for
// (payload). Every delivery of the same intent derives the same key; its payload's
// fingerprint tells a true duplicate from a client reusing a key for something else.
struct Intent {
    QString scope;
    QList<core::IdempotencyKey::Field> keyFields;
    QString keyVersion = QStringLiteral("v1");
    QJsonObject payload;
    QString correlationId;
};

} // namespace dedup::worker
