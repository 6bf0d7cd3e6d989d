#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

// The entry of `dedupctl simulate --compare --json` for one strategy, or an empty object.
inline QJsonObject strategyNamed(const QJsonObject &report, const QString &name) {
    for (const QJsonValue &value : report.value(QStringLiteral("strategies")).toArray()) {
        if (value.toObject().value(QStringLiteral("strategy")).toString() == name)
            return value.toObject();
    }
    return {};
}
