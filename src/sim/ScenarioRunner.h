#pragma once

#include "sim/Scenario.h"
#include "sim/ScenarioReport.h"
#include "sim/Strategy.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {

// Runs a Scenario under the full protocol and checks its expected outcome against the ledger
// (side effects, counted) and the store (run and step status, events), and, when an operator
// pauses the workflow, that no provider call started while it was paused.
//
// Every delivery runs on its own thread with its own worker (its own store, heartbeat and
// provider connections: a separate worker process, as far as the database can tell), started
// on the scenario's clock once the actions it waits for have finished. Connections are opened
// before the clock starts, so the timing is the scenario's, not the connection set-up's.
//
// Needs the sim schema and a migrated dedup schema; the role must be able to run the worker
// functions, read dedup.runs/steps/events and call op_request_continuation,
// op_pause_workflow and op_resume_workflow (e.g. the owner).
class ScenarioRunner {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::ScenarioRunner)

public:
    // `tag` separates this run's rows from earlier runs of the same scenario in the same
    // database (label "<tag>/<scenario>"); empty in a fresh database.
    explicit ScenarioRunner(QString conninfo, QString tag = {});

    ScenarioReport run(const Scenario &scenario);

    static QString labelFor(const QString &tag, const QString &scenario);

private:
    struct Run;
    void check(Run &run, store::PgConnection &admin);
    // What a scenario with an operator's pause must show (ScenarioExpectation).
    static void checkPause(Run &run, store::PgConnection &admin);

    QString m_conninfo;
    QString m_tag;
};

} // namespace dedup::sim
