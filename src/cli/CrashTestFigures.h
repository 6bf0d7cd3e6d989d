#pragma once

#include <QJsonObject>

namespace dedup::cli {

// What the test saw, and what the ledger and dedup.runs say afterwards.
struct CrashTestFigures {
    qint64 intents = 0;
    qint64 deliveries = 0;
    qint64 kills = 0;
    qint64 killsMidDelivery = 0; // the killed process had a delivery taken and not finished
    qint64 killsMidStep = 0;     // ... and a step begun and not recorded
    qint64 killsAfterCommit = 0; // ... whose provider had already committed
    qint64 workerFailures = 0;   // worker processes that exited on their own
    bool drained = false;
    qint64 sideEffects = 0;
    qint64 dedupDuplicates = 0;    // must be 0
    qint64 nonDedupDuplicates = 0; // expected 0: uncertain steps go to review
    qint64 runs = 0;
    qint64 succeeded = 0;
    qint64 manualReview = 0;
    qint64 manualReviewUncertain = 0;
    qint64 failedFinal = 0;
    qint64 lost = 0; // must be 0
    qint64 elapsedMs = 0;

    bool held() const { return dedupDuplicates == 0 && lost == 0 && drained; }
    QJsonObject toJson() const {
        return {{QStringLiteral("intents"), intents},
                {QStringLiteral("deliveries"), deliveries},
                {QStringLiteral("kills"), kills},
                {QStringLiteral("kills_mid_delivery"), killsMidDelivery},
                {QStringLiteral("kills_mid_step"), killsMidStep},
                {QStringLiteral("kills_after_provider_commit"), killsAfterCommit},
                {QStringLiteral("worker_failures"), workerFailures},
                {QStringLiteral("drained"), drained},
                {QStringLiteral("side_effects"), sideEffects},
                {QStringLiteral("duplicates_dedup_steps"), dedupDuplicates},
                {QStringLiteral("duplicates_non_dedup_steps"), nonDedupDuplicates},
                {QStringLiteral("runs"), runs},
                {QStringLiteral("succeeded"), succeeded},
                {QStringLiteral("manual_review"), manualReview},
                {QStringLiteral("manual_review_uncertain"), manualReviewUncertain},
                {QStringLiteral("failed_non_retryable"), failedFinal},
                {QStringLiteral("lost"), lost},
                {QStringLiteral("elapsed_ms"), elapsedMs},
                {QStringLiteral("held"), held()}};
    }
};

} // namespace dedup::cli
