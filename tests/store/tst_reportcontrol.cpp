// ReportExporter's guards against a real store: a reveal is audited before any row leaves
// (and refused to a viewer), invalid specs are refused, and a cancelled export (from the
// progress callback or another thread) returns Cancelled and leaves a usable connection.
#include "ReportExportRun.h"
#include "TestDatabase.h"

#include <QTest>

#include <atomic>
#include <libpq-fe.h>
#include <thread>

using namespace dedup::store;
using namespace reporttest;

class TestReportControl : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void revealIsAudited();
    void viewerIsRefusedTheReveal();
    void invalidSpecs();
    void cancelMidExport();
    void cancelFromAnotherThread();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<PgConnection> m_op;
};

void TestReportControl::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    m_op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_su && m_op);
    const QString error = seed(*m_su, *m_op);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReportControl::revealIsAudited() {
    const qint64 before =
        m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0);
    ReportSpec spec = daySpec();
    spec.revealRaw = true;
    spec.revealReason = QStringLiteral("subpoena 2026-17");
    spec.workflows = QStringList{QStringLiteral("invoice")};
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    ReportExporter exporter(*m_op);
    const auto result = exporter.exportTo(buffer, spec, ReportSection::Runs, ReportFormat::Csv);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QVERIFY(exporter.lastRevealAuditId() > 0);
    QVERIFY(buffer.data().contains("SECRETKEY"));

    const PgResult audit = m_su->exec(
        QStringLiteral("SELECT action, reason, run_id IS NULL AS no_run, db_role, outcome,"
                       " params->'workflows'->>0 AS workflow"
                       " FROM dedup.audit_log WHERE id = $1"),
        PgParams().add(exporter.lastRevealAuditId()));
    QVERIFY(audit.ok());
    QCOMPARE(audit.rows(), 1);
    QCOMPARE(audit.text(0, "action"), QStringLiteral("report_reveal"));
    QCOMPARE(audit.text(0, "reason"), QStringLiteral("subpoena 2026-17"));
    QVERIFY(audit.toBool(0, "no_run"));
    QCOMPARE(audit.text(0, "db_role"), QStringLiteral("t_operator"));
    QCOMPARE(audit.text(0, "outcome"), QStringLiteral("applied"));
    QCOMPARE(audit.text(0, "workflow"), QStringLiteral("invoice"));
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             before + 1);
    // The same report's other sections and formats replay that row; a new report (a new
    // key) writes its own.
    const qint64 first = exporter.lastRevealAuditId();
    for (const ReportSection section : {ReportSection::Actions, ReportSection::Summary}) {
        QBuffer more;
        more.open(QIODevice::WriteOnly);
        const auto again = exporter.exportTo(more, spec, section, ReportFormat::JsonLines);
        QVERIFY2(again.ok(), qPrintable(again.error().toString()));
        QCOMPARE(exporter.lastRevealAuditId(), first);
    }
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             before + 1);
    ReportSpec next = spec;
    next.redactionKey = ReportSpec::newRedactionKey();
    QBuffer other;
    other.open(QIODevice::WriteOnly);
    QVERIFY(exporter.exportTo(other, next, ReportSection::Runs, ReportFormat::Csv).ok());
    QVERIFY(exporter.lastRevealAuditId() > first);
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             before + 2);
    // the chain still verifies with the new rows in it
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.verify_audit()")).toInt64(0, 0),
             qint64(0));
}

void TestReportControl::viewerIsRefusedTheReveal() {
    auto viewer = m_db->connect(QStringLiteral("t_viewer"));
    QVERIFY(viewer);
    const qint64 before =
        m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0);
    ReportSpec spec = daySpec();
    spec.revealRaw = true;
    spec.revealReason = QStringLiteral("curious");
    for (const ReportSection section : {ReportSection::Runs, ReportSection::Actions}) {
        const Export refused = run(*viewer, spec, section, ReportFormat::Csv);
        QVERIFY(!refused.ok);
        QCOMPARE(int(refused.kind), int(StoreErrorKind::PermissionDenied));
        QVERIFY2(refused.error.contains(QLatin1String("dedup_operator")),
                 qPrintable(refused.error));
        QVERIFY(refused.bytes.isEmpty());
    }
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             before);
    // A viewer's redacted report works.
    spec.revealRaw = false;
    const Export redacted = run(*viewer, spec, ReportSection::Runs, ReportFormat::JsonLines);
    QVERIFY2(redacted.ok, qPrintable(redacted.error));
    QCOMPARE(redacted.rows, qint64(32));
}

