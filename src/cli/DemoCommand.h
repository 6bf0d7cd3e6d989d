#pragma once

#include "CliCommand.h"

#include <csignal>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {
class DemoTraffic;
}

namespace dedup::cli {

// dedupctl demo: starts (or reuses) the private demo PostgreSQL, migrates it, and runs
// continuous mixed traffic with faults against it (sim::DemoTraffic) until Ctrl-C; then stops
// the traffic, and the server if it started it. On a terminal it prints a status line every
// few seconds.
class DemoCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(DemoCommand)

public:
    QString name() const override { return QStringLiteral("demo"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

private:
    // "12 s: 130 runs: 100 succeeded, ..." (runs of the whole store, from SQL).
    static void waitForStop(const sigset_t &stopSignals, const QString &conninfo,
                            const sim::DemoTraffic *traffic);
    static QString statusLine(store::PgConnection &conn, const sim::DemoTraffic *traffic,
                              qint64 elapsedMs);
};

} // namespace dedup::cli
