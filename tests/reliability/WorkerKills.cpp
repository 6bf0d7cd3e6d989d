#include "WorkerKills.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QProcess>

using namespace dedup;

LineReport WorkerKills::run(const ReliabilityTarget &target, const Options &options) {
    LineReport report;
    report.id = QStringLiteral("2");
    report.title = QStringLiteral("%1 worker kills (SIGKILL) at random points").arg(options.kills);
    QElapsedTimer clock;
    clock.start();

    QProcess crashTest;
    crashTest.start(options.dedupctl,
                    {QStringLiteral("crash-test"), QStringLiteral("--db"), target.owner,
                     QStringLiteral("--intents"), QString::number(options.intents),
                     QStringLiteral("--workers"), QString::number(options.workers),
                     QStringLiteral("--kills"), QString::number(options.kills),
                     QStringLiteral("--seed"), QString::number(options.seed),
                     QStringLiteral("--json")});
    // A kill every 30-220 ms, then up to 120 s of drain.
    const int timeoutMs = 300'000 + options.kills * 500;
    if (!crashTest.waitForFinished(timeoutMs)) {
        crashTest.kill();
        crashTest.waitForFinished();
        report.addProblem(QStringLiteral("dedupctl crash-test did not finish in %1 s (%2)")
                              .arg(timeoutMs / 1000)
                              .arg(crashTest.errorString()));
        return report;
    }
    const QByteArray out = crashTest.readAllStandardOutput();
    const QJsonObject crash = QJsonDocument::fromJson(out).object();
    if (crash.isEmpty()) {
        report.addProblem(
            QStringLiteral("dedupctl crash-test (exit %1) gave no report: %2 %3")
                .arg(crashTest.exitCode())
                .arg(QString::fromUtf8(out), QString::fromUtf8(crashTest.readAllStandardError())));
        return report;
    }
    const auto figure = [&crash](const char *name) {
        return crash.value(QLatin1String(name)).toInteger(-1);
    };
    for (auto it = crash.begin(); it != crash.end(); ++it) {
        if (it.value().isDouble())
            report.figures.insert(it.key(), it.value().toInteger());
    }

    // Unknown outcomes at providers that do not deduplicate: a step without a downstream key
    // that a kill between begin_step and its recording left uncertain (once, per its event,
    // or still, per its status), so no re-execution could be safe. Each such run must be in
    // manual review, never finished by a retry.
    store::PgConnection owner;
    qint64 unknownsInReview = -1;
    qint64 unknownsElsewhere = -1;
    if (!owner.open(target.owner, QStringLiteral("dedup-reliability"))) {
        report.addProblem(owner.openError().toString());
    } else {
        store::PgParams prefix;
        prefix.add(
            QStringLiteral("crash/%1/").arg(crash.value(QStringLiteral("label")).toString()));
        const auto unknowns = owner.exec(
            QStringLiteral("SELECT count(*) FILTER (WHERE r.status = 'manual_review'),"
                           " count(*) FILTER (WHERE r.status <> 'manual_review')"
                           " FROM dedup.runs r WHERE starts_with(r.scope, $1) AND (EXISTS ("
                           "  SELECT 1 FROM dedup.events e JOIN dedup.steps s"
                           "    ON s.run_id = e.run_id AND s.name = e.step"
                           "  WHERE e.run_id = r.id AND e.kind = 'step_uncertain'"
                           "    AND s.downstream_key IS NULL)"
                           " OR EXISTS (SELECT 1 FROM dedup.steps s WHERE s.run_id = r.id"
                           "  AND s.status IN ('uncertain', 'in_progress')"
                           "  AND s.downstream_key IS NULL))"),
            prefix);
        if (!unknowns.ok()) {
            report.addProblem(unknowns.error().toString());
        } else {
            unknownsInReview = unknowns.toInt64(0, 0);
            unknownsElsewhere = unknowns.toInt64(0, 1);
        }
    }
    report.setFigure(QStringLiteral("unknown_outcomes_in_review"), unknownsInReview);
    report.setFigure(QStringLiteral("unknown_outcomes_not_in_review"), unknownsElsewhere);

    const qint64 kills = figure("kills");
    const qint64 intents = figure("intents");
    report.trials = kills;
    report.faults = kills;
    report.lost = std::max<qint64>(0, figure("lost"));
    report.duplicated = std::max<qint64>(0, figure("duplicates_dedup_steps")) +
                        std::max<qint64>(0, figure("duplicates_non_dedup_steps"));
    // crash-test does not map a kill to the run it hit: every loss, duplicate or misplaced
    // unknown outcome is charged to one kill.
    report.survived = std::max<qint64>(0, kills - report.lost - report.duplicated -
                                              std::max<qint64>(0, unknownsElsewhere));
    if (kills != options.kills)
        report.addProblem(
            QStringLiteral("%1 kills delivered, %2 asked").arg(kills).arg(options.kills));
    if (!crash.value(QStringLiteral("drained")).toBool())
        report.addProblem(QStringLiteral("the delivery queue did not drain"));
    if (unknownsElsewhere != 0)
        report.addProblem(QStringLiteral("%1 runs with an unknown outcome at a non-deduplicating "
                                         "provider are not in manual review")
                              .arg(unknownsElsewhere));
    if (figure("succeeded") + figure("manual_review") + figure("failed_non_retryable") != intents)
        report.addProblem(
            QStringLiteral("succeeded + manual_review + failed = %1, intents %2")
                .arg(figure("succeeded") + figure("manual_review") + figure("failed_non_retryable"))
                .arg(intents));
    if (crashTest.exitCode() != 0)
        report.addProblem(QStringLiteral("dedupctl crash-test exited with %1: %2")
                              .arg(crashTest.exitCode())
                              .arg(QString::fromUtf8(crashTest.readAllStandardError())));
    report.elapsedMs = clock.elapsed();
    return report;
}
