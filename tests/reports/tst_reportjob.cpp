// ReportJob: a report's files written in the background on the job's own connection, with
// progress, a cancel that really stops the database work, and errors as signals.
#include "../reports/PdfInspector.h"
#include "../reports/ReportTestData.h"
#include "RunTestData.h"
#include "TestDatabase.h"
#include "reports/ReportJob.h"
#include "store/PgConnection.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace dedup;
using reports::ReportJob;
using reports::ReportJobResult;
using reports::ReportOutputs;

namespace {

store::ReportSpec around(const QDateTime &from, const QDateTime &to) {
    store::ReportSpec spec;
    spec.from = from;
    spec.to = to;
    return spec;
}

store::ReportSpec recent() {
    const QDateTime now = QDateTime::currentDateTimeUtc();
    return around(now.addSecs(-3600), now.addSecs(600));
}

QByteArray readAll(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int lines(const QByteArray &data) {
    return int(data.count('\n'));
}

qint64 scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    const store::PgResult result = conn ? conn->exec(sql) : store::PgResult();
    return result.ok() ? result.toInt64(0, 0, -1) : -1;
}

// Whether a backend of the report job waits for a lock.
bool reportWaitsForLock(const TestDatabase &db, int timeoutMs = 15000) {
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (scalar(db, QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE "
                                      "application_name = 'dedup-console-report' AND "
                                      "wait_event_type = 'Lock'")) == 1)
            return true;
        QTest::qWait(20);
    }
    return false;
}

} // namespace

