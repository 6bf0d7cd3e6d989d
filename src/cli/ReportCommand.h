#pragma once

#include "CliCommand.h"
#include "store/ReportFormat.h"
#include "store/ReportSpec.h"

#include <QDateTime>
#include <QStringList>

#include <optional>

class QIODevice;

namespace dedup::cli {

// dedupctl report: one section of an audit / outcome report as CSV or JSON Lines, or the
// whole report as PDF, for cron. Keys, scopes, correlation ids, payloads and operators'
// reasons are redacted (keyed hash) unless --reveal-raw --reason TEXT, which needs
// dedup_operator and is written to the audit log once per run, whatever the format.
// --output FILE is written as FILE.part and renamed when complete, so a reader never sees half
// a report; on any error (or SIGINT / SIGTERM) the .part file is removed.
class ReportCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(ReportCommand)

public:
    QString name() const override { return QStringLiteral("report"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;

    // --from / --to: ISO 8601 (2026-11-01, 2026-11-01T08:00, 2026-11-01T08:00:00+01:00; no
    // offset means UTC), "now", or relative back from `now`: <n>m, <n>h, <n>d, <n>w (minutes,
    // hours, days, weeks). Invalid for anything else.
    static QDateTime parseTime(const QString &text, const QDateTime &now);

private:
    // The report the options describe; nullopt after a usage error was printed.
    static std::optional<store::ReportSpec> parseSpec(const QCommandLineParser &parser);
    // Writes the report in `format` (a ReportFormats id; `section` for row formats) to
    // `out` through reports::ReportWriter, the console's path too; returns an ExitCode and
    // prints why on failure. `count`: rows written, or pages for a drawn format.
    int writeReport(store::PgConnection &conn, QIODevice &out, const store::ReportSpec &spec,
                    store::ReportSection section, const QString &format, qint64 *count);
};

} // namespace dedup::cli
