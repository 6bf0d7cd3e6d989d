// ReportQueries::summarize() against a real store: every figure equals its SQL count, for
// several filters; the Summary section of an export holds the same figures.
#include "ReportTestData.h"
#include "TestDatabase.h"
#include "core/RunStatus.h"
#include "store/ReportExporter.h"
#include "store/ReportQueries.h"
#include "store/ReportSummaryRows.h"

#include <QBuffer>
#include <QSysInfo>
#include <QTest>

using namespace dedup::store;
using namespace reporttest;

namespace {

QHash<QString, qint64> asHash(const QList<ReportCount> &counts) {
    QHash<QString, qint64> hash;
    for (const ReportCount &count : counts)
        hash.insert(count.label, count.count);
    return hash;
}

QHash<QString, qint64> grouped(PgConnection &conn, const QString &sql, const PgParams &params) {
    QHash<QString, qint64> hash;
    const PgResult result = conn.exec(sql, params);
    if (!result.ok())
        qWarning("%s", qPrintable(result.error().toString()));
    for (int row = 0; row < result.rows(); ++row)
        hash.insert(result.text(row, 0), result.toInt64(row, 1));
    return hash;
}

qint64 scalar(PgConnection &conn, const QString &sql, const PgParams &params = {}) {
    const PgResult result = conn.exec(sql, params);
    if (!result.ok())
        qWarning("%s", qPrintable(result.error().toString()));
    return result.toInt64(0, 0, -1);
}

} // namespace

class TestReportSummary : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void figuresMatchTheDatabase_data();
    void figuresMatchTheDatabase();
    void actionsAndAudit();
    void summarySectionExport();
    void viewerMaySummarize();
    void invalidSpec();
    void revealedReasonsNeedTheAuditedReveal();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<PgConnection> m_op;
};

void TestReportSummary::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    m_op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_su && m_op);
    const QString error = seed(*m_su, *m_op);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReportSummary::figuresMatchTheDatabase_data() {
    QTest::addColumn<QStringList>("workflows");
    QTest::addColumn<QStringList>("statuses");
    QTest::addColumn<int>("days");
    QTest::newRow("day") << QStringList() << QStringList() << 1;
    QTest::newRow("week, by day") << QStringList() << QStringList() << 7;
    QTest::newRow("half a year, by week") << QStringList() << QStringList() << 180;
    QTest::newRow("invoice") << QStringList{QStringLiteral("invoice")} << QStringList() << 1;
    QTest::newRow("weird workflow") << QStringList{weirdWorkflow()} << QStringList() << 1;
    QTest::newRow("failed+review")
        << QStringList() << QStringList{QStringLiteral("failed"), QStringLiteral("manual_review")}
        << 1;
    QTest::newRow("lab, processing") << QStringList{QStringLiteral("lab-results")}
                                     << QStringList{QStringLiteral("processing")} << 1;
}

