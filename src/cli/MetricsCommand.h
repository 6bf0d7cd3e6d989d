#pragma once

#include "CliCommand.h"

#include <QHostAddress>

#include <optional>

namespace dedup::cli {

// dedupctl metrics: the store's figures in the Prometheus text format (docs/CLI.md), printed once
// (for node_exporter's textfile collector, from cron) or served at /metrics with --listen.
// The figures are what the login may read; each read is two statements that do not grow with
// the number of runs (store::MetricsQueries).
class MetricsCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(MetricsCommand)

public:
    QString name() const override { return QStringLiteral("metrics"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    struct Listen {
        QHostAddress address;
        quint16 port = 0;
    };
    // nullopt after printing why; an unset --listen gives a Listen with a null address.
    static std::optional<Listen> parseListen(const QCommandLineParser &parser);
    static int serve(const QCommandLineParser &parser, const Listen &listen);
};

} // namespace dedup::cli
