#include "SyntheticRuns.h"

#include "CopyText.h"
#include "SyntheticCatalog.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace bench {

using namespace synthetic;
using namespace copytext;

namespace {

void putError(QByteArray &out, int errorClass, int attempt, qint64 at) {
    text(out, "{\"class\": \"");
    text(out, kErrorClasses[errorClass]);
    text(out, "\", \"message\": \"");
    text(out, kErrorMessages[errorClass]);
    text(out, "\", \"retryable\": ");
    text(out, kErrorRetryable[errorClass] ? "true" : "false");
    text(out, ", \"attempt\": ");
    integer(out, attempt);
    text(out, ", \"at\": \"");
    timestamp(out, at);
    text(out, "\"}");
}

} // namespace

// Every random choice of one run.
struct SyntheticRuns::Draw {
    Rng rng{0};
    Status status = Succeeded;
    bool stuck = false;
    int workflow = 0;
    int tenant = 0;
    int attempt = 1;
    int errorClass = 0;
    int step = 0;               // processing/manual_review: the step it stopped at
    bool uncertainStep = false; // manual_review: an uncertain step (else retries exhausted)
    int assignee = -1;          // manual_review: -1 unassigned
    qint64 created = 0;
    qint64 duration = 0; // claim to the last write
    qint64 patient = 0;  // the number in lab and booking keys
};

SyntheticRuns::SyntheticRuns(qint64 total, qint64 endMicros, quint64 seed)
    : m_total(qMax<qint64>(1, total))
    , m_endMicros(endMicros)
    , m_seed(seed) {
    double sum = 0;
    for (int k = 0; k < Scopes; ++k)
        sum += 1.0 / (k + 1);
    double running = 0;
    for (int k = 0; k < Scopes; ++k) {
        running += 1.0 / (k + 1) / sum;
        m_cumulativeScope[k] = running;
        m_scopeNames[k] = scope(k).toLatin1();
    }
    m_cumulativeScope[Scopes - 1] = 1.0;
}

const QStringList &SyntheticRuns::workflows() {
    static const QStringList names = [] {
        QStringList list;
        for (const Workflow &w : kWorkflows)
            list << QString::fromLatin1(w.name);
        return list;
    }();
    return names;
}

QString SyntheticRuns::scope(int tenant) {
    return QStringLiteral("tenant-%1").arg(tenant + 1, 2, 10, QLatin1Char('0'));
}

QString SyntheticRuns::keyPrefix(int workflow, const QString &yearMonth) {
    return QStringLiteral("%1:%2:").arg(QLatin1String(kWorkflows[workflow].keyKind), yearMonth);
}

QString SyntheticRuns::runColumns() {
    return QStringLiteral(
        "id, scope, idem_key, key_version, workflow, workflow_version, correlation_id,"
        " fingerprint, status, attempt, max_attempts, lease_owner, lease_token,"
        " lease_expires_at, heartbeat_at, created_at, updated_at, finished_at, expires_at,"
        " result, last_error, review_reason, review_assignee, review_at");
}

QString SyntheticRuns::stepColumns() {
    return QStringLiteral("run_id, ordinal, name, status, attempts, lease_token, downstream_key,"
                          " side_effect_ref, error, created_at, started_at, finished_at,"
                          " updated_at");
}

SyntheticRuns::Draw SyntheticRuns::draw(qint64 index) const {
    Draw d;
    d.rng.state = m_seed * 0xD1B54A32D192ED03ULL ^ quint64(index) * 0x9E3779B97F4A7C15ULL;
    const double step = double(SpanMicros) / double(m_total);
    d.created = startMicros() + qint64(double(index) * step) + qint64(d.rng.unit() * step);

    const int pick = d.rng.below(10000);
    d.status = pick < 9000   ? Succeeded
               : pick < 9300 ? Failed
               : pick < 9500 ? ManualReview
               : pick < 9600 ? Cancelled
                             : Processing;
    double w = d.rng.unit();
    d.workflow = kWorkflowCount - 1;
    for (int k = 0; k < kWorkflowCount; ++k) {
        if (w < kWorkflows[k].share) {
            d.workflow = k;
            break;
        }
        w -= kWorkflows[k].share;
    }
    d.tenant = int(std::upper_bound(m_cumulativeScope, m_cumulativeScope + Scopes, d.rng.unit()) -
                   m_cumulativeScope);
    d.tenant = qMin(d.tenant, Scopes - 1);
    // 50 ms to ~7 s from the claim to the last write, long-tailed.
    d.duration = qint64(50000.0 * std::exp(d.rng.unit() * 5.0));
    d.patient = 100000 + d.rng.below(900000);
    d.errorClass = d.rng.below(int(std::size(kErrorClasses)));
    const Workflow &wf = kWorkflows[d.workflow];
    d.step = d.rng.below(wf.stepCount);
    switch (d.status) {
    case Succeeded: {
        const int roll = d.rng.below(100);
        d.attempt = roll < 92 ? 1 : roll < 98 ? 2 : 3;
        break;
    }
    case Failed:
        d.attempt = 1 + d.rng.below(4);
        break;
    case ManualReview: {
        // An uncertain step needs one whose provider does not deduplicate.
        int plain = -1;
        for (int k = 0; k < wf.stepCount; ++k)
            if (!wf.steps[k].deduplicates)
                plain = k;
        d.uncertainStep = plain >= 0 && d.rng.below(100) < 40;
        if (d.uncertainStep)
            d.step = plain;
        d.attempt = d.uncertainStep ? 1 + d.rng.below(2) : kMaxAttempts;
        d.assignee = d.rng.below(100) < 40 ? d.rng.below(int(std::size(kAssignees))) : -1;
        break;
    }
    case Cancelled:
        d.attempt = 1 + d.rng.below(2);
        break;
    case Processing:
        d.attempt = 1 + (d.rng.below(100) < 85 ? 0 : 1);
        // A lease 30 s long from the last heartbeat, which is in the past: the worker died.
        // The newest runs cannot be stuck yet.
        d.stuck = d.rng.below(100) < 25 && d.created + d.duration + 30 * kSecond < m_endMicros;
        break;
    }
    return d;
}

