#include "SimulateCommand.h"

#include "ExitCode.h"
#include "SimulateLimits.h"
#include "sim/ScenarioCatalog.h"
#include "sim/ScenarioRunner.h"
#include "sim/SimSchema.h"
#include "sim/Simulation.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "store/SessionSettings.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <unistd.h>

namespace dedup::cli {

using namespace simulate;

namespace {

// Per run: keeps this run's rows apart from earlier runs in the same database.
QString newTag() {
    return QStringLiteral("run-") +
           QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
}

} // namespace

QString SimulateCommand::summary() const {
    return tr("Run the simulator: field scenarios, or mixed traffic with faults through the "
              "duplicate-handling strategies.");
}

void SimulateCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addOption(QCommandLineOption(
        QStringLiteral("scenario"),
        tr("Run a named scenario under the full protocol and check its expected outcome, or "
           "'all' (%1).")
            .arg(sim::ScenarioCatalog::names().join(QStringLiteral(", "))),
        tr("name")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("compare"),
        tr("Send the same traffic, with the same faults, through every strategy and print a "
           "comparison table.")));
    QStringList strategies;
    for (sim::StrategyKind kind : sim::allStrategies())
        strategies << sim::toString(kind);
    parser.addOption(QCommandLineOption(
        QStringLiteral("strategy"),
        tr("The strategy for the traffic (default full): %1. Several may be given, separated "
           "by commas.")
            .arg(strategies.join(QStringLiteral(", "))),
        tr("name")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("intents"),
        tr("Business intents in the traffic (default %1).").arg(DefaultIntents), tr("n")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("duplicates"),
        tr("Each intent is delivered 1 to this many times (default %1).").arg(DefaultDuplicates),
        tr("k")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("workers"),
        tr("Concurrent workers, each with its own connections (default %1).").arg(DefaultWorkers),
        tr("w")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("rate"),
        tr("New intents per second (default: as fast as the workers take them)."), tr("r")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("duration"),
        tr("Spread the traffic over this many seconds; with --rate, the number of intents is "
           "rate x duration."),
        tr("s")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("faults"),
        tr("Fault rates per provider call, e.g. timeout=0.1,outage=0.05,validation=0.02,"
           "duplication=0.01,crash=0.02 (also timeout_before; 'none' for no faults; default "
           "%1).")
            .arg(sim::SimulationFaults::defaults().toString()),
        tr("list")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("seed"),
        tr("Seed of the traffic and the faults (default 1): the same seed gives the same "
           "traffic and the same faults."),
        tr("s")));
}

int SimulateCommand::run(const QCommandLineParser &parser) {
    const bool asJson = json(parser);
    QList<sim::Scenario> scenarios;
    if (!parseScenarios(parser, &scenarios))
        return Usage;
    sim::SimulationOptions options;
    options.conninfo = parser.value(QStringLiteral("db"));
    if (scenarios.isEmpty() && !parseTraffic(parser, &options))
        return Usage;
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    if (const int code = prepareStore(*conn); code != Success)
        return code;
    const QString tag = newTag();
    const bool progress = !asJson && isatty(STDOUT_FILENO) == 1;
    if (!scenarios.isEmpty())
        return runScenarios(scenarios, options.conninfo, tag, asJson, progress);
    return runTraffic(parser, options, tag, asJson, progress);
}

// The dedup schema at this binary's version, and the simulator's schema installed.
int SimulateCommand::prepareStore(store::PgConnection &conn) {
    QString error;
    store::Migrator migrator(conn);
    const int version = migrator.currentVersion(&error);
    if (version < 0) {
        err() << tr("dedupctl simulate: %1").arg(shown(error)) << Qt::endl;
        return DatabaseError;
    }
    if (version != store::Migrator::latestVersion()) {
        err() << (version < store::Migrator::latestVersion()
                      ? tr("dedupctl simulate: the dedup schema is at version %1, this dedupctl "
                           "needs %2: run 'dedupctl migrate' first")
                      : tr("dedupctl simulate: the dedup schema is at version %1, newer than "
                           "this dedupctl (%2): use a newer dedupctl"))
                     .arg(version)
                     .arg(store::Migrator::latestVersion())
              << Qt::endl;
        return DatabaseError;
    }
    // The install script's "already exists, skipping" notices are noise here.
    store::SessionSettings::quietNotices(conn);
    if (!sim::SimSchema::install(conn, &error)) {
        err()
            << tr("dedupctl simulate: cannot install the simulator's schema: %1").arg(shown(error))
            << Qt::endl;
        return DatabaseError;
    }
    return Success;
}

