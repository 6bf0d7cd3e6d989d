#include "MetricsText.h"

namespace dedup::cli {

namespace {

// HELP texts are part of a machine-read format that dashboards and alert rules quote: they stay
// in English whatever the operator's language, as the metric names do.
void header(QString &out, const char *name, const char *help) {
    out += QStringLiteral("# HELP %1 %2\n# TYPE %1 gauge\n")
               .arg(QLatin1String(name), QLatin1String(help));
}

void figures(QString &out, const char *name, const char *firstLabel, const char *secondLabel,
             const QList<store::StoreMetrics::Figure> &list) {
    for (const store::StoreMetrics::Figure &figure : list) {
        const QString second =
            QStringLiteral("%1=\"%2\"")
                .arg(QLatin1String(secondLabel), MetricsText::labelValue(figure.series));
        const QString labels = firstLabel
                                   ? QStringLiteral("%1=\"%2\",%3")
                                         .arg(QLatin1String(firstLabel),
                                              MetricsText::labelValue(figure.workflow), second)
                                   : second;
        out += QStringLiteral("%1{%2} %3\n").arg(QLatin1String(name), labels).arg(figure.n);
    }
}

} // namespace

QString MetricsText::labelValue(const QString &value) {
    QString escaped;
    escaped.reserve(value.size());
    for (const QChar c : value) {
        if (c == u'\\')
            escaped += QStringLiteral("\\\\");
        else if (c == u'"')
            escaped += QStringLiteral("\\\"");
        else if (c == u'\n')
            escaped += QStringLiteral("\\n");
        else
            escaped += c;
    }
    return escaped;
}

QString MetricsText::format(const store::StoreMetrics &metrics) {
    QString out;
    header(out, "dedup_runs_stuck", "Runs in processing whose lease has expired (the Stuck list).");
    out += QStringLiteral("dedup_runs_stuck %1\n").arg(metrics.stuck);
    header(out, "dedup_review_queue_runs", "Runs waiting in manual review.");
    out += QStringLiteral("dedup_review_queue_runs %1\n").arg(metrics.reviewRuns);
    header(out, "dedup_review_oldest_age_seconds",
           "Seconds since the oldest run of the review queue went to review (0: none).");
    out += QStringLiteral("dedup_review_oldest_age_seconds %1\n")
               .arg(QString::number(metrics.reviewOldestAge, 'f', 3));
    header(out, "dedup_runs", "Runs the store holds, by workflow and status.");
    figures(out, "dedup_runs", "workflow", "status", metrics.runs);
    header(out, "dedup_duplicates_suppressed",
           "Duplicate deliveries answered without running again, by outcome (for the runs the "
           "store holds).");
    figures(out, "dedup_duplicates_suppressed", nullptr, "outcome", metrics.duplicates);
    header(out, "dedup_run_failures",
           "Runs failed or in review, by workflow and the class of their last error.");
    figures(out, "dedup_run_failures", "workflow", "error_class", metrics.failures);
    header(out, "dedup_workflow_paused",
           "1 per paused workflow and scope prefix (empty prefix: every scope of the workflow).");
    figures(out, "dedup_workflow_paused", "workflow", "scope_prefix", metrics.pauses);
    return out;
}

} // namespace dedup::cli
