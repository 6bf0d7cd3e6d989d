// The PDF layout on summaries made in the test: page breaks, repeated table headers, page
// numbers, the audit and raw-value notices, the cut of a long actions table, the charts'
// pixels. tst_reportpdf.cpp renders real summaries from a database.
#include "PdfInspector.h"
#include "reports/ReportPalette.h"
#include "reports/ReportPdfWriter.h"
#include "reports/ReportText.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using dedup::core::RunStatus;
using dedup::reports::ReportPalette;
using dedup::reports::ReportPdfWriter;
using dedup::reports::ReportText;
using namespace dedup::store;

namespace {

ReportSummary makeSummary(int actions, qint64 actionsTotal) {
    ReportSummary s;
    s.spec.from = QDateTime(QDate(2026, 11, 1), QTime(0, 0), Qt::UTC);
    s.spec.to = QDateTime(QDate(2026, 11, 2), QTime(0, 0), Qt::UTC);
    s.generatedAt = QDateTime(QDate(2026, 11, 2), QTime(8, 30, 15), Qt::UTC);
    s.generatedBy = QStringLiteral("alice_role");
    s.osUser = QStringLiteral("alice");
    s.host = QStringLiteral("ops-laptop-7");
    s.clientAddr = QStringLiteral("10.20.30.40");
    const QList<qint64> byStatus{31, 4217, 163, 58, 12};
    for (int i = 0; i < byStatus.size(); ++i) {
        s.runsByStatus << ReportCount{dedup::core::toString(dedup::core::allRunStatuses().at(i)),
                                      byStatus.at(i)};
        s.runsTotal += byStatus.at(i);
    }
    s.runsByWorkflow = {{QStringLiteral("lab-results-notification"), 2900},
                        {QStringLiteral("invoice-payment-intent"), 1581}};
    s.bucketUnit = QStringLiteral("hour");
    for (int h = 0; h < 24; ++h) {
        ReportBucket bucket;
        bucket.start = s.spec.from.addSecs(3600 * h);
        bucket.byStatus = {1 + h % 3, 150 + 10 * (h % 5), 5 + h % 4, 2, h % 2};
        s.runsOverTime << bucket;
    }
    s.duplicatesSuppressed = 9876;
    s.failureClasses = {{QStringLiteral("timeout"), 120}, {QStringLiteral("validation"), 43}};
    s.stuckNow = 7;
    s.reviewNow = 58;
    s.oldestReviewAgeSeconds = 3 * 86400 + 4 * 3600;
    s.reviewOpenedInRange = 61;
    s.actionsTotal = actionsTotal;
    s.actionsByKind = {{QStringLiteral("op_clear_stale_lease"), actionsTotal - 2},
                       {QStringLiteral("op_cancel"), 2}};
    s.actionsByOperator = {{QStringLiteral("alice_role"), actionsTotal}};
    for (int i = 0; i < actions; ++i) {
        ReportAction a;
        a.auditId = 1000 + i;
        a.at = s.spec.from.addSecs(60 * i);
        a.dbRole = QStringLiteral("alice_role");
        a.osUser = QStringLiteral("alice");
        a.action = QStringLiteral("op_clear_stale_lease");
        a.runId = 500 + i;
        a.reason = QStringLiteral("Worker pod OOM-killed during the nightly batch; lease expired "
                                  "and nobody took over (ticket OPS-%1). ")
                       .repeated(i % 4 + 1)
                       .arg(4000 + i);
        a.outcome = i % 10 == 9 ? QStringLiteral("changed") : QStringLiteral("applied");
        a.beforeState = QStringLiteral("processing");
        a.afterState =
            a.outcome == QLatin1String("changed") ? QString() : QStringLiteral("processing");
        s.actions << a;
    }
    s.actionsLimit = 500;
    s.audit.headId = 4242;
    s.audit.headHash = QStringLiteral("9f2c").repeated(16);
    return s;
}

} // namespace

