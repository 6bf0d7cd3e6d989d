#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace bench {

// The content of the generated store (bench_browse), run by run, as rows in COPY's text
// format for dedup.runs and dedup.steps. Every choice is a pure function of (seed, run index),
// so the store is the same at every generation and the steps can be written in a second pass
// without keeping the runs in memory. The shape (docs/PERFORMANCE.md, "Browsing 10 million
// runs"):
//
//   * status: 90% succeeded, 3% failed, 2% manual_review, 1% cancelled, 4% processing; a
//     quarter of the processing runs are stuck (the worker died: the lease expired 30 s after
//     its last heartbeat, shortly after the claim); the others hold long leases that expire
//     7-30 days after generation, so a kept store keeps the same stuck set for a week;
//   * 6 workflows (24/22/20/14/12/8%) and 50 scopes "tenant-01".."tenant-50" (Zipf: the
//     largest holds 22% of the runs, the smallest 0.4%);
//   * keys with shared prefixes: "<kind>:<yyyy-mm of created_at>:...<run id>", e.g.
//     "invoice:2026-11:9876543", unique because the run id ends them;
//   * correlation ids shared by 1-6 consecutive runs (5% of the groups have none);
//   * created_at evenly spread over the 90 days before `endMicros`, in id order;
//   * every CHECK of dedup.runs holds, and the columns are what the protocol functions would
//     have written (leases only while processing, finished_at/expires_at only when finished,
//     review fields in manual_review, lease_token = acquisitions + operator bumps).
//
// Steps: only for processing and manual_review runs (the ones the stuck list and the review
// queue open): done steps before the current one, the current one in_progress (processing),
// failed or uncertain (manual_review), pending after it. Finished runs get none: nothing in
// the browse benchmark reads them, and leaving them out keeps generation short.
class SyntheticRuns {
public:
    static constexpr int Scopes = 50;
    static constexpr qint64 SpanMicros = 90LL * 24 * 3600 * 1000000; // created_at spread

    SyntheticRuns(qint64 total, qint64 endMicros, quint64 seed);

    static const QStringList &workflows(); // most frequent first
    static QString scope(int tenant);      // 0 -> "tenant-01"
    // The key prefix of a workflow's runs created in `yearMonth` ("2026-11"), e.g.
    // "invoice:2026-11:".
    static QString keyPrefix(int workflow, const QString &yearMonth);

    // The COPY column lists appendRuns()/appendSteps() write, in that order.
    static QString runColumns();
    static QString stepColumns();

    // Appends runs [from, to) (0-based indexes; id = index + 1). Call in index order from 0:
    // correlation groups carry over from one call to the next.
    void appendRuns(qint64 from, qint64 to, QByteArray &out);
    // Appends the steps of run `index`; returns how many (0 for finished runs).
    int appendSteps(qint64 index, QByteArray &out) const;

    qint64 total() const { return m_total; }
    qint64 startMicros() const { return m_endMicros - SpanMicros; }
    qint64 endMicros() const { return m_endMicros; }
    // The shape above as data, for the results file.
    static QJsonObject describe();

private:
    struct Draw;
    Draw draw(qint64 index) const;
    void appendKey(const Draw &d, qint64 index, QByteArray &out) const;

    qint64 m_total;
    qint64 m_endMicros;
    quint64 m_seed;
    qint64 m_next = 0;       // the index appendRuns() expects next
    int m_groupLeft = 0;     // runs left in the current correlation group
    quint64 m_groupCorr = 0; // its id's random part; 0: the group has none
    double m_cumulativeScope[Scopes] = {};
    QByteArray m_scopeNames[Scopes];
};

} // namespace bench
