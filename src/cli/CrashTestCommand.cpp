#include "CrashTestCommand.h"

#include "CrashTestFigures.h"
#include "ExitCode.h"
#include "sim/CrashQueue.h"
#include "sim/Ledger.h"
#include "sim/ScenarioWorkflows.h"
#include "sim/SimSchema.h"
#include "store/CrashTestQueries.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "store/SessionSettings.h"

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

// The parsed options (see addOptions() for their ranges and defaults).
struct CrashTestCommand::Options {
    int intents = 0, duplicates = 0, workers = 0, kills = 0, seed = 0, lease = 0, delay = 0,
        drainTimeout = 0;
    bool verbose = false;
    std::optional<QString> db;
};

// One test's state, shared by its phases.
struct CrashTestCommand::Session {
    Session(const Options &o, store::PgConnection &c)
        : options(o)
        , conn(c)
        , queue(c)
        , random(quint32(o.seed)) {}

    const Options &options;
    store::PgConnection &conn;
    sim::CrashQueue queue;
    QString label;
    QString scopePrefix;
    QRandomGenerator random;
    CrashTestFigures figures;
    int nextIntent = 0;
    std::vector<std::unique_ptr<QProcess>> processes;
    std::vector<QString> ids;
    int spawned = 0;
    QString error; // why the last phase failed
};

