// A redacted report's key never reaches the server log (0015_report_key.sql, docs/SECURITY.md
// "Reports"). The test database logs every statement with its parameters in full
// (log_statement = all, log_min_duration_statement = 0, log_parameter_max_length = -1); a
// store with patient-like keys, scopes and correlation ids is exported redacted through every
// path that reads rows: ReportExporter (CSV and JSON Lines, every section, one report), the
// console's ReportJob (CSV, JSON Lines and PDF) and dedupctl report (each section and format,
// and the PDF). The server log written meanwhile must hold none of the raw values and nothing
// that looks like key material (a run of 64 or more hex digits: a 32-byte key, or a 64-byte
// HMAC pad), and must name the pads only as the function calls that read them on the server.
//
// So that "nothing found" means something, the test first checks that the log does hold the
// report's statements, and then replays what the client used to send (the pads as set_config
// parameters, a raw key as a filter): the same checks must find both.
#include "../cli/DedupctlRun.h"
#include "TestDatabase.h"
#include "reports/ReportJob.h"
#include "store/PgConnection.h"
#include "store/ReportExporter.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace dedup;
using store::PgConnection;
using store::PgParams;
using store::PgResult;
using store::ReportFormat;
using store::ReportSection;
using store::ReportSpec;

namespace {

constexpr int kPatients = 12;

// Low-entropy identifiers, the kind a log reader could try one by one against a hash.
QString mrnOf(int i) {
    return QStringLiteral("MRN-%1").arg(12345 + i * 1111, 7, 10, QLatin1Char('0'));
}
QString keyOf(int i) {
    return QStringLiteral("patient:%1:lab:%2").arg(mrnOf(i)).arg(991 + i);
}
QString scopeOf(int i) {
    return QStringLiteral("clinic-7/ward-%1/%2").arg(i % 3).arg(mrnOf(i));
}
QString correlationOf(int i) {
    return QStringLiteral("corr-%1-visit-%2").arg(mrnOf(i)).arg(i);
}

// Every raw value the store holds about the patients, as it would appear in a log.
QList<QByteArray> rawValues() {
    QList<QByteArray> values;
    for (int i = 0; i < kPatients; ++i)
        values << keyOf(i).toUtf8() << scopeOf(i).toUtf8() << correlationOf(i).toUtf8()
               << mrnOf(i).toUtf8() << QStringLiteral("fp-%1").arg(mrnOf(i)).toUtf8();
    return values;
}

QDateTime dayFrom() {
    return QDateTime(QDate(2026, 3, 2), QTime(0, 0), Qt::UTC);
}

// The records of `log` written by sessions that log their statements: this test's (other
// tests share the cluster and its log, but their databases log errors only). A record starts
// with log_line_prefix ("%m [%p] ") and runs to the next one (a statement's own line breaks).
QByteArray loggingSessions(const QByteArray &log) {
    static const QRegularExpression prefix(
        QStringLiteral("^\\d{4}-\\d\\d-\\d\\d [0-9:.]+ \\S+ \\[(\\d+)\\] "));
    QList<std::pair<QString, QByteArray>> records;
    for (const QByteArray &line : log.split('\n')) {
        const auto match = prefix.match(QString::fromUtf8(line));
        if (match.hasMatch() || records.isEmpty())
            records.append({match.captured(1), line + '\n'});
        else
            records.last().second += line + '\n';
    }
    QSet<QString> pids;
    for (const auto &[pid, record] : records) {
        if (record.contains("LOG:  statement: ") || record.contains("LOG:  execute ") ||
            record.contains("LOG:  duration: "))
            pids.insert(pid);
    }
    QByteArray ours;
    for (const auto &[pid, record] : records) {
        if (pids.contains(pid))
            ours += record;
    }
    return ours;
}

// What in `log` gives a key or a raw value away; empty when nothing does.
QStringList leaks(const QByteArray &log) {
    QStringList found;
    for (const QByteArray &raw : rawValues()) {
        if (log.contains(raw))
            found << QStringLiteral("raw value %1").arg(QString::fromUtf8(raw));
    }
    // A 32-byte key is 64 hex digits, a pad 128; nothing else the report sends is that long.
    static const QRegularExpression hex(QStringLiteral("[0-9a-fA-F]{64,}"));
    const QString text = QString::fromUtf8(log);
    for (auto it = hex.globalMatch(text); it.hasNext();)
        found << QStringLiteral("hex run %1")
                     .arg(it.next().captured(0).left(24) + QStringLiteral("..."));
    // The pads may be named only as the functions that read them on the server.
    static const QRegularExpression pad(QStringLiteral("report_[io]pad(?!\\(\\))"));
    for (auto it = pad.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        found << QStringLiteral("pad setting: %1")
                     .arg(text.mid(qMax(0, int(match.capturedStart()) - 40), 100));
    }
    static const QRegularExpression setPad(QStringLiteral("set_config\\('dedup\\.report_[io]pad'"));
    if (text.contains(setPad))
        found << QStringLiteral("set_config of a report pad");
    return found;
}

} // namespace

