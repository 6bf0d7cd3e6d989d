// dedupctl report, black-box: exit codes, what lands in --output (and that a failed run
// leaves the previous file alone and no .part behind), redaction by default, an audited
// reveal, and the messages for bad input.
#include "../store/ReportTestData.h"
#include "DedupctlRun.h"
#include "TestDatabase.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace reporttest;

namespace {

QByteArray readFile(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<missing>");
}

// A PDF's text as a reader copies it (pdftotext, poppler-utils), whitespace collapsed.
QString pdfText(const QString &path) {
    QProcess process;
    process.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return QStringLiteral("<pdftotext failed>");
    return QString::fromUtf8(process.readAllStandardOutput()).simplified();
}

} // namespace

class TestReportCommand : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void runsToStdout();
    void isoOffsetsAndUtc();
    void outputFileIsAtomic();
    void outputFileIsOwnerOnly();
    void failureKeepsThePreviousFile();
    void revealWithReason();
    void revealInEveryFormat_data();
    void revealInEveryFormat();
    void viewerMayNotRevealAPdf();
    void actionsAndSummary();
    void badInput_data();
    void badInput();
    void unreachable();

private:
    DedupctlRun report(const QStringList &args,
                       const QString &user = QStringLiteral("t_operator")) {
        return runDedupctl(
            QStringList{QStringLiteral("report"), QStringLiteral("--db"), m_db->conninfo(user)} +
            args);
    }
    QStringList day() const {
        return {QStringLiteral("--from"), QStringLiteral("2026-01-10"), QStringLiteral("--to"),
                QStringLiteral("2026-01-11T00:00:00Z")};
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    QTemporaryDir m_dir;
};

void TestReportCommand::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    auto op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_su && op);
    const QString error = seed(*m_su, *op);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReportCommand::runsToStdout() {
    const DedupctlRun run = report(day());
    QCOMPARE(run.exitCode, 0);
    QString why;
    const auto records = parseCsv(run.out.toUtf8(), &why);
    QVERIFY2(records, qPrintable(why));
    QCOMPARE(records->size(), 33); // header + the 32 runs of the day
    QCOMPARE(records->first().first(), QStringLiteral("id"));
    for (const QByteArray &marker : secretMarkers())
        QVERIFY(!run.out.toUtf8().contains(marker));

    const DedupctlRun lab =
        report(day() + QStringList{QStringLiteral("--workflow"), QStringLiteral("lab-results"),
                                   QStringLiteral("--status"), QStringLiteral("failed"),
                                   QStringLiteral("--status"), QStringLiteral("processing"),
                                   QStringLiteral("--format"), QStringLiteral("jsonl")});
    QCOMPARE(lab.exitCode, 0);
    const auto objects = parseJsonLines(lab.out.toUtf8(), &why);
    QVERIFY2(objects, qPrintable(why));
    const qint64 expected =
        m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.runs WHERE workflow = 'lab-results'"
                                  " AND status IN ('failed', 'processing')"
                                  " AND created_at >= '2026-01-10' AND created_at < '2026-01-11'"))
            .toInt64(0, 0);
    QVERIFY(expected > 0);
    QCOMPARE(objects->size(), expected);
    for (const QJsonObject &object : *objects)
        QCOMPARE(object.value(QStringLiteral("workflow")).toString(),
                 QStringLiteral("lab-results"));
}

// An offset is honoured; a time without one is UTC (01:00+01:00 = 00:00Z).
void TestReportCommand::isoOffsetsAndUtc() {
    const DedupctlRun run =
        report({QStringLiteral("--from"), QStringLiteral("2026-01-10T01:00:00+01:00"),
                QStringLiteral("--to"), QStringLiteral("2026-01-10T12:00")});
    QCOMPARE(run.exitCode, 0);
    QString why;
    const auto records = parseCsv(run.out.toUtf8(), &why);
    QVERIFY2(records, qPrintable(why));
    QCOMPARE(records->size(), 1 + 16); // runs 4..19 are created before 12:00 UTC
}