void SyntheticRuns::appendKey(const Draw &d, qint64 index, QByteArray &out) const {
    text(out, kWorkflows[d.workflow].keyKind);
    out.append(':');
    yearMonth(out, d.created);
    out.append(':');
    switch (d.workflow) {
    case 1: // lab results: patient, report (the run id), channel
        text(out, "patient:P");
        integer(out, d.patient);
        text(out, ":report:R");
        integer(out, index + 1);
        text(out, ":sms");
        return;
    case 2:
        text(out, "evt-");
        break;
    case 3: // booking: patient and slot
        text(out, "patient:P");
        integer(out, d.patient);
        text(out, ":slot-");
        break;
    case 4:
        text(out, "sample-");
        break;
    default:
        break;
    }
    integer(out, index + 1);
}

void SyntheticRuns::appendRuns(qint64 from, qint64 to, QByteArray &out) {
    Q_ASSERT(from == m_next);
    for (qint64 index = from; index < to; ++index) {
        Draw d = draw(index);
        const Workflow &wf = kWorkflows[d.workflow];
        if (m_groupLeft == 0) {
            // Group sizes 1..6, mostly small; 5% of groups carry no correlation id.
            static const int sizes[] = {1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6};
            Rng group{m_seed ^ quint64(index) * 0xA24BAED4963EE407ULL};
            m_groupLeft = sizes[group.below(int(std::size(sizes)))];
            m_groupCorr = group.below(100) < 5 ? 0 : (group.next() | 1);
        }
        --m_groupLeft;

        const qint64 claimed = d.created;
        const qint64 last = claimed + d.duration;
        integer(out, index + 1);
        tab(out);
        out.append(m_scopeNames[d.tenant]);
        tab(out);
        appendKey(d, index, out);
        tab(out);
        text(out, "v1.3\t");
        text(out, wf.name);
        tab(out);
        text(out, wf.version);
        tab(out);
        if (m_groupCorr != 0) {
            text(out, "corr-");
            hex(out, m_groupCorr, 16);
        } else {
            null(out);
        }
        tab(out);
        text(out, "sha256:");
        for (int k = 0; k < 4; ++k)
            hex(out, d.rng.next(), 16);
        tab(out);
        text(out, kStatusNames[d.status]);
        tab(out);
        integer(out, d.attempt);
        tab(out);
        integer(out, kMaxAttempts);
        tab(out);

        // lease_owner, lease_token, lease_expires_at, heartbeat_at
        const bool processing = d.status == Processing;
        if (processing) {
            text(out, wf.keyKind);
            text(out, "-worker-");
            integer(out, 1 + d.rng.below(8));
        } else {
            null(out);
        }
        tab(out);
        // One token per acquisition; cancelling bumps it once more.
        integer(out, d.attempt + (d.status == Cancelled ? 1 : 0));
        tab(out);
        qint64 heartbeat = claimed + d.duration * 9 / 10;
        if (processing) {
            if (d.stuck) {
                heartbeat = claimed + d.duration;
                timestamp(out, heartbeat + 30 * kSecond);
            } else {
                heartbeat = qMax(claimed, m_endMicros - d.rng.between(0, kMinute));
                timestamp(out, m_endMicros + d.rng.between(7 * kDay, 30 * kDay));
            }
        } else {
            null(out);
        }
        tab(out);
        timestamp(out, heartbeat);
        tab(out);

        // created_at, updated_at, finished_at, expires_at
        timestamp(out, d.created);
        tab(out);
        qint64 finished = 0;
        qint64 updated = processing ? claimed : last;
        if (d.status == Succeeded || d.status == Failed)
            finished = last;
        if (d.status == Cancelled) // an operator cancelled it later
            finished = qMax(
                last, qMin(m_endMicros - kSecond, last + d.rng.between(10 * kMinute, 2 * kDay)));
        if (finished > 0)
            updated = finished;
        timestamp(out, updated);
        tab(out);
        timestampOrNull(out, finished);
        tab(out);
        timestampOrNull(out, finished > 0 ? finished + kRetention : 0);
        tab(out);

        // result, last_error
        if (d.status == Succeeded) {
            text(out, "{\"status\": 201, \"resource_id\": \"");
            text(out, wf.keyKind);
            out.append('_');
            integer(out, index + 1);
            text(out, "\", \"body\": {\"ok\": true}}");
        } else {
            null(out);
        }
        tab(out);
        const bool hasError = d.status == Failed || (d.status == Succeeded && d.attempt > 1) ||
                              (d.status == ManualReview && !d.uncertainStep) ||
                              (processing && d.attempt > 1);
        // Succeeded and processing runs carry the error of their previous attempt.
        const bool earlier = d.status == Succeeded || processing;
        if (hasError)
            putError(out, d.errorClass, d.attempt - (earlier ? 1 : 0), last);
        else
            null(out);
        tab(out);

        // review_reason, review_assignee, review_at
        if (d.status == ManualReview) {
            if (d.uncertainStep) {
                text(out, "step ");
                text(out, wf.steps[d.step].name);
                text(out, " is uncertain and has no downstream key");
            } else {
                text(out, "retries exhausted after 5 attempts (");
                text(out, kErrorClasses[d.errorClass]);
                out.append(')');
            }
            tab(out);
            if (d.assignee >= 0)
                text(out, kAssignees[d.assignee]);
            else
                null(out);
            tab(out);
            timestamp(out, last);
        } else {
            null(out);
            tab(out);
            null(out);
            tab(out);
            null(out);
        }
        out.append('\n');
    }
    m_next = to;
}

