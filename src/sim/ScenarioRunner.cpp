#include "sim/ScenarioRunner.h"

#include "sim/Ledger.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimSchema.h"
#include "sim/Simulation.h"
#include "store/OperatorActions.h"
#include "store/PgConnection.h"
#include "store/WorkflowPauses.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QStringList>

#include <algorithm>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

namespace dedup::sim {

namespace {

using std::chrono::milliseconds;

QString formatCounts(const QMap<QString, int> &counts) {
    QStringList parts;
    for (auto it = counts.begin(); it != counts.end(); ++it) {
        if (it.value() != 0)
            parts << QStringLiteral("%1=%2").arg(it.key()).arg(it.value());
    }
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

QString compact(const QJsonValue &value) {
    if (value.isUndefined() || value.isNull())
        return QStringLiteral("(none)");
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return value.toVariant().toString();
}

// A delivery answered `paused` comes again at most this often; then its outcome stays paused.
constexpr int kMaxPausedAnswers = 50;

// Delivers `action`'s intent, and again after each `paused` answer once the hint (on the
// scenario's clock) has passed, as a queue does with a message its consumer handed back.
void deliverUntilAnswered(Strategy &worker, const Scenario &scenario, const ScenarioAction &action,
                          int index, ScenarioActionReport &done) {
    TrafficDelivery delivery;
    delivery.sequence = index + 1;
    delivery.intent = action.intent;
    delivery.crashAfterCall = action.crashAfterProviderCall ? 1 : 0;
    for (;;) {
        const DeliveryReport delivered =
            worker.deliver(scenario.intents.at(action.intent), delivery);
        done.outcome = delivered.outcome;
        done.runId = delivered.runId > 0 ? delivered.runId : done.runId;
        done.providerCalls += delivered.providerCalls;
        done.result = delivered.result;
        done.message = delivered.message;
        if (delivered.outcome != QLatin1String("paused") || done.pausedAnswers >= kMaxPausedAnswers)
            return;
        ++done.pausedAnswers;
        const auto hintSeconds =
            std::chrono::duration_cast<std::chrono::seconds>(delivered.retryAfter);
        std::this_thread::sleep_for(scenario.hintSecond * std::max<qint64>(1, hintSeconds.count()));
        delivery.redelivery = true;
        delivery.crashAfterCall = 0;
    }
}

// The operator pauses or resumes the workflow of `action`'s intent, for the scenario's scopes.
void pauseOrResume(store::PgConnection &conn, const Scenario &scenario,
                   const ScenarioAction &action, const QString &scopePrefix,
                   ScenarioActionReport &done) {
    store::WorkflowPauses pauses(conn);
    const QString workflow = scenario.intents.at(action.intent).workflow;
    const QString key = store::OperatorActions::newActionKey();
    store::PgError error;
    const auto answer = action.kind == ScenarioAction::Kind::PauseWorkflow
                            ? pauses.pause(workflow, scopePrefix, action.stopSteps,
                                           action.retryAfterSeconds, action.what, key, &error)
                            : pauses.resume(workflow, scopePrefix, action.what, key, &error);
    if (!answer) {
        done.outcome = QStringLiteral("error");
        done.message = error.toString();
        return;
    }
    done.outcome = answer->outcome;
    done.message = ScenarioRunner::tr("%1 (scopes %2*), retry after %3 s, audit %4")
                       .arg(answer->pause.workflow, answer->pause.scopePrefix)
                       .arg(answer->pause.retryAfterSeconds)
                       .arg(answer->auditId);
}

} // namespace

struct ScenarioRunner::Run {
    const Scenario &scenario;
    ScenarioReport report;
    // The operator's pause on the scenario's clock: from its commit to the resume's call
    // (-1: no pause, or no resume); and when each provider call started.
    qint64 pausedFromMs = -1;
    qint64 resumedAtMs = -1;
    std::mutex callsMutex;
    std::vector<qint64> callStartsMs;