int SimulateCommand::runScenarios(const QList<sim::Scenario> &scenarios, const QString &conninfo,
                                  const QString &tag, bool asJson, bool progress) {
    sim::ScenarioRunner runner(conninfo, tag);
    QJsonArray reports;
    bool allPassed = true;
    for (const sim::Scenario &scenario : scenarios) {
        if (progress)
            out() << tr("running %1 ...").arg(scenario.name) << '\r' << Qt::flush;
        const sim::ScenarioReport report = runner.run(scenario);
        if (!report.error.isEmpty()) {
            err()
                << tr("dedupctl simulate: scenario %1: %2").arg(scenario.name, shown(report.error))
                << Qt::endl;
            return DatabaseError;
        }
        allPassed = allPassed && report.passed();
        if (asJson)
            reports.append(report.toJson());
        else
            out() << shownLines(report.toText()) << Qt::endl;
    }
    if (asJson)
        out() << QJsonDocument(QJsonObject{{QStringLiteral("tag"), tag},
                                           {QStringLiteral("passed"), allPassed},
                                           {QStringLiteral("scenarios"), reports}})
                     .toJson(QJsonDocument::Compact)
              << Qt::endl;
    else
        out() << (allPassed ? tr("all %1 scenario(s) passed").arg(scenarios.size())
                            : tr("some scenarios FAILED"))
              << Qt::endl;
    return allPassed ? Success : Failure;
}

void SimulateCommand::printJson(const sim::SimulationResult &result,
                                const sim::SimulationOptions &options, bool fullHeld) {
    const QString &tag = options.tag;
    QJsonArray strategiesJson;
    for (const sim::StrategyResult &strategy : result.strategies)
        strategiesJson.append(strategy.toJson());
    out() << QJsonDocument(
                 QJsonObject{
                     {QStringLiteral("tag"), tag},
                     {QStringLiteral("seed"), qint64(options.traffic.seed)},
                     {QStringLiteral("intents"), options.traffic.intents},
                     {QStringLiteral("max_deliveries"), options.traffic.maxDeliveries},
                     {QStringLiteral("workers"), options.workers},
                     {QStringLiteral("rate"),
                      options.traffic.rate > 0 ? QJsonValue(options.traffic.rate) : QJsonValue()},
                     {QStringLiteral("faults"), options.faults.toJson()},
                     {QStringLiteral("strategies"), strategiesJson},
                     {QStringLiteral("full_protocol_held"), fullHeld},
                 })
                 .toJson(QJsonDocument::Compact)
          << Qt::endl;
}

void SimulateCommand::printTraffic(const QCommandLineParser &parser,
                                   const sim::SimulationResult &result,
                                   const sim::SimulationOptions &options) {
    const QString &tag = options.tag;
    out() << tr("%1 intents, each delivered 1-%2 times, %3 workers, faults %4, seed %5 (runs "
                "under scope sim/%6/...)")
                 .arg(options.traffic.intents)
                 .arg(options.traffic.maxDeliveries)
                 .arg(options.workers)
                 .arg(options.faults.toString())
                 .arg(options.traffic.seed)
                 .arg(tag)
          << "\n\n";
    if (parser.isSet(QStringLiteral("compare")))
        out() << shownLines(result.compareTable()) << '\n';
    out() << shownLines(result.summary());
    out() << Qt::flush;
}

int SimulateCommand::runTraffic(const QCommandLineParser &parser, sim::SimulationOptions options,
                                const QString &tag, bool asJson, bool progress) {
    options.tag = tag;
    if (progress) {
        // Called under the simulation's lock after every delivery; at most ~10 lines a second.
        options.progress =
            [shown = std::make_shared<QElapsedTimer>()](const sim::SimulationProgress &p) {
                if (shown->isValid() && shown->elapsed() < 100 && p.done < p.total)
                    return;
                shown->start();
                out() << QStringLiteral("\r%1 [%2/%3]: %4 of %5 deliveries   ")
                             .arg(sim::toString(p.strategy))
                             .arg(p.strategyIndex + 1)
                             .arg(p.strategyCount)
                             .arg(p.done)
                             .arg(p.total)
                      << Qt::flush;
            };
    }
    sim::Simulation simulation(options);
    if (const QString invalid = simulation.validate(); !invalid.isEmpty()) {
        usageError(shown(invalid));
        return Usage;
    }
    const auto outcome = simulation.run();
    if (progress)
        out() << '\r' << QString(60, QLatin1Char(' ')) << '\r' << Qt::flush;
    if (!outcome.ok()) {
        err() << tr("dedupctl simulate: %1").arg(shown(outcome.errorMessage())) << Qt::endl;
        return outcome.error() == sim::Simulation::Error::Connection ? Unreachable : DatabaseError;
    }
    const sim::SimulationResult &result = outcome.value();
    const sim::StrategyResult *full = result.find(sim::StrategyKind::Full);
    const bool fullHeld = !full || full->duplicates == 0;

    if (asJson)
        printJson(result, options, fullHeld);
    else
        printTraffic(parser, result, options);
    if (!fullHeld) {
        err() << tr("dedupctl simulate: the full protocol let %1 duplicate side effect(s) "
                    "through; see the ledger under label %2")
                     .arg(full->duplicates)
                     .arg(full->label)
              << Qt::endl;
        return Failure;
    }
    return Success;
}

} // namespace dedup::cli
