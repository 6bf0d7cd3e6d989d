#include "sim/SimulationFaults.h"

#include <QStringList>

namespace dedup::sim {

namespace {

struct Named {
    const char *name;
    double FaultRates::*rate; // nullptr: crash
};

constexpr Named kNames[] = {
    {"timeout", &FaultRates::timeoutAfterCommit},
    {"timeout_before", &FaultRates::timeoutBeforeCommit},
    {"outage", &FaultRates::outage},
    {"validation", &FaultRates::validation},
    {"duplication", &FaultRates::duplication},
    {"crash", nullptr},
};

} // namespace

SimulationFaults SimulationFaults::defaults() {
    SimulationFaults faults;
    faults.provider.timeoutAfterCommit = 0.05;
    faults.provider.outage = 0.05;
    faults.provider.validation = 0.02;
    faults.crash = 0.02;
    return faults;
}

std::optional<SimulationFaults> SimulationFaults::parse(const QString &text, QString *error) {
    SimulationFaults faults;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty() || trimmed == QLatin1String("none"))
        return faults;
    QStringList seen;
    for (const QString &part : trimmed.split(QLatin1Char(','))) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        const QString name = part.left(eq).trimmed();
        if (eq < 0 || name.isEmpty()) {
            *error = tr("\"%1\" is not NAME=RATE").arg(part.trimmed());
            return std::nullopt;
        }
        const Named *named = nullptr;
        for (const Named &candidate : kNames) {
            if (name == QLatin1String(candidate.name))
                named = &candidate;
        }
        if (!named) {
            QStringList known;
            for (const Named &candidate : kNames)
                known << QLatin1String(candidate.name);
            *error =
                tr("unknown fault \"%1\" (known: %2)").arg(name, known.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        if (seen.contains(name)) {
            *error = tr("fault \"%1\" is given twice").arg(name);
            return std::nullopt;
        }
        seen << name;
        bool ok = false;
        const double rate = part.mid(eq + 1).trimmed().toDouble(&ok);
        if (!ok || !(rate >= 0 && rate <= 1)) {
            *error = tr("the rate of \"%1\" must be a number from 0 to 1, not \"%2\"")
                         .arg(name, part.mid(eq + 1).trimmed());
            return std::nullopt;
        }
        if (named->rate)
            faults.provider.*(named->rate) = rate;
        else
            faults.crash = rate;
    }
    if (!faults.provider.isValid()) {
        *error = tr("the provider fault rates add up to %1; at most 1 is possible")
                     .arg(faults.provider.total());
        return std::nullopt;
    }
    return faults;
}

QString SimulationFaults::toString() const {
    QStringList parts;
    for (const Named &named : kNames) {
        const double rate = named.rate ? provider.*(named.rate) : crash;
        if (rate > 0)
            parts << QStringLiteral("%1=%2").arg(QLatin1String(named.name)).arg(rate);
    }
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QLatin1Char(','));
}

QJsonObject SimulationFaults::toJson() const {
    QJsonObject json;
    for (const Named &named : kNames)
        json.insert(QLatin1String(named.name), named.rate ? provider.*(named.rate) : crash);
    return json;
}

} // namespace dedup::sim