void TestReportCommand::outputFileIsAtomic() {
    const QString path = m_dir.filePath(QStringLiteral("runs.jsonl"));
    const DedupctlRun run =
        report(day() + QStringList{QStringLiteral("--format"), QStringLiteral("jsonl"),
                                   QStringLiteral("--output"), path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(run.err.contains(QLatin1String("32")), qPrintable(run.err));
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
    QString why;
    const auto objects = parseJsonLines(readFile(path), &why);
    QVERIFY2(objects, qPrintable(why));
    QCOMPARE(objects->size(), 32);
}

// Every file dedupctl exports is created 0600, whatever the umask: a new one, one replacing a
// world-readable report, and over a stale part file left world-writable by a crash.
void TestReportCommand::outputFileIsOwnerOnly() {
    const QString path = m_dir.filePath(QStringLiteral("private.csv"));
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old report\r\n");
        QFile stale(path + QStringLiteral(".part"));
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write("stale");
    }
    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0644) == 0);
    QVERIFY(::chmod(QFile::encodeName(path + QStringLiteral(".part")).constData(), 0666) == 0);
    const mode_t previous = ::umask(0); // the child inherits it
    const DedupctlRun run = report(day() + QStringList{QStringLiteral("--output"), path});
    ::umask(previous);
    QCOMPARE(run.exitCode, 0);
    struct stat info {};
    QVERIFY(::stat(QFile::encodeName(path).constData(), &info) == 0);
    QCOMPARE(int(info.st_mode & 0777), 0600);
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
    QVERIFY(readFile(path).startsWith("id,created_at"));
    for (const char *format : {"jsonl", "pdf"}) {
        const QString other = m_dir.filePath(QStringLiteral("private.") + QLatin1String(format));
        ::umask(0);
        const DedupctlRun again =
            report(day() + QStringList{QStringLiteral("--format"), QLatin1String(format),
                                       QStringLiteral("--output"), other});
        ::umask(previous);
        QCOMPARE(again.exitCode, 0);
        QVERIFY(::stat(QFile::encodeName(other).constData(), &info) == 0);
        QCOMPARE(int(info.st_mode & 0777), 0600);
    }
}

// A refused report (a viewer asking for raw values) leaves the previous report in place.
void TestReportCommand::failureKeepsThePreviousFile() {
    const QString path = m_dir.filePath(QStringLiteral("nightly.csv"));
    {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("yesterday's report\r\n");
    }
    const qint64 audit =
        m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0);
    const DedupctlRun run =
        report(day() + QStringList{QStringLiteral("--reveal-raw"), QStringLiteral("--reason"),
                                   QStringLiteral("curious"), QStringLiteral("--output"), path},
               QStringLiteral("t_viewer"));
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QLatin1String("dedup_operator")), qPrintable(run.err));
    QCOMPARE(readFile(path), QByteArray("yesterday's report\r\n"));
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             audit);
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("*.part")}, QDir::Files).size(), 0);
}

void TestReportCommand::revealWithReason() {
    const DedupctlRun run =
        report(day() + QStringList{QStringLiteral("--reveal-raw"), QStringLiteral("--reason"),
                                   QStringLiteral("incident 42")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(QLatin1String("SECRETKEY-4 q\"\"uote")));
    const PgResult audit = m_su->exec(QStringLiteral(
        "SELECT reason, db_role FROM dedup.audit_log WHERE action = 'report_reveal'"));
    QCOMPARE(audit.rows(), 1);
    QCOMPARE(audit.text(0, "reason"), QStringLiteral("incident 42"));
    QCOMPARE(audit.text(0, "db_role"), QStringLiteral("t_operator"));
}

// --reveal-raw is one audited reveal per export in every format, and the export carries the
// raw values: the runs' keys in CSV and JSON Lines, the operators' reasons in the PDF (its
// actions table; the PDF holds no key at all).
void TestReportCommand::revealInEveryFormat_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QStringList>("range");
    QTest::addColumn<QString>("raw");
    QTest::newRow("csv") << QStringLiteral("csv") << day() << QStringLiteral("SECRETKEY-4");
    QTest::newRow("jsonl") << QStringLiteral("jsonl") << day() << QStringLiteral("SECRETKEY-4");
    // the operators acted just now (seed())
    QTest::newRow("pdf") << QStringLiteral("pdf")
                         << QStringList{QStringLiteral("--from"), QStringLiteral("1h")}
                         << QStringLiteral("verified at the provider");
}

void TestReportCommand::revealInEveryFormat() {
    QFETCH(QString, format);
    QFETCH(QStringList, range);
    QFETCH(QString, raw);
    const auto reveals = [this] {
        return m_su
            ->exec(QStringLiteral(
                "SELECT count(*) FROM dedup.audit_log WHERE action = 'report_reveal'"))
            .toInt64(0, 0);
    };
    const qint64 before = reveals();
    const QString reason = QStringLiteral("per-format reveal (%1)").arg(format);
    const QString path = m_dir.filePath(QStringLiteral("revealed.") + format);
    const DedupctlRun run = report(
        range + QStringList{QStringLiteral("--format"), format, QStringLiteral("--reveal-raw"),
                            QStringLiteral("--reason"), reason, QStringLiteral("--output"), path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(reveals(), before + 1);
    PgParams params;
    params.add(reason);
    const PgResult audit =
        m_su->exec(QStringLiteral("SELECT db_role, run_id FROM dedup.audit_log"
                                  " WHERE action = 'report_reveal' AND reason = $1"),
                   params);
    QCOMPARE(audit.rows(), 1);
    QCOMPARE(audit.text(0, "db_role"), QStringLiteral("t_operator"));
    QVERIFY(audit.isNull(0, "run_id"));
    const QString written =
        format == QLatin1String("pdf") ? pdfText(path) : QString::fromUtf8(readFile(path));
    QVERIFY2(written.contains(raw), qPrintable(written.left(300)));
    if (format == QLatin1String("pdf")) {
        QVERIFY(written.contains(QStringLiteral("RAW VALUES REVEALED")));
        QVERIFY(written.contains(reason));
        QVERIFY(!written.contains(QStringLiteral("SECRETKEY")));
    }
}

// A viewer asking for a revealed PDF is refused like any other format: exit 4, no audit row,
// no file.
void TestReportCommand::viewerMayNotRevealAPdf() {
    const qint64 audit =
        m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0);
    const QString path = m_dir.filePath(QStringLiteral("viewer.pdf"));
    const DedupctlRun run =
        report({QStringLiteral("--from"), QStringLiteral("1h"), QStringLiteral("--format"),
                QStringLiteral("pdf"), QStringLiteral("--reveal-raw"), QStringLiteral("--reason"),
                QStringLiteral("curious"), QStringLiteral("--output"), path},
               QStringLiteral("t_viewer"));
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QLatin1String("dedup_operator")), qPrintable(run.err));
    QCOMPARE(m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0),
             audit);
    QVERIFY(!QFile::exists(path));
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
}

