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
        QVERIFY(first.contains(QStringLiteral("RAW VALUES REVEALED")));
        QVERIFY(first.contains(QStringLiteral("court order 2026-117")));
        // What the revealed document holds is said exactly: the reasons raw, no key at all.
        QVERIFY(first.contains(QStringLiteral("This document shows the operators' reasons as "
                                              "they wrote them; it holds no idempotency key")));
        QVERIFY(PdfInspector::text(pdf, &error)
                    .contains(QStringLiteral("Generated 2026-11-02 08:30:15 UTC by alice_role "
                                             "\u00b7 RAW VALUES REVEALED")));
        QVERIFY(!first.contains(QStringLiteral("intact")));
        // The warnings are drawn in the alert colour on page 1.
        const QImage page = PdfInspector::pageImage(pdf, 1, 60, &error);
        QVERIFY2(!page.isNull(), qPrintable(error));
        QVERIFY(PdfInspector::countColor(page, ReportPalette::alertFill(), 4) > 2000);
    }

    // Values of any length stay inside their boxes: a 10,000-character workflow name, a
    // 5,000-character role, reasons of 5,000 characters (with and without spaces), long failure
    // classes and action names, a 5,000-character reveal reason and filter. Every word lies
    // within the page's margins and in the header, body or footer band, no two words overlap,
    // the long name keeps to its column, "Page n of N" is whole on every page, and the page
    // count stays that of a plain report plus a few pages.
    void longValuesStayInsideTheirBoxes() {
        int plainPages = 0;
        QVERIFY(!writePdf(makeSummary(40, 40), QStringLiteral("plain.pdf"), &plainPages).isEmpty());

        ReportSummary summary = makeSummary(40, 40);
        const QString workflow =
            QStringLiteral("wf-") + QStringLiteral("abcdefghij").repeated(1000); // 10,003
        const QString role = QStringLiteral("role_") + QStringLiteral("r").repeated(5000);
        const QString wordyReason =
            QStringLiteral("The operator explains at length why run 77 needed a hand. ")
                .repeated(85); // 5,015
        const QString solidReason = QStringLiteral("Z").repeated(5000);
        summary.runsByWorkflow.prepend({workflow, 3000});
        summary.runsByWorkflow.append({QStringLiteral("\u202Eevil"), 12});
        summary.actionsByOperator.append({role, 7});
        summary.failureClasses.prepend(
            {QStringLiteral("class-") + QStringLiteral("c").repeated(3000), 500});
        summary.actionsByKind.prepend(
            {QStringLiteral("op_") + QStringLiteral("k").repeated(3000), 90});
        summary.actions[0].dbRole = role;
        summary.actions[0].reason = wordyReason;
        summary.actions[1].reason = solidReason;
        summary.actions[2].reason = QStringLiteral("\u202Eevil reason");
        summary.actions[3].osUser = QStringLiteral("u").repeated(5000);
        summary.spec.workflows = {workflow, QStringLiteral("\u202Eevil")};
        summary.spec.operators = {role};
        summary.spec.revealRaw = true;
        summary.spec.revealReason = wordyReason;
        int pages = 0;
        const QString pdf = writePdf(summary, QStringLiteral("long-values.pdf"), &pages);
        QVERIFY(!pdf.isEmpty());
        QVERIFY2(pages <= plainPages + 3,
                 qPrintable(QStringLiteral("%1 pages, %2 plain").arg(pages).arg(plainPages)));

        QString error;
        const QList<PdfInspector::PageWords> laidOut = PdfInspector::words(pdf, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(laidOut.size(), pages);
        // The page's geometry in points (ReportPageLayout: A4, 18 mm sides, a 12 mm margin and
        // a 9 mm band at top and bottom); a point of slack for glyph boxes.
        const auto mm = [](qreal millimetres) { return millimetres * 72.0 / 25.4; };
        const qreal slack = 1.0;
        const qreal left = mm(18) - slack;
        const qreal right = mm(210 - 18) + slack;
        const qreal bodyTop = mm(12 + 9) - slack;
        const qreal bodyBottom = mm(297 - 12 - 9) + slack;
        int longNameWords = 0;
        for (int p = 0; p < pages; ++p) {
            const QList<PdfInspector::Word> &words = laidOut.at(p).words;
            const QString where = QStringLiteral("page %1: ").arg(p + 1);
            // "Page n of N": the last four words, on the footer line, whole.
            QVERIFY(words.size() > 4);
            const QList<PdfInspector::Word> footer = words.mid(words.size() - 4);
            QStringList footerText;
            for (const PdfInspector::Word &w : footer)
                footerText << w.text;
            QCOMPARE(footerText.join(u' '), QStringLiteral("Page %1 of %2").arg(p + 1).arg(pages));
            const qreal pageNumberLeft = footer.first().box.left();
            for (qsizetype i = 0; i < words.size(); ++i) {
                const PdfInspector::Word &w = words.at(i);
                const QString what = where + w.text.left(40);
                QVERIFY2(w.box.left() >= left && w.box.right() <= right, qPrintable(what));
                const bool header = w.box.bottom() <= bodyTop;
                const bool body = w.box.top() >= bodyTop && w.box.bottom() <= bodyBottom;
                const bool inFooter = w.box.top() >= bodyBottom;
                QVERIFY2(header || body || inFooter, qPrintable(what));
                // Nothing in the footer reaches the page number.
                if (inFooter && i < words.size() - 4)
                    QVERIFY2(w.box.right() < pageNumberLeft, qPrintable(what));
                if (w.text.contains(QStringLiteral("abcdefghij")))
                    ++longNameWords;
            }
            // No word is printed over another (a cell running into the next column would be).
            for (qsizetype i = 0; i < words.size(); ++i) {
                for (qsizetype j = i + 1; j < words.size(); ++j) {
                    const QRectF overlap = words.at(i).box.intersected(words.at(j).box);
                    QVERIFY2(overlap.width() < 1.5 || overlap.height() < 1.5,
                             qPrintable(where + words.at(i).text.left(40) + QStringLiteral(" / ") +
                                        words.at(j).text.left(40)));
                }
            }
        }
        // The long name is shown (wrapped, then elided), but not all of it.
        QVERIFY(longNameWords > 0);
        QVERIFY2(longNameWords < 40, qPrintable(QString::number(longNameWords)));

        // The long workflow name keeps to the first column of "Runs by workflow" (4 of 6.4
        // parts of the 174 mm column): its words there end left of the runs-created column.
        bool tableFound = false;
        for (const PdfInspector::PageWords &page : laidOut) {
            qreal tableTop = -1;
            qreal tableBottom = page.size.height();
            for (qsizetype i = 0; i + 2 < page.words.size(); ++i) {
                const QString phrase = page.words.at(i).text + u' ' + page.words.at(i + 1).text +
                                       u' ' + page.words.at(i + 2).text;
                if (phrase == QLatin1String("Runs by workflow") && tableTop < 0)
                    tableTop = page.words.at(i).box.bottom();
                else if (phrase == QLatin1String("Operator actions by") && tableTop >= 0)
                    tableBottom = qMin(tableBottom, page.words.at(i).box.top());
            }
            if (tableTop < 0)
                continue;
            tableFound = true;
            const qreal columnRight = mm(18) + mm(174) * 4 / 6.4;
            int inTable = 0;
            for (const PdfInspector::Word &w : page.words) {
                if (w.box.top() < tableTop || w.box.bottom() > tableBottom ||
                    !w.text.contains(QStringLiteral("abcdefghij")))
                    continue;
                ++inTable;
                QVERIFY2(w.box.right() <= columnRight, qPrintable(w.text.left(40)));
            }
            QVERIFY(inTable > 0);
            QVERIFY2(inTable <= 12, qPrintable(QString::number(inTable))); // CellLines
        }
        QVERIFY(tableFound);

        // No printed line is wider than the page allows (pdftotext -layout, spaces collapsed).
        for (int p = 1; p <= pages; ++p) {
            for (const QString &line : PdfInspector::layoutText(pdf, p, &error).split(u'\n'))
                QVERIFY2(line.size() <= 220, qPrintable(line.left(80)));
        }

        // Hidden characters are drawn as markers, never as themselves.
        const QString text = PdfInspector::text(pdf, &error);
        QVERIFY2(text.contains(QStringLiteral("\u2039U+202E\u203Aevil")), qPrintable(error));
        QVERIFY(text.contains(QStringLiteral("\u2039U+202E\u203Aevil reason")));
        QVERIFY(!text.contains(QChar(0x202E)));
        // The long reasons are there, cut with an ellipsis.
        QVERIFY(text.contains(QStringLiteral("The operator explains at length why run 77")));
        QVERIFY(text.contains(QStringLiteral("ZZZZZZZZZZ")));
        QVERIFY(text.contains(QChar(0x2026)));
        QVERIFY(!text.contains(QStringLiteral("Z").repeated(4000)));
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