class TestReportLog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void redactedReportsLeaveNoKeyInTheLog();

private:
    // The server log from `offset` on, once a marker statement sent last has reached it.
    QByteArray logSince(qint64 offset);
    qint64 logSize() const { return QFileInfo(m_logPath).size(); }
    std::unique_ptr<PgConnection> loggedConnection(const QString &user);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su; // opened before logging is turned on: not logged
    QString m_logPath;
};

void TestReportLog::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    QVERIFY(m_su);

    // The cluster's server log (dedup-testcluster starts it with pg_ctl -l BASE/server.log).
    const QSettings state(qEnvironmentVariable("DEDUP_TEST_CLUSTER") +
                              QStringLiteral("/cluster.ini"),
                          QSettings::IniFormat);
    m_logPath = state.value(QStringLiteral("base_dir")).toString() + QStringLiteral("/server.log");
    QVERIFY2(QFile(m_logPath).open(QIODevice::ReadOnly), qPrintable(m_logPath));

    // The runs: scopes, keys, correlation ids and fingerprints derived from a record number.
    for (int i = 0; i < kPatients; ++i) {
        PgParams params;
        params.add(scopeOf(i))
            .add(keyOf(i))
            .add(i % 2 ? QStringLiteral("lab-results") : QStringLiteral("invoice"))
            .add(correlationOf(i))
            .add(QStringLiteral("fp-%1").arg(mrnOf(i)))
            .add(i % 3 == 0 ? QStringLiteral("failed") : QStringLiteral("succeeded"))
            .add(dayFrom().addSecs(600 * (i + 1)));
        const PgResult inserted = m_su->exec(
            QStringLiteral(
                "INSERT INTO dedup.runs (scope, idem_key, workflow, correlation_id,"
                " fingerprint, status, attempt, lease_token, created_at, updated_at,"
                " finished_at, last_error)"
                " VALUES ($1, $2, $3, $4, $5, $6, 1, 1, $7::timestamptz, $7::timestamptz,"
                " $7::timestamptz + interval '1 minute',"
                " CASE WHEN $6 = 'failed' THEN jsonb_build_object('class', 'timeout',"
                " 'message', 'no answer for ' || $2) END)"),
            params);
        QVERIFY2(inserted.ok(), qPrintable(inserted.error().toString()));
    }
    // An operator action on one of them: its before / after name the run's state.
    auto op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(op);
    const PgResult routed = op->exec(QStringLiteral(
        "SELECT (dedup.op_route_to_review(r.id, r.lease_token, 'ask the lab', 'reportlog-route'))"
        ".outcome FROM dedup.runs r WHERE r.status = 'failed' ORDER BY r.id LIMIT 1"));
    QVERIFY2(routed.ok() && routed.text(0, 0) == QLatin1String("applied"),
             qPrintable(routed.error().toString()));

    // Every statement of every later connection to this database, with its parameters in full
    // (what a DBA turns on to find a slow query). m_su and op stay unlogged.
    QCOMPARE(
        m_db->exec(QStringLiteral("ALTER DATABASE %1 SET log_statement = 'all'").arg(m_db->name())),
        QString());
    QCOMPARE(m_db->exec(QStringLiteral("ALTER DATABASE %1 SET log_min_duration_statement = 0")
                            .arg(m_db->name())),
             QString());
    QCOMPARE(m_db->exec(QStringLiteral("ALTER DATABASE %1 SET log_parameter_max_length = -1")
                            .arg(m_db->name())),
             QString());
    QCOMPARE(
        m_db->exec(QStringLiteral("ALTER DATABASE %1 SET log_parameter_max_length_on_error = -1")
                       .arg(m_db->name())),
        QString());
}

