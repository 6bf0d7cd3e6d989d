#include "OperatorPairs.h"

#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/PgResult.h"

#include <QElapsedTimer>
#include <QThread>

#include <algorithm>
#include <functional>
#include <future>
#include <optional>
#include <random>
#include <vector>

using namespace dedup;
using store::OperatorActions;
using store::OperatorOutcome;
using store::OperatorOutcomeKind;
using store::OperatorRequest;
using store::OperatorResult;
using store::PgConnection;
using store::PgParams;
using store::PgResult;
using store::ReviewResolution;
using store::StepResolution;

namespace {

using Call =
    std::function<OperatorResult<OperatorOutcome>(OperatorActions &, const OperatorRequest &)>;
struct Action {
    const char *name;
    Call call;
};

// Every operator action on one run, each resolution apart (they apply in different states).
const std::vector<Action> &allActions() {
    static const std::vector<Action> list = {
        {"clear_stale_lease", [](auto &a, const auto &r) { return a.clearStaleLease(r); }},
        {"request_continuation", [](auto &a, const auto &r) { return a.requestContinuation(r); }},
        {"route_to_review",
         [](auto &a, const auto &r) { return a.routeToReview(r, QStringLiteral("alice")); }},
        {"resolve_review:succeeded",
         [](auto &a, const auto &r) { return a.resolveReview(r, ReviewResolution::Succeeded); }},
        {"resolve_review:cancelled",
         [](auto &a, const auto &r) { return a.resolveReview(r, ReviewResolution::Cancelled); }},
        {"resolve_review:continue",
         [](auto &a, const auto &r) { return a.resolveReview(r, ReviewResolution::Continue); }},
        {"cancel", [](auto &a, const auto &r) { return a.cancel(r); }},
        {"assign_review",
         [](auto &a, const auto &r) { return a.assignReview(r, QStringLiteral("bob")); }},
        {"review_note",
         [](auto &a, const auto &r) {
             return a.reviewNote(r, QStringLiteral("provider says no"));
         }},
        {"resolve_step:done",
         [](auto &a, const auto &r) {
             return a.resolveStep(r, QStringLiteral("send"), StepResolution::Done,
                                  QStringLiteral("ref-1"));
         }},
        {"resolve_step:skipped",
         [](auto &a, const auto &r) {
             return a.resolveStep(r, QStringLiteral("send"), StepResolution::Skipped);
         }},
    };
    return list;
}

// Every status a run can be in, and manual_review with a continuation already queued.
const QStringList &allStates() {
    static const QStringList list = {QStringLiteral("processing"),
                                     QStringLiteral("processing_expired"),
                                     QStringLiteral("failed"),
                                     QStringLiteral("manual_review"),
                                     QStringLiteral("review_continuing"),
                                     QStringLiteral("succeeded"),
                                     QStringLiteral("cancelled")};
    return list;
}

struct Prepared {
    qint64 id = 0;
    qint64 token = 0;
    QString error;
};

QString failText(const PgResult &result, const QString &what) {
    return what + QStringLiteral(": ") + result.error().toString();
}

// A run in `state`, made through the protocol functions as the store's owner: steps draft
// (done), send (started without a downstream key: uncertain once the run fails), notify.
Prepared prepare(PgConnection &owner, const QString &state, const QString &key) {
    Prepared run;
    const bool review =
        state == QLatin1String("manual_review") || state == QLatin1String("review_continuing");
    PgParams claim;
    claim.add(key).add(qint64(review ? 1 : 5));
    const PgResult claimed = owner.exec(
        QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret::text AS lease_secret"
                       " FROM dedup.claim(p_scope => 'pairs', p_key => $1, p_workflow => 'pairs',"
                       " p_fingerprint => 'fp', p_worker => 'worker-1',"
                       " p_steps => '{draft,send,notify}'::text[], p_max_attempts => $2::int)"),
        claim);
    if (!claimed.ok() || claimed.text(0, "outcome") != QLatin1String("acquired")) {
        run.error = claimed.ok() ? QStringLiteral("claim: ") + claimed.text(0, "outcome")
                                 : failText(claimed, QStringLiteral("claim"));
        return run;
    }
    run.id = claimed.toInt64(0, "run_id");
    run.token = claimed.toInt64(0, "lease_token");
    PgParams lease;
    lease.add(run.id).add(run.token).add(claimed.text(0, "lease_secret"));
    if (state == QLatin1String("succeeded")) {
        const PgResult done =
            owner.exec(QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'draft', 'dk-1'),"
                                      " dedup.complete_step($1, $2, $3::uuid, 'draft', 'r-1'),"
                                      " dedup.begin_step($1, $2, $3::uuid, 'send', 'dk-2'),"
                                      " dedup.complete_step($1, $2, $3::uuid, 'send', 'r-2'),"
                                      " dedup.begin_step($1, $2, $3::uuid, 'notify', 'dk-3'),"
                                      " dedup.complete_step($1, $2, $3::uuid, 'notify', 'r-3'),"
                                      " dedup.succeed($1, $2, $3::uuid, '{}'::jsonb)"),
                       lease);
        if (!done.ok())
            run.error = failText(done, QStringLiteral("succeed"));
        return run;
    }
    const PgResult steps =
        owner.exec(QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'draft', 'dk-1'),"
                                  " dedup.complete_step($1, $2, $3::uuid, 'draft', 'r-1'),"
                                  " dedup.begin_step($1, $2, $3::uuid, 'send')"),
                   lease);
    if (!steps.ok()) {
        run.error = failText(steps, QStringLiteral("steps"));
        return run;
    }
    if (state == QLatin1String("processing"))
        return run;
    PgParams id;
    id.add(run.id);
    if (state == QLatin1String("processing_expired")) {
        // Age the lease instead of sleeping through it.
        const PgResult aged = owner.exec(
            QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - interval '1 minute'"
                           " WHERE id = $1"),
            id);
        if (!aged.ok())
            run.error = failText(aged, QStringLiteral("age lease"));
        return run;
    }
    const PgResult failed = owner.exec(
        QStringLiteral(
            "SELECT dedup.fail($1, $2, $3::uuid, 'timeout', 'provider timed out', true)"),
        lease);
    if (!failed.ok()) {
        run.error = failText(failed, QStringLiteral("fail"));
        return run;
    }
    QString then;
    if (state == QLatin1String("review_continuing"))
        then = QStringLiteral("op_request_continuation");
    else if (state == QLatin1String("cancelled"))
        then = QStringLiteral("op_cancel");
    if (!then.isEmpty()) {
        PgParams op;
        op.add(run.id).add(run.token).add(OperatorActions::newActionKey());
        const PgResult moved = owner.exec(
            QStringLiteral("SELECT outcome, lease_token FROM dedup.%1($1, $2, 'set-up', $3)")
                .arg(then),
            op);
        if (!moved.ok() || moved.text(0, "outcome") != QLatin1String("applied")) {
            run.error = moved.ok() ? then + QStringLiteral(": ") + moved.text(0, "outcome")
                                   : failText(moved, then);
            return run;
        }
        run.token = moved.toInt64(0, "lease_token");
    }
    return run;
}

