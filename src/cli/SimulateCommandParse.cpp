// SimulateCommand's command line, parsed into a scenario list or sim::SimulationOptions (kept
// apart from the running and reporting in SimulateCommand.cpp).
#include "ExitCode.h"
#include "SimulateCommand.h"
#include "SimulateLimits.h"
#include "sim/ScenarioCatalog.h"

#include <cmath>
#include <limits>
#include <optional>

namespace dedup::cli {

using namespace simulate;

namespace {

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

} // namespace

bool SimulateCommand::usageError(const QString &message) {
    err() << tr("dedupctl simulate: %1").arg(message) << Qt::endl;
    return false;
}

bool SimulateCommand::parseScenarios(const QCommandLineParser &parser,
                                     QList<sim::Scenario> *scenarios) {
    if (parser.isSet(QStringLiteral("scenario"))) {
        for (const QString &option : kTrafficOptions) {
            if (parser.isSet(option))
                return usageError(
                    tr("--scenario runs a fixed delivery plan; --%1 does not apply to "
                       "it")
                        .arg(option));
        }
        const QString name = parser.value(QStringLiteral("scenario")).trimmed();
        if (name == QLatin1String("all")) {
            *scenarios = sim::ScenarioCatalog::all();
        } else if (const auto scenario = sim::ScenarioCatalog::byName(name)) {
            *scenarios = {*scenario};
        } else {
            return usageError(
                tr("unknown scenario '%1' (known: %2, or all)")
                    .arg(shown(name), sim::ScenarioCatalog::names().join(QStringLiteral(", "))));
        }
    }

    return true;
}

bool SimulateCommand::parseStrategies(const QCommandLineParser &parser,
                                      sim::SimulationOptions *options) {
    if (parser.isSet(QStringLiteral("compare"))) {
        if (parser.isSet(QStringLiteral("strategy")))
            return usageError(tr("--compare runs every strategy; leave out --strategy"));
        options->strategies = sim::allStrategies();
    } else if (parser.isSet(QStringLiteral("strategy"))) {
        options->strategies.clear();
        for (const QString &part : parser.values(QStringLiteral("strategy"))
                                       .join(QLatin1Char(','))
                                       .split(QLatin1Char(','))) {
            const auto kind = sim::strategyFromString(part.trimmed());
            if (!kind)
                return usageError(tr("unknown strategy '%1' (known: no-key, key-per-attempt, "
                                     "first-step-only, full)")
                                      .arg(shown(part.trimmed())));
            if (!options->strategies.contains(*kind))
                options->strategies.append(*kind);
        }
    }
    return true;
}

bool SimulateCommand::parseVolume(const QCommandLineParser &parser,
                                  sim::SimulationOptions *options) {
    int intents = DefaultIntents;
    if (parser.isSet(QStringLiteral("intents"))) {
        const auto value = wholeNumber(parser.value(QStringLiteral("intents")), 1, MaxIntents);
        if (!value)
            return usageError(tr("invalid --intents '%1': use a whole number from 1 to %2")
                                  .arg(shown(parser.value(QStringLiteral("intents"))))
                                  .arg(MaxIntents));
        intents = *value;
    }
    if (parser.isSet(QStringLiteral("duplicates"))) {
        const auto value =
            wholeNumber(parser.value(QStringLiteral("duplicates")), 1, MaxDuplicates);
        if (!value)
            return usageError(tr("invalid --duplicates '%1': use a whole number from 1 to %2")
                                  .arg(shown(parser.value(QStringLiteral("duplicates"))))
                                  .arg(MaxDuplicates));
        options->traffic.maxDeliveries = *value;
    } else {
        options->traffic.maxDeliveries = DefaultDuplicates;
    }
    options->workers = DefaultWorkers;
    if (parser.isSet(QStringLiteral("workers"))) {
        const auto value = wholeNumber(parser.value(QStringLiteral("workers")), 1, MaxWorkers);
        if (!value)
            return usageError(tr("invalid --workers '%1': use a whole number from 1 to %2")
                                  .arg(shown(parser.value(QStringLiteral("workers"))))
                                  .arg(MaxWorkers));
        options->workers = *value;
    }
    std::optional<double> rate;
    if (parser.isSet(QStringLiteral("rate"))) {
        rate = positiveNumber(parser.value(QStringLiteral("rate")), MaxRate);
        if (!rate)
            return usageError(tr("invalid --rate '%1': use a number of intents per second above 0 "
                                 "and up to %2")
                                  .arg(shown(parser.value(QStringLiteral("rate"))))
                                  .arg(MaxRate));
    }
    std::optional<double> duration;
    if (parser.isSet(QStringLiteral("duration"))) {
        duration = positiveNumber(parser.value(QStringLiteral("duration")), MaxDuration);
        if (!duration)
            return usageError(tr("invalid --duration '%1': use a number of seconds above 0 and up "
                                 "to %2")
                                  .arg(shown(parser.value(QStringLiteral("duration"))))
                                  .arg(MaxDuration));
    }
    if (rate && duration) {
        if (parser.isSet(QStringLiteral("intents")))
            return usageError(tr("give at most two of --intents, --rate and --duration"));
        const double product = std::ceil(*rate * *duration);
        if (product > MaxIntents)
            return usageError(
                tr("--rate x --duration asks for more than %1 intents").arg(MaxIntents));
        intents = std::max(1, int(product));
    } else if (duration) {
        rate = intents / *duration;
    }
    options->traffic.intents = intents;
    options->traffic.rate = rate.value_or(0);
    return true;
}

bool SimulateCommand::parseTraffic(const QCommandLineParser &parser,
                                   sim::SimulationOptions *options) {
    if (!parseStrategies(parser, options) || !parseVolume(parser, options))
        return false;
    if (parser.isSet(QStringLiteral("faults"))) {
        QString error;
        const auto faults =
            sim::SimulationFaults::parse(parser.value(QStringLiteral("faults")), &error);
        if (!faults)
            return usageError(tr("invalid --faults: %1").arg(shown(error)));
        options->faults = *faults;
    }
    if (parser.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        options->traffic.seed = parser.value(QStringLiteral("seed")).trimmed().toULongLong(&ok);
        if (!ok)
            return usageError(tr("invalid --seed '%1': use a whole number from 0 to %2")
                                  .arg(shown(parser.value(QStringLiteral("seed"))))
                                  .arg(std::numeric_limits<quint64>::max()));
    }
    return true;
}

} // namespace dedup::cli
