#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace dedup::sim {

// One expectation of a scenario, compared.
struct ScenarioCheck {
    QString what;
    QString expected;
    QString actual;
    bool passed = false;
};

// What one action of a scenario did.
struct ScenarioActionReport {
    int index = 0;
    QString what;
    QString outcome; // DeliveryReport::outcome, or applied / changed / error for an operator
    qint64 runId = 0;
    int providerCalls = 0; // all its deliveries together
    int pausedAnswers = 0; // deliveries answered `paused` (each one delivered again)
    qint64 startedMs = 0;  // after the scenario started
    qint64 elapsedMs = 0;
    QJsonValue result{QJsonValue::Undefined};
    QString message;
};

// The outcome of running one scenario: every action, every check.
struct ScenarioReport {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::ScenarioReport)

public:
    QString scenario;
    QString title;
    QString label; // the ledger label and scope prefix it ran under
    QList<ScenarioActionReport> actions;
    QList<ScenarioCheck> checks;
    QString error; // set when the scenario could not run at all

    bool passed() const;
    const ScenarioCheck *check(const QString &what) const;
    QJsonObject toJson() const;
    // A few lines: the verdict, the actions, the checks (failed ones marked).
    QString toText() const;
};

} // namespace dedup::sim