std::optional<CrashTestCommand::Options>
CrashTestCommand::parseOptions(const QCommandLineParser &parser) {
    const auto intents = intOption(parser, QStringLiteral("intents"), 200, 1, MaxCount);
    const auto duplicates = intOption(parser, QStringLiteral("duplicates"), 3, 1, 64);
    const auto workers = intOption(parser, QStringLiteral("workers"), 3, 1, 64);
    const auto kills = intOption(parser, QStringLiteral("kills"), 50, 0, MaxCount);
    const auto seed = intOption(parser, QStringLiteral("seed"), 1, 0, INT_MAX);
    const auto lease = intOption(parser, QStringLiteral("lease-ms"), 500, 10, 600'000);
    const auto delay = intOption(parser, QStringLiteral("response-delay-ms"), 20, 0, 60'000);
    const auto drainTimeout = intOption(parser, QStringLiteral("drain-timeout"), 120, 1, 86'400);
    if (!intents || !duplicates || !workers || !kills || !seed || !lease || !delay ||
        !drainTimeout) {
        err() << tr("dedupctl crash-test: %1").arg(tr("invalid number in the options (see --help)"))
              << Qt::endl;
        return std::nullopt;
    }
    Options options;
    options.intents = *intents;
    options.duplicates = *duplicates;
    options.workers = *workers;
    options.kills = *kills;
    options.seed = *seed;
    options.lease = *lease;
    options.delay = *delay;
    options.drainTimeout = *drainTimeout;
    options.verbose = parser.isSet(QStringLiteral("verbose"));
    if (parser.isSet(QStringLiteral("db")))
        options.db = parser.value(QStringLiteral("db"));
    return options;
}

int CrashTestCommand::failDb(const QString &error) {
    err() << tr("dedupctl crash-test: %1").arg(shown(error)) << Qt::endl;
    return DatabaseError;
}

int CrashTestCommand::run(const QCommandLineParser &parser) {
    const std::optional<Options> options = parseOptions(parser);
    if (!options)
        return Usage;
    return withConnection(
        parser, [&](store::PgConnection &conn) { return crashTest(conn, *options, json(parser)); });
}

int CrashTestCommand::crashTest(store::PgConnection &conn, const Options &options, bool asJson) {
    QString error;
    store::Migrator migrator(conn);
    const int version = migrator.currentVersion(&error);
    if (version < 0)
        return failDb(error);
    if (version != store::Migrator::latestVersion())
        return failDb(tr("the dedup schema is at version %1, this dedupctl needs %2")
                          .arg(version)
                          .arg(store::Migrator::latestVersion()));
    store::SessionSettings::quietNotices(conn);
    Session session(options, conn);
    if (!sim::SimSchema::install(conn, &error) || !session.queue.install(&error))
        return failDb(error);

    session.label =
        QStringLiteral("crash-%1-s%2")
            .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")))
            .arg(options.seed);
    session.scopePrefix = QStringLiteral("crash/%1/").arg(session.label);
    QElapsedTimer clock;
    clock.start();
    if (!enqueueBatch(session, options.intents))
        return failDb(session.error);
    session.processes.resize(size_t(options.workers));
    session.ids.resize(size_t(options.workers));
    for (size_t slot = 0; slot < session.processes.size(); ++slot)
        spawn(session, slot);
    if (!killWorkers(session) || !drain(session))
        return failDb(session.error);
    for (auto &process : session.processes) {
        process->terminate();
        if (!process->waitForFinished(5'000)) {
            process->kill();
            process->waitForFinished(5'000);
        }
    }
    session.figures.elapsedMs = clock.elapsed();
    if (!countOutcome(session))
        return failDb(session.error);
    printReport(session, asJson);
    return session.figures.held() ? Success : Failure;
}

// Enqueues `count` new intents, their copies shuffled so that duplicates race.
bool CrashTestCommand::enqueueBatch(Session &s, int count) {
    QList<sim::TrafficIntent> batch;
    const QStringList names = sim::ScenarioWorkflows::names();
    for (int i = 0; i < count; ++i, ++s.nextIntent) {
        const QString workflow = names.at(s.nextIntent % names.size());
        sim::TrafficIntent intent =
            sim::ScenarioWorkflows::intent(workflow, s.nextIntent / int(names.size()));
        intent.intent.scope = s.scopePrefix + intent.intent.scope;
        const int copies = 1 + int(s.random.bounded(quint32(s.options.duplicates)));
        for (int c = 0; c < copies; ++c)
            batch.append(intent);
    }
    std::shuffle(batch.begin(), batch.end(), s.random);
    for (const sim::TrafficIntent &intent : std::as_const(batch)) {
        if (!s.queue.enqueue(s.label, intent, &s.error))
            return false;
    }
    s.figures.intents += count;
    s.figures.deliveries += batch.size();
    return true;
}

void CrashTestCommand::spawn(Session &s, size_t slot) {
    s.ids[slot] = QStringLiteral("%1/w%2-g%3").arg(s.label).arg(slot).arg(++s.spawned);
    auto process = std::make_unique<QProcess>();
    process->setStandardOutputFile(QProcess::nullDevice());
    if (s.options.verbose)
        process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    else
        process->setStandardErrorFile(QProcess::nullDevice());
    QStringList args{QStringLiteral("work"),
                     QStringLiteral("--label"),
                     s.label,
                     QStringLiteral("--worker-id"),
                     s.ids[slot],
                     QStringLiteral("--lease-ms"),
                     QString::number(s.options.lease),
                     QStringLiteral("--visibility-ms"),
                     QString::number(std::max(4 * s.options.lease, 1000)),
                     QStringLiteral("--response-delay-ms"),
                     QString::number(s.options.delay),
                     QStringLiteral("--seed"),
                     QString::number(s.options.seed * 1000 + s.spawned)};
    if (s.options.db)
        args << QStringLiteral("--db") << *s.options.db;
    process->start(QCoreApplication::applicationFilePath(), args);
    process->waitForStarted(10'000);
    s.processes[slot] = std::move(process);
}

// Restarts workers that exited by themselves (a bug or a database error: counted).
void CrashTestCommand::reviveExited(Session &s) {
    QCoreApplication::processEvents();
    for (size_t slot = 0; slot < s.processes.size(); ++slot) {
        if (s.processes[slot]->state() != QProcess::NotRunning)
            continue;
        ++s.figures.workerFailures;
        spawn(s, slot);
    }
}

bool CrashTestCommand::killWorkers(Session &s) {
    CrashTestFigures &figures = s.figures;
    while (figures.kills < s.options.kills) {
        QThread::msleep(ulong(MinGapMs + int(s.random.bounded(quint32(MaxGapMs - MinGapMs)))));
        reviveExited(s);
        const size_t slot = size_t(s.random.bounded(quint32(s.processes.size())));
        QProcess &victim = *s.processes[slot];
        // A freshly restarted process spends its first milliseconds connecting; give it a
        // moment to take a delivery, so that most kills interrupt work, not start-up.
        for (int wait = 0; wait < 10 && s.queue.heldBy(s.ids[slot], &s.error) == 0; ++wait)
            QThread::msleep(10);
        ::kill(pid_t(victim.processId()), SIGKILL);
        victim.waitForFinished(10'000);
        ++figures.kills;
        // Nobody can take over within a lease, so this is what the dead process left.
        const qint64 held = s.queue.heldBy(s.ids[slot], &s.error);
        if (held < 0)
            return false;
        figures.killsMidDelivery += held > 0 ? 1 : 0;
        store::PgError pgError;
        const auto killed = store::CrashTestQueries(s.conn).killed(s.ids[slot], s.label, &pgError);
        if (!killed) {
            s.error = pgError.toString();
            return false;
        }
        figures.killsMidStep += killed->midStep ? 1 : 0;
        figures.killsAfterCommit += killed->afterCommit ? 1 : 0;
        spawn(s, slot);
        const qint64 left = s.queue.pending(s.label, &s.error);
        if (left < 0)
            return false;
        if (left == 0 && figures.kills < s.options.kills && !enqueueBatch(s, s.options.intents))
            return false;
    }
    return true;
}

bool CrashTestCommand::drain(Session &s) {
    QDeadlineTimer deadline{std::chrono::seconds(s.options.drainTimeout)};
    while (!deadline.hasExpired()) {
        const qint64 left = s.queue.pending(s.label, &s.error);
        if (left < 0)
            return false;
        if (left == 0) {
            s.figures.drained = true;
            break;
        }
        reviveExited(s);
        QThread::msleep(100);
    }
    return true;
}

// What the ledger and dedup.runs say once the workers stopped.
bool CrashTestCommand::countOutcome(Session &s) {
    CrashTestFigures &figures = s.figures;
    sim::Ledger ledger(s.conn);
    sim::LedgerFilter filter;
    filter.label = s.label;
    const auto counts = ledger.counts(filter);
    if (!counts.ok()) {
        s.error = counts.errorMessage();
        return false;
    }
    const QList<sim::ProviderConfig> configs = sim::ScenarioWorkflows::providerConfigs();
    for (const sim::EffectCount &count : counts.value()) {
        const auto config = std::find_if(configs.begin(), configs.end(),
                                         [&](const auto &c) { return c.name == count.provider; });
        const bool dedup = config != configs.end() && config->honoursDownstreamKeys;
        figures.sideEffects += count.sideEffects;
        (dedup ? figures.dedupDuplicates : figures.nonDedupDuplicates) +=
            count.duplicates - count.providerDuplicates;
    }
    store::PgError pgError;
    const auto outcome = store::CrashTestQueries(s.conn).outcome(s.scopePrefix, &pgError);
    if (!outcome) {
        s.error = pgError.toString();
        return false;
    }
    figures.runs = outcome->runs;
    figures.succeeded = outcome->succeeded;
    figures.manualReview = outcome->manualReview;
    figures.manualReviewUncertain = outcome->manualReviewUncertain;
    figures.failedFinal = outcome->failedFinal;
    // An intent without a run, or with a run nobody will finish.
    figures.lost = (figures.intents - figures.runs) + outcome->unfinished;
    return true;
}

void CrashTestCommand::printReport(const Session &s, bool asJson) {
    const CrashTestFigures &figures = s.figures;
    const Options &o = s.options;
    QJsonObject report = figures.toJson();
    report.insert(QStringLiteral("label"), s.label);
    report.insert(QStringLiteral("seed"), o.seed);
    report.insert(QStringLiteral("workers"), o.workers);
    report.insert(QStringLiteral("lease_ms"), o.lease);
    report.insert(QStringLiteral("response_delay_ms"), o.delay);
    if (asJson) {
        out() << QJsonDocument(report).toJson(QJsonDocument::Compact) << Qt::endl;
    } else {
        out() << tr("crash test %1: %2 intents, %3 deliveries, %4 workers, %5 SIGKILLs (%6 during "
                    "a delivery, %7 during a step, %8 of them after the provider committed) in "
                    "%9 s")
                     .arg(s.label)
                     .arg(figures.intents)
                     .arg(figures.deliveries)
                     .arg(o.workers)
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
        err() << tr("dedupctl crash-test: the queue did not drain within %1 s").arg(o.drainTimeout)
              << Qt::endl;
}

} // namespace dedup::cli