using Answer = std::optional<OperatorResult<OperatorOutcome>>;

// Both calls blocked on the run's row (a third session holds it), then released together.
bool released(const ReliabilityTarget &target, PgConnection &owner, qint64 runId,
              OperatorActions &one, int onePid, const Call &first, const OperatorRequest &r1,
              OperatorActions &two, int twoPid, const Call &second, const OperatorRequest &r2,
              Answer &a, Answer &b, QString *why) {
    PgConnection blocker;
    if (!blocker.open(target.owner)) {
        *why = blocker.openError().toString();
        return false;
    }
    PgParams id;
    id.add(runId);
    if (!blocker.exec(QStringLiteral("BEGIN")).ok() ||
        !blocker.exec(QStringLiteral("SELECT 1 FROM dedup.runs WHERE id = $1 FOR UPDATE"), id)
             .ok()) {
        *why = QStringLiteral("could not hold the run's row");
        return false;
    }
    auto x = std::async(std::launch::async, [&] { return first(one, r1); });
    auto y = std::async(std::launch::async, [&] { return second(two, r2); });
    PgParams pids;
    pids.add(qint64(onePid)).add(qint64(twoPid));
    qint64 waiting = 0;
    QElapsedTimer clock;
    clock.start();
    while (waiting < 2 && clock.elapsed() < 20'000) {
        const PgResult w = owner.exec(QStringLiteral("SELECT count(*) FROM pg_stat_activity"
                                                     " WHERE pid IN ($1, $2)"
                                                     " AND wait_event_type = 'Lock'"),
                                      pids);
        waiting = w.ok() ? w.toInt64(0, 0) : -1;
        if (waiting < 2)
            QThread::msleep(2);
    }
    blocker.exec(QStringLiteral("COMMIT"));
    a = x.get();
    b = y.get();
    if (waiting < 2) {
        *why = QStringLiteral("the two calls were not both waiting for the run");
        return false;
    }
    return true;
}

