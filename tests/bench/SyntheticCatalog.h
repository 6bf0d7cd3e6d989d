#pragma once

// What the generated store is made of (SyntheticRuns): statuses, workflows and their steps,
// error classes, and the generator's random numbers. Internal to the benchmark generator.
#include <QtGlobal>

#include <iterator>

namespace bench::synthetic {

inline constexpr qint64 kSecond = 1000000;
inline constexpr qint64 kMinute = 60 * kSecond;
inline constexpr qint64 kHour = 60 * kMinute;
inline constexpr qint64 kDay = 24 * kHour;
inline constexpr qint64 kRetention = 90 * kDay; // dedup._retention's default
inline constexpr int kMaxAttempts = 5;

enum Status { Succeeded, Failed, ManualReview, Cancelled, Processing };
inline const char *const kStatusNames[] = {"succeeded", "failed", "manual_review", "cancelled",
                                           "processing"};

struct Workflow {
    const char *name;
    const char *version;
    const char *keyKind; // the key's first segment
    double share;
    // Its steps and whether the provider deduplicates (a downstream key is sent).
    struct Step {
        const char *name;
        bool deduplicates;
    };
    Step steps[2];
    int stepCount;
};

// The five simulator workflows (src/sim/ScenarioWorkflows) and a refund flow.
inline const Workflow kWorkflows[] = {
    {"invoice-payment-intent",
     "2026.4",
     "invoice",
     0.24,
     {{"draft_invoice", true}, {"create_payment_intent", true}},
     2},
    {"lab-results-notification", "2026.2", "lab-results", 0.22, {{"send_message", false}, {}}, 1},
    {"appointment-confirmation",
     "2026.3",
     "appt-confirm",
     0.20,
     {{"update_status", true}, {"send_confirmation", false}},
     2},
    {"appointment-scheduling", "2026.1", "appt-book", 0.14, {{"book_appointment", true}, {}}, 1},
    {"lab-sample-sync", "2025.9", "lab-sample", 0.12, {{"update_lab_record", false}, {}}, 1},
    {"payment-refund",
     "2026.1",
     "refund",
     0.08,
     {{"issue_refund", true}, {"send_receipt", false}},
     2},
};
inline constexpr int kWorkflowCount = int(std::size(kWorkflows));

inline const char *const kErrorClasses[] = {"timeout", "unavailable", "rate_limited", "conflict",
                                            "validation"};
inline const char *const kErrorMessages[] = {
    "provider did not answer within 30 s", "provider returned 503 Service Unavailable",
    "provider returned 429 Too Many Requests", "provider returned 409: resource locked",
    "provider rejected the request: 422 invalid field"};
inline constexpr bool kErrorRetryable[] = {true, true, true, true, false};
inline const char *const kAssignees[] = {"alice", "bob", "chen", "dana"};

// splitmix64: fast, and every output depends on the whole seed.
struct Rng {
    quint64 state;
    quint64 next() {
        quint64 z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    double unit() { return double(next() >> 11) * 0x1.0p-53; }
    int below(int n) { return int(next() % quint64(n)); }
    qint64 between(qint64 low, qint64 high) { return low + qint64(unit() * double(high - low)); }
};

} // namespace bench::synthetic
