#include "store/DerivedEvents.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace dedup::store {

namespace {

StoredJson json(const QJsonObject &object) {
    if (object.isEmpty())
        return {};
    return {QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)),
            QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Indented)).trimmed()};
}

EventRow entry(const RunDetail &run, qint64 id, const QDateTime &at, qint64 atMicros,
               const QString &kind) {
    EventRow e;
    e.id = id;
    e.runId = run.id;
    e.at = at;
    e.atMicros = atMicros;
    e.kind = kind;
    e.derived = true;
    return e;
}

// A derived entry and the lease token it happened under (0: not known).
struct Derived {
    EventRow row;
    qint64 token = 0;
};

QList<Derived> deriveAll(const RunDetail &run, const QList<StepRow> &steps) {
    QList<Derived> rows;
    for (const StepRow &step : steps) {
        // Who ran the step is known only while the run still holds the lease it began under.
        const bool sameLease = step.leaseToken && *step.leaseToken == run.leaseToken;
        if (step.startedAt.isValid()) {
            EventRow e = entry(run, -2 * qint64(step.ordinal), step.startedAt, step.startedAtMicros,
                               QStringLiteral("step_started"));
            e.step = step.name;
            if (sameLease) {
                e.actor = run.leaseOwner;
                e.attempt = run.attempt;
            }
            QJsonObject detail{{QStringLiteral("step_attempt"), step.attempts}};
            if (!step.downstreamKey.isNull())
                detail.insert(QStringLiteral("downstream_key"), step.downstreamKey);
            e.detail = json(detail);
            rows.append({e, step.leaseToken.value_or(0)});
        }
        if (step.statusName == QLatin1String("done") && step.finishedAt.isValid()) {
            EventRow e = entry(run, -2 * qint64(step.ordinal) - 1, step.finishedAt,
                               step.finishedAtMicros, QStringLiteral("step_done"));
            e.step = step.name;
            if (sameLease) {
                e.actor = run.leaseOwner;
                e.attempt = run.attempt;
            }
            QJsonObject detail;
            if (!step.sideEffectRef.isNull())
                detail.insert(QStringLiteral("side_effect_ref"), step.sideEffectRef);
            e.detail = json(detail);
            rows.append({e, step.leaseToken.value_or(0)});
        }
    }
    if (run.statusName == QLatin1String("succeeded") && run.finishedAt.isValid()) {
        EventRow e =
            entry(run, -1, run.finishedAt, run.finishedAtMicros, QStringLiteral("succeeded"));
        e.actor = run.leaseOwner;
        e.attempt = run.attempt;
        rows.append({e, run.leaseToken});
    }
    return rows;
}

} // namespace

bool DerivedEvents::timelineLess(const EventRow &a, const EventRow &b) {
    // Microseconds where both have them: two calls of one run often share a millisecond.
    if (a.atMicros != 0 && b.atMicros != 0) {
        if (a.atMicros != b.atMicros)
            return a.atMicros < b.atMicros;
    } else if (a.at != b.at) {
        return a.at < b.at;
    }
    return a.id < b.id;
}

QList<EventRow> DerivedEvents::derive(const RunDetail &run, const QList<StepRow> &steps) {
    QList<EventRow> rows;
    for (const Derived &d : deriveAll(run, steps))
        rows.append(d.row);
    std::stable_sort(rows.begin(), rows.end(), timelineLess);
    return rows;
}

QList<EventRow> DerivedEvents::merge(const RunDetail &run, const QList<StepRow> &steps,
                                     const QList<EventRow> &events, bool olderExist,
                                     bool newerExist) {
    QList<EventRow> page = events;
    // Who held a lease: the page's event that handed it out (claimed, lease_taken_over, ...)
    // names its token in detail.lease_token. A finished run has no lease owner any more.
    QHash<qint64, const EventRow *> handedOut;
    for (const EventRow &e : events) {
        const QJsonValue token = e.detail.value().toObject().value(QLatin1String("lease_token"));
        if (token.isDouble() && !e.actor.isEmpty() && !handedOut.contains(token.toInteger()))
            handedOut.insert(token.toInteger(), &e);
    }
    for (Derived &d : deriveAll(run, steps)) {
        EventRow &derived = d.row;
        if (derived.actor.isEmpty() && d.token != 0) {
            if (const EventRow *by = handedOut.value(d.token)) {
                derived.actor = by->actor;
                derived.attempt = by->attempt;
            }
        }
        if (!events.isEmpty()) {
            if (olderExist && timelineLess(derived, events.first()))
                continue;
            if (newerExist && timelineLess(events.last(), derived))
                continue;
        } else if (olderExist || newerExist) {
            continue;
        }
        const bool recorded = std::any_of(events.begin(), events.end(), [&](const EventRow &e) {
            return e.kind == derived.kind && e.step == derived.step && e.at == derived.at &&
                   e.atMicros == derived.atMicros;
        });
        if (!recorded)
            page.append(derived);
    }
    std::stable_sort(page.begin(), page.end(), timelineLess);
    return page;
}

} // namespace dedup::store
