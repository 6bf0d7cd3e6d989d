#include "models/JsonSummary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMap>
#include <QSet>
#include <QStringList>

#include <algorithm>

namespace dedup::models {

namespace {
const QString kArrow = QStringLiteral(" \u2192 ");
}

QString JsonSummary::scalar(const QJsonValue &value) {
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double number = value.toDouble();
        const qint64 integer = value.toInteger();
        // Shortest text that reads back as the same double: QString::number()'s default six
        // digits would show 0.1234567 → 0.1234568 as "0.123457 → 0.123457".
        return double(integer) == number
                   ? QString::number(integer)
                   : QString::number(number, 'g', QLocale::FloatingPointShortest);
    }
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

QString JsonSummary::compact(const QJsonValue &value, int maxLength) {
    QString text;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        QStringList parts;
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (!it.value().isNull())
                parts << it.key() + QStringLiteral(": ") + scalar(it.value());
        }
        text = parts.join(QStringLiteral(", "));
    } else if (value.isArray()) {
        QStringList parts;
        for (const QJsonValue &item : value.toArray())
            parts << scalar(item);
        text = parts.join(QStringLiteral(", "));
    } else {
        text = scalar(value);
    }
    if (maxLength > 1 && text.size() > maxLength) {
        // Never half of a surrogate pair (an emoji in a message): that is not text any more.
        qsizetype keep = maxLength - 1;
        if (text.at(keep - 1).isHighSurrogate() && text.at(keep).isLowSurrogate())
            --keep;
        text = text.left(keep) + QChar(0x2026);
    }
    return text;
}

QString JsonSummary::describeChange(const QJsonValue &before, const QJsonValue &after) {
    if (after.isUndefined() || after.isNull())
        return {};
    const QJsonObject was = before.toObject();
    const QJsonObject now = after.toObject();
    QStringList keys = was.keys();
    for (const QString &key : now.keys()) {
        if (!was.contains(key))
            keys << key;
    }
    // The order a reader expects: what happened to the run, then to its lease, then the rest.
    const QStringList first = {QStringLiteral("status"), QStringLiteral("lease_token"),
                               QStringLiteral("lease_owner"), QStringLiteral("attempt")};
    std::stable_sort(keys.begin(), keys.end(), [&first](const QString &a, const QString &b) {
        const qsizetype ia = first.indexOf(a), ib = first.indexOf(b);
        return (ia < 0 ? first.size() : ia) < (ib < 0 ? first.size() : ib);
    });
    QStringList parts;
    for (const QString &key : keys) {
        if (key == QLatin1String("updated_at"))
            continue;
        const QJsonValue a = was.value(key), b = now.value(key);
        if (a == b)
            continue;
        if (key == QLatin1String("steps") && (a.isArray() || b.isArray())) {
            // [{"name","status"}, ...]: one entry per step whose status changed.
            QMap<QString, QString> oldStatus;
            for (const QJsonValue &step : a.toArray())
                oldStatus.insert(step[QLatin1String("name")].toString(),
                                 step[QLatin1String("status")].toString());
            for (const QJsonValue &step : b.toArray()) {
                const QString name = step[QLatin1String("name")].toString();
                const QString status = step[QLatin1String("status")].toString();
                const QString old = oldStatus.value(name);
                if (old != status)
                    parts << tr("step %1: %2").arg(name, old + kArrow + status);
            }
            continue;
        }
        const QString from = a.isUndefined() || a.isNull() ? tr("none") : scalar(a);
        const QString to = b.isUndefined() || b.isNull() ? tr("none") : scalar(b);
        parts << key + QStringLiteral(": ") + from + kArrow + to;
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace dedup::models