std::unique_ptr<PgConnection> TestReportLog::loggedConnection(const QString &user) {
    auto conn = m_db->connect(user);
    if (conn && conn->exec(QStringLiteral("SHOW log_statement")).text(0, 0) != QLatin1String("all"))
        conn.reset();
    return conn;
}

QByteArray TestReportLog::logSince(qint64 offset) {
    const QByteArray marker =
        "reportlog-marker-" + QUuid::createUuid().toString(QUuid::Id128).toLatin1();
    auto conn = loggedConnection({});
    if (!conn || !conn->exec(QStringLiteral("SELECT '%1'").arg(QString::fromLatin1(marker))).ok())
        return {};
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 10000) {
        QFile file(m_logPath);
        if (file.open(QIODevice::ReadOnly) && file.seek(offset)) {
            const QByteArray log = file.readAll();
            if (log.contains(marker))
                return loggingSessions(log);
        }
        QTest::qWait(50);
    }
    return {};
}

void TestReportLog::redactedReportsLeaveNoKeyInTheLog() {
    const qint64 start = logSize();
    ReportSpec spec;
    spec.from = dayFrom();
    spec.to = dayFrom().addDays(1);
    // filters are names, statuses and times: never a key or a scope
    spec.workflows = {QStringLiteral("invoice"), QStringLiteral("lab-results")};
    ReportSpec actions = spec;
    actions.from = QDateTime::currentDateTimeUtc().addSecs(-3600);
    actions.to = QDateTime::currentDateTimeUtc().addSecs(3600);
    actions.workflows.clear();

    // 1. The store's exporter: one report, every section in both formats.
    {
        auto viewer = loggedConnection(QStringLiteral("t_viewer"));
        QVERIFY2(viewer, "the test database does not log statements");
        store::ReportExporter exporter(*viewer);
        QVERIFY(exporter.begin(spec).ok());
        QByteArray all;
        for (const ReportFormat format : {ReportFormat::Csv, ReportFormat::JsonLines}) {
            for (const ReportSection section :
                 {ReportSection::Runs, ReportSection::Actions, ReportSection::Summary}) {
                QBuffer out;
                out.open(QIODevice::WriteOnly);
                const auto rows = exporter.exportTo(out, spec, section, format);
                QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
                all += out.data();
            }
        }
        QVERIFY(exporter.finish().ok());
        QVERIFY(all.contains("h:")); // redacted values were exported
        for (const QByteArray &raw : rawValues())
            QVERIFY2(!all.contains(raw), raw.constData());
    }

    // 2. The console: a ReportJob writing CSV, JSON Lines and the PDF.
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        reports::ReportJob job(m_db->conninfo(QStringLiteral("t_operator")));
        QSignalSpy finished(&job, &reports::ReportJob::finished);
        QSignalSpy failed(&job, &reports::ReportJob::failed);
        reports::ReportOutputs outputs;
        outputs.formats = {QStringLiteral("csv"), QStringLiteral("jsonl"), QStringLiteral("pdf")};
        QVERIFY(job.start(spec, outputs, folder.path()));
        QTRY_VERIFY_WITH_TIMEOUT(finished.size() + failed.size() == 1, 60000);
        QVERIFY2(failed.isEmpty(),
                 failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    }

    // 3. dedupctl report: each section as CSV and JSON Lines, and the PDF.
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QStringList common{QStringLiteral("report"),
                                 QStringLiteral("--db"),
                                 m_db->conninfo(QStringLiteral("t_viewer")),
                                 QStringLiteral("--from"),
                                 QStringLiteral("2026-03-02"),
                                 QStringLiteral("--to"),
                                 QStringLiteral("2026-03-03")};
        int n = 0;
        for (const QString &format : {QStringLiteral("csv"), QStringLiteral("jsonl")}) {
            for (const QString &section :
                 {QStringLiteral("runs"), QStringLiteral("actions"), QStringLiteral("summary")}) {
                const DedupctlRun run = runDedupctl(
                    common + QStringList{QStringLiteral("--section"), section,
                                         QStringLiteral("--format"), format,
                                         QStringLiteral("--workflow"), QStringLiteral("invoice"),
                                         QStringLiteral("--output"),
                                         folder.filePath(QStringLiteral("r%1").arg(++n))});
                QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            }
        }
        const DedupctlRun pdf =
            runDedupctl(common + QStringList{QStringLiteral("--format"), QStringLiteral("pdf"),
                                             QStringLiteral("--output"),
                                             folder.filePath(QStringLiteral("report.pdf"))});
        QVERIFY2(pdf.exitCode == 0, qPrintable(pdf.err));
    }

    const QByteArray log = logSince(start);
    QVERIFY2(!log.isEmpty(), "the marker statement never reached the server log");
    // The log holds the reports' statements: the checks below look at the right thing. One
    // key per report: the exporter's, the job's, six dedupctl exports (the PDF reads no key).
    QVERIFY2(log.count("dedup.report_begin()") >= 8,
             qPrintable(QString::number(log.count("dedup.report_begin()"))));
    QVERIFY(log.contains("COPY (SELECT"));
    QVERIFY(log.contains("FROM dedup.report_runs r"));
    QVERIFY(log.contains("dedup.report_redact("));
    QVERIFY(log.contains("(SELECT dedup.report_ipad())"));
    QVERIFY(log.contains("duration:"));
    QVERIFY(log.contains("DETAIL:  parameters: $1 = ")); // parameters are logged too
    QVERIFY(log.contains("'invoice'"));                  // a filter, as a literal in the COPY
    const QStringList found = leaks(log);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));

    // What the client used to send: the pads as parameters of set_config(), in the export's
    // transaction; and, for the raw-value check, a key as a parameter. Both must be found.
    const qint64 before = logSize();
    {
        auto conn = loggedConnection(QStringLiteral("t_viewer"));
        QVERIFY(conn);
        QByteArray key(32, '\0');
        for (char &byte : key)
            byte = char(QRandomGenerator::system()->bounded(256));
        QByteArray ipad(64, '\x36');
        QByteArray opad(64, '\x5c');
        for (int i = 0; i < key.size(); ++i) {
            ipad[i] = char(quint8(key.at(i)) ^ 0x36);
            opad[i] = char(quint8(key.at(i)) ^ 0x5c);
        }
        QVERIFY(conn->exec(QStringLiteral("BEGIN")).ok());
        PgParams pads;
        pads.add(QString::fromLatin1(ipad.toHex())).add(QString::fromLatin1(opad.toHex()));
        QVERIFY(conn->exec(QStringLiteral("SELECT set_config('dedup.report_ipad', $1, true),"
                                          " set_config('dedup.report_opad', $2, true)"),
                           pads)
                    .ok());
        QVERIFY(conn->exec(QStringLiteral("ROLLBACK")).ok());
        PgParams raw;
        raw.add(keyOf(3));
        QVERIFY(conn->exec(QStringLiteral("SELECT length($1::text)"), raw).ok());
    }
    const QByteArray old = logSince(before);
    const QStringList caught = leaks(old);
    QVERIFY2(caught.filter(QStringLiteral("hex run")).size() >= 2, qPrintable(caught.join(u'\n')));
    QVERIFY(caught.contains(QStringLiteral("set_config of a report pad")));
    QVERIFY(caught.contains(QStringLiteral("raw value %1").arg(keyOf(3))));
}

QTEST_MAIN(TestReportLog)
#include "tst_reportlog.moc"