int SyntheticRuns::appendSteps(qint64 index, QByteArray &out) const {
    Draw d = draw(index);
    if (d.status != Processing && d.status != ManualReview)
        return 0;
    const Workflow &wf = kWorkflows[d.workflow];
    const qint64 claimed = d.created;
    const qint64 last = claimed + d.duration;
    for (int k = 0; k < wf.stepCount; ++k) {
        const bool before = k < d.step;
        const bool current = k == d.step;
        const char *status = before                   ? "done"
                             : !current               ? "pending"
                             : d.status == Processing ? "in_progress"
                             : d.uncertainStep        ? "uncertain"
                                                      : "failed";
        const qint64 started = before || current ? claimed + d.duration * (k + 1) / 4 : 0;
        integer(out, index + 1);
        tab(out);
        integer(out, k + 1);
        tab(out);
        text(out, wf.steps[k].name);
        tab(out);
        text(out, status);
        tab(out);
        const int attempts = before ? 1 : !current ? 0 : d.uncertainStep ? 1 : d.attempt;
        integer(out, attempts);
        tab(out);
        if (attempts > 0)
            integer(out, d.attempt);
        else
            null(out);
        tab(out);
        if (wf.steps[k].deduplicates) {
            appendKey(d, index, out);
            out.append(':');
            text(out, wf.steps[k].name);
        } else {
            null(out);
        }
        tab(out);
        if (before) {
            text(out, "ref-");
            hex(out, d.rng.state + quint64(k), 12);
        } else {
            null(out);
        }
        tab(out);
        if (current && d.status == ManualReview && !d.uncertainStep)
            putError(out, d.errorClass, d.attempt, last);
        else
            null(out);
        tab(out);
        timestamp(out, claimed);
        tab(out);
        timestampOrNull(out, started);
        tab(out);
        timestampOrNull(out, before ? started + d.duration / 8 : 0);
        tab(out);
        timestamp(out, before || current ? qMax(started, claimed) : claimed);
        out.append('\n');
    }
    return wf.stepCount;
}

QJsonObject SyntheticRuns::describe() {
    QJsonArray workflowArray;
    for (const Workflow &w : kWorkflows)
        workflowArray.append(QJsonObject{{QStringLiteral("name"), QLatin1String(w.name)},
                                         {QStringLiteral("share"), w.share}});
    return {
        {QStringLiteral("status_shares"),
         QJsonObject{{QStringLiteral("succeeded"), 0.90},
                     {QStringLiteral("failed"), 0.03},
                     {QStringLiteral("manual_review"), 0.02},
                     {QStringLiteral("cancelled"), 0.01},
                     {QStringLiteral("processing"), 0.04},
                     {QStringLiteral("processing_stuck_fraction"), 0.25}}},
        {QStringLiteral("workflows"), workflowArray},
        {QStringLiteral("scopes"), Scopes},
        {QStringLiteral("scope_distribution"), QStringLiteral("Zipf s=1")},
        {QStringLiteral("correlation_group_sizes"), QStringLiteral("1-6, 5% without an id")},
        {QStringLiteral("created_span_days"), 90},
        {QStringLiteral("steps"), QStringLiteral("processing and manual_review runs only")},
    };
}

} // namespace bench
