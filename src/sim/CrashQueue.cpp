#include "sim/CrashQueue.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace dedup::sim {

namespace {

QString intervalOf(std::chrono::milliseconds ms) {
    return QStringLiteral("%1 milliseconds").arg(ms.count());
}

} // namespace

CrashQueue::CrashQueue(store::PgConnection &connection)
    : m_conn(connection) {}

bool CrashQueue::install(QString *error) {
    // Idempotent, and outside SimSchema's scripts: only the crash test uses this table.
    const QStringList statements{
        QStringLiteral("CREATE TABLE IF NOT EXISTS sim.deliveries ("
                       " id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                       " label text NOT NULL,"
                       " workflow text NOT NULL,"
                       " intent jsonb NOT NULL,"
                       " visible_after timestamptz NOT NULL DEFAULT now(),"
                       " taken_by text,"
                       " attempts integer NOT NULL DEFAULT 0)"),
        QStringLiteral("CREATE INDEX IF NOT EXISTS deliveries_label_visible_idx"
                       " ON sim.deliveries (label, visible_after, id)")};
    for (const QString &statement : statements) {
        const auto result = m_conn.exec(statement);
        if (!result.ok()) {
            *error = result.error().toString();
            return false;
        }
    }
    return true;
}

bool CrashQueue::enqueue(const QString &label, const TrafficIntent &intent, QString *error) {
    store::PgParams params;
    params.add(label);
    params.add(intent.workflow);
    params.add(toJson(intent));
    const auto result = m_conn.exec(
        QStringLiteral("INSERT INTO sim.deliveries (label, workflow, intent) VALUES ($1, $2, $3)"),
        params);
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    return true;
}

std::optional<CrashDelivery> CrashQueue::take(const QString &label, const QString &worker,
                                              std::chrono::milliseconds visibility,
                                              QString *error) {
    store::PgParams params;
    params.add(label);
    params.add(worker);
    params.add(intervalOf(visibility));
    const auto result =
        m_conn.exec(QStringLiteral("UPDATE sim.deliveries d"
                                   "   SET visible_after = now() + $3::interval, taken_by = $2,"
                                   "       attempts = d.attempts + 1"
                                   " WHERE d.id = (SELECT id FROM sim.deliveries"
                                   "                WHERE label = $1 AND visible_after <= now()"
                                   "                ORDER BY visible_after, id"
                                   "                LIMIT 1 FOR UPDATE SKIP LOCKED)"
                                   " RETURNING d.id, d.intent, d.attempts"),
                    params);
    if (!result.ok()) {
        *error = result.error().toString();
        return std::nullopt;
    }
    error->clear();
    if (result.rows() == 0)
        return std::nullopt;
    CrashDelivery delivery;
    delivery.id = result.toInt64(0, 0);
    delivery.intent = fromJson(result.toJson(0, 1).toObject());
    delivery.attempts = int(result.toInt64(0, 2));
    return delivery;
}

bool CrashQueue::remove(qint64 id, QString *error) {
    store::PgParams params;
    params.add(id);
    const auto result =
        m_conn.exec(QStringLiteral("DELETE FROM sim.deliveries WHERE id = $1"), params);
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    return true;
}

bool CrashQueue::release(qint64 id, std::chrono::milliseconds delay, QString *error) {
    store::PgParams params;
    params.add(id);
    params.add(intervalOf(delay));
    const auto result =
        m_conn.exec(QStringLiteral("UPDATE sim.deliveries SET visible_after = now() + $2::interval,"
                                   " taken_by = NULL WHERE id = $1"),
                    params);
    if (!result.ok()) {
        *error = result.error().toString();
        return false;
    }
    return true;
}

qint64 CrashQueue::pending(const QString &label, QString *error) {
    store::PgParams params;
    params.add(label);
    const auto result =
        m_conn.exec(QStringLiteral("SELECT count(*) FROM sim.deliveries WHERE label = $1"), params);
    if (!result.ok()) {
        *error = result.error().toString();
        return -1;
    }
    return result.toInt64(0, 0);
}

qint64 CrashQueue::heldBy(const QString &worker, QString *error) {
    store::PgParams params;
    params.add(worker);
    const auto result = m_conn.exec(
        QStringLiteral("SELECT count(*) FROM sim.deliveries WHERE taken_by = $1"), params);
    if (!result.ok()) {
        *error = result.error().toString();
        return -1;
    }
    return result.toInt64(0, 0);
}

QJsonObject CrashQueue::toJson(const TrafficIntent &intent) {
    QJsonArray fields;
    for (const auto &field : intent.intent.keyFields)
        fields.append(QJsonObject{{QStringLiteral("name"), field.name},
                                  {QStringLiteral("value"), field.value}});
    return {{QStringLiteral("workflow"), intent.workflow},
            {QStringLiteral("id"), intent.id},
            {QStringLiteral("scope"), intent.intent.scope},
            {QStringLiteral("key_fields"), fields},
            {QStringLiteral("key_version"), intent.intent.keyVersion},
            {QStringLiteral("payload"), intent.intent.payload},
            {QStringLiteral("correlation_id"), intent.intent.correlationId}};
}

TrafficIntent CrashQueue::fromJson(const QJsonObject &json) {
    TrafficIntent intent;
    intent.workflow = json.value(QStringLiteral("workflow")).toString();
    intent.id = json.value(QStringLiteral("id")).toString();
    intent.intent.scope = json.value(QStringLiteral("scope")).toString();
    for (const QJsonValue &value : json.value(QStringLiteral("key_fields")).toArray()) {
        const QJsonObject field = value.toObject();
        intent.intent.keyFields.append({field.value(QStringLiteral("name")).toString(),
                                        field.value(QStringLiteral("value")).toString()});
    }
    intent.intent.keyVersion = json.value(QStringLiteral("key_version")).toString();
    intent.intent.payload = json.value(QStringLiteral("payload")).toObject();
    intent.intent.correlationId = json.value(QStringLiteral("correlation_id")).toString();
    return intent;
}

} // namespace dedup::sim
