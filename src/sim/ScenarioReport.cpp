#include "sim/ScenarioReport.h"

#include <QJsonArray>

namespace dedup::sim {

bool ScenarioReport::passed() const {
    if (!error.isEmpty() || checks.isEmpty())
        return false;
    for (const ScenarioCheck &c : checks) {
        if (!c.passed)
            return false;
    }
    return true;
}

const ScenarioCheck *ScenarioReport::check(const QString &what) const {
    for (const ScenarioCheck &c : checks) {
        if (c.what == what)
            return &c;
    }
    return nullptr;
}

QJsonObject ScenarioReport::toJson() const {
    QJsonArray actionsJson;
    for (const ScenarioActionReport &action : actions) {
        actionsJson.append(QJsonObject{
            {QStringLiteral("index"), action.index},
            {QStringLiteral("what"), action.what},
            {QStringLiteral("outcome"), action.outcome},
            {QStringLiteral("run_id"), action.runId > 0 ? QJsonValue(action.runId) : QJsonValue()},
            {QStringLiteral("provider_calls"), action.providerCalls},
            {QStringLiteral("paused_answers"), action.pausedAnswers},
            {QStringLiteral("started_ms"), action.startedMs},
            {QStringLiteral("elapsed_ms"), action.elapsedMs},
            {QStringLiteral("result"), action.result.isUndefined() ? QJsonValue() : action.result},
            {QStringLiteral("message"), action.message},
        });
    }
    QJsonArray checksJson;
    for (const ScenarioCheck &c : checks) {
        checksJson.append(QJsonObject{{QStringLiteral("what"), c.what},
                                      {QStringLiteral("expected"), c.expected},
                                      {QStringLiteral("actual"), c.actual},
                                      {QStringLiteral("passed"), c.passed}});
    }
    return QJsonObject{
        {QStringLiteral("scenario"), scenario},
        {QStringLiteral("title"), title},
        {QStringLiteral("label"), label},
        {QStringLiteral("passed"), passed()},
        {QStringLiteral("error"), error.isEmpty() ? QJsonValue() : QJsonValue(error)},
        {QStringLiteral("actions"), actionsJson},
        {QStringLiteral("checks"), checksJson},
    };
}

QString ScenarioReport::toText() const {
    QString text =
        QStringLiteral("%1 %2: %3\n").arg(passed() ? tr("PASS") : tr("FAIL"), scenario, title);
    if (!error.isEmpty())
        text += QStringLiteral("  %1\n").arg(error);
    for (const ScenarioActionReport &action : actions) {
        const QString outcome = action.pausedAnswers == 0 ? action.outcome
                                                          : tr("paused %n time(s), then %1",
                                                               nullptr, action.pausedAnswers)
                                                                .arg(action.outcome);
        text += tr("  %1. +%2 ms  %3 -> %4 (%5 provider calls, %6 ms)\n")
                    .arg(action.index + 1)
                    .arg(action.startedMs)
                    .arg(action.what, outcome)
                    .arg(action.providerCalls)
                    .arg(action.elapsedMs);
    }
    for (const ScenarioCheck &c : checks) {
        text +=
            QStringLiteral("  [%1] %2: %3")
                .arg(c.passed ? QStringLiteral("ok") : QStringLiteral("FAILED"), c.what, c.actual);
        if (!c.passed)
            text += tr(" (expected %1)").arg(c.expected);
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace dedup::sim
