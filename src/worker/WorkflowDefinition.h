#pragma once

#include "core/ErrorClass.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace dedup::worker {

// What a step's side effect needs to know when it runs.
struct StepCall {
    qint64 runId = 0;
    QString step;
    // The idempotency key to send to the provider, derived from the run's key and the step
    // name, so a re-execution of the same step sends the same key. Empty when the provider
    // does not deduplicate (sending it would promise a safety that is not there).
    QString downstreamKey;
    QJsonObject payload; // the intent's request payload
    int attempt = 0;
};

// What a side effect reports back. A timeout means "may have happened": the runtime records
// the step as uncertain, never as simply failed.
struct StepOutcome {
    bool ok = false;
    QString sideEffectRef; // the provider's id for what it did
    core::ErrorClass errorClass = core::ErrorClass::Unknown;
    QString message;

    static StepOutcome success(QString ref) { return {true, std::move(ref), {}, {}}; }
    static StepOutcome failure(core::ErrorClass cls, QString message) {
        return {false, {}, cls, std::move(message)};
    }
};

struct StepDefinition {
    QString name;
    // True when the provider honours an idempotency key: then an uncertain step may be
    // re-executed automatically with the same downstream key. False sends uncertain runs to
    // manual review instead.
    bool providerDeduplicates = false;
    std::function<StepOutcome(const StepCall &)> execute;
};

// An automation: named, versioned, an ordered list of side-effect steps.
struct WorkflowDefinition {
    QString name;
    QString version;
    QList<StepDefinition> steps;

    QStringList stepNames() const {
        QStringList names;
        for (const auto &step : steps)
            names << step.name;
        return names;
    }
    const StepDefinition *step(const QString &stepName) const {
        for (const auto &candidate : steps)
            if (candidate.name == stepName)
                return &candidate;
        return nullptr;
    }
};

} // namespace dedup::worker
