#pragma once

// Shared by the report tests: a store with distinctive raw values (quotes, backslashes,
// newlines, commas, non-ASCII) in every redacted column, runs inside and outside one day's
// range, duplicate and review events, counted duplicates (0025), and audited operator
// actions; plus an RFC 4180 reader strict about CRLF record ends.

#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/PgResult.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace reporttest {

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

// Every raw value the store holds starts with one of these, so a default report can be
// searched for them byte by byte.
inline QList<QByteArray> secretMarkers() {
    return {"SECRETKEY", "SECRETSCOPE", "SECRETCORR", "SECRETFP", "SECRETRESULT", "SECRETERR"};
}

inline QDateTime rangeFrom() {
    return QDateTime(QDate(2026, 1, 10), QTime(0, 0), Qt::UTC);
}
inline QDateTime rangeTo() {
    return rangeFrom().addDays(1);
}

constexpr int kRuns = 40; // i = 4..35 are created inside [rangeFrom, rangeTo)

inline QString weirdWorkflow() {
    return QStringLiteral("it's, \"odd\" %1 \\ wf");
}
inline QString workflowOf(int i) {
    return i % 3 == 0   ? QStringLiteral("invoice")
           : i % 3 == 1 ? QStringLiteral("lab-results")
                        : weirdWorkflow();
}
inline QString statusOf(int i) {
    static const char *statuses[] = {"succeeded", "failed", "manual_review", "processing",
                                     "cancelled"};
    return QString::fromLatin1(statuses[i % 5]);
}
inline QString keyOf(int i) {
    return QStringLiteral("SECRETKEY-%1 q\"uote b\\ack\nline \u00fc\u20ac, end").arg(i);
}
inline QString scopeOf(int i) {
    return i % 2 ? QStringLiteral("SECRETSCOPE-a") : QStringLiteral("SECRETSCOPE-\"b\\\"");
}
inline QString correlationOf(int i) {
    return QStringLiteral("SECRETCORR-%1").arg(i / 2); // runs 2k and 2k+1 share one
}
inline QDateTime createdOf(int i) {
    return rangeFrom().addSecs(-3 * 3600 + i * 45 * 60);
}

inline QString seedError(const PgResult &result, const char *what) {
    return QStringLiteral("%1: %2").arg(QLatin1String(what), result.error().toString());
}

// Inserts the runs (as superuser, bypassing the protocol to set created_at), their events
// and two operator actions by t_operator. Returns an error text or empty.
inline QString seed(PgConnection &su, PgConnection &op) {
    for (int i = 0; i < kRuns; ++i) {
        const QString status = statusOf(i);
        const QDateTime created = createdOf(i);
        const bool finished = status == QLatin1String("succeeded") ||
                              status == QLatin1String("failed") ||
                              status == QLatin1String("cancelled");
        const bool errored =
            status == QLatin1String("failed") || status == QLatin1String("manual_review");
        PgParams params;
        params.add(scopeOf(i))
            .add(keyOf(i))
            .add(workflowOf(i))
            .add(correlationOf(i))
            .add(QStringLiteral("SECRETFP-%1").arg(i))
            .add(status)
            .add(created)
            .add(finished ? created.addSecs(60) : QDateTime())
            .add(status == QLatin1String("succeeded")
                     ? QJsonObject{{QStringLiteral("body"),
                                    QStringLiteral("SECRETRESULT-%1").arg(i)}}
                     : QJsonObject{})
            .add(errored
                     ? QJsonObject{{QStringLiteral("class"), i % 2 ? QStringLiteral("timeout")
                                                                   : QStringLiteral("validation")},
                                   {QStringLiteral("message"),
                                    QStringLiteral("SECRETERR-%1").arg(i)},
                                   {QStringLiteral("retryable"), true}}
                     : QJsonObject{})
            // processing: half with an expired lease (stuck), half live
            .add(status == QLatin1String("processing") ? (i % 10 == 3 ? -3600 : 3600) : 0);
        const PgResult inserted = su.exec(
            QStringLiteral(
                "INSERT INTO dedup.runs (scope, idem_key, key_version, workflow, workflow_version,"
                " correlation_id, fingerprint, status, attempt, lease_owner, lease_token,"
                " lease_expires_at, created_at, updated_at, finished_at, result, last_error,"
                " review_reason, review_at)"
                " VALUES ($1, $2, 'v1.3', $3, 'v1', $4, $5, $6, 1,"
                " CASE WHEN $6 = 'processing' THEN 'worker-1' END, 1,"
                " CASE WHEN $6 = 'processing' THEN now() + make_interval(secs => $11::int) END,"
                " $7, $7, $8, NULLIF($9::jsonb, '{}'), NULLIF($10::jsonb, '{}'),"
                " CASE WHEN $6 = 'manual_review' THEN 'retries used up' END,"
                " CASE WHEN $6 = 'manual_review' THEN $7::timestamptz + interval '10 minutes' END)"
                " RETURNING id"),
            params);
        if (!inserted.ok())
            return seedError(inserted, "insert run");
        const qint64 id = inserted.toInt64(0, 0);
        PgParams event;
        event.add(id).add(created.addSecs(300));
        if (i % 4 == 0) {
            const PgResult dup =
                su.exec(QStringLiteral("INSERT INTO dedup.events (run_id, at, kind, actor, attempt)"
                                       " VALUES ($1, $2, 'duplicate_suppressed', 'worker-2', 1)"),
                        event);
            if (!dup.ok())
                return seedError(dup, "insert duplicate event");
        }
        // Counted duplicates (0025: a run's row in dedup.duplicate_deliveries), the last one
        // 50 minutes after the run's creation: run 3 was created before the range but its
        // duplicates count in it, run 35 inside it but its duplicates after it.
        if (i % 4 == 3) {
            PgParams counted;
            counted.add(id).add(created.addSecs(300)).add(created.addSecs(3000));
            counted.add(1 + i % 3).add(i % 2).add(2);
            const PgResult row = su.exec(
                QStringLiteral("INSERT INTO dedup.duplicate_deliveries (run_id, first_at, last_at,"
                               " replays, in_progress, in_review, recent)"
                               " VALUES ($1, $2, $3, $4, $5, $6, '[]')"),
                counted);
            if (!row.ok())
                return seedError(row, "insert counted duplicates");
        }
        if (status == QLatin1String("manual_review")) {
            const PgResult review =
                su.exec(QStringLiteral("INSERT INTO dedup.events (run_id, at, kind, actor, attempt)"
                                       " VALUES ($1, $2, 'routed_to_review', 'worker-1', 1)"),
                        event);
            if (!review.ok())
                return seedError(review, "insert review event");
        }
    }
    // Two operator actions now (outside the seeded day, inside "today"): route a failed run
    // to review (its before/after hold the SECRETERR message) and resolve a review as
    // succeeded with a result payload (params hold SECRETRESULT).
    const PgResult routed = op.exec(QStringLiteral(
        "SELECT (dedup.op_route_to_review(r.id, r.lease_token, 'check \"provider\", please',"
        " 'report-test-route')).outcome FROM dedup.runs r WHERE r.status = 'failed'"
        " ORDER BY r.id LIMIT 1"));
    if (!routed.ok() || routed.text(0, 0) != QLatin1String("applied"))
        return seedError(routed, "op_route_to_review");
    const PgResult resolved = op.exec(QStringLiteral(
        "SELECT (dedup.op_resolve_review(r.id, r.lease_token, 'verified at the provider',"
        " 'report-test-resolve', 'succeeded', '{\"body\": \"SECRETRESULT-op\"}')).outcome"
        " FROM dedup.runs r WHERE r.status = 'manual_review' AND r.workflow = 'lab-results'"
        " ORDER BY r.id LIMIT 1"));
    if (!resolved.ok() || resolved.text(0, 0) != QLatin1String("applied"))
        return seedError(resolved, "op_resolve_review");
    return {};
}