void TestReportSummary::figuresMatchTheDatabase() {
    QFETCH(QStringList, workflows);
    QFETCH(QStringList, statuses);
    QFETCH(int, days);
    ReportSpec spec;
    spec.from = rangeFrom();
    spec.to = rangeFrom().addDays(days);
    spec.workflows = workflows;
    for (const QString &status : statuses)
        spec.statuses << *dedup::core::runStatusFromString(status);
    ReportQueries queries(*m_op);
    const auto result = queries.summarize(spec);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    const ReportSummary &s = result.value();

    PgParams params;
    params.add(spec.from).add(spec.to).add(workflows).add(statuses);
    const QString runs =
        QStringLiteral(" FROM dedup.runs WHERE created_at >= $1 AND created_at < $2"
                       " AND (cardinality($3::text[]) = 0 OR workflow = ANY ($3::text[]))"
                       " AND (cardinality($4::text[]) = 0 OR status = ANY ($4::text[]))");
    QCOMPARE(s.runsTotal, scalar(*m_su, QStringLiteral("SELECT count(*)") + runs, params));
    QVERIFY(s.runsTotal > 0);
    const auto byStatus = grouped(
        *m_su, QStringLiteral("SELECT status, count(*)") + runs + QStringLiteral(" GROUP BY 1"),
        params);
    QCOMPARE(s.runsByStatus.size(), 5);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(s.runsByStatus.at(i).label,
                 dedup::core::toString(dedup::core::allRunStatuses().at(i)));
        QCOMPARE(s.runsByStatus.at(i).count, byStatus.value(s.runsByStatus.at(i).label));
    }
    QCOMPARE(asHash(s.runsByWorkflow), grouped(*m_su,
                                               QStringLiteral("SELECT workflow, count(*)") + runs +
                                                   QStringLiteral(" GROUP BY 1"),
                                               params));
    for (int i = 1; i < s.runsByWorkflow.size(); ++i)
        QVERIFY(s.runsByWorkflow.at(i - 1).count >= s.runsByWorkflow.at(i).count);
    QCOMPARE(asHash(s.failureClasses),
             grouped(*m_su,
                     QStringLiteral("SELECT last_error->>'class', count(*)") + runs +
                         QStringLiteral(" AND status IN ('failed', 'manual_review') GROUP BY 1"),
                     params));

    // Buckets: the whole range without gaps, and the counts per bucket.
    const QString unit = days == 1   ? QStringLiteral("hour")
                         : days == 7 ? QStringLiteral("day")
                                     : QStringLiteral("week");
    QCOMPARE(s.bucketUnit, unit);
    QCOMPARE(s.runsOverTime.size(), days == 1 ? 24 : days == 7 ? 7 : 27);
    PgParams bucketParams = params;
    bucketParams.add(unit);
    const auto perBucket = grouped(
        *m_su,
        QStringLiteral("SELECT to_char(date_trunc($5, created_at), 'YYYY-MM-DD HH24'), count(*)") +
            runs + QStringLiteral(" GROUP BY 1"),
        bucketParams);
    qint64 sum = 0;
    for (const ReportBucket &bucket : s.runsOverTime) {
        qint64 total = 0;
        for (const qint64 n : bucket.byStatus)
            total += n;
        QCOMPARE(bucket.byStatus.size(), 5);
        QCOMPARE(total,
                 perBucket.value(bucket.start.toUTC().toString(QStringLiteral("yyyy-MM-dd HH"))));
        sum += total;
    }
    QCOMPARE(sum, s.runsTotal);

    // Events in range and the queues now: only the workflow filter applies.
    PgParams events;
    events.add(spec.from).add(spec.to).add(workflows);
    const QString eventWhere = QStringLiteral(
        " FROM dedup.events e JOIN dedup.runs r ON r.id = e.run_id WHERE e.at >= $1 AND e.at < $2"
        " AND (cardinality($3::text[]) = 0 OR r.workflow = ANY ($3::text[]))");
    // Suppressed duplicates: the events (before 0025) in range and the counted ones (0025)
    // of the runs whose last counted duplicate is in range.
    const qint64 counted = scalar(
        *m_su,
        QStringLiteral("SELECT COALESCE(sum(d.replays + d.in_progress + d.in_review), 0)"
                       " FROM dedup.duplicate_deliveries d JOIN dedup.runs r"
                       " ON r.id = d.run_id WHERE d.last_at >= $1 AND d.last_at < $2"
                       " AND (cardinality($3::text[]) = 0 OR r.workflow = ANY ($3::text[]))"),
        events);
    if (workflows.isEmpty())
        QVERIFY(counted > 0); // the seed has counted duplicates in every range
    QCOMPARE(s.duplicatesSuppressed,
             scalar(*m_su,
                    QStringLiteral("SELECT count(*)") + eventWhere +
                        QStringLiteral(" AND e.kind = 'duplicate_suppressed'"),
                    events) +
                 counted);
    QCOMPARE(s.reviewOpenedInRange, scalar(*m_su,
                                           QStringLiteral("SELECT count(*)") + eventWhere +
                                               QStringLiteral(" AND e.kind = 'routed_to_review'"),
                                           events));
    PgParams wf;
    wf.add(workflows);
    const QString queue = QStringLiteral(
        " FROM dedup.runs WHERE (cardinality($1::text[]) = 0 OR workflow = ANY ($1::text[]))");
    QCOMPARE(s.stuckNow, scalar(*m_su,
                                QStringLiteral("SELECT count(*)") + queue +
                                    QStringLiteral(" AND status = 'processing' AND "
                                                   "lease_expires_at < now()"),
                                wf));
    QCOMPARE(s.reviewNow, scalar(*m_su,
                                 QStringLiteral("SELECT count(*)") + queue +
                                     QStringLiteral(" AND status = 'manual_review'"),
                                 wf));
    const qint64 oldest =
        scalar(*m_su,
               QStringLiteral("SELECT floor(extract(epoch FROM now() - min(review_at)))::bigint") +
                   queue + QStringLiteral(" AND status = 'manual_review'"),
               wf);
    QVERIFY(s.oldestReviewAgeSeconds.has_value());
    QVERIFY2(qAbs(*s.oldestReviewAgeSeconds - oldest) <= 5,
             qPrintable(QStringLiteral("%1 vs %2").arg(*s.oldestReviewAgeSeconds).arg(oldest)));
    QVERIFY(s.audit.ok());
}

