#include "LineReport.h"

#include <QJsonArray>

namespace {
// Enough to see what went wrong without flooding a terminal when everything breaks at once.
constexpr int kProblemsKept = 20;
} // namespace

void LineReport::addProblem(const QString &problem) {
    if (problems.size() < kProblemsKept)
        problems << problem;
    else
        ++m_hiddenProblems;
    if (m_hiddenProblems > 0 && problems.size() == kProblemsKept)
        figures.insert(QStringLiteral("problems_not_shown"), m_hiddenProblems);
}

QJsonObject LineReport::toJson() const {
    return {{QStringLiteral("line"), id},
            {QStringLiteral("title"), title},
            {QStringLiteral("trials"), trials},
            {QStringLiteral("faults"), faults},
            {QStringLiteral("survived"), survived},
            {QStringLiteral("lost"), lost},
            {QStringLiteral("duplicated"), duplicated},
            {QStringLiteral("passed"), passed()},
            {QStringLiteral("measured"), measured},
            {QStringLiteral("elapsed_ms"), elapsedMs},
            {QStringLiteral("figures"), figures},
            {QStringLiteral("problems"), QJsonArray::fromStringList(problems)}};
}

LineReport LineReport::fromJson(const QJsonObject &json) {
    LineReport report;
    report.id = json.value(QStringLiteral("line")).toString();
    report.title = json.value(QStringLiteral("title")).toString();
    report.trials = json.value(QStringLiteral("trials")).toInteger();
    report.faults = json.value(QStringLiteral("faults")).toInteger();
    report.survived = json.value(QStringLiteral("survived")).toInteger();
    report.lost = json.value(QStringLiteral("lost")).toInteger();
    report.duplicated = json.value(QStringLiteral("duplicated")).toInteger();
    report.elapsedMs = json.value(QStringLiteral("elapsed_ms")).toInteger();
    report.measured = json.value(QStringLiteral("measured")).toBool();
    report.figures = json.value(QStringLiteral("figures")).toObject();
    for (const QJsonValue &problem : json.value(QStringLiteral("problems")).toArray())
        report.problems << problem.toString();
    return report;
}

QString LineReport::summary() const {
    return QStringLiteral("trials %1, faults %2, survived %3, lost %4, duplicated %5: %6")
        .arg(trials)
        .arg(faults)
        .arg(survived)
        .arg(lost)
        .arg(duplicated)
        .arg(!passed()  ? QStringLiteral("FAIL")
             : measured ? QStringLiteral("PASS (lost and duplicated measured, not required 0)")
                        : QStringLiteral("PASS"));
}
