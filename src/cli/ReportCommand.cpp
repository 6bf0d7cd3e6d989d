#include "ReportCommand.h"

#include "ExitCode.h"
#include "core/RunStatus.h"
#include "reports/OwnerOnlyFile.h"
#include "reports/ReportFormats.h"
#include "reports/ReportWriter.h"
#include "store/PgConnection.h"

#include <QFile>
#include <QRegularExpression>

#include <atomic>
#include <csignal>
#include <cstdio>

namespace dedup::cli {

namespace {

// Set by SIGINT / SIGTERM: the export stops, the .part file is removed.
std::atomic_bool g_interrupted{false};

extern "C" void onSignal(int) {
    g_interrupted = true;
}

QString statusNames() {
    QStringList names;
    for (const core::RunStatus status : core::allRunStatuses())
        names << core::toString(status);
    return names.join(QStringLiteral(", "));
}

} // namespace

QString ReportCommand::summary() const {
    return tr("Write an audit / outcome report (runs, actions or summary) as CSV or JSON Lines, "
              "or the whole report as PDF.");
}

namespace {

QString formatNames() {
    return reports::ReportFormats::ids().join(QStringLiteral(", "));
}

} // namespace

void ReportCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    parser.addOption(QCommandLineOption(
        QStringLiteral("from"),
        tr("Start of the range (inclusive): ISO 8601 (no offset = UTC) or back from now, e.g. "
           "24h, 7d, 2w, 30m (default: 24 hours before --to)."),
        tr("time")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("to"), tr("End of the range (exclusive), same forms (default: now)."),
        tr("time")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("workflow"), tr("Only this workflow (repeat for several)."), tr("name")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("status"),
        tr("Only runs in this status (repeat for several): %1.").arg(statusNames()), tr("status")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("operator"), tr("Only actions by this database role (repeat for several)."),
        tr("role")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("section"), tr("What to write: runs, actions or summary (default: runs)."),
        tr("section"), QStringLiteral("runs")));
    parser.addOption(QCommandLineOption(QStringLiteral("format"),
                                        tr("Output format: %1 (default: csv).").arg(formatNames()),
                                        tr("format"), QStringLiteral("csv")));
    parser.addOption(QCommandLineOption(
        {QStringLiteral("o"), QStringLiteral("output")},
        tr("Write to FILE (via FILE.part, renamed when complete) instead of standard output."),
        tr("file")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("reveal-raw"),
        tr("Show raw keys, scopes, correlation ids, payloads and operators' reasons instead of "
           "keyed hashes, in every format (needs dedup_operator and --reason; written to the "
           "audit log).")));
    parser.addOption(QCommandLineOption(QStringLiteral("reason"),
                                        tr("Why the raw values are needed (for the audit log)."),
                                        tr("text")));
}

QDateTime ReportCommand::parseTime(const QString &text, const QDateTime &now) {
    const QString value = text.trimmed();
    if (value == QLatin1String("now"))
        return now;
    static const QRegularExpression relative(QStringLiteral("^([0-9]{1,6})([mhdw])$"));
    const QRegularExpressionMatch match = relative.match(value);
    if (match.hasMatch()) {
        const qint64 n = match.captured(1).toLongLong();
        const QChar unit = match.captured(2).at(0);
        const qint64 seconds = unit == u'm'   ? 60
                               : unit == u'h' ? 3600
                               : unit == u'd' ? 86400
                                              : 7 * 86400;
        return now.addSecs(-n * seconds);
    }
    const QDate date = QDate::fromString(value, Qt::ISODate);
    if (date.isValid() && value.size() == 10)
        return QDateTime(date, QTime(0, 0), Qt::UTC);
    QDateTime time = QDateTime::fromString(value, Qt::ISODateWithMs);
    if (time.isValid() && time.timeSpec() == Qt::LocalTime)
        time.setTimeSpec(Qt::UTC); // cron jobs run anywhere: no offset means UTC, not local time
    return time;
}

std::optional<store::ReportSpec> ReportCommand::parseSpec(const QCommandLineParser &parser) {
    const auto usage = [](const QString &message) {
        err() << tr("dedupctl report: %1").arg(message) << Qt::endl;
        return std::nullopt;
    };
    store::ReportSpec spec;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    spec.to = parser.isSet(QStringLiteral("to"))
                  ? parseTime(parser.value(QStringLiteral("to")), now)
                  : now;
    if (!spec.to.isValid())
        return usage(tr("--to: '%1' is not a time (ISO 8601, or back from now like 24h, 7d)")
                         .arg(shown(parser.value(QStringLiteral("to")))));
    spec.from = parser.isSet(QStringLiteral("from"))
                    ? parseTime(parser.value(QStringLiteral("from")), now)
                    : spec.to.addSecs(-24 * 3600);
    if (!spec.from.isValid())
        return usage(tr("--from: '%1' is not a time (ISO 8601, or back from now like 24h, 7d)")
                         .arg(shown(parser.value(QStringLiteral("from")))));
    spec.workflows = parser.values(QStringLiteral("workflow"));
    spec.operators = parser.values(QStringLiteral("operator"));
    for (const QString &name : parser.values(QStringLiteral("status"))) {
        const auto status = core::runStatusFromString(name);
        if (!status)
            return usage(
                tr("--status: unknown status '%1' (one of: %2)").arg(shown(name), statusNames()));
        spec.statuses << *status;
    }
    return spec;
}