// RFC 4180: records end with CRLF; fields are quoted when they hold a comma, quote or line
// break, a quote inside is doubled. Returns nullopt (and why) for anything else.
inline std::optional<QList<QStringList>> parseCsv(const QByteArray &data, QString *why) {
    QList<QStringList> records;
    QStringList record;
    QByteArray field;
    qsizetype i = 0;
    const qsizetype n = data.size();
    bool fieldStarted = false;
    while (i < n) {
        const char c = data.at(i);
        if (!fieldStarted && c == '"') {
            ++i;
            for (;;) {
                if (i >= n) {
                    *why = QStringLiteral("unterminated quoted field");
                    return std::nullopt;
                }
                if (data.at(i) == '"') {
                    if (i + 1 < n && data.at(i + 1) == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += data.at(i++);
            }
            fieldStarted = true;
            if (i < n && data.at(i) != ',' && data.at(i) != '\r') {
                *why = QStringLiteral("text after a closing quote at byte %1").arg(i);
                return std::nullopt;
            }
            continue;
        }
        if (c == ',') {
            record << QString::fromUtf8(field);
            field.clear();
            fieldStarted = false;
            ++i;
        } else if (c == '\r') {
            if (i + 1 >= n || data.at(i + 1) != '\n') {
                *why = QStringLiteral("CR without LF at byte %1").arg(i);
                return std::nullopt;
            }
            record << QString::fromUtf8(field);
            records << record;
            record.clear();
            field.clear();
            fieldStarted = false;
            i += 2;
        } else if (c == '\n' || c == '"') {
            *why = QStringLiteral("bare %1 in an unquoted field at byte %2")
                       .arg(c == '\n' ? QStringLiteral("LF") : QStringLiteral("quote"))
                       .arg(i);
            return std::nullopt;
        } else {
            field += c;
            fieldStarted = true;
            ++i;
        }
    }
    if (!field.isEmpty() || !record.isEmpty()) {
        *why = QStringLiteral("last record without CRLF");
        return std::nullopt;
    }
    return records;
}

// One JSON object per LF-terminated line.
inline std::optional<QList<QJsonObject>> parseJsonLines(const QByteArray &data, QString *why) {
    QList<QJsonObject> objects;
    if (data.isEmpty())
        return objects;
    if (!data.endsWith('\n')) {
        *why = QStringLiteral("last line without LF");
        return std::nullopt;
    }
    const QList<QByteArray> lines = data.chopped(1).split('\n');
    for (const QByteArray &line : lines) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject()) {
            *why = QStringLiteral("bad JSON line %1: %2")
                       .arg(QString::fromUtf8(line), error.errorString());
            return std::nullopt;
        }
        objects << doc.object();
    }
    return objects;
}

} // namespace reporttest