class TestReportPdfWriter : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString writePdf(const ReportSummary &summary, const QString &name, int *pages) {
        ReportPdfWriter writer(summary);
        const QString path = m_dir.filePath(name);
        if (!writer.writeFile(path)) {
            qWarning() << writer.errorString();
            return {};
        }
        *pages = writer.pageCount();
        return path;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QLocale::setDefault(QLocale::c());
        // DEDUP_KEEP_REPORTS=1 keeps the PDFs to look at.
        if (qEnvironmentVariableIsSet("DEDUP_KEEP_REPORTS")) {
            m_dir.setAutoRemove(false);
            qInfo("PDFs kept in %s", qPrintable(m_dir.path()));
        }
    }

    void figuresAndPagesAreInTheText() {
        int pages = 0;
        const QString pdf = writePdf(makeSummary(40, 40), QStringLiteral("small.pdf"), &pages);
        QVERIFY(!pdf.isEmpty());
        QString error;
        QCOMPARE(PdfInspector::pages(pdf, &error), pages);
        QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
        const QString text = PdfInspector::text(pdf, &error);
        QVERIFY2(!text.isEmpty(), qPrintable(error));
        for (const QString &expected :
             {QStringLiteral("Audit and Outcome Report"),
              QStringLiteral("Audit chain verified: intact"),
              QStringLiteral("row 4242"),
              QStringLiteral("4481"),
              QStringLiteral("4217"),
              QStringLiteral("9876"),
              QStringLiteral("Duplicates suppressed"),
              QStringLiteral("oldest waiting 3 d 4 h"),
              QStringLiteral("alice_role"),
              QStringLiteral("OS user alice on host ops-laptop-7"),
              QStringLiteral("client address 10.20.30.40 (from the server)"),
              QStringLiteral("Reported by the client"),
              QStringLiteral("(not verified)"),
              QStringLiteral("(reported by client)"),
              QStringLiteral("2026-11-01 00:00:00 UTC to 2026-11-02 00:00:00 UTC"),
              QStringLiteral("all workflows"),
              QStringLiteral("Redacted"),
              QStringLiteral("lab-results-notification"),
              QStringLiteral("timeout"),
              QStringLiteral("Clear stale lease"),
              QStringLiteral("OPS-4039"),
              QStringLiteral("Hour created (UTC)"),
              QStringLiteral("Runs created"),
              QStringLiteral("Succeeded (4060)"),
              QStringLiteral("refused: the run had changed"),
              QStringLiteral("Page 1 of %1").arg(pages),
              QStringLiteral("Page %1 of %1").arg(pages)})
            QVERIFY2(text.contains(expected), qPrintable(expected));
        QVERIFY(!text.contains(QStringLiteral("RAW KEYS")));
        QVERIFY(!text.contains(QStringLiteral("most recent of")));
    }

    void longActionTableContinuesWithItsHeader() {
        int pages = 0;
        const QString pdf = writePdf(makeSummary(500, 1234), QStringLiteral("long.pdf"), &pages);
        QVERIFY(!pdf.isEmpty());
        QVERIFY2(pages > 10, qPrintable(QString::number(pages)));
        QString error;
        const QString text = PdfInspector::text(pdf, &error);
        QVERIFY(text.contains(QStringLiteral("This table lists the 500 most recent of 1234 "
                                             "operator actions in the range. All 1234 are in")));
        // Every page after the actions table started repeats its header.
        const QString last = PdfInspector::pageText(pdf, pages, &error);
        QVERIFY2(last.contains(QStringLiteral("Operator actions (continued)")), qPrintable(last));
        QVERIFY(last.contains(QStringLiteral("Before \u2192 after")));
        QVERIFY(last.contains(QStringLiteral("Page %1 of %1").arg(pages)));
        // Every action is there, the last one too.
        QVERIFY(text.contains(QStringLiteral("OPS-4499")));
    }

    void companionFilesAreNamed() {
        ReportPdfWriter writer(makeSummary(3, 10));
        writer.setCompanionFiles({QStringLiteral("actions.csv"), QStringLiteral("report.jsonl")});
        const QString path = m_dir.filePath(QStringLiteral("companions.pdf"));
        QVERIFY2(writer.writeFile(path), qPrintable(writer.errorString()));
        QString error;
        QVERIFY(PdfInspector::text(path, &error)
                    .contains(QStringLiteral("All 10 are in actions.csv and report.jsonl.")));
    }

    void brokenChainAndRawValuesAreProminent() {
        ReportSummary summary = makeSummary(5, 5);
        AuditBreak broken;
        broken.id = 17;
        broken.problem = AuditBreak::Problem::Hash;
        broken.problemText = QStringLiteral("hash");
        summary.audit.firstBreak = broken;
        summary.spec.revealRaw = true;
        summary.spec.revealReason = QStringLiteral("court order 2026-117");
        int pages = 0;
        const QString pdf = writePdf(summary, QStringLiteral("broken.pdf"), &pages);
        QVERIFY(!pdf.isEmpty());
        QString error;
        const QString first = PdfInspector::pageText(pdf, 1, &error);
        QVERIFY2(first.contains(QStringLiteral("AUDIT CHAIN BROKEN at row 17: row 17 was changed")),
                 qPrintable(first));
        QVERIFY(first.contains(QStringLiteral("RAW KEYS AND PAYLOADS SHOWN")));
        QVERIFY(first.contains(QStringLiteral("court order 2026-117")));
        QVERIFY(!first.contains(QStringLiteral("intact")));
        // The warnings are drawn in the alert colour on page 1.
        const QImage page = PdfInspector::pageImage(pdf, 1, 60, &error);
        QVERIFY2(!page.isNull(), qPrintable(error));
        QVERIFY(PdfInspector::countColor(page, ReportPalette::alertFill(), 4) > 2000);
    }

    void chartsArePainted() {
        int pages = 0;
        const QString pdf = writePdf(makeSummary(5, 5), QStringLiteral("charts.pdf"), &pages);
        QVERIFY(!pdf.isEmpty());
        QString error;
        // The page that holds `title`, rendered.
        const auto pageWith = [&](const QString &title) {
            for (int p = 1; p <= pages; ++p) {
                if (PdfInspector::pageText(pdf, p, &error).contains(title))
                    return PdfInspector::pageImage(pdf, p, 100, &error);
            }
            return QImage();
        };
        // The stacked bars of runs over time, in the status colours.
        const QImage overTime = pageWith(QStringLiteral("Runs by status over time"));
        QVERIFY2(!overTime.isNull(), qPrintable(error));
        const int green =
            PdfInspector::countColor(overTime, ReportPalette::status(RunStatus::Succeeded));
        const int red =
            PdfInspector::countColor(overTime, ReportPalette::status(RunStatus::Failed));
        QVERIFY2(green > 5000, qPrintable(QString::number(green)));
        QVERIFY2(red > 100, qPrintable(QString::number(red)));
        // The failure classes' and action kinds' bars.
        const QImage classes = pageWith(QStringLiteral("Failure classes (failed and review runs)"));
        QVERIFY2(!classes.isNull(), qPrintable(error));
        const int failureBars = PdfInspector::countColor(classes, ReportPalette::failureBar());
        const int actionBars = PdfInspector::countColor(classes, ReportPalette::actionBar());
        QVERIFY2(failureBars > 200, qPrintable(QString::number(failureBars)));
        QVERIFY2(actionBars > 200, qPrintable(QString::number(actionBars)));
    }

    void emptyReportSaysSo() {
        ReportSummary summary;
        summary.spec.from = QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
        summary.spec.to = summary.spec.from.addDays(1);
        summary.bucketUnit = QStringLiteral("hour");
        QBuffer buffer;
        ReportPdfWriter writer(summary);
        QVERIFY(writer.write(buffer));
        QVERIFY(writer.pageCount() >= 1);
        QVERIFY(buffer.data().startsWith("%PDF-"));
        QFile file(m_dir.filePath(QStringLiteral("empty.pdf")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(buffer.data());
        file.close();
        QString error;
        const QString text = PdfInspector::text(file.fileName(), &error);
        QVERIFY(text.contains(QStringLiteral("No runs were created in this range.")));
        QVERIFY(text.contains(QStringLiteral("No operator actions in the range.")));
        QVERIFY(text.contains(QStringLiteral("the queue is empty")));
        QCOMPARE(PdfInspector::pages(file.fileName(), &error), writer.pageCount());
        QVERIFY(text.contains(QStringLiteral("Page %1 of %1").arg(writer.pageCount())));
    }

    void unwritablePathFails() {
        ReportPdfWriter writer(makeSummary(1, 1));
        QVERIFY(!writer.writeFile(QStringLiteral("/nonexistent-dir/report.pdf")));
        QVERIFY(writer.errorString().contains(QStringLiteral("/nonexistent-dir/report.pdf")));
        QCOMPARE(writer.pageCount(), 0);
    }
};

QTEST_MAIN(TestReportPdfWriter)
#include "tst_reportpdfwriter.moc"