void TestReportSummary::actionsAndAudit() {
    ReportSpec spec;
    spec.from = QDateTime::currentDateTimeUtc().addSecs(-3600);
    spec.to = QDateTime::currentDateTimeUtc().addSecs(3600);
    ReportQueries queries(*m_op);
    const auto result = queries.summarize(spec);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    const ReportSummary &s = result.value();
    QCOMPARE(s.actionsTotal, qint64(2));
    QCOMPARE(asHash(s.actionsByKind),
             (QHash<QString, qint64>{{QStringLiteral("op_route_to_review"), 1},
                                     {QStringLiteral("op_resolve_review"), 1}}));
    QCOMPARE(asHash(s.actionsByOperator),
             (QHash<QString, qint64>{{QStringLiteral("t_operator"), 2}}));
    QCOMPARE(s.actions.size(), 2);
    QCOMPARE(s.actions.at(0).action, QStringLiteral("op_route_to_review"));
    // the operator's words, hashed: the summary (and the PDF drawn from it) is never raw
    QVERIFY2(s.actions.at(0).reason.startsWith(u"h:"), qPrintable(s.actions.at(0).reason));
    QVERIFY(!s.actions.at(0).reason.contains(QStringLiteral("provider")));
    QCOMPARE(s.actions.at(0).beforeState, QStringLiteral("failed"));
    QCOMPARE(s.actions.at(0).afterState, QStringLiteral("manual_review"));
    QCOMPARE(s.actions.at(0).outcome, QStringLiteral("applied"));
    QCOMPARE(s.actions.at(1).action, QStringLiteral("op_resolve_review"));
    QCOMPARE(s.actions.at(1).afterState, QStringLiteral("succeeded"));
    QVERIFY(s.actions.at(0).auditId < s.actions.at(1).auditId);
    QVERIFY(s.actions.at(0).runId > 0);

    QVERIFY(s.audit.ok());
    QCOMPARE(s.audit.headId, scalar(*m_su, QStringLiteral("SELECT max(id) FROM dedup.audit_log")));
    QCOMPARE(s.generatedBy, QStringLiteral("t_operator"));
    QVERIFY(qAbs(s.generatedAt.secsTo(QDateTime::currentDateTimeUtc())) < 60);
    QCOMPARE(s.host, QSysInfo::machineHostName());
    QCOMPARE(s.osUser, qEnvironmentVariable("USER", qEnvironmentVariable("LOGNAME")));
    // the address the server saw: none over the test cluster's Unix socket
    QCOMPARE(s.clientAddr, QString());

    // the operator filter
    ReportQueries again(*m_op);
    spec.operators = {QStringLiteral("nobody")};
    const auto none = again.summarize(spec);
    QVERIFY(none.ok());
    QCOMPARE(none.value().actionsTotal, qint64(0));
    QVERIFY(none.value().actions.isEmpty());
}

void TestReportSummary::summarySectionExport() {
    ReportSpec spec;
    spec.from = rangeFrom();
    spec.to = rangeTo();
    ReportQueries queries(*m_op);
    const auto summary = queries.summarize(spec);
    QVERIFY(summary.ok());
    const QList<ReportSummaryRow> expected = reportSummaryRows(summary.value());
    for (const ReportFormat format : {ReportFormat::Csv, ReportFormat::JsonLines}) {
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        ReportExporter exporter(*m_op);
        const auto written = exporter.exportTo(buffer, spec, ReportSection::Summary, format);
        QVERIFY2(written.ok(), qPrintable(written.error().toString()));
        QCOMPARE(written.value(), qint64(expected.size()));
        QString why;
        QHash<QString, QString> values;
        if (format == ReportFormat::Csv) {
            const auto records = parseCsv(buffer.data(), &why);
            QVERIFY2(records, qPrintable(why));
            QCOMPARE(records->size(), expected.size() + 1);
            QCOMPARE(records->first(),
                     (QStringList{QStringLiteral("group"), QStringLiteral("label"),
                                  QStringLiteral("value")}));
            for (qsizetype i = 1; i < records->size(); ++i)
                values.insert(records->at(i).at(0) + u'/' + records->at(i).at(1),
                              records->at(i).at(2));
        } else {
            const auto objects = parseJsonLines(buffer.data(), &why);
            QVERIFY2(objects, qPrintable(why));
            QCOMPARE(objects->size(), expected.size());
            for (const QJsonObject &o : *objects) {
                const QJsonValue v = o.value(QStringLiteral("value"));
                values.insert(o.value(QStringLiteral("group")).toString() + u'/' +
                                  o.value(QStringLiteral("label")).toString(),
                              v.isDouble() ? QString::number(v.toInteger())
                              : v.isBool()
                                  ? (v.toBool() ? QStringLiteral("true") : QStringLiteral("false"))
                                  : v.toString());
            }
        }
        QCOMPARE(values.value(QStringLiteral("runs/total")), QStringLiteral("32"));
        QCOMPARE(values.value(QStringLiteral("runs_by_status/failed")),
                 QString::number(scalar(
                     *m_su, QStringLiteral(
                                "SELECT count(*) FROM dedup.runs WHERE status = 'failed'"
                                " AND created_at >= '2026-01-10' AND created_at < '2026-01-11'"))));
        QCOMPARE(
            values.value(QStringLiteral("runs_by_workflow/") + weirdWorkflow()),
            QString::number(summary.value().runsByWorkflow.isEmpty()
                                ? -1
                                : asHash(summary.value().runsByWorkflow).value(weirdWorkflow())));
        QCOMPARE(values.value(QStringLiteral("duplicates/suppressed")),
                 QString::number(summary.value().duplicatesSuppressed));
        QCOMPARE(values.value(QStringLiteral("audit/intact")), QStringLiteral("true"));
        QCOMPARE(values.value(QStringLiteral("report/raw_values")), QStringLiteral("redacted"));
        QCOMPARE(values.value(QStringLiteral("report/generated_by")), QStringLiteral("t_operator"));
        // the server-observed address has its own row (empty over a Unix socket)
        QVERIFY(values.contains(QStringLiteral("report/client_addr")));
        QCOMPARE(values.value(QStringLiteral("report/from")),
                 QStringLiteral("2026-01-10T00:00:00.000Z"));
    }
}