void TestReportControl::invalidSpecs() {
    ReportSpec reversed = daySpec();
    std::swap(reversed.from, reversed.to);
    ReportSpec noReason = daySpec();
    noReason.revealRaw = true;
    noReason.revealReason = QStringLiteral("   ");
    ReportSpec noKey = daySpec();
    noKey.redactionKey.clear();
    ReportSpec noFrom = daySpec();
    noFrom.from = QDateTime();
    for (const ReportSpec &spec : {reversed, noReason, noKey, noFrom}) {
        const Export refused = run(*m_op, spec, ReportSection::Runs, ReportFormat::Csv);
        QVERIFY(!refused.ok);
        QCOMPARE(int(refused.kind), int(StoreErrorKind::InvalidArgument));
        QVERIFY(!refused.error.isEmpty());
        QVERIFY(refused.bytes.isEmpty());
    }
    QVERIFY(!reversed.validate().isEmpty());
    QVERIFY(noReason.validate().contains(QLatin1String("reason")));
    QVERIFY(daySpec().validate().isEmpty());
    QCOMPARE(ReportSpec::newRedactionKey().size(), 32);
    QVERIFY(ReportSpec::newRedactionKey() != ReportSpec::newRedactionKey());
}

// A large export cancelled after its first rows: the Cancelled kind, a partial output, and
// the connection answers the next statement.
void TestReportControl::cancelMidExport() {
    QVERIFY(m_su->exec(QStringLiteral(
                           "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                           " created_at, finished_at)"
                           " SELECT 'bulk', 'bulk-' || g, 'bulk', 'fp', 'succeeded',"
                           " timestamptz '2026-02-01' + g * interval '1 second',"
                           " timestamptz '2026-02-01' + g * interval '1 second'"
                           " FROM generate_series(1, 200000) g"))
                .ok());
    ReportSpec spec = daySpec();
    spec.from = QDateTime(QDate(2026, 2, 1), QTime(0, 0), Qt::UTC);
    spec.to = spec.from.addDays(5);
    std::atomic_bool cancel{false};
    qint64 lastWritten = 0;
    qint64 expected = 0;
    const Export cancelled = run(*m_op, spec, ReportSection::Runs, ReportFormat::Csv, &cancel,
                                 [&](qint64 written, qint64 total) {
                                     lastWritten = written;
                                     expected = total;
                                     if (written >= 4000)
                                         cancel = true;
                                 });
    QVERIFY(!cancelled.ok);
    QCOMPARE(int(cancelled.kind), int(StoreErrorKind::Cancelled));
    QCOMPARE(expected, qint64(200000));
    QVERIFY(lastWritten >= 4000 && lastWritten < 200000);
    QVERIFY(cancelled.bytes.size() > 0);
    // usable afterwards: no transaction left open, the next export is complete
    const PgResult state = m_op->exec(QStringLiteral("SELECT 1"));
    QVERIFY2(state.ok(), qPrintable(state.error().toString()));
    QCOMPARE(int(PQtransactionStatus(m_op->handle())), int(PQTRANS_IDLE));
    const Export again = run(*m_op, spec, ReportSection::Runs, ReportFormat::JsonLines);
    QVERIFY2(again.ok, qPrintable(again.error));
    QCOMPARE(again.rows, qint64(200000));
}

void TestReportControl::cancelFromAnotherThread() {
    ReportSpec spec = daySpec();
    spec.from = QDateTime(QDate(2026, 2, 1), QTime(0, 0), Qt::UTC);
    spec.to = spec.from.addDays(5);
    std::atomic_bool cancel{false};
    std::atomic<qint64> written{0};
    std::thread canceller([&] {
        while (written.load() < 2000)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        cancel = true;
    });
    const Export cancelled = run(*m_op, spec, ReportSection::Runs, ReportFormat::JsonLines, &cancel,
                                 [&](qint64 rows, qint64) { written = rows; });
    canceller.join();
    QVERIFY(!cancelled.ok);
    QCOMPARE(int(cancelled.kind), int(StoreErrorKind::Cancelled));
    QVERIFY(written.load() >= 2000 && written.load() < 200000);
    QCOMPARE(int(PQtransactionStatus(m_op->handle())), int(PQTRANS_IDLE));
    QCOMPARE(m_op->exec(QStringLiteral("SELECT 2")).toInt64(0, 0), qint64(2));
}

QTEST_GUILESS_MAIN(TestReportControl)
#include "tst_reportcontrol.moc"
