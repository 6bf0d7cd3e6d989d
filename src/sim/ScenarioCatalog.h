#pragma once

#include "sim/Scenario.h"

#include <QCoreApplication>
#include <QLatin1String>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace dedup::sim {

// The named scenarios, each a case from the field (the idempotency articles in
// docs/SIMULATOR.md "The scenarios", and an operator's provider outage) turned into intents, a
// delivery plan, scripted faults, operator actions and the expected outcome. Times are scaled down
// (the 30 s webhook timeout becomes 300 ms), so that every scenario runs in about a second.
class ScenarioCatalog {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::ScenarioCatalog)

public:
    static QList<Scenario> all();
    static QStringList names();
    static std::optional<Scenario> byName(const QString &name);

    static Scenario labResultsNotification();
    static Scenario appointmentConfirmation();
    static Scenario invoicePaymentIntent();
    static Scenario appointmentScheduling();
    static Scenario labSampleSync();
    // "outage-paused": the operator pauses a workflow during a provider outage.
    static Scenario outagePaused();

    static constexpr QLatin1String OutagePaused{"outage-paused"};
};

} // namespace dedup::sim