struct ModeCounts {
    qint64 trials = 0;
    qint64 oneApplied = 0;
    qint64 noneApplicable = 0;
    qint64 bothApplied = 0;
};

} // namespace

LineReport OperatorPairs::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("6");
    report.title = QStringLiteral("two operators act on one run from the same screen");
    QElapsedTimer elapsed;
    elapsed.start();
    PgConnection owner;
    PgConnection consoleA;
    PgConnection consoleB;
    if (!owner.open(target.owner) || !consoleA.open(target.operatorRole) ||
        !consoleB.open(target.operatorRole)) {
        report.addProblem(QStringLiteral("cannot connect"));
        return report;
    }
    OperatorActions a(consoleA);
    OperatorActions b(consoleB);
    const auto &actions = allActions();
    const int n = int(actions.size());
    int serial = 0;
    const auto nextKey = [&serial] { return QStringLiteral("pair-%1").arg(++serial); };
    const auto requestFor = [](const Prepared &run) {
        return OperatorRequest{run.id, run.token, QStringLiteral("two operators, one screen"),
                               OperatorActions::newActionKey()};
    };

    // What applies alone, per state and action.
    std::vector<std::vector<bool>> solo(size_t(allStates().size()), std::vector<bool>(size_t(n)));
    qint64 soloApplicable = 0;
    for (int s = 0; s < allStates().size(); ++s) {
        for (int i = 0; i < n; ++i) {
            const Prepared run = prepare(owner, allStates().at(s), nextKey());
            if (!run.error.isEmpty()) {
                report.addProblem(allStates().at(s) + QStringLiteral(": ") + run.error);
                return report;
            }
            const auto answer = actions[size_t(i)].call(a, requestFor(run));
            if (!answer.ok()) {
                report.addProblem(QStringLiteral("%1 alone in %2: %3")
                                      .arg(QLatin1String(actions[size_t(i)].name),
                                           allStates().at(s), answer.error().toString()));
                continue;
            }
            solo[size_t(s)][size_t(i)] = answer.value().outcome == OperatorOutcomeKind::Applied;
            soloApplicable += solo[size_t(s)][size_t(i)] ? 1 : 0;
        }
    }

    struct Trial {
        int state;
        int first;
        int second;
        bool together;
    };
    std::vector<Trial> plan;
    for (int round = 0; round < options.trials; ++round)
        for (int s = 0; s < allStates().size(); ++s)
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    plan.push_back({s, i, j, false}); // ordered: who goes first matters
                    if (i <= j)
                        plan.push_back({s, i, j, true}); // released together: no order
                }
    std::mt19937 random(options.seed);
    std::shuffle(plan.begin(), plan.end(), random);

    ModeCounts sequential;
    ModeCounts together;
    qint64 namedTheChange = 0;
    for (const Trial &t : plan) {
        const QString state = allStates().at(t.state);
        const Action &one = actions[size_t(t.first)];
        const Action &two = actions[size_t(t.second)];
        const QString where = QStringLiteral("%1 then %2 on a %3 run (%4)")
                                  .arg(QLatin1String(one.name), QLatin1String(two.name), state,
                                       t.together ? QStringLiteral("released together")
                                                  : QStringLiteral("one after the other"));
        const Prepared run = prepare(owner, state, nextKey());
        if (!run.error.isEmpty()) {
            report.addProblem(where + QStringLiteral(": set-up: ") + run.error);
            continue;
        }
        const OperatorRequest r1 = requestFor(run);
        const OperatorRequest r2 = requestFor(run);
        Answer x;
        Answer y;
        if (t.together) {
            QString why;
            if (!released(target, owner, run.id, a, consoleA.backendPid(), one.call, r1, b,
                          consoleB.backendPid(), two.call, r2, x, y, &why)) {
                report.addProblem(where + QStringLiteral(": ") + why);
                continue;
            }
        } else {
            x = one.call(a, r1);
            y = two.call(b, r2);
        }
        ModeCounts &mode = t.together ? together : sequential;
        ++report.trials;
        ++report.faults;
        ++mode.trials;
        if (!x->ok() || !y->ok()) {
            report.addProblem(where + QStringLiteral(": ") +
                              (x->ok() ? y->error() : x->error()).toString());
            continue;
        }
        const OperatorOutcome &first = x->value();
        const OperatorOutcome &second = y->value();
        const bool firstApplied = first.outcome == OperatorOutcomeKind::Applied;
        const bool secondApplied = second.outcome == OperatorOutcomeKind::Applied;
        const bool applicable =
            solo[size_t(t.state)][size_t(t.first)] || solo[size_t(t.state)][size_t(t.second)];
        if (firstApplied && secondApplied) {
            ++mode.bothApplied;
            ++report.duplicated;
            report.addProblem(where + QStringLiteral(": both applied"));
            continue;
        }
        if (!firstApplied && !secondApplied) {
            if (applicable) {
                ++report.lost;
                report.addProblem(
                    where +
                    QStringLiteral(": neither applied (%1 / %2)").arg(first.detail, second.detail));
                continue;
            }
            ++mode.noneApplicable;
            ++report.survived;
            continue;
        }
        ++mode.oneApplied;
        const OperatorOutcome &winner = firstApplied ? first : second;
        const OperatorOutcome &loser = firstApplied ? second : first;
        const int loserAction = firstApplied ? t.second : t.first;
        if (loser.outcome != OperatorOutcomeKind::Changed) {
            report.addProblem(
                where +
                QStringLiteral(": the other answered %1").arg(store::toString(loser.outcome)));
            continue;
        }
        // An action that would have applied alone was refused because of the other: its
        // answer must say so (the winner's audit row names who and what).
        if (solo[size_t(t.state)][size_t(loserAction)]) {
            if (!loser.detail.contains(QStringLiteral("audit %1").arg(winner.auditId))) {
                report.addProblem(where + QStringLiteral(": the refusal does not name the change:"
                                                         " %1")
                                              .arg(loser.detail));
                continue;
            }
            ++namedTheChange;
        }
        ++report.survived;
    }

    report.setFigure(QStringLiteral("states"), allStates().size());
    report.setFigure(QStringLiteral("actions"), n);
    report.setFigure(QStringLiteral("applicable_alone"), soloApplicable);
    report.setFigure(QStringLiteral("sequential_trials"), sequential.trials);
    report.setFigure(QStringLiteral("sequential_one_applied"), sequential.oneApplied);
    report.setFigure(QStringLiteral("sequential_neither_applicable"), sequential.noneApplicable);
    report.setFigure(QStringLiteral("sequential_both_applied"), sequential.bothApplied);
    report.setFigure(QStringLiteral("released_trials"), together.trials);
    report.setFigure(QStringLiteral("released_one_applied"), together.oneApplied);
    report.setFigure(QStringLiteral("released_neither_applicable"), together.noneApplicable);
    report.setFigure(QStringLiteral("released_both_applied"), together.bothApplied);
    report.setFigure(QStringLiteral("refusals_naming_the_change"), namedTheChange);
    report.elapsedMs = elapsed.elapsed();
    return report;
}
