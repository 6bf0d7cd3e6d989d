// dedupctl report --format pdf, as cron runs it: no display, a file or standard output.
#include "../cli/DedupctlRun.h"
#include "PdfInspector.h"
#include "ReportTestData.h"
#include "TestDatabase.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class TestReportPdfCli : public QObject {
    Q_OBJECT

private slots:
    void writesThePdf() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 20);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("daily.pdf"));
        // No QT_QPA_PLATFORM from the test's environment: dedupctl must pick offscreen itself.
        qunsetenv("QT_QPA_PLATFORM");
        qunsetenv("DISPLAY");
        const DedupctlRun run =
            runDedupctl({QStringLiteral("report"), QStringLiteral("--db"),
                         db.conninfo(QStringLiteral("t_viewer")), QStringLiteral("--from"),
                         QStringLiteral("2h"), QStringLiteral("--format"), QStringLiteral("pdf"),
                         QStringLiteral("--output"), pdf});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QString error;
        const int pages = PdfInspector::pages(pdf, &error);
        QVERIFY2(pages >= 2, qPrintable(error));
        QVERIFY2(run.err.contains(QStringLiteral("%1 pages written to %2").arg(pages).arg(pdf)),
                 qPrintable(run.err));
        QVERIFY(!QFile::exists(pdf + QStringLiteral(".part")));
        const QString text = PdfInspector::text(pdf, &error);
        QVERIFY(text.contains(QStringLiteral("Audit chain verified: intact")));
        QVERIFY(text.contains(QStringLiteral("database role t_viewer")));
        QVERIFY(!text.contains(QStringLiteral("needs a look at invoice"))); // hashed
        QVERIFY(QRegularExpression(QStringLiteral("h:[0-9a-f]{16}")).match(text).hasMatch());
        QVERIFY(!text.contains(QStringLiteral("RAWKEY")));
        QVERIFY(PdfInspector::layoutText(pdf, 1, &error)
                    .contains(QStringLiteral("20 16 6\nRuns created Duplicates suppressed")));
    }

    void writesToStandardOutput() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const DedupctlRun run = runDedupctl({QStringLiteral("report"), QStringLiteral("--db"),
                                             db.conninfo(), QStringLiteral("--format=pdf")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // runDedupctl decodes stdout as UTF-8; the PDF header survives that.
        QVERIFY2(run.out.startsWith(QStringLiteral("%PDF-")), qPrintable(run.out.left(20)));
        QVERIFY(run.out.trimmed().endsWith(QStringLiteral("%%EOF")));
    }

    void badRangeIsAUsageError() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("never.pdf"));
        const DedupctlRun run =
            runDedupctl({QStringLiteral("report"), QStringLiteral("--db"), db.conninfo(),
                         QStringLiteral("--from"), QStringLiteral("1h"), QStringLiteral("--to"),
                         QStringLiteral("2h"), QStringLiteral("--format"), QStringLiteral("pdf"),
                         QStringLiteral("--output"), pdf});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }
};

QTEST_MAIN(TestReportPdfCli)
#include "tst_reportpdfcli.moc"