void TestReportCommand::actionsAndSummary() {
    const DedupctlRun actions = report(
        {QStringLiteral("--from"), QStringLiteral("1h"), QStringLiteral("--section"),
         QStringLiteral("actions"), QStringLiteral("--operator"), QStringLiteral("t_operator")});
    QCOMPARE(actions.exitCode, 0);
    QString why;
    const auto records = parseCsv(actions.out.toUtf8(), &why);
    QVERIFY2(records, qPrintable(why));
    const qint64 expected =
        m_su
            ->exec(QStringLiteral(
                "SELECT count(*) FROM dedup.audit_log WHERE at >= now() - interval '1 hour'"))
            .toInt64(0, 0);
    QVERIFY(expected >= 2);
    QCOMPARE(records->size(), 1 + expected);
    QVERIFY(!actions.out.contains(QLatin1String("SECRET")));

    const DedupctlRun summary =
        report(day() + QStringList{QStringLiteral("--section"), QStringLiteral("summary"),
                                   QStringLiteral("--format"), QStringLiteral("jsonl")});
    QCOMPARE(summary.exitCode, 0);
    const auto objects = parseJsonLines(summary.out.toUtf8(), &why);
    QVERIFY2(objects, qPrintable(why));
    bool total = false;
    for (const QJsonObject &o : *objects)
        if (o.value(QStringLiteral("group")).toString() == QLatin1String("runs") &&
            o.value(QStringLiteral("label")).toString() == QLatin1String("total")) {
            QCOMPARE(o.value(QStringLiteral("value")).toInteger(), qint64(32));
            total = true;
        }
    QVERIFY(total);
}

void TestReportCommand::badInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("status") << QStringList{QStringLiteral("--status"), QStringLiteral("done")}
                            << QStringLiteral("--status: unknown status 'done'");
    QTest::newRow("from") << QStringList{QStringLiteral("--from"), QStringLiteral("yesterday")}
                          << QStringLiteral("--from: 'yesterday' is not a time");
    QTest::newRow("to") << QStringList{QStringLiteral("--to"), QStringLiteral("2026-13-01")}
                        << QStringLiteral("--to: '2026-13-01' is not a time");
    QTest::newRow("reversed") << QStringList{QStringLiteral("--from"), QStringLiteral("1h"),
                                             QStringLiteral("--to"), QStringLiteral("2h")}
                              << QStringLiteral("must be before its end time");
    QTest::newRow("section") << QStringList{QStringLiteral("--section"), QStringLiteral("all")}
                             << QStringLiteral("--section: 'all'");
    QTest::newRow("format") << QStringList{QStringLiteral("--format"), QStringLiteral("xml")}
                            << QStringLiteral("--format: 'xml'");
    QTest::newRow("reveal without reason") << QStringList{QStringLiteral("--reveal-raw")}
                                           << QStringLiteral("--reveal-raw needs --reason");
    QTest::newRow("reason without reveal")
        << QStringList{QStringLiteral("--reason"), QStringLiteral("x")}
        << QStringLiteral("--reason only applies with --reveal-raw");
}

void TestReportCommand::badInput() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString path = m_dir.filePath(QStringLiteral("bad.csv"));
    const DedupctlRun run = report(args + QStringList{QStringLiteral("--output"), path});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(!QFile::exists(path));
    QVERIFY(!QFile::exists(path + QStringLiteral(".part")));
}

void TestReportCommand::unreachable() {
    const DedupctlRun run =
        runDedupctl({QStringLiteral("report"), QStringLiteral("--db"),
                     QStringLiteral("host=127.0.0.1 port=1 connect_timeout=2 dbname=none")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("cannot connect")), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestReportCommand)
#include "tst_report.moc"
