// ReportExporter's guards against a real store: a reveal is audited before any row leaves
// (and refused to a viewer), invalid specs are refused, the report's key is drawn by the
// server in the report's transaction (0015_report_key.sql) and redaction refuses to run
// without it, and a cancelled export (from the progress callback or another thread) returns
// Cancelled and leaves a usable connection.
#include "ReportExportRun.h"
#include "TestDatabase.h"
#include "store/ReportSql.h"

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
    void serverDrawsTheKey();
    void keyGuards();
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
    // A report begun once writes one row for all its sections and formats; the next report
    // writes its own.
    ReportExporter reportExporter(*m_op);
    const auto begun = reportExporter.begin(spec);
    QVERIFY2(begun.ok(), qPrintable(begun.error().toString()));
    const qint64 first = begun.value();
    QVERIFY(first > exporter.lastRevealAuditId());
    QCOMPARE(reportExporter.lastRevealAuditId(), first);
    for (const ReportSection section :
         {ReportSection::Runs, ReportSection::Actions, ReportSection::Summary}) {
        QBuffer more;
        more.open(QIODevice::WriteOnly);
        const auto again = reportExporter.exportTo(more, spec, section, ReportFormat::JsonLines);
        QVERIFY2(again.ok(), qPrintable(again.error().toString()));
        QCOMPARE(reportExporter.lastRevealAuditId(), first);
    }
    // a redacted export is another report: refused inside this one
    ReportSpec redacted = spec;
    redacted.revealRaw = false;
    QBuffer refused;
    refused.open(QIODevice::WriteOnly);
    QCOMPARE(int(reportExporter.exportTo(refused, redacted, ReportSection::Runs, ReportFormat::Csv)
                     .errorKind()),
             int(StoreErrorKind::InvalidArgument));
    QVERIFY(reportExporter.finish().ok());
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             before + 2);
    QBuffer other;
    other.open(QIODevice::WriteOnly);
    QVERIFY(reportExporter.exportTo(other, spec, ReportSection::Runs, ReportFormat::Csv).ok());
    QVERIFY(reportExporter.lastRevealAuditId() > first);
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             before + 3);
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
    ReportSpec noFrom = daySpec();
    noFrom.from = QDateTime();
    for (const ReportSpec &spec : {reversed, noReason, noFrom}) {
        const Export refused = run(*m_op, spec, ReportSection::Runs, ReportFormat::Csv);
        QVERIFY(!refused.ok);
        QCOMPARE(int(refused.kind), int(StoreErrorKind::InvalidArgument));
        QVERIFY(!refused.error.isEmpty());
        QVERIFY(refused.bytes.isEmpty());
    }
    QVERIFY(!reversed.validate().isEmpty());
    QVERIFY(noReason.validate().contains(QLatin1String("reason")));
    QVERIFY(daySpec().validate().isEmpty());
}