int ReportCommand::run(const QCommandLineParser &parser) {
    const auto usage = [](const QString &message) {
        err() << tr("dedupctl report: %1").arg(message) << Qt::endl;
        return Usage;
    };
    std::optional<store::ReportSpec> spec = parseSpec(parser);
    if (!spec)
        return Usage;
    const QString sectionName = parser.value(QStringLiteral("section"));
    const auto section = store::reportSectionFromString(sectionName);
    if (!section)
        return usage(
            tr("--section: '%1' is not one of runs, actions, summary").arg(shown(sectionName)));
    const QString format = parser.value(QStringLiteral("format"));
    const reports::ReportFileFormat *known = reports::ReportFormats::find(format);
    if (!known)
        return usage(tr("--format: '%1' is not one of %2").arg(shown(format), formatNames()));
    spec->revealRaw = parser.isSet(QStringLiteral("reveal-raw"));
    spec->revealReason = parser.value(QStringLiteral("reason"));
    if (spec->revealRaw && spec->revealReason.trimmed().isEmpty())
        return usage(tr("--reveal-raw needs --reason TEXT (it is written to the audit log)"));
    if (!spec->revealRaw && parser.isSet(QStringLiteral("reason")))
        return usage(tr("--reason only applies with --reveal-raw"));
    const QString invalid = spec->validate();
    if (!invalid.isEmpty())
        return usage(shown(invalid));

    int refused = Unreachable;
    auto conn = connectOwnSession(parser, &refused);
    if (!conn)
        return refused;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    const QString target = parser.value(QStringLiteral("output"));
    qint64 count = 0;
    if (target.isEmpty()) {
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly)) {
            err() << tr("dedupctl report: cannot write to standard output") << Qt::endl;
            return Failure;
        }
        const int code = writeReport(*conn, out, *spec, *section, format, &count);
        out.flush();
        return code;
    }
    // FILE.part in FILE's directory, created 0600 and renamed when complete (OwnerOnlyFile).
    reports::OwnerOnlyFile out(target);
    if (!out.open()) {
        err() << tr("dedupctl report: %1").arg(shown(out.errorString())) << Qt::endl;
        return Failure;
    }
    const int code = writeReport(*conn, out.device(), *spec, *section, format, &count);
    if (code != Success) {
        out.cancel();
        return code;
    }
    if (!out.commit()) {
        err() << tr("dedupctl report: %1").arg(shown(out.errorString())) << Qt::endl;
        return Failure;
    }
    if (known->rows == reports::ReportFileFormat::Rows::Summary)
        err() << tr("dedupctl report: %1 pages written to %2").arg(count).arg(shown(target))
              << Qt::endl;
    else
        err() << tr("dedupctl report: %1 rows written to %2").arg(count).arg(shown(target))
              << Qt::endl;
    return Success;
}

int ReportCommand::writeReport(store::PgConnection &conn, QIODevice &out,
                               const store::ReportSpec &spec, store::ReportSection section,
                               const QString &format, qint64 *count) {
    // One format, one file: a drawn format shows every section (figures, charts, tables), so
    // --section only picks the rows of a row format.
    reports::ReportOutputs outputs;
    outputs.formats = {format};
    outputs.sections = {section};
    bool opened = false;
    const auto open = [&out, &opened](const QString &, QString *why) -> QIODevice * {
        if (opened) {
            *why = tr("more than one file for one output"); // the registry and this disagree
            return nullptr;
        }
        opened = true;
        return &out;
    };
    reports::ReportWriter writer(conn, &g_interrupted);
    const auto result = writer.write(spec, outputs, open);
    if (result.ok()) {
        const reports::ReportFile &file = result.value().files.constFirst();
        const reports::ReportFileFormat *drawn = reports::ReportFormats::find(format);
        *count = drawn && drawn->rows == reports::ReportFileFormat::Rows::Summary ? file.pages
                                                                                  : file.rows;
        return Success;
    }
    switch (result.errorKind()) {
    case store::StoreErrorKind::Cancelled:
        err() << tr("dedupctl report: interrupted; nothing was kept") << Qt::endl;
        return Failure;
    case store::StoreErrorKind::InvalidArgument:
        err() << tr("dedupctl report: %1").arg(shown(result.error().message)) << Qt::endl;
        return Usage;
    case store::StoreErrorKind::Other:
        if (result.error().sqlState.isEmpty()) { // writing the output failed
            err() << tr("dedupctl report: %1").arg(shown(result.error().message)) << Qt::endl;
            return Failure;
        }
        break;
    default:
        break;
    }
    err() << tr("dedupctl report: %1").arg(shown(result.error().message)) << Qt::endl;
    return DatabaseError;
}

} // namespace dedup::cli