void TestReportSummary::viewerMaySummarize() {
    auto viewer = m_db->connect(QStringLiteral("t_viewer"));
    QVERIFY(viewer);
    ReportSpec spec;
    spec.from = rangeFrom();
    spec.to = rangeTo();
    ReportQueries queries(*viewer);
    const auto result = queries.summarize(spec);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.value().runsTotal, qint64(32));
    QCOMPARE(result.value().generatedBy, QStringLiteral("t_viewer"));
}

void TestReportSummary::invalidSpec() {
    ReportQueries queries(*m_op);
    ReportSpec spec;
    spec.from = rangeTo();
    spec.to = rangeFrom();
    const auto result = queries.summarize(spec);
    QVERIFY(!result.ok());
    QCOMPARE(int(result.errorKind()), int(StoreErrorKind::InvalidArgument));
    QCOMPARE(result.error().message, spec.validate());
}

// The operators' reasons are raw only in a report whose reveal is recorded: inside
// ReportExporter::begin() with spec.revealRaw (one report_reveal row, committed first). A
// revealing spec on its own, or inside a redacted report, is refused and records nothing.
void TestReportSummary::revealedReasonsNeedTheAuditedReveal() {
    ReportSpec spec;
    spec.from = QDateTime::currentDateTimeUtc().addSecs(-3600);
    spec.to = QDateTime::currentDateTimeUtc().addSecs(3600);
    spec.revealRaw = true;
    spec.revealReason = QStringLiteral("incident 19: read the reasons");
    const auto reveals = [this] {
        return scalar(*m_su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"
                                            " WHERE action = 'report_reveal'"));
    };
    const qint64 before = reveals();

    const auto alone = ReportQueries(*m_op).summarize(spec);
    QVERIFY(!alone.ok());
    QCOMPARE(int(alone.errorKind()), int(StoreErrorKind::InvalidArgument));
    QCOMPARE(reveals(), before);

    {
        ReportSpec redacted = spec;
        redacted.revealRaw = false;
        redacted.revealReason.clear();
        ReportExporter exporter(*m_op);
        QVERIFY(exporter.begin(redacted).ok());
        const auto inRedacted = ReportQueries(*m_op).summarize(spec);
        QVERIFY(!inRedacted.ok());
        QCOMPARE(int(inRedacted.errorKind()), int(StoreErrorKind::InvalidArgument));
    }
    QCOMPARE(reveals(), before);

    ReportExporter exporter(*m_op);
    const auto begun = exporter.begin(spec);
    QVERIFY2(begun.ok(), qPrintable(begun.error().toString()));
    QVERIFY(begun.value() > 0);
    const auto revealed = ReportQueries(*m_op).summarize(spec);
    QVERIFY2(revealed.ok(), qPrintable(revealed.error().toString()));
    QVERIFY(exporter.finish().ok());
    QCOMPARE(reveals(), before + 1);
    QStringList reasons;
    for (const ReportAction &action : revealed.value().actions)
        reasons << action.reason;
    QVERIFY2(reasons.contains(QStringLiteral("check \"provider\", please")),
             qPrintable(reasons.join(u'|')));
    QVERIFY(reasons.contains(QStringLiteral("verified at the provider")));
    // The reveal itself is an action of the range, with its reason as given.
    QVERIFY(reasons.contains(spec.revealReason));
    QCOMPARE(revealed.value().spec.revealRaw, true);
}

QTEST_GUILESS_MAIN(TestReportSummary)
#include "tst_reportsummary.moc"
