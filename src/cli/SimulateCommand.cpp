#include "SimulateCommand.h"

#include "ExitCode.h"
#include "sim/ScenarioCatalog.h"
#include "sim/ScenarioRunner.h"
#include "sim/SimSchema.h"
#include "sim/Simulation.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

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

namespace {

constexpr int DefaultIntents = 200;
constexpr int MaxIntents = 100'000;
constexpr int DefaultDuplicates = 3;
constexpr int MaxDuplicates = 64;
constexpr int DefaultWorkers = 4;
constexpr int MaxWorkers = 64;
constexpr double MaxRate = 100000;
constexpr double MaxDuration = 86400;

// The options that shape mixed traffic; none of them applies to a scenario's fixed plan.
const QStringList kTrafficOptions{
    QStringLiteral("compare"),    QStringLiteral("strategy"), QStringLiteral("intents"),
    QStringLiteral("duplicates"), QStringLiteral("workers"),  QStringLiteral("rate"),
    QStringLiteral("duration"),   QStringLiteral("faults"),   QStringLiteral("seed")};

std::optional<int> wholeNumber(const QString &text, int min, int max) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < min || value > max)
        return std::nullopt;
    return value;
}

std::optional<double> positiveNumber(const QString &text, double max) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !(value > 0) || value > max)
        return std::nullopt;
    return value;
}

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
    auto usage = [](const QString &message) {
        err() << tr("dedupctl simulate: %1").arg(message) << Qt::endl;
        return Usage;
    };
    const bool asJson = json(parser);

    // --- the command line -------------------------------------------------------------
    QList<sim::Scenario> scenarios;
    if (parser.isSet(QStringLiteral("scenario"))) {
        for (const QString &option : kTrafficOptions) {
            if (parser.isSet(option))
                return usage(tr("--scenario runs a fixed delivery plan; --%1 does not apply to "
                                "it")
                                 .arg(option));
        }
        const QString name = parser.value(QStringLiteral("scenario")).trimmed();
        if (name == QLatin1String("all")) {
            scenarios = sim::ScenarioCatalog::all();
        } else if (const auto scenario = sim::ScenarioCatalog::byName(name)) {
            scenarios = {*scenario};
        } else {
            return usage(
                tr("unknown scenario '%1' (known: %2, or all)")
                    .arg(shown(name), sim::ScenarioCatalog::names().join(QStringLiteral(", "))));
        }
    }

    sim::SimulationOptions options;
    options.conninfo = parser.value(QStringLiteral("db"));
    if (scenarios.isEmpty()) {
        if (parser.isSet(QStringLiteral("compare"))) {
            if (parser.isSet(QStringLiteral("strategy")))
                return usage(tr("--compare runs every strategy; leave out --strategy"));
            options.strategies = sim::allStrategies();
        } else if (parser.isSet(QStringLiteral("strategy"))) {
            options.strategies.clear();
            for (const QString &part : parser.values(QStringLiteral("strategy"))
                                           .join(QLatin1Char(','))
                                           .split(QLatin1Char(','))) {
                const auto kind = sim::strategyFromString(part.trimmed());
                if (!kind)
                    return usage(tr("unknown strategy '%1' (known: no-key, key-per-attempt, "
                                    "first-step-only, full)")
                                     .arg(shown(part.trimmed())));
                if (!options.strategies.contains(*kind))
                    options.strategies.append(*kind);
            }
        }
        int intents = DefaultIntents;
        if (parser.isSet(QStringLiteral("intents"))) {
            const auto value = wholeNumber(parser.value(QStringLiteral("intents")), 1, MaxIntents);
            if (!value)
                return usage(tr("invalid --intents '%1': use a whole number from 1 to %2")
                                 .arg(shown(parser.value(QStringLiteral("intents"))))
                                 .arg(MaxIntents));
            intents = *value;
        }
        if (parser.isSet(QStringLiteral("duplicates"))) {
            const auto value =
                wholeNumber(parser.value(QStringLiteral("duplicates")), 1, MaxDuplicates);
            if (!value)
                return usage(tr("invalid --duplicates '%1': use a whole number from 1 to %2")
                                 .arg(shown(parser.value(QStringLiteral("duplicates"))))
                                 .arg(MaxDuplicates));
            options.traffic.maxDeliveries = *value;
        } else {
            options.traffic.maxDeliveries = DefaultDuplicates;
        }
        options.workers = DefaultWorkers;
        if (parser.isSet(QStringLiteral("workers"))) {
            const auto value = wholeNumber(parser.value(QStringLiteral("workers")), 1, MaxWorkers);
            if (!value)
                return usage(tr("invalid --workers '%1': use a whole number from 1 to %2")
                                 .arg(shown(parser.value(QStringLiteral("workers"))))
                                 .arg(MaxWorkers));
            options.workers = *value;
        }
        std::optional<double> rate;
        if (parser.isSet(QStringLiteral("rate"))) {
            rate = positiveNumber(parser.value(QStringLiteral("rate")), MaxRate);
            if (!rate)
                return usage(tr("invalid --rate '%1': use a number of intents per second above 0 "
                                "and up to %2")
                                 .arg(shown(parser.value(QStringLiteral("rate"))))
                                 .arg(MaxRate));
        }
        std::optional<double> duration;
        if (parser.isSet(QStringLiteral("duration"))) {
            duration = positiveNumber(parser.value(QStringLiteral("duration")), MaxDuration);
            if (!duration)
                return usage(tr("invalid --duration '%1': use a number of seconds above 0 and up "
                                "to %2")
                                 .arg(shown(parser.value(QStringLiteral("duration"))))
                                 .arg(MaxDuration));
        }
        if (rate && duration) {
            if (parser.isSet(QStringLiteral("intents")))
                return usage(tr("give at most two of --intents, --rate and --duration"));
            const double product = std::ceil(*rate * *duration);
            if (product > MaxIntents)
                return usage(
                    tr("--rate x --duration asks for more than %1 intents").arg(MaxIntents));
            intents = std::max(1, int(product));
        } else if (duration) {
            rate = intents / *duration;
        }
        options.traffic.intents = intents;
        options.traffic.rate = rate.value_or(0);
        if (parser.isSet(QStringLiteral("faults"))) {
            QString error;
            const auto faults =
                sim::SimulationFaults::parse(parser.value(QStringLiteral("faults")), &error);
            if (!faults)
                return usage(tr("invalid --faults: %1").arg(shown(error)));
            options.faults = *faults;
        }
        if (parser.isSet(QStringLiteral("seed"))) {
            bool ok = false;
            options.traffic.seed = parser.value(QStringLiteral("seed")).trimmed().toULongLong(&ok);
            if (!ok)
                return usage(tr("invalid --seed '%1': use a whole number from 0 to %2")
                                 .arg(shown(parser.value(QStringLiteral("seed"))))
                                 .arg(std::numeric_limits<quint64>::max()));
        }
    }

    // --- the database -----------------------------------------------------------------
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    QString error;
    store::Migrator migrator(*conn);
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
    (void)conn->exec(QStringLiteral("SET client_min_messages = warning"));
    if (!sim::SimSchema::install(*conn, &error)) {
        err()
            << tr("dedupctl simulate: cannot install the simulator's schema: %1").arg(shown(error))
            << Qt::endl;
        return DatabaseError;
    }
    const QString tag = newTag();
    const bool progress = !asJson && isatty(STDOUT_FILENO) == 1;

    // --- scenarios --------------------------------------------------------------------
    if (!scenarios.isEmpty()) {
        sim::ScenarioRunner runner(options.conninfo, tag);
        QJsonArray reports;
        bool allPassed = true;
        for (const sim::Scenario &scenario : scenarios) {
            if (progress)
                out() << tr("running %1 ...").arg(scenario.name) << '\r' << Qt::flush;
            const sim::ScenarioReport report = runner.run(scenario);
            if (!report.error.isEmpty()) {
                err() << tr("dedupctl simulate: scenario %1: %2")
                             .arg(scenario.name, shown(report.error))
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

    // --- traffic ----------------------------------------------------------------------
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
    if (const QString invalid = simulation.validate(); !invalid.isEmpty())
        return usage(shown(invalid));
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

    if (asJson) {
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
                         {QStringLiteral("rate"), options.traffic.rate > 0
                                                      ? QJsonValue(options.traffic.rate)
                                                      : QJsonValue()},
                         {QStringLiteral("faults"), options.faults.toJson()},
                         {QStringLiteral("strategies"), strategiesJson},
                         {QStringLiteral("full_protocol_held"), fullHeld},
                     })
                     .toJson(QJsonDocument::Compact)
              << Qt::endl;
    } else {
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
