#pragma once

#include "CliCommand.h"
#include "actions/StepSettlement.h"

#include <optional>

namespace dedup::actions {
class ActionPreview;
}

namespace dedup::cli {

// dedupctl settle-step RUN STEP: the operator's answer about a step whose outcome is unknown
// (docs/CLI.md), the same three answers as the console's Settle Step dialog
// (actions::StepSettlement): it happened (with the provider's reference), it did not happen
// (a continuation runs it again), or escalate. Reads the run as it is, prints what was sent,
// then sends one audited operator action with a fresh action key against the token it read:
// a run that changes in between is refused by the store (exit 1, nothing done).
class SettleStepCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(SettleStepCommand)

public:
    QString name() const override { return QStringLiteral("settle-step"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
    bool takesArguments() const override { return true; } // RUN STEP; checked in run()

private:
    struct Request {
        qint64 runId = 0;
        QString step;
        actions::SettleChoice choice = actions::SettleChoice::Happened;
        QString reason;
        QString reference;
        QString assignee;
    };
    static std::optional<Request> parseRequest(const QCommandLineParser &parser);
    static void printStep(const actions::ActionPreview &preview, const QString &step);
};

} // namespace dedup::cli