class TestReportJob : public QObject {
    Q_OBJECT

private slots:
    void writesEveryFileWithOneKey() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 30);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        const qint64 actions = scalar(db, QStringLiteral("SELECT count(*) FROM dedup.audit_log"));
        QCOMPARE(actions, 9); // 6 routed to review, 3 of them cancelled

        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("nested/report"));
        ReportJob job(db.conninfo(QStringLiteral("t_operator")));
        QSignalSpy steps(&job, &ReportJob::stepStarted);
        QSignalSpy progress(&job, &ReportJob::progress);
        QSignalSpy finished(&job, &ReportJob::finished);
        QSignalSpy failed(&job, &ReportJob::failed);
        ReportOutputs outputs;
        outputs.set(QStringLiteral("csv"), true);
        outputs.set(QStringLiteral("jsonl"), true);
        outputs.set(QStringLiteral("pdf"), true);
        QVERIFY(job.start(recent(), outputs, folder));
        QVERIFY(job.isRunning());
        QVERIFY(!job.start(recent(), outputs, folder)); // one at a time
        QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size(), 1, 60000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        QVERIFY(!job.isRunning());

        // Summary, three CSV sections, JSON Lines, PDF.
        QCOMPARE(steps.size(), 6);
        QCOMPARE(steps.last().at(0).toInt(), 6);
        QCOMPARE(steps.last().at(1).toInt(), 6);
        const auto result = finished.first().first().value<ReportJobResult>();
        QCOMPARE(result.files.size(), 5);
        QCOMPARE(result.summary.runsTotal, 30);
        QStringList names;
        for (const auto &file : result.files)
            names << QFileInfo(file.path).fileName();
        QCOMPARE(names, (QStringList{QStringLiteral("runs.csv"), QStringLiteral("actions.csv"),
                                     QStringLiteral("summary.csv"), QStringLiteral("report.jsonl"),
                                     QStringLiteral("report.pdf")}));
        QCOMPARE(result.files.at(0).rows, 30);
        QCOMPARE(result.files.at(1).rows, actions);
        const qint64 summaryRows = result.files.at(2).rows;
        QVERIFY(summaryRows > 10);
        QCOMPARE(result.files.at(3).rows, 30 + actions + summaryRows);
        QVERIFY(result.files.at(4).pages >= 2);
        QCOMPARE(QDir(folder).entryList(QDir::Files).size(), 5); // no temporary file left

        const QByteArray runsCsv = readAll(result.files.at(0).path);
        const QByteArray jsonl = readAll(result.files.at(3).path);
        QCOMPARE(lines(runsCsv), 31); // header + rows
        QCOMPARE(lines(readAll(result.files.at(1).path)), int(actions) + 1);
        QCOMPARE(lines(jsonl), int(30 + actions + summaryRows));
        QVERIFY(readAll(result.files.at(4).path).startsWith("%PDF-"));
        for (const auto &file : result.files) {
            // 0600 whatever the umask (the test runs under the default 022): patient data.
            struct stat info {};
            QVERIFY(::stat(QFile::encodeName(file.path).constData(), &info) == 0);
            QCOMPARE(int(info.st_mode & 0777), 0600);
            const QByteArray data = readAll(file.path);
            QVERIFY2(!data.contains("RAWKEY"), qPrintable(file.path));
            QVERIFY2(!data.contains("CORRSECRET"), qPrintable(file.path));
            QVERIFY2(!data.contains("patient-4711"), qPrintable(file.path));
        }
        // One redaction key for the whole report: a run's hashed key is the same in both files.
        const QList<QByteArray> header = runsCsv.left(runsCsv.indexOf('\r')).split(',');
        const int keyColumn = int(header.indexOf("idem_key"));
        QVERIFY(keyColumn >= 0);
        const QByteArray firstRow = runsCsv.split('\n').at(1);
        const QByteArray hashedKey = firstRow.split(',').at(keyColumn);
        QVERIFY2(hashedKey.startsWith("h:"), hashedKey.constData());
        QVERIFY(jsonl.contains("\"" + hashedKey + "\""));

        // Progress ended with every row of runs.csv written, out of exactly that many.
        bool runsComplete = false;
        for (const QList<QVariant> &p : progress)
            runsComplete |= p.at(0).toString() == QLatin1String("runs.csv") &&
                            p.at(1).toLongLong() == 30 && p.at(2).toLongLong() == 30;
        QVERIFY(runsComplete);
    }

    void singleFileTarget() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString seeded = reporttest::seedStore(db, 5);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("november.pdf"));
        ReportOutputs outputs;
        outputs.set(QStringLiteral("csv"), false);
        outputs.set(QStringLiteral("pdf"), true);
        QCOMPARE(ReportJob::targetPaths(outputs, target), QStringList{target});
        ReportJob job(db.conninfo());
        QSignalSpy finished(&job, &ReportJob::finished);
        QSignalSpy failed(&job, &ReportJob::failed);
        QVERIFY(job.start(recent(), outputs, target));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size(), 1, 60000);
        QCOMPARE(failed.size(), 0);
        QVERIFY(readAll(target).startsWith("%PDF-"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList{QStringLiteral("november.pdf")});
    }

    void cancelMidExport() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString inserted = RunTestData::insertRuns(db, 30000);
        QVERIFY2(inserted.isEmpty(), qPrintable(inserted));
        QTemporaryDir dir;
        ReportJob job(db.conninfo());
        QSignalSpy failed(&job, &ReportJob::failed);
        QSignalSpy finished(&job, &ReportJob::finished);
        // Cancel from the job's own thread once 4,000 rows are out: deterministic, mid-COPY.
        qint64 cancelledAt = -1;
        qint64 expectedRows = -1;
        connect(
            &job, &ReportJob::progress, &job,
            [&](const QString &, qint64 written, qint64 expected) {
                if (written >= 4000 && cancelledAt < 0) {
                    cancelledAt = written;
                    expectedRows = expected;
                    job.cancel();
                }
            },
            Qt::DirectConnection);
        ReportOutputs outputs;
        outputs.sections = {store::ReportSection::Runs};
        outputs.set(QStringLiteral("csv"), true);
        outputs.set(QStringLiteral("pdf"), false);
        const QDateTime from(QDate(2025, 1, 1), QTime(0, 0), Qt::UTC);
        QVERIFY(job.start(around(from, from.addDays(2)), outputs, dir.path()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size(), 1, 60000);
        QCOMPARE(finished.size(), 0);
        QCOMPARE(failed.first().at(1).toBool(), true);
        QCOMPARE(expectedRows, 30000);
        QVERIFY(cancelledAt >= 4000 && cancelledAt < 30000);
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty()); // nothing half-written
        QVERIFY(!job.isRunning());
    }

    void cancelWhileTheDatabaseIsBusy() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        const QString seeded = reporttest::seedStore(db, 5);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        // Hold a lock the summary's first read needs: the job waits inside the database.
        auto locker = db.connect();
        QVERIFY(locker);
        QVERIFY(locker->exec(QStringLiteral("BEGIN")).ok());
        QVERIFY(
            locker->exec(QStringLiteral("LOCK TABLE dedup.runs IN ACCESS EXCLUSIVE MODE")).ok());
        QTemporaryDir dir;
        ReportJob job(db.conninfo());
        QSignalSpy failed(&job, &ReportJob::failed);
        QSignalSpy finished(&job, &ReportJob::finished);
        QVERIFY(job.start(recent(), ReportOutputs{}, dir.path()));
        QVERIFY(reportWaitsForLock(db));
        job.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(failed.first().at(1).toBool(), true);
        QCOMPARE(finished.size(), 0);
        locker->exec(QStringLiteral("ROLLBACK"));
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        // The job is free again and a new report goes through.
        QVERIFY(job.start(recent(), ReportOutputs{}, dir.path()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
        QCOMPARE(failed.size(), 1);
    }

    void badSpecFailsWithoutWriting() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("never"));
        ReportJob job(db.conninfo());
        QSignalSpy failed(&job, &ReportJob::failed);
        store::ReportSpec reversed = recent();
        std::swap(reversed.from, reversed.to);
        QVERIFY(job.start(reversed, ReportOutputs{}, folder));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QVERIFY2(failed.first().at(0).toString().contains(QStringLiteral("must be before")),
                 qPrintable(failed.first().at(0).toString()));
        QCOMPARE(failed.first().at(1).toBool(), false);

        store::ReportSpec noReason = recent();
        noReason.revealRaw = true;
        QVERIFY(job.start(noReason, ReportOutputs{}, folder));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 10000);
        QVERIFY(failed.last().at(0).toString().contains(QStringLiteral("needs a reason")));

        ReportOutputs nothing;
        nothing.set(QStringLiteral("csv"), false);
        nothing.set(QStringLiteral("pdf"), false);
        QVERIFY(job.start(recent(), nothing, folder));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 3, 10000);
        QVERIFY(failed.last().at(0).toString().contains(QStringLiteral("at least one format")));
        QVERIFY(!QFileInfo::exists(folder));
    }

    void revealIsAuditedAndMarked() {
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 5);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        QTemporaryDir dir;
        ReportJob job(db.conninfo(QStringLiteral("t_operator")));
        QSignalSpy finished(&job, &ReportJob::finished);
        QSignalSpy failed(&job, &ReportJob::failed);
        store::ReportSpec spec = recent();
        spec.revealRaw = true;
        spec.revealReason = QStringLiteral("incident 77: match keys with the provider");
        ReportOutputs outputs;
        outputs.sections = {store::ReportSection::Runs};
        QVERIFY(job.start(spec, outputs, dir.path()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size(), 1, 60000);
        QCOMPARE(failed.size(), 0);
        QVERIFY(readAll(dir.filePath(QStringLiteral("runs.csv"))).contains("RAWKEY-3"));
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = "
                                           "'report_reveal' AND reason = 'incident 77: match "
                                           "keys with the provider'")),
                 1);
        // The PDF says the report is revealed, and why, and shows the operators' reasons raw;
        // it holds no key.
        const QByteArray pdf = readAll(dir.filePath(QStringLiteral("report.pdf")));
        QVERIFY(pdf.startsWith("%PDF-"));
        QString error;
        const QString text = PdfInspector::text(dir.filePath(QStringLiteral("report.pdf")), &error);
        QVERIFY2(text.contains(QStringLiteral("RAW VALUES REVEALED")), qPrintable(error));
        QVERIFY(text.contains(QStringLiteral("incident 77: match keys with the provider")));
        QVERIFY(text.contains(QStringLiteral("needs a look at invoice 5")));
        QVERIFY(!text.contains(QStringLiteral("RAWKEY")));
    }

    // One reveal per report, whatever its formats (a PDF alone too), and every format carries
    // raw values: the keys in CSV and JSON Lines, the operators' reasons in the PDF.
    void revealOncePerReport_data() {
        QTest::addColumn<bool>("csv");
        QTest::addColumn<bool>("jsonLines");
        QTest::addColumn<bool>("pdf");
        QTest::newRow("csv") << true << false << false;
        QTest::newRow("jsonl") << false << true << false;
        QTest::newRow("pdf") << false << false << true;
        QTest::newRow("all") << true << true << true;
    }

    void revealOncePerReport() {
        QFETCH(bool, csv);
        QFETCH(bool, jsonLines);
        QFETCH(bool, pdf);
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 10);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        QTemporaryDir dir;
        ReportJob job(db.conninfo(QStringLiteral("t_operator")));
        QSignalSpy finished(&job, &ReportJob::finished);
        QSignalSpy failed(&job, &ReportJob::failed);
        store::ReportSpec spec = recent();
        spec.revealRaw = true;
        spec.revealReason = QStringLiteral("incident 78");
        ReportOutputs outputs;
        outputs.set(QStringLiteral("csv"), csv);
        outputs.set(QStringLiteral("jsonl"), jsonLines);
        outputs.set(QStringLiteral("pdf"), pdf);
        QVERIFY(job.start(spec, outputs, dir.path()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size() + failed.size(), 1, 60000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.audit_log WHERE action = "
                                           "'report_reveal' AND reason = 'incident 78'")),
                 1);
        if (csv) {
            QVERIFY(readAll(dir.filePath(QStringLiteral("runs.csv"))).contains("RAWKEY-3"));
            QVERIFY(readAll(dir.filePath(QStringLiteral("actions.csv")))
                        .contains("needs a look at invoice 5"));
        }
        if (jsonLines)
            QVERIFY(readAll(dir.filePath(QStringLiteral("report.jsonl"))).contains("RAWKEY-3"));
        if (pdf) {
            QString error;
            const QString text =
                PdfInspector::text(dir.filePath(QStringLiteral("report.pdf")), &error);
            QVERIFY2(text.contains(QStringLiteral("needs a look at invoice 5")), qPrintable(error));
            QVERIFY(text.contains(QStringLiteral("RAW VALUES REVEALED")));
            QVERIFY(!text.contains(QStringLiteral("RAWKEY")));
        }
    }

    void viewerCannotRevealRawValues_data() {
        QTest::addColumn<bool>("pdfOnly");
        QTest::newRow("csv") << false;
        QTest::newRow("pdf") << true;
    }

    void viewerCannotRevealRawValues() {
        QFETCH(bool, pdfOnly);
        TestDatabase db;
        QVERIFY2(db.isValid(), qPrintable(db.error()));
        QCOMPARE(db.grantTestLogins(), QString());
        const QString seeded = reporttest::seedStore(db, 5);
        QVERIFY2(seeded.isEmpty(), qPrintable(seeded));
        const qint64 auditBefore =
            scalar(db, QStringLiteral("SELECT count(*) FROM dedup.audit_log"));
        QTemporaryDir dir;
        ReportJob job(db.conninfo(QStringLiteral("t_viewer")));
        QSignalSpy failed(&job, &ReportJob::failed);
        store::ReportSpec spec = recent();
        spec.revealRaw = true;
        spec.revealReason = QStringLiteral("curious");
        ReportOutputs outputs;
        outputs.set(QStringLiteral("csv"), !pdfOnly);
        outputs.set(QStringLiteral("pdf"), pdfOnly);
        QVERIFY(job.start(spec, outputs, dir.path()));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
        QVERIFY2(failed.first().at(0).toString().contains(QStringLiteral("dedup_operator")),
                 qPrintable(failed.first().at(0).toString()));
        QCOMPARE(failed.first().at(1).toBool(), false);
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.audit_log")), auditBefore);
    }
};

QTEST_MAIN(TestReportJob)
#include "tst_reportjob.moc"
