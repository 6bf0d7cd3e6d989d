#pragma once

#include <QCoreApplication>
#include <QString>
#include <QVariant>

namespace dedup::models {

// What the lists of runs (runs, Stuck, review queue, correlation) show alike, worded once so
// that a run reads the same in every list: its id, workflow and "scope / key", and its attempts.
class RunCells {
    Q_DECLARE_TR_FUNCTIONS(RunCells)

public:
    // "scope / key": the run's idempotency key in its scope.
    static QString scopeKey(const QString &scope, const QString &idemKey);
    // "2/5": the attempt of the most allowed.
    static QString attempts(int attempt, int maxAttempts);

    // The DisplayRole of a `Model` whose RunColumn shows the run's id, WorkflowColumn its
    // workflow and KeyColumn its scope and key; invalid in the model's other columns.
    template <typename Model, typename Run>
    static QVariant display(const Run &run, int column) {
        switch (column) {
        case Model::RunColumn:
            return run.id;
        case Model::WorkflowColumn:
            return run.workflow;
        case Model::KeyColumn:
            return scopeKey(run.scope, run.idemKey);
        }
        return {};
    }
};

} // namespace dedup::models
