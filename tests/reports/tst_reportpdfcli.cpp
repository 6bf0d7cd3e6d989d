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

    // --reveal-raw makes the PDF a revealed report: one report_reveal audit row, the reasons
    // raw, the document marked. A viewer is refused (exit 4): no row, no file.
    void revealedPdfIsAudited() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 20);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        auto su = db.connect();
        QVERIFY(su);
        const auto reveals = [&su] {
            return su
                ->exec(QStringLiteral(
                    "SELECT count(*) FROM dedup.audit_log WHERE action = 'report_reveal'"))
                .toInt64(0, 0, -1);
        };
        QTemporaryDir dir;
        const QString refused = dir.filePath(QStringLiteral("refused.pdf"));
        const auto args = [&db](const QString &user, const QString &path) {
            return QStringList{QStringLiteral("report"),   QStringLiteral("--db"),
                               db.conninfo(user),          QStringLiteral("--from"),
                               QStringLiteral("2h"),       QStringLiteral("--format"),
                               QStringLiteral("pdf"),      QStringLiteral("--reveal-raw"),
                               QStringLiteral("--reason"), QStringLiteral("audit request 7"),
                               QStringLiteral("--output"), path};
        };
        const DedupctlRun viewer = runDedupctl(args(QStringLiteral("t_viewer"), refused));
        QCOMPARE(viewer.exitCode, 4);
        QVERIFY2(viewer.err.contains(QStringLiteral("dedup_operator")), qPrintable(viewer.err));
        QCOMPARE(reveals(), 0);
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());

        const QString pdf = dir.filePath(QStringLiteral("revealed.pdf"));
        const DedupctlRun run = runDedupctl(args(QStringLiteral("t_operator"), pdf));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(reveals(), 1);
        QString error;
        const QString text = PdfInspector::text(pdf, &error);
        QVERIFY2(text.contains(QStringLiteral("needs a look at invoice 15")), qPrintable(error));
        QVERIFY(text.contains(QStringLiteral("RAW VALUES REVEALED")));
        QVERIFY(text.contains(QStringLiteral("audit request 7")));
        QVERIFY(!QRegularExpression(QStringLiteral("h:[0-9a-f]{16}")).match(text).hasMatch());
        QVERIFY(!text.contains(QStringLiteral("RAWKEY")));
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
