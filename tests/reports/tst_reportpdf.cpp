// The PDF of real summaries: ReportQueries::summarize() over a store seeded through the
// protocol, rendered, then read back as a reader would (text and page images).
#include "PdfInspector.h"
#include "ReportTestData.h"
#include "TestDatabase.h"
#include "reports/ReportPalette.h"
#include "reports/ReportPdfWriter.h"
#include "store/PgConnection.h"
#include "store/ReportExporter.h"
#include "store/ReportQueries.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace dedup;

namespace {

qint64 scalar(store::PgConnection &conn, const QString &sql) {
    const store::PgResult result = conn.exec(sql);
    return result.ok() ? result.toInt64(0, 0, -1) : -1;
}

store::ReportSpec lastHour() {
    store::ReportSpec spec;
    spec.to = QDateTime::currentDateTimeUtc().addSecs(600);
    spec.from = spec.to.addSecs(-3600 * 2);
    return spec;
}

} // namespace

class TestReportPdf : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Summarises `spec` as `user` and renders it; the PDF's path, or empty.
    QString render(const TestDatabase &db, const store::ReportSpec &spec, const QString &name,
                   store::ReportSummary *summary = nullptr, const QString &user = {}) {
        auto conn = db.connect(user);
        if (!conn)
            return {};
        const auto result = store::ReportQueries(*conn).summarize(spec);
        if (!result) {
            qWarning() << result.error().toString();
            return {};
        }
        if (summary)
            *summary = result.value();
        reports::ReportPdfWriter writer(result.value());
        const QString path = m_dir.filePath(name);
        if (!writer.writeFile(path)) {
            qWarning() << writer.errorString();
            return {};
        }
        return writer.pageCount() > 0 ? path : QString();
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QLocale::setDefault(QLocale::c());
        if (qEnvironmentVariableIsSet("DEDUP_KEEP_REPORTS")) {
            m_dir.setAutoRemove(false);
            qInfo("PDFs kept in %s", qPrintable(m_dir.path()));
        }
    }

    void holdsTheStoresFigures() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 60);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        auto su = db.connect();
        QVERIFY(su);
        const qint64 runs = scalar(*su, QStringLiteral("SELECT count(*) FROM dedup.runs"));
        const qint64 succeeded = scalar(
            *su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'succeeded'"));
        const qint64 review = scalar(
            *su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status = 'manual_review'"));
        // suppressed duplicates: counted on their runs since 0025, events before it
        const qint64 duplicates = scalar(
            *su, QStringLiteral("SELECT (SELECT count(*) FROM dedup.events"
                                " WHERE kind = 'duplicate_suppressed')"
                                " + (SELECT coalesce(sum(replays + in_progress + in_review), 0)"
                                " FROM dedup.duplicate_deliveries)"));
        const qint64 actions = scalar(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"));
        QCOMPARE(runs, 60);
        QCOMPARE(succeeded, 48);
        QCOMPARE(review, 6);
        QCOMPARE(duplicates, 48);
        QCOMPARE(actions, 18);

        store::ReportSummary summary;
        const QString pdf = render(db, lastHour(), QStringLiteral("seeded.pdf"), &summary,
                                   QStringLiteral("t_operator"));
        QVERIFY(!pdf.isEmpty());
        QCOMPARE(summary.runsTotal, runs);
        QString error;
        const int pages = PdfInspector::pages(pdf, &error);
        QVERIFY2(pages >= 2, qPrintable(error));
        const QString text = PdfInspector::text(pdf, &error);
        QVERIFY2(!text.isEmpty(), qPrintable(error));
        const QString first = PdfInspector::pageText(pdf, 1, &error);
        // The figure tiles, three side by side: values on one line, labels on the next.
        const QString laidOut = PdfInspector::layoutText(pdf, 1, &error);
        QVERIFY2(laidOut.contains(QStringLiteral("60 48 18\nRuns created Duplicates suppressed "
                                                 "Operator actions")),
                 qPrintable(laidOut));
        QVERIFY2(laidOut.contains(QStringLiteral("0 6 12\nStuck now In manual review now Sent to "
                                                 "review")),
                 qPrintable(laidOut));
        QVERIFY(first.contains(QStringLiteral("Succeeded 48 80.0 %")));
        QVERIFY(first.contains(QStringLiteral("Failed 0 0.0 %")));
        QVERIFY(first.contains(QStringLiteral("Manual review 6 10.0 %")));
        QVERIFY(first.contains(QStringLiteral("Cancelled 6 10.0 %")));
        QVERIFY(first.contains(QStringLiteral("Audit chain verified: intact")));
        QVERIFY(first.contains(QStringLiteral("database role t_operator")));
        QVERIFY(text.contains(QStringLiteral("wf-notify 40 66.7 %")));
        QVERIFY(text.contains(QStringLiteral("wf-invoice 20 33.3 %")));
        QVERIFY(text.contains(QStringLiteral("validation")));
        QVERIFY(text.contains(QStringLiteral("Route to review")));
        // operators' reasons are hashed (they may name a patient)
        QVERIFY(!text.contains(QStringLiteral("customer withdrew the order")));
        QVERIFY(!text.contains(QStringLiteral("needs a look at invoice")));
        QVERIFY(QRegularExpression(QStringLiteral("h:[0-9a-f]{16}")).match(text).hasMatch());
        QVERIFY(text.contains(QStringLiteral("Page %1 of %1").arg(pages)));

        // Redaction: nothing raw in a default report.
        for (const QString &secret :
             {QStringLiteral("RAWKEY"), QStringLiteral("CORRSECRET"),
              QStringLiteral("patient-4711"), QStringLiteral("SECRETBODY"), QStringLiteral("fp-1")})
            QVERIFY2(!text.contains(secret), qPrintable(secret));
        QVERIFY(!text.contains(QStringLiteral("RAW KEYS")));

        // The chart of runs over time is drawn: its page has the status colours.
        int chartPage = 0;
        for (int p = 1; p <= pages && chartPage == 0; ++p) {
            if (PdfInspector::pageText(pdf, p, &error)
                    .contains(QStringLiteral("Runs by status over time")))
                chartPage = p;
        }
        QVERIFY(chartPage > 0);
        const QImage image = PdfInspector::pageImage(pdf, chartPage, 100, &error);
        QVERIFY2(!image.isNull(), qPrintable(error));
        QVERIFY(PdfInspector::countColor(
                    image, reports::ReportPalette::status(core::RunStatus::Succeeded)) > 2000);
        QVERIFY(PdfInspector::countColor(
                    image, reports::ReportPalette::status(core::RunStatus::Cancelled)) > 100);
    }

    void brokenAuditChainIsReported() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString seeded = reporttest::seedStore(db, 20);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        auto su = db.connect();
        QVERIFY(su);
        const qint64 victim =
            scalar(*su, QStringLiteral("SELECT min(id) + 1 FROM dedup.audit_log"));
        QVERIFY(victim > 0);
        const QString tampered = db.exec(
            QStringLiteral("ALTER TABLE dedup.audit_log DISABLE TRIGGER audit_log_append_only; "
                           "UPDATE dedup.audit_log SET reason = 'nothing to see' WHERE id = %1; "
                           "ALTER TABLE dedup.audit_log ENABLE TRIGGER audit_log_append_only;")
                .arg(victim));
        QVERIFY2(tampered.isEmpty(), qPrintable(tampered));

        const QString pdf = render(db, lastHour(), QStringLiteral("broken.pdf"));
        QVERIFY(!pdf.isEmpty());
        QString error;
        const QString first = PdfInspector::pageText(pdf, 1, &error);
        QVERIFY2(
            first.contains(
                QStringLiteral("AUDIT CHAIN BROKEN at row %1: row %1 was changed").arg(victim)),
            qPrintable(first));
        QVERIFY(!first.contains(QStringLiteral("Audit chain verified")));
        const QImage page = PdfInspector::pageImage(pdf, 1, 60, &error);
        QVERIFY(PdfInspector::countColor(page, reports::ReportPalette::alertFill(), 4) > 2000);
    }

    // A revealed report (ReportExporter::begin() records the one reveal and opens the report's
    // transaction, the summary is read in it): the PDF shows the operators' reasons raw, says
    // it is revealed, and holds no key, raw or hashed.
    void revealedReportShowsTheReasonsRaw() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 20);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        auto op = db.connect(QStringLiteral("t_operator"));
        auto su = db.connect();
        QVERIFY(op && su);
        store::ReportSpec spec = lastHour();
        spec.revealRaw = true;
        spec.revealReason = QStringLiteral("complaint 2026-88: what did the operators write");
        store::ReportExporter exporter(*op);
        const auto begun = exporter.begin(spec);
        QVERIFY2(begun.ok(), qPrintable(begun.error().toString()));
        const auto summary = store::ReportQueries(*op).summarize(spec);
        QVERIFY2(summary.ok(), qPrintable(summary.error().toString()));
        QVERIFY(exporter.finish().ok());
        QCOMPARE(scalar(*su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"
                                            " WHERE action = 'report_reveal'")),
                 1);

        reports::ReportPdfWriter writer(summary.value());
        const QString pdf = m_dir.filePath(QStringLiteral("revealed.pdf"));
        QVERIFY2(writer.writeFile(pdf), qPrintable(writer.errorString()));
        QString error;
        const QString text = PdfInspector::text(pdf, &error);
        QVERIFY2(text.contains(QStringLiteral("needs a look at invoice 5")), qPrintable(error));
        QVERIFY(text.contains(QStringLiteral("customer withdrew the order 10")));
        QVERIFY(text.contains(QStringLiteral("complaint 2026-88: what did the operators write")));
        QVERIFY(
            PdfInspector::pageText(pdf, 1, &error).contains(QStringLiteral("RAW VALUES REVEALED")));
        // No hash passes for a value, and no key is in it at all.
        QVERIFY(!QRegularExpression(QStringLiteral("h:[0-9a-f]{16}")).match(text).hasMatch());
        for (const QString &secret : {QStringLiteral("RAWKEY"), QStringLiteral("CORRSECRET"),
                                      QStringLiteral("patient-4711"), QStringLiteral("SECRETBODY")})
            QVERIFY2(!text.contains(secret), qPrintable(secret));
    }

    void viewerGetsTheSameRedactedReport() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 10);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        store::ReportSpec spec = lastHour();
        spec.workflows = {QStringLiteral("wf-invoice")};
        const QString pdf =
            render(db, spec, QStringLiteral("viewer.pdf"), nullptr, QStringLiteral("t_viewer"));
        QVERIFY(!pdf.isEmpty());
        QString error;
        const QString first = PdfInspector::pageText(pdf, 1, &error);
        QVERIFY2(PdfInspector::layoutText(pdf, 1, &error)
                     .contains(QStringLiteral("3 3 0\nRuns created Duplicates suppressed")),
                 qPrintable(first));
        QVERIFY(first.contains(QStringLiteral("Workflows wf-invoice")) ||
                first.contains(QStringLiteral("wf-invoice")));
        QVERIFY(first.contains(QStringLiteral("database role t_viewer")));
        QVERIFY(!PdfInspector::text(pdf, &error).contains(QStringLiteral("RAWKEY")));
    }
};

QTEST_MAIN(TestReportPdf)
#include "tst_reportpdf.moc"