    // The intent an action is about.
    int intentOf(int action) const {
        const ScenarioAction &a = scenario.actions.at(action);
        if (a.kind == ScenarioAction::Kind::RequestContinuation && a.target >= 0)
            return scenario.actions.at(a.target).intent;
        return a.intent;
    }
    qint64 runOf(int intent) const {
        for (const ScenarioActionReport &action : report.actions) {
            if (action.runId > 0 && intentOf(action.index) == intent)
                return action.runId;
        }
        return 0;
    }
    void add(QString what, QString expected, QString actual) {
        const bool passed = expected == actual;
        report.checks.append({std::move(what), std::move(expected), std::move(actual), passed});
    }
};

ScenarioRunner::ScenarioRunner(QString conninfo, QString tag)
    : m_conninfo(std::move(conninfo))
    , m_tag(std::move(tag)) {}

QString ScenarioRunner::labelFor(const QString &tag, const QString &scenario) {
    return tag.isEmpty() ? scenario : tag + QLatin1Char('/') + scenario;
}

ScenarioReport ScenarioRunner::run(const Scenario &scenario) {
    Run run{scenario, {}, -1, -1, {}, {}};
    ScenarioReport &report = run.report;
    report.scenario = scenario.name;
    report.title = scenario.title;
    report.label = labelFor(m_tag, scenario.name);

    store::PgConnection admin;
    if (!admin.open(m_conninfo, QStringLiteral("dedup-scenario"))) {
        report.error = admin.openError().toString();
        return report;
    }
    if (!SimSchema::isInstalled(admin, &report.error))
        return report;

    auto faults = std::make_shared<FaultPlan>(1);
    for (const ScenarioFault &fault : scenario.faults)
        faults->script(fault.provider, fault.operation, scenario.intents.at(fault.intent).id,
                       fault.faults);
    QList<ProviderConfig> configs = ScenarioWorkflows::providerConfigs();
    for (ProviderConfig &config : configs) {
        const milliseconds latency = scenario.latency.value(config.name, milliseconds(0));
        config.minLatency = latency;
        config.maxLatency = latency;
    }
    core::RetryPolicy policy;
    policy.setBaseDelay(milliseconds(10));
    policy.setMaxDelay(milliseconds(50));

    // Every worker and operator connection is opened before the clock starts.
    QElapsedTimer clock;
    const auto onProviderCall = [&run, &clock](const QString &, const QString &) {
        std::lock_guard lock(run.callsMutex);
        run.callStartsMs.push_back(clock.elapsed());
    };
    const qsizetype count = scenario.actions.size();
    const auto actionCount = static_cast<size_t>(count);
    std::vector<std::unique_ptr<Strategy>> workers(actionCount);
    std::vector<std::unique_ptr<store::PgConnection>> operators(actionCount);
    for (qsizetype i = 0; i < count; ++i) {
        const ScenarioAction &action = scenario.actions.at(i);
        if (action.kind == ScenarioAction::Kind::RequestContinuation ||
            action.kind == ScenarioAction::Kind::PauseWorkflow ||
            action.kind == ScenarioAction::Kind::ResumeWorkflow) {
            auto conn = std::make_unique<store::PgConnection>();
            if (!conn->open(m_conninfo, QStringLiteral("dedup-scenario-operator"))) {
                report.error = conn->openError().toString();
                return report;
            }
            operators[size_t(i)] = std::move(conn);
            continue;
        }
        StrategyConfig config;
        config.conninfo = m_conninfo;
        config.label = report.label;
        config.scopePrefix = Simulation::scopePrefixFor(report.label);
        config.workerId = QStringLiteral("scenario-%1-%2").arg(report.label).arg(i + 1);
        config.lease = scenario.lease;
        config.policy = policy;
        config.retryInProcess = action.retryInProcess;
        config.seed = quint32(i + 1);
        config.providers = configs;
        config.faults = faults;
        config.onProviderCall = onProviderCall;
        auto worker = Strategy::create(StrategyKind::Full, config);
        if (!worker->open(&report.error))
            return report;
        workers[size_t(i)] = std::move(worker);
    }

    std::mutex mutex;
    std::condition_variable changed;
    std::vector<bool> finished(actionCount, false);
    std::vector<ScenarioActionReport> reports(actionCount);
    clock.start();
    std::vector<std::thread> threads;
    for (qsizetype i = 0; i < count; ++i) {
        threads.emplace_back([&, i] {
            const ScenarioAction &action = scenario.actions.at(i);
            qint64 targetRun = 0;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] {
                    for (int before : action.after) {
                        if (!finished[size_t(before)])
                            return false;
                    }
                    return true;
                });
                if (action.target >= 0)
                    targetRun = reports[size_t(action.target)].runId;
            }
            std::this_thread::sleep_for(action.delay);
            ScenarioActionReport done;
            done.index = int(i);
            done.what = action.what;
            done.startedMs = clock.elapsed();
            switch (action.kind) {
            case ScenarioAction::Kind::Deliver:
                deliverUntilAnswered(*workers[size_t(i)], scenario, action, int(i), done);
                break;
            case ScenarioAction::Kind::PauseWorkflow:
            case ScenarioAction::Kind::ResumeWorkflow: {
                const bool pausing = action.kind == ScenarioAction::Kind::PauseWorkflow;
                const qint64 before = clock.elapsed();
                pauseOrResume(*operators[size_t(i)], scenario, action,
                              Simulation::scopePrefixFor(report.label), done);
                std::lock_guard lock(mutex);
                // The window no call may start in: from the pause's commit to the resume.
                if (pausing)
                    run.pausedFromMs = clock.elapsed();
                else
                    run.resumedAtMs = before;
                break;
            }
            case ScenarioAction::Kind::ProcessCommand: {
                const std::optional<DeliveryReport> delivered =
                    workers[size_t(i)]->processNextCommand();
                if (!delivered) {
                    done.outcome = QStringLiteral("no_command");
                    break;
                }
                done.outcome = delivered->outcome;
                done.runId = delivered->runId;
                done.providerCalls = delivered->providerCalls;
                done.result = delivered->result;
                done.message = delivered->message;
                break;
            }
            case ScenarioAction::Kind::RequestContinuation: {
                store::PgConnection &conn = *operators[size_t(i)];
                store::PgParams params;
                params.add(targetRun);
                const store::PgResult token = conn.exec(
                    QStringLiteral("SELECT lease_token FROM dedup.runs WHERE id = $1"), params);
                if (!token.ok() || token.rows() != 1) {
                    done.outcome = QStringLiteral("error");
                    done.message = token.ok() ? tr("run %1 not found").arg(targetRun)
                                              : token.error().toString();
                    break;
                }
                store::OperatorActions actions(conn);
                const auto applied =
                    actions.requestContinuation({targetRun, token.toInt64(0, 0), action.what,
                                                 store::OperatorActions::newActionKey()});
                done.runId = targetRun;
                if (!applied.ok()) {
                    done.outcome = QStringLiteral("error");
                    done.message = applied.error().toString();
                } else {
                    done.outcome = store::toString(applied.value().outcome);
                    done.message = applied.value().detail;
                }
                break;
            }
            }
            done.elapsedMs = clock.elapsed() - done.startedMs;
            std::lock_guard lock(mutex);
            reports[size_t(i)] = done;
            finished[size_t(i)] = true;
            changed.notify_all();
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    report.actions = QList<ScenarioActionReport>(reports.begin(), reports.end());
    check(run, admin);
    return report;
}

void ScenarioRunner::check(Run &run, store::PgConnection &admin) {
    const Scenario &scenario = run.scenario;
    const ScenarioExpectation &expected = scenario.expectation;
    const QList<ScenarioActionReport> &actions = run.report.actions;

    // Each action's own outcome, where it is determined.
    for (const ScenarioActionReport &action : actions) {
        const QString &expect = scenario.actions.at(action.index).expect;
        if (!expect.isEmpty())
            run.add(tr("action %1 (%2)").arg(action.index + 1).arg(action.what), expect,
                    action.outcome);
    }
    QMap<QString, int> outcomes;
    for (const ScenarioActionReport &action : actions)
        ++outcomes[action.outcome];
    run.add(tr("outcomes of all actions"), formatCounts(expected.outcomes), formatCounts(outcomes));

    // Side effects, counted in the ledger.
    Ledger ledger(admin);
    LedgerFilter filter;
    filter.label = run.report.label;
    const auto counts = ledger.counts(filter);
    if (!counts.ok()) {
        run.report.error = counts.errorMessage();
        return;
    }
    QMap<QString, int> effects;
    qint64 callerDuplicates = 0;
    for (const EffectCount &count : counts.value()) {
        effects[count.operation] += int(count.sideEffects);
        callerDuplicates += count.duplicates - count.providerDuplicates;
    }
    run.add(tr("side effects in the ledger"), formatCounts(expected.sideEffects),
            formatCounts(effects));
    run.add(tr("duplicate side effects"), QStringLiteral("0"), QString::number(callerDuplicates));

    // The store's view.
    QStringList runIds;
    for (int intent = 0; intent < expected.runStatuses.size(); ++intent) {
        const qint64 runId = run.runOf(intent);
        QString status = tr("(no run)");
        if (runId > 0) {
            runIds << QString::number(runId);
            store::PgParams params;
            params.add(runId);
            const store::PgResult row =
                admin.exec(QStringLiteral("SELECT status FROM dedup.runs WHERE id = $1"), params);
            status = row.ok() && row.rows() == 1 ? row.text(0, 0) : row.error().toString();
        }
        run.add(tr("run status of %1").arg(scenario.intents.at(intent).id),
                expected.runStatuses.at(intent), status);
    }
    for (const ScenarioStepExpectation &step : expected.steps) {
        store::PgParams params;
        params.add(run.runOf(step.intent)).add(step.step);
        const store::PgResult row = admin.exec(
            QStringLiteral(
                "SELECT status, attempts FROM dedup.steps WHERE run_id = $1 AND name = $2"),
            params);
        const QString actual =
            !row.ok() ? row.error().toString()
            : row.rows() != 1
                ? tr("(no step)")
                : QStringLiteral("%1, %2 attempt(s)").arg(row.text(0, 0)).arg(row.toInt64(0, 1));
        run.add(tr("step %1 of %2").arg(step.step, scenario.intents.at(step.intent).id),
                QStringLiteral("%1, %2 attempt(s)").arg(step.status).arg(step.attempts), actual);
    }
    if (!expected.events.isEmpty()) {
        store::PgParams params;
        params.add(QStringLiteral("{%1}").arg(runIds.join(QLatin1Char(','))));
        const store::PgResult rows = admin.exec(
            QStringLiteral(
                "SELECT DISTINCT kind FROM dedup.events WHERE run_id = ANY($1::bigint[])"),
            params);
        QStringList kinds;
        for (int r = 0; rows.ok() && r < rows.rows(); ++r)
            kinds << rows.text(r, 0);
        for (const QString &kind : expected.events)
            run.add(tr("event %1 recorded").arg(kind), tr("yes"),
                    kinds.contains(kind) ? tr("yes") : tr("no"));
    }

    if (expected.duplicatesSuppressed >= 0) {
        store::PgParams params;
        params.add(QStringLiteral("{%1}").arg(runIds.join(QLatin1Char(','))));
        const store::PgResult row = admin.exec(
            QStringLiteral("SELECT (SELECT count(*) FROM dedup.events"
                           "         WHERE run_id = ANY($1::bigint[])"
                           "           AND kind = 'duplicate_suppressed')"
                           "     + (SELECT COALESCE(sum(replays + in_progress + in_review), 0)"
                           "          FROM dedup.duplicate_deliveries"
                           "         WHERE run_id = ANY($1::bigint[]))"),
            params);
        run.add(tr("duplicate deliveries suppressed"),
                QString::number(expected.duplicatesSuppressed),
                row.ok() ? row.text(0, 0) : row.error().toString());
    }

    // What the senders were told.
    for (const ScenarioActionReport &action : actions) {
        if (action.outcome != QLatin1String("replayed"))
            continue;
        const int intent = run.intentOf(action.index);
        for (const ScenarioActionReport &first : actions) {
            if (first.outcome == QLatin1String("succeeded") && run.intentOf(first.index) == intent)
                run.add(tr("action %1 returns the result of action %2")
                            .arg(action.index + 1)
                            .arg(first.index + 1),
                        compact(first.result), compact(action.result));
        }
    }
    for (const ScenarioActionReport &action : actions) {
        if (action.outcome == QLatin1String("replayed") ||
            action.outcome == QLatin1String("in_progress"))
            run.add(
                tr("action %1 (%2) calls no provider").arg(action.index + 1).arg(action.outcome),
                QStringLiteral("0"), QString::number(action.providerCalls));
    }
    checkPause(run, admin);
    for (int index : expected.slowerThanCallerTimeout) {
        const qint64 elapsed = actions.at(index).elapsedMs;
        run.add(tr("action %1 outlasts the sender's %2 ms timeout")
                    .arg(index + 1)
                    .arg(scenario.callerTimeout.count()),
                tr("yes"),
                elapsed > scenario.callerTimeout.count() ? tr("yes")
                                                         : tr("no (%1 ms)").arg(elapsed));
    }
    for (const auto &[a, b] : expected.differentResults) {
        const QString left = compact(actions.at(a).result);
        const QString right = compact(actions.at(b).result);
        const bool different = !actions.at(a).result.isUndefined() &&
                               !actions.at(b).result.isUndefined() && left != right;
        run.add(tr("actions %1 and %2 return different results").arg(a + 1).arg(b + 1), tr("yes"),
                different ? tr("yes") : tr("no: %1 / %2").arg(left, right));
    }
}

void ScenarioRunner::checkPause(Run &run, store::PgConnection &admin) {
    const Scenario &scenario = run.scenario;
    const ScenarioExpectation &expected = scenario.expectation;
    const QList<ScenarioActionReport> &actions = run.report.actions;
    if (run.pausedFromMs >= 0) {
        const qint64 until =
            run.resumedAtMs >= 0 ? run.resumedAtMs : std::numeric_limits<qint64>::max();
        std::lock_guard lock(run.callsMutex);
        const auto during =
            std::count_if(run.callStartsMs.begin(), run.callStartsMs.end(),
                          [&](qint64 at) { return at >= run.pausedFromMs && at < until; });
        run.add(tr("provider calls while the workflow was paused"), QStringLiteral("0"),
                QString::number(during));
    }
    for (int index : expected.pausedActions) {
        run.add(tr("action %1 answered paused and delivered again").arg(index + 1), tr("yes"),
                actions.at(index).pausedAnswers > 0 ? tr("yes") : tr("no"));
    }
    for (int intent = 0; intent < expected.runAttempts.size(); ++intent) {
        store::PgParams params;
        params.add(run.runOf(intent));
        const store::PgResult row =
            admin.exec(QStringLiteral("SELECT attempt FROM dedup.runs WHERE id = $1"), params);
        run.add(tr("attempts of the run of %1").arg(scenario.intents.at(intent).id),
                QString::number(expected.runAttempts.at(intent)),
                !row.ok()         ? row.error().toString()
                : row.rows() != 1 ? tr("(no run)")
                                  : row.text(0, 0));
    }
    for (int intent : expected.stoppedByPause) {
        store::PgParams params;
        params.add(run.runOf(intent));
        const store::PgResult row =
            admin.exec(QStringLiteral("SELECT count(*) FILTER (WHERE kind = 'failed'"
                                      " AND detail->>'class' = 'paused'),"
                                      " count(*) FILTER (WHERE kind = 'claimed'"
                                      " AND detail->>'after_pause' = 'true')"
                                      " FROM dedup.events WHERE run_id = $1"),
                       params);
        const bool ok = row.ok() && row.rows() == 1;
        const QString id = scenario.intents.at(intent).id;
        run.add(tr("run of %1 stopped before a step by the pause").arg(id), tr("yes"),
                !ok                     ? row.error().toString()
                : row.toInt64(0, 0) > 0 ? tr("yes")
                                        : tr("no"));
        run.add(tr("run of %1 acquired again after the resume").arg(id), tr("yes"),
                !ok                     ? row.error().toString()
                : row.toInt64(0, 1) > 0 ? tr("yes")
                                        : tr("no"));
    }
}

} // namespace dedup::sim