// The key is drawn by dedup.report_begin() in the caller's transaction: nothing about it is
// sent or answered, it differs from one transaction to the next, and it is gone at the end.
void TestReportControl::serverDrawsTheKey() {
    const QString pads = QStringLiteral("SELECT encode(dedup.report_ipad(), 'hex') AS ipad,"
                                        " encode(dedup.report_opad(), 'hex') AS opad");
    QStringList seen;
    for (int i = 0; i < 3; ++i) {
        QVERIFY(m_op->exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")).ok());
        const PgResult begun = m_op->exec(QStringLiteral("SELECT dedup.report_begin() AS r"));
        QVERIFY2(begun.ok(), qPrintable(begun.error().toString()));
        // the answer carries nothing (void)
        QCOMPARE(begun.rows(), 1);
        QCOMPARE(begun.text(0, "r"), QString());
        const PgResult read = m_op->exec(pads);
        QVERIFY2(read.ok(), qPrintable(read.error().toString()));
        QCOMPARE(read.text(0, "ipad").size(), 128);
        seen << read.text(0, "ipad");
        // i == 1 rolls back: the key goes either way
        QVERIFY(m_op->exec(i == 1 ? QStringLiteral("ROLLBACK") : QStringLiteral("COMMIT")).ok());
        const PgResult after = m_op->exec(pads);
        QVERIFY(!after.ok());
        QCOMPARE(after.error().sqlState, QStringLiteral("55000"));
    }
    seen.removeDuplicates();
    QCOMPARE(seen.size(), 3);

    // Who may draw one: viewers and operators (and the owner); a worker reads no runs.
    auto viewer = m_db->connect(QStringLiteral("t_viewer"));
    auto worker = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(viewer && worker);
    QVERIFY(viewer->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(viewer->exec(QStringLiteral("SELECT dedup.report_begin()")).ok());
    QVERIFY(viewer->exec(QStringLiteral("SELECT length(dedup.report_opad())")).ok());
    QVERIFY(viewer->exec(QStringLiteral("COMMIT")).ok());
    const PgResult denied = worker->exec(QStringLiteral("SELECT dedup.report_begin()"));
    QVERIFY(!denied.ok());
    QCOMPARE(denied.error().sqlState, QStringLiteral("42501"));
    ReportExporter workerExport(*worker);
    QCOMPARE(int(workerExport.begin(daySpec()).errorKind()), int(StoreErrorKind::PermissionDenied));
    QVERIFY(!workerExport.isOpen());
}

// A redacted statement without a key fails instead of hashing under an empty one; one
// transaction draws one key; the exporter's report states.
void TestReportControl::keyGuards() {
    ReportSpec spec = daySpec();
    ReportSql sql(spec, *m_op);
    const PgResult noKey = m_op->exec(sql.runsSelect(false, false)); // 32 rows to hash
    QVERIFY(!noKey.ok());
    QCOMPARE(noKey.error().sqlState, QStringLiteral("55000"));
    // a session-level value does not stand in for a drawn key either
    QVERIFY(m_op->exec(QStringLiteral("SELECT set_config('dedup.report_ipad', '', false)")).ok());
    QVERIFY(!m_op->exec(QStringLiteral("SELECT dedup.report_ipad()")).ok());

    QVERIFY(m_op->exec(QStringLiteral("BEGIN")).ok());
    QVERIFY(m_op->exec(QStringLiteral("SELECT dedup.report_begin()")).ok());
    const PgResult twice = m_op->exec(QStringLiteral("SELECT dedup.report_begin()"));
    QVERIFY(!twice.ok());
    QCOMPARE(twice.error().sqlState, QStringLiteral("DD004"));
    QVERIFY(m_op->exec(QStringLiteral("ROLLBACK")).ok());

    ReportExporter exporter(*m_op);
    QCOMPARE(int(exporter.finish().errorKind()), int(StoreErrorKind::InvalidArgument));
    // a report needs a transaction of its own
    QVERIFY(m_op->exec(QStringLiteral("BEGIN")).ok());
    QCOMPARE(int(exporter.begin(spec).errorKind()), int(StoreErrorKind::InvalidArgument));
    QVERIFY(m_op->exec(QStringLiteral("ROLLBACK")).ok());
    QVERIFY(exporter.begin(spec).ok());
    QCOMPARE(int(exporter.begin(spec).errorKind()), int(StoreErrorKind::InvalidArgument));
    QVERIFY(exporter.isOpen());
    // an export that fails ends the report: the next one is refused, finish() says so
    QBuffer closed; // not open for writing: refused before the database, the report goes on
    QCOMPARE(
        int(exporter.exportTo(closed, spec, ReportSection::Runs, ReportFormat::Csv).errorKind()),
        int(StoreErrorKind::Other));
    QVERIFY(exporter.isOpen());
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QVERIFY(exporter.exportTo(out, spec, ReportSection::Runs, ReportFormat::Csv).ok());
    // a statement that fails in the report's transaction (as a COPY cut off would)
    QVERIFY(!m_op->exec(QStringLiteral("SELECT 1 / 0")).ok());
    QVERIFY(!exporter.exportTo(out, spec, ReportSection::Actions, ReportFormat::Csv).ok());
    QCOMPARE(int(exporter.exportTo(out, spec, ReportSection::Runs, ReportFormat::Csv).errorKind()),
             int(StoreErrorKind::Other));
    QCOMPARE(int(exporter.finish().errorKind()), int(StoreErrorKind::Other));
    QVERIFY(!exporter.isOpen());
    QCOMPARE(int(PQtransactionStatus(m_op->handle())), int(PQTRANS_IDLE));
    // and a new report works on the same exporter
    QVERIFY(exporter.begin(spec).ok());
    QVERIFY(exporter.exportTo(out, spec, ReportSection::Summary, ReportFormat::Csv).ok());
    QVERIFY(exporter.finish().ok());
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
