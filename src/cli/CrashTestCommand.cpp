#include "CrashTestCommand.h"

#include "ExitCode.h"
#include "sim/CrashQueue.h"
#include "sim/Ledger.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimSchema.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QThread>

#include <algorithm>
#include <climits>
#include <csignal>
#include <memory>
#include <optional>
#include <vector>

namespace dedup::cli {

namespace {

constexpr int MaxCount = 1'000'000;
// Between two kills: long enough for a restarted worker to connect and take work, short
// enough that most kills land inside a delivery.
constexpr int MinGapMs = 30;
constexpr int MaxGapMs = 220;

std::optional<int> number(const QCommandLineParser &parser, const QString &name, int fallback,
                          int min, int max) {
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const int value = parser.value(name).trimmed().toInt(&ok);
    if (!ok || value < min || value > max)
        return std::nullopt;
    return value;
}

// What the test saw, and what the ledger and dedup.runs say afterwards.
struct Figures {
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

} // namespace

QString CrashTestCommand::summary() const {
    return tr("Kill worker processes with SIGKILL at random moments and check that no intent "
              "was lost or duplicated.");
}

void CrashTestCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    const auto add = [&parser](const QString &name, const QString &help, const QString &value) {
        parser.addOption(QCommandLineOption(name, help, value));
    };
    add(QStringLiteral("intents"),
        tr("Intents to enqueue (default 200); more are added while "
           "kills remain and the queue ran dry."),
        tr("n"));
    add(QStringLiteral("duplicates"),
        tr("Each intent is delivered 1 to this many times (default 3)."), tr("k"));
    add(QStringLiteral("workers"), tr("Worker processes (default 3)."), tr("w"));
    add(QStringLiteral("kills"), tr("SIGKILLs to deliver (default 50)."), tr("k"));
    add(QStringLiteral("seed"), tr("Seed of the traffic and the kills (default 1)."), tr("s"));
    add(QStringLiteral("lease-ms"), tr("The workers' run lease (default 500)."), tr("ms"));
    add(QStringLiteral("response-delay-ms"),
        tr("Wait between a provider call's return and its recording (default 20)."), tr("ms"));
    add(QStringLiteral("drain-timeout"),
        tr("Seconds to wait for the queue to drain after the last kill (default 120)."), tr("s"));
    parser.addOption(QCommandLineOption(QStringLiteral("verbose"),
                                        tr("Show the worker processes' error output.")));
}

int CrashTestCommand::run(const QCommandLineParser &parser) {
    auto usage = [](const QString &message) {
        err() << tr("dedupctl crash-test: %1").arg(message) << Qt::endl;
        return Usage;
    };
    const auto intents = number(parser, QStringLiteral("intents"), 200, 1, MaxCount);
    const auto duplicates = number(parser, QStringLiteral("duplicates"), 3, 1, 64);
    const auto workers = number(parser, QStringLiteral("workers"), 3, 1, 64);
    const auto kills = number(parser, QStringLiteral("kills"), 50, 0, MaxCount);
    const auto seed = number(parser, QStringLiteral("seed"), 1, 0, INT_MAX);
    const auto lease = number(parser, QStringLiteral("lease-ms"), 500, 10, 600'000);
    const auto delay = number(parser, QStringLiteral("response-delay-ms"), 20, 0, 60'000);
    const auto drainTimeout = number(parser, QStringLiteral("drain-timeout"), 120, 1, 86'400);
    if (!intents || !duplicates || !workers || !kills || !seed || !lease || !delay || !drainTimeout)
        return usage(tr("invalid number in the options (see --help)"));
    const bool asJson = json(parser);
    auto failDb = [](const QString &error) {
        err() << tr("dedupctl crash-test: %1").arg(shown(error)) << Qt::endl;
        return DatabaseError;
    };

    // --- the database -----------------------------------------------------------------
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    QString error;
    store::Migrator migrator(*conn);
    const int version = migrator.currentVersion(&error);
    if (version < 0)
        return failDb(error);
    if (version != store::Migrator::latestVersion())
        return failDb(tr("the dedup schema is at version %1, this dedupctl needs %2")
                          .arg(version)
                          .arg(store::Migrator::latestVersion()));
    (void)conn->exec(QStringLiteral("SET client_min_messages = warning"));
    sim::CrashQueue queue(*conn);
    if (!sim::SimSchema::install(*conn, &error) || !queue.install(&error))
        return failDb(error);

    const QString label =
        QStringLiteral("crash-%1-s%2")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")))
            .arg(*seed);
    const QString scopePrefix = QStringLiteral("crash/%1/").arg(label);
    QRandomGenerator random{quint32(*seed)};
    Figures figures;
    QElapsedTimer clock;
    clock.start();

    // Enqueues `count` new intents, their copies shuffled so that duplicates race.
    int nextIntent = 0;
    auto enqueueBatch = [&](int count) {
        QList<sim::TrafficIntent> batch;
        const QStringList names = sim::ScenarioWorkflows::names();
        for (int i = 0; i < count; ++i, ++nextIntent) {
            const QString workflow = names.at(nextIntent % names.size());
            sim::TrafficIntent intent =
                sim::ScenarioWorkflows::intent(workflow, nextIntent / int(names.size()));
            intent.intent.scope = scopePrefix + intent.intent.scope;
            const int copies = 1 + int(random.bounded(quint32(*duplicates)));
            for (int c = 0; c < copies; ++c)
                batch.append(intent);
        }
        std::shuffle(batch.begin(), batch.end(), random);
        for (const sim::TrafficIntent &intent : std::as_const(batch)) {
            if (!queue.enqueue(label, intent, &error))
                return false;
        }
        figures.intents += count;
        figures.deliveries += batch.size();
        return true;
    };
    if (!enqueueBatch(*intents))
        return failDb(error);

    // --- the workers ------------------------------------------------------------------
    std::vector<std::unique_ptr<QProcess>> processes(static_cast<size_t>(*workers));
    std::vector<QString> ids(static_cast<size_t>(*workers));
    int spawned = 0;
    auto spawn = [&](size_t slot) {
        ids[slot] = QStringLiteral("%1/w%2-g%3").arg(label).arg(slot).arg(++spawned);
        auto process = std::make_unique<QProcess>();
        process->setStandardOutputFile(QProcess::nullDevice());
        if (parser.isSet(QStringLiteral("verbose")))
            process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        else
            process->setStandardErrorFile(QProcess::nullDevice());
        QStringList args{QStringLiteral("work"),
                         QStringLiteral("--label"),
                         label,
                         QStringLiteral("--worker-id"),
                         ids[slot],
                         QStringLiteral("--lease-ms"),
                         QString::number(*lease),
                         QStringLiteral("--visibility-ms"),
                         QString::number(std::max(4 * *lease, 1000)),
                         QStringLiteral("--response-delay-ms"),
                         QString::number(*delay),
                         QStringLiteral("--seed"),
                         QString::number(*seed * 1000 + spawned)};
        if (parser.isSet(QStringLiteral("db")))
            args << QStringLiteral("--db") << parser.value(QStringLiteral("db"));
        process->start(QCoreApplication::applicationFilePath(), args);
        process->waitForStarted(10'000);
        processes[slot] = std::move(process);
    };
    // Restarts workers that exited by themselves (a bug or a database error: counted).
    auto reviveExited = [&] {
        QCoreApplication::processEvents();
        for (size_t slot = 0; slot < processes.size(); ++slot) {
            if (processes[slot]->state() != QProcess::NotRunning)
                continue;
            ++figures.workerFailures;
            spawn(slot);
        }
    };
    for (size_t slot = 0; slot < processes.size(); ++slot)
        spawn(slot);

    // --- the kills --------------------------------------------------------------------
    while (figures.kills < *kills) {
        QThread::msleep(ulong(MinGapMs + int(random.bounded(quint32(MaxGapMs - MinGapMs)))));
        reviveExited();
        const size_t slot = size_t(random.bounded(quint32(processes.size())));
        QProcess &victim = *processes[slot];
        // A freshly restarted process spends its first milliseconds connecting; give it a
        // moment to take a delivery, so that most kills interrupt work, not start-up.
        for (int wait = 0; wait < 10 && queue.heldBy(ids[slot], &error) == 0; ++wait)
            QThread::msleep(10);
        ::kill(pid_t(victim.processId()), SIGKILL);
        victim.waitForFinished(10'000);
        ++figures.kills;
        // Nobody can take over within a lease, so this is what the dead process left.
        const qint64 held = queue.heldBy(ids[slot], &error);
        if (held < 0)
            return failDb(error);
        figures.killsMidDelivery += held > 0 ? 1 : 0;
        store::PgParams owner;
        owner.add(ids[slot]);
        owner.add(label);
        // A step in progress whose provider already recorded a side effect for the intent
        // since the step began: the kill fell between the provider's commit and complete_step.
        const auto midStep = conn->exec(
            QStringLiteral("SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM "
                           "sim.ledger l WHERE l.label = $2 AND l.intent = r.context->>'intent' "
                           "AND l.at >= s.started_at)) FROM dedup.steps s JOIN dedup.runs r ON "
                           "r.id = s.run_id WHERE r.lease_owner = $1 AND r.status = "
                           "'processing' AND s.status = 'in_progress'"),
            owner);
        if (!midStep.ok())
            return failDb(midStep.error().toString());
        figures.killsMidStep += midStep.toInt64(0, 0) > 0 ? 1 : 0;
        figures.killsAfterCommit += midStep.toInt64(0, 1) > 0 ? 1 : 0;
        spawn(slot);
        const qint64 left = queue.pending(label, &error);
        if (left < 0)
            return failDb(error);
        if (left == 0 && figures.kills < *kills && !enqueueBatch(*intents))
            return failDb(error);
    }

    // --- the drain --------------------------------------------------------------------
    QDeadlineTimer deadline{std::chrono::seconds(*drainTimeout)};
    while (!deadline.hasExpired()) {
        const qint64 left = queue.pending(label, &error);
        if (left < 0)
            return failDb(error);
        if (left == 0) {
            figures.drained = true;
            break;
        }
        reviveExited();
        QThread::msleep(100);
    }
    for (auto &process : processes) {
        process->terminate();
        if (!process->waitForFinished(5'000)) {
            process->kill();
            process->waitForFinished(5'000);
        }
    }
    figures.elapsedMs = clock.elapsed();

    // --- the count --------------------------------------------------------------------
    sim::Ledger ledger(*conn);
    sim::LedgerFilter filter;
    filter.label = label;
    const auto counts = ledger.counts(filter);
    if (!counts.ok())
        return failDb(counts.errorMessage());
    const QList<sim::ProviderConfig> configs = sim::ScenarioWorkflows::providerConfigs();
    for (const sim::EffectCount &count : counts.value()) {
        const auto config = std::find_if(configs.begin(), configs.end(),
                                         [&](const auto &c) { return c.name == count.provider; });
        const bool dedup = config != configs.end() && config->honoursDownstreamKeys;
        figures.sideEffects += count.sideEffects;
        (dedup ? figures.dedupDuplicates : figures.nonDedupDuplicates) +=
            count.duplicates - count.providerDuplicates;
    }
    store::PgParams prefix;
    prefix.add(scopePrefix);
    const auto runs = conn->exec(
        QStringLiteral(
            "SELECT count(*),"
            " count(*) FILTER (WHERE status = 'succeeded'),"
            " count(*) FILTER (WHERE status = 'manual_review'),"
            " count(*) FILTER (WHERE status = 'manual_review' AND EXISTS (SELECT 1 FROM "
            "  dedup.steps s WHERE s.run_id = r.id AND s.status IN ('in_progress', 'uncertain'))),"
            " count(*) FILTER (WHERE status = 'failed' AND "
            "  NOT COALESCE((last_error->>'retryable')::boolean, true)),"
            " count(*) FILTER (WHERE status = 'processing' OR (status = 'failed' AND "
            "  COALESCE((last_error->>'retryable')::boolean, true)))"
            " FROM dedup.runs r WHERE starts_with(scope, $1)"),
        prefix);
    if (!runs.ok())
        return failDb(runs.error().toString());
    figures.runs = runs.toInt64(0, 0);
    figures.succeeded = runs.toInt64(0, 1);
    figures.manualReview = runs.toInt64(0, 2);
    figures.manualReviewUncertain = runs.toInt64(0, 3);
    figures.failedFinal = runs.toInt64(0, 4);
    // An intent without a run, or with a run nobody will finish.
    figures.lost = (figures.intents - figures.runs) + runs.toInt64(0, 5);

    QJsonObject report = figures.toJson();
    report.insert(QStringLiteral("label"), label);
    report.insert(QStringLiteral("seed"), *seed);
    report.insert(QStringLiteral("workers"), *workers);
    report.insert(QStringLiteral("lease_ms"), *lease);
    report.insert(QStringLiteral("response_delay_ms"), *delay);
    if (asJson) {
        out() << QJsonDocument(report).toJson(QJsonDocument::Compact) << Qt::endl;
    } else {
        out() << tr("crash test %1: %2 intents, %3 deliveries, %4 workers, %5 SIGKILLs (%6 during "
                    "a delivery, %7 during a step, %8 of them after the provider committed) in "
                    "%9 s")
                     .arg(label)
                     .arg(figures.intents)
                     .arg(figures.deliveries)
                     .arg(*workers)
                     .arg(figures.kills)
                     .arg(figures.killsMidDelivery)
                     .arg(figures.killsMidStep)
                     .arg(figures.killsAfterCommit)
                     .arg(double(figures.elapsedMs) / 1000.0, 0, 'f', 1)
              << '\n'
              << tr("side effects %1; duplicates: deduplicating steps %2, other steps %3")
                     .arg(figures.sideEffects)
                     .arg(figures.dedupDuplicates)
                     .arg(figures.nonDedupDuplicates)
              << '\n'
              << tr("runs: %1 succeeded, %2 manual review (%3 with an uncertain step), %4 failed, "
                    "%5 lost; worker processes that died by themselves: %6")
                     .arg(figures.succeeded)
                     .arg(figures.manualReview)
                     .arg(figures.manualReviewUncertain)
                     .arg(figures.failedFinal)
                     .arg(figures.lost)
                     .arg(figures.workerFailures)
              << Qt::endl;
    }
    if (!figures.drained)
        err() << tr("dedupctl crash-test: the queue did not drain within %1 s").arg(*drainTimeout)
              << Qt::endl;
    return figures.held() ? Success : Failure;
}

} // namespace dedup::cli
