#include "store/RunReveal.h"

#include "store/PgConnection.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::store {

namespace {

// op_reveal answers one jsonb object; the statement splits it into columns so that the JSON
// values come as the server renders them (their text and jsonb_pretty(), like the run
// detail's), and a field asked for is told from one not asked for (has_<field>). A JSON null
// (the column is NULL) reads as SQL NULL.
QString textField(QStringView name) {
    return QStringLiteral("d.doc ? '%1' AS has_%1, d.doc ->> '%1' AS %1").arg(name);
}

QString jsonField(QStringView name) {
    return QStringLiteral("d.doc ? '%1' AS has_%1,"
                          " NULLIF(d.doc -> '%1', 'null')::text AS %1_text,"
                          " jsonb_pretty(NULLIF(d.doc -> '%1', 'null')) AS %1_pretty")
        .arg(name);
}

// Steps and events as one JSON array each, their own JSON values as text and pretty text.
const QString kSteps = QStringLiteral(
    "d.doc ? 'steps' AS has_steps,"
    " (SELECT jsonb_agg(jsonb_build_object('ordinal', s.value -> 'ordinal',"
    "   'name', s.value -> 'name', 'downstream_key', s.value -> 'downstream_key',"
    "   'side_effect_ref', s.value -> 'side_effect_ref',"
    "   'error_text', NULLIF(s.value -> 'error', 'null')::text,"
    "   'error_pretty', jsonb_pretty(NULLIF(s.value -> 'error', 'null'))) ORDER BY s.n)"
    "   FROM jsonb_array_elements(d.doc -> 'steps') WITH ORDINALITY AS s(value, n))::text"
    " AS steps");
const QString kEvents = QStringLiteral(
    "d.doc ? 'events' AS has_events,"
    " (SELECT jsonb_agg(jsonb_build_object('id', e.value -> 'id',"
    "   'detail_text', NULLIF(e.value -> 'detail', 'null')::text,"
    "   'detail_pretty', jsonb_pretty(NULLIF(e.value -> 'detail', 'null'))) ORDER BY e.n)"
    "   FROM jsonb_array_elements(d.doc -> 'events') WITH ORDINALITY AS e(value, n))::text"
    " AS events");

QString revealSql() {
    // MATERIALIZED: op_reveal runs exactly once, whatever the columns below do with it.
    return QStringLiteral("WITH d AS MATERIALIZED (SELECT dedup.op_reveal(p_run_id => $1::bigint,"
                          " p_fields => $2::text[], p_reason => $3::text,"
                          " p_action_key => $4::text) AS doc) SELECT ") +
           QStringList{textField(RunReveal::IdemKey),
                       textField(RunReveal::CorrelationId),
                       textField(RunReveal::Fingerprint),
                       jsonField(RunReveal::Context),
                       jsonField(RunReveal::Result),
                       jsonField(RunReveal::LastError),
                       textField(RunReveal::ReviewReason),
                       kSteps,
                       kEvents}
               .join(QStringLiteral(", ")) +
           QStringLiteral(" FROM d");
}

bool has(const PgResult &result, QStringView name) {
    return result.toBool(0, (QStringLiteral("has_") + name.toString()).toUtf8().constData());
}

std::optional<QString> textValue(const PgResult &result, QStringView name) {
    if (!has(result, name))
        return std::nullopt;
    const QByteArray column = name.toUtf8();
    return result.isNull(0, column.constData()) ? QString() : result.text(0, column.constData());
}

std::optional<StoredJson> jsonValue(const PgResult &result, QStringView name) {
    if (!has(result, name))
        return std::nullopt;
    const QByteArray text = (name.toString() + QStringLiteral("_text")).toUtf8();
    const QByteArray pretty = (name.toString() + QStringLiteral("_pretty")).toUtf8();
    StoredJson json;
    if (!result.isNull(0, text.constData())) {
        json.text = result.text(0, text.constData());
        json.pretty = result.text(0, pretty.constData());
    }
    return json;
}

// A JSON string, or a null QString for JSON null.
QString nullableString(const QJsonValue &value) {
    return value.isString() ? value.toString() : QString();
}

StoredJson storedJson(const QJsonObject &object, const QString &prefix) {
    StoredJson json;
    const QJsonValue text = object.value(prefix + QStringLiteral("_text"));
    if (text.isString()) {
        json.text = text.toString();
        json.pretty = object.value(prefix + QStringLiteral("_pretty")).toString();
    }
    return json;
}

QJsonArray arrayOf(const PgResult &result, const char *column) {
    if (result.isNull(0, column))
        return {};
    return QJsonDocument::fromJson(result.text(0, column).toUtf8()).array();
}

} // namespace

RunReveal::RunReveal(PgConnection &connection)
    : m_conn(connection) {}

ProtocolResult<RunRevealValues> RunReveal::reveal(qint64 runId, const QStringList &fields,
                                                  const QString &reason, const QString &actionKey) {
    PgParams params;
    params.add(runId).add(fields).add(reason).add(actionKey);
    const PgResult result = m_conn.exec(revealSql(), params);
    if (!result.ok())
        return ProtocolResult<RunRevealValues>::failure(result.error());
    if (result.rows() != 1) {
        PgError error;
        error.message = QStringLiteral("op_reveal answered %1 rows").arg(result.rows());
        return ProtocolResult<RunRevealValues>::failure(StoreErrorKind::Other, error);
    }
    RunRevealValues values;
    values.runId = runId;
    values.idemKey = textValue(result, IdemKey);
    values.correlationId = textValue(result, CorrelationId);
    values.fingerprint = textValue(result, Fingerprint);
    values.context = jsonValue(result, Context);
    values.result = jsonValue(result, Result);
    values.lastError = jsonValue(result, LastError);
    values.reviewReason = textValue(result, ReviewReason);
    if (has(result, Steps)) {
        QList<RevealedStep> steps;
        for (const QJsonValue &item : arrayOf(result, "steps")) {
            const QJsonObject object = item.toObject();
            RevealedStep step;
            step.ordinal = object.value(QLatin1String("ordinal")).toInt();
            step.name = object.value(QLatin1String("name")).toString();
            step.downstreamKey = nullableString(object.value(QLatin1String("downstream_key")));
            step.sideEffectRef = nullableString(object.value(QLatin1String("side_effect_ref")));
            step.error = storedJson(object, QStringLiteral("error"));
            steps.append(step);
        }
        values.steps = steps;
    }
    if (has(result, Events)) {
        QList<RevealedEvent> events;
        for (const QJsonValue &item : arrayOf(result, "events")) {
            const QJsonObject object = item.toObject();
            RevealedEvent event;
            event.id = object.value(QLatin1String("id")).toInteger();
            event.detail = storedJson(object, QStringLiteral("detail"));
            events.append(event);
        }
        values.events = events;
    }
    return ProtocolResult<RunRevealValues>::success(values);
}

} // namespace dedup::store
