#pragma once

#include "CliCommand.h"

#include <optional>

namespace dedup::store {
struct WorkflowPauseResult;
}

namespace dedup::cli {

// dedupctl pause WORKFLOW / dedupctl resume WORKFLOW: the circuit breaker for a provider
// outage (docs/CLI.md, docs/PROTOCOL.md "Pausing a workflow"), through store::WorkflowPauses.
// One audited operator call per invocation, with a fresh action key; one line says what the
// store did. The same class serves both names, since they share the workflow, the scope prefix,
// the reason and the way answers and refusals are printed.
class PauseCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(PauseCommand)

public:
    enum class Mode { Pause, Resume };
    explicit PauseCommand(Mode mode)
        : m_mode(mode) {}

    QString name() const override;
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
    bool takesArguments() const override { return true; } // WORKFLOW; checked in run()

private:
    struct Request {
        QString workflow;
        QString scopePrefix; // '' = every scope
        QString reason;
        bool stopSteps = false;
        int retryAfterSeconds = 60;
    };
    std::optional<Request> parseRequest(const QCommandLineParser &parser) const;
    // "every scope" or `scope prefix "P"`, escaped for the terminal.
    static QString scopeText(const QString &scopePrefix);
    void printAnswer(const store::WorkflowPauseResult &result) const;
    void printOtherPauses(store::PgConnection &conn, const Request &request) const;

    Mode m_mode;
};

} // namespace dedup::cli
