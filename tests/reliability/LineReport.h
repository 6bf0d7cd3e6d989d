#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

// The figures of one line of the fault-injection suite
// (docs/RELIABILITY.md "Fault-injection suite"): how many trials ran, how many faults were
// injected into them, how many of those the store survived (every invariant of the line held
// afterwards), and what was lost or duplicated. The same structure comes out of the ctest tests
// (small counts) and of `dedup-reliability` (full counts, run-all.sh), so both speak of the same
// figures.
struct LineReport {
    QString id;    // "1", "2", "3a", ...: the line in docs/RELIABILITY.md's table
    QString title; // one phrase
    qint64 trials = 0;
    qint64 faults = 0;     // faults injected (a duplicate delivery, a SIGKILL, a zombie write, ...)
    qint64 survived = 0;   // faults after which every invariant of the line held
    qint64 lost = 0;       // intents, runs or actions that vanished
    qint64 duplicated = 0; // side effects, owners or actions that happened twice
    QJsonObject figures;   // line-specific counts
    QStringList problems;  // what broke, first occurrences only (see addProblem)
    qint64 elapsedMs = 0;
    // Lost and duplicated are what the line measures, not a failure: a configuration that
    // gives no guarantee (a failover to an asynchronous standby). The line holds when it ran
    // and every other invariant held.
    bool measured = false;

    bool passed() const {
        return problems.isEmpty() && trials > 0 && survived == faults &&
               (measured || (lost == 0 && duplicated == 0));
    }
    // Keeps the first few problems in full and counts the rest.
    void addProblem(const QString &problem);
    void setFigure(const QString &name, qint64 value) { figures.insert(name, value); }
    qint64 figure(const QString &name) const { return figures.value(name).toInteger(-1); }

    QJsonObject toJson() const;
    static LineReport fromJson(const QJsonObject &json);
    // "trials 1000, faults 31000, survived 31000, lost 0, duplicated 0: PASS"
    QString summary() const;

private:
    qint64 m_hiddenProblems = 0;
};
