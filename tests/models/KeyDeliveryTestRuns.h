#pragma once

// Shared by the key history tests (the run detail's Deliveries tab, its model, its link):
// runs whose key was delivered several times through the real protocol (dedup.claim as
// t_worker), each delivery getting a known outcome.
//
// Helpers return values instead of asserting, so the QVERIFY lines stay in the tests.

#include "DetailTestRuns.h"
#include "store/ClaimResult.h"

#include <QJsonObject>

namespace KeyDeliveryTestRuns {

using dedup::store::ClaimRequest;
using dedup::store::PgConnection;
using DetailTestRuns::request;

// What the store answered a claim: its name ("replay", …), or "error: …".
inline QString deliver(PgConnection &worker, const ClaimRequest &r) {
    const auto result = dedup::store::RunProtocol(worker).claim(r);
    if (!result.ok())
        return QStringLiteral("error: ") + result.error().toString();
    return dedup::store::toString(result.value().outcome);
}

// A run of `key` delivered 3 + `replays` times, a second apart at most:
//   1. acquired by w1 (via new);
//   2. in progress for w2 while w1's lease is live (lease owner w1);
//   3. mismatch for w3 (the same key, another fingerprint);
//   4. after w1 succeeded: replayed to r1, r2, … r`replays`, in that order.
// The run's id, or 0 when a delivery did not get its outcome (a qWarning says which).
inline qint64 deliveredRun(PgConnection &worker, const QString &key, int replays) {
    ClaimRequest first = request(key);
    const dedup::store::RunLease lease = DetailTestRuns::claim(worker, first);
    if (lease.runId <= 0)
        return 0;
    const auto expect = [&](const ClaimRequest &r, const QString &outcome) {
        const QString got = deliver(worker, r);
        if (got != outcome)
            qWarning("delivery by %s: %s, not %s", qPrintable(r.worker), qPrintable(got),
                     qPrintable(outcome));
        return got == outcome;
    };
    ClaimRequest busy = request(key);
    busy.worker = QStringLiteral("w2");
    if (!expect(busy, QStringLiteral("in_progress")))
        return 0;
    ClaimRequest other = request(key);
    other.worker = QStringLiteral("w3");
    other.fingerprint = QStringLiteral("another-payload");
    if (!expect(other, QStringLiteral("mismatch")))
        return 0;
    dedup::store::RunProtocol protocol(worker);
    if (!protocol.succeed(lease, QJsonObject{{QStringLiteral("invoice"), QStringLiteral("INV-9")}})
             .ok())
        return 0;
    for (int i = 1; i <= replays; ++i) {
        ClaimRequest again = request(key);
        again.worker = QStringLiteral("r%1").arg(i);
        if (!expect(again, QStringLiteral("replay")))
            return 0;
    }
    return lease.runId;
}

} // namespace KeyDeliveryTestRuns
