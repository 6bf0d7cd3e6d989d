// dedupctl correlation, black-box against a private PostgreSQL (docs/CLI.md): the runs sharing a
// run's correlation id, oldest first, with their steps (times in UTC, status, duration, failed
// and uncertain steps marked in words); --json as an array with the documented fields; a
// viewer limited to one scope prefix sees its runs and their steps only; the newest 500 of a
// larger correlation; bad command lines (exit 2), an unknown run (exit 1), no server (exit 3);
// hostile values reach the terminal escaped and --json as they are.
#include "DedupctlRun.h"
#include "TestCluster.h"
#include "TestDatabase.h"
#include "core/DisplayText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgResult;

namespace {

const QString Viewer = QStringLiteral("t_viewer");

QString scopedViewer() {
    return QStringLiteral("t_corr_cli_%1").arg(QCoreApplication::applicationPid());
}

DedupctlRun dedupctl(const TestDatabase &db, const QStringList &args,
                     const QString &user = Viewer) {
    return runDedupctl(
        QStringList{QStringLiteral("correlation"), QStringLiteral("--db"), db.conninfo(user)} +
        args);
}

// As tests/store/tst_correlationsteps.cpp: three runs of visit-S (two in clinic-a/, one in
// clinic-b/, a minute apart from 12:00 UTC) with exact step times, one of another visit, and
// a run without a correlation id.
const char *const Fixture = R"(
SELECT count(*) FROM (VALUES
    ('clinic-a/1', 's-book',   'visit-S', ARRAY['book', 'sms', 'mark']),
    ('clinic-a/2', 's-remind', 'visit-S', ARRAY['remind']),
    ('clinic-b/1', 's-lab',    'visit-S', ARRAY['order', 'result']),
    ('clinic-a/3', 's-other',  'visit-X', ARRAY['other']),
    ('clinic-a/4', 's-alone',  NULL,      ARRAY['x'])) v(scope, k, c, steps),
  LATERAL dedup.claim(p_scope => v.scope, p_key => v.k, p_workflow => 'wf-corr',
                      p_fingerprint => 'fp', p_correlation_id => v.c, p_worker => 'w',
                      p_steps => v.steps) c;
UPDATE dedup.runs SET created_at = timestamptz '2026-01-05 12:00:00+00'
                                   + (id - (SELECT min(id) FROM dedup.runs)) * interval '1 min';
UPDATE dedup.runs SET status = 'succeeded', finished_at = timestamptz '2026-01-05 12:00:30+00',
       lease_owner = NULL, lease_expires_at = NULL
 WHERE idem_key = 's-book';
UPDATE dedup.steps s SET status = 'done', attempts = 1,
       started_at = timestamptz '2026-01-05 12:00:01+00',
       finished_at = timestamptz '2026-01-05 12:00:02.5+00'
  FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 's-book' AND s.name = 'book';
UPDATE dedup.steps s SET status = 'failed', attempts = 2,
       error = '{"class": "timeout", "message": "gateway"}',
       started_at = timestamptz '2026-01-05 12:00:03+00',
       finished_at = timestamptz '2026-01-05 12:00:04+00'
  FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 's-book' AND s.name = 'sms';
UPDATE dedup.steps s SET status = 'uncertain', attempts = 1,
       error = '{"class": "outcome_unknown", "message": "lease lost"}',
       started_at = timestamptz '2026-01-05 12:00:05+00',
       updated_at = timestamptz '2026-01-05 12:00:09+00'
  FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 's-book' AND s.name = 'mark';
UPDATE dedup.steps s SET status = 'in_progress', attempts = 1,
       started_at = timestamptz '2026-01-05 12:01:01+00'
  FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 's-remind';
)";

// Why `text` must not reach a terminal as it is, or empty (tst_hostileoutput's rule).
QString unsafeForTerminal(const QString &text) {
    for (const char32_t c : text.toUcs4()) {
        if ((c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f) ||
            (c != '\n' && dedup::core::DisplayText::isDeceptive(c)))
            return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0'));
    }
    return {};
}

} // namespace

class TestCorrelationCommand : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void helpListsTheCommand();
    void textShowsRunsAndSteps();
    void jsonIsAnArrayOfRunsWithSteps();
    void scopedViewerSeesItsRunsOnly();
    void badCommandLines_data();
    void badCommandLines();
    void unknownRunAndNoServer();
    void newestFiveHundredOldestFirst();
    void hostileValuesEscaped();

private:
    qint64 id(const QString &key) const { return m_ids.value(key); }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    QHash<QString, qint64> m_ids;
};

void TestCorrelationCommand::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    QVERIFY(m_su);
    QCOMPARE(m_db->exec(QString::fromLatin1(Fixture)), QString());
    const PgResult ids = m_su->exec(QStringLiteral("SELECT idem_key, id FROM dedup.runs"));
    QVERIFY(ids.ok());
    for (int i = 0; i < ids.rows(); ++i)
        m_ids.insert(ids.text(i, 0), ids.toInt64(i, 1));
    QCOMPARE(m_ids.size(), 5);
    m_su->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(scopedViewer()));
    const PgResult made =
        m_su->exec(QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE dedup_viewer").arg(scopedViewer()));
    QVERIFY2(made.ok(), qPrintable(made.error().toString()));
    QCOMPARE(
        m_db->grant(scopedViewer(), QStringLiteral("viewer"), {}, {QStringLiteral("clinic-a/")}),
        QString());
}

void TestCorrelationCommand::cleanupTestCase() {
    m_su.reset();
    m_db.reset();
    TestCluster cluster;
    QString error;
    PgConnection admin;
    if (cluster.load(&error) && admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(scopedViewer()));
}

void TestCorrelationCommand::helpListsTheCommand() {
    DedupctlRun r = runDedupctl({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QLatin1String("\n  correlation ")), qPrintable(r.out));
    r = runDedupctl({QStringLiteral("correlation"), QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    for (const char *option : {"--run", "--json", "--db", "dedupctl correlation [options]"})
        QVERIFY2(r.out.contains(QLatin1String(option)), qPrintable(r.out));
}

void TestCorrelationCommand::textShowsRunsAndSteps() {
    const DedupctlRun r =
        dedupctl(*m_db, {QStringLiteral("--run"), QString::number(id(QStringLiteral("s-remind")))});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    // The runs oldest first, each followed by its steps.
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    const auto lineOf = [&lines](const QString &text) {
        for (int i = 0; i < lines.size(); ++i) {
            if (lines.at(i).contains(text))
                return i;
        }
        return -1;
    };
    const int book = lineOf(QStringLiteral("wf-corr clinic-a/1 / "));
    const int remind = lineOf(QStringLiteral("wf-corr clinic-a/2 / "));
    const int lab = lineOf(QStringLiteral("wf-corr clinic-b/1 / "));
    QVERIFY2(book > 0 && remind > book && lab > remind, qPrintable(r.out));
    QVERIFY(lines.at(book).startsWith(QString::number(id(QStringLiteral("s-book")))));
    QVERIFY(lines.at(book).contains(QStringLiteral("succeeded")));
    QVERIFY(lines.at(book).contains(QStringLiteral("2026-01-05T12:00:00.000Z")));
    QVERIFY(lines.at(book).contains(QStringLiteral("30.000 s")));
    QVERIFY2(lines.at(book + 1).contains(QStringLiteral("1. book")), qPrintable(r.out));
    QVERIFY(lines.at(book + 1).contains(QStringLiteral("2026-01-05T12:00:01.000Z")));
    QVERIFY(lines.at(book + 1).contains(QStringLiteral("2026-01-05T12:00:02.500Z")));
    QVERIFY(lines.at(book + 1).contains(QStringLiteral("1.500 s")));
    QVERIFY(!lines.at(book + 1).contains(QStringLiteral("FAILED")));
    QVERIFY(lines.at(book + 2).contains(QStringLiteral("2. sms")));
    QVERIFY(lines.at(book + 2).contains(QStringLiteral("timeout")));
    QVERIFY(lines.at(book + 2).trimmed().endsWith(QStringLiteral("!! FAILED")));
    QVERIFY(lines.at(book + 3).contains(QStringLiteral("3. mark")));
    QVERIFY(lines.at(book + 3).contains(QStringLiteral("4.000 s")));
    QVERIFY(lines.at(book + 3).trimmed().endsWith(QStringLiteral("?? UNCERTAIN")));
    // Open: the run and its running step, by the server's clock.
    QVERIFY(lines.at(remind).contains(QStringLiteral("(open)")));
    QVERIFY(lines.at(remind + 1).contains(QStringLiteral("1. remind")));
    QVERIFY(lines.at(remind + 1).contains(QStringLiteral("(running)")));
    QVERIFY(lines.at(lab + 2).contains(QStringLiteral("2. result")));
    QVERIFY(lines.at(lab + 2).contains(QStringLiteral("pending")));
    QVERIFY2(r.out.contains(QStringLiteral("correlation of run %1: 3 runs; 1 failed and 1 "
                                           "uncertain steps; server time ")
                                .arg(id(QStringLiteral("s-remind")))),
             qPrintable(r.out));
    // Another visit's run is not in it.
    QCOMPARE(lineOf(QStringLiteral("clinic-a/3")), -1);
}

void TestCorrelationCommand::jsonIsAnArrayOfRunsWithSteps() {
    const DedupctlRun r =
        dedupctl(*m_db, {QStringLiteral("--run"), QString::number(id(QStringLiteral("s-book"))),
                         QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(r.out.toUtf8(), &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.out));
    QVERIFY(document.isArray());
    const QJsonArray runs = document.array();
    QCOMPARE(runs.size(), 3);
    const QJsonObject book = runs.at(0).toObject();
    QCOMPARE(book.value(QStringLiteral("id")).toInteger(), id(QStringLiteral("s-book")));
    for (const char *field : {"id", "workflow", "scope", "key", "status", "attempt", "created_at",
                              "finished_at", "duration_ms", "open", "last_error_class", "steps"})
        QVERIFY2(book.contains(QLatin1String(field)), field);
    QCOMPARE(book.value(QStringLiteral("status")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(book.value(QStringLiteral("created_at")).toString(),
             QStringLiteral("2026-01-05T12:00:00.000Z"));
    QCOMPARE(book.value(QStringLiteral("duration_ms")).toInteger(), 30000);
    QCOMPARE(book.value(QStringLiteral("open")).toBool(), false);
    const QJsonArray steps = book.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), 3);
    const QJsonObject done = steps.at(0).toObject();
    for (const char *field : {"ordinal", "name", "status", "attempts", "started_at", "finished_at",
                              "duration_ms", "running", "failed", "uncertain", "error_class"})
        QVERIFY2(done.contains(QLatin1String(field)), field);
    QCOMPARE(done.value(QStringLiteral("duration_ms")).toInteger(), 1500);
    QCOMPARE(done.value(QStringLiteral("finished_at")).toString(),
             QStringLiteral("2026-01-05T12:00:02.500Z"));
    QVERIFY(done.value(QStringLiteral("error_class")).isNull());
    const QJsonObject failed = steps.at(1).toObject();
    QVERIFY(failed.value(QStringLiteral("failed")).toBool());
    QVERIFY(!failed.value(QStringLiteral("uncertain")).toBool());
    QCOMPARE(failed.value(QStringLiteral("error_class")).toString(), QStringLiteral("timeout"));
    QCOMPARE(failed.value(QStringLiteral("attempts")).toInt(), 2);
    const QJsonObject uncertain = steps.at(2).toObject();
    QVERIFY(uncertain.value(QStringLiteral("uncertain")).toBool());
    QVERIFY(uncertain.value(QStringLiteral("finished_at")).isNull());
    QCOMPARE(uncertain.value(QStringLiteral("duration_ms")).toInteger(), 4000);
    const QJsonObject remind = runs.at(1).toObject();
    QVERIFY(remind.value(QStringLiteral("open")).toBool());
    QVERIFY(remind.value(QStringLiteral("finished_at")).isNull());
    const QJsonObject running = remind.value(QStringLiteral("steps")).toArray().at(0).toObject();
    QVERIFY(running.value(QStringLiteral("running")).toBool());
    QVERIFY(running.value(QStringLiteral("duration_ms")).toInteger() > 0);
    const QJsonObject pending =
        runs.at(2).toObject().value(QStringLiteral("steps")).toArray().at(1).toObject();
    QVERIFY(pending.value(QStringLiteral("started_at")).isNull());
    QVERIFY(pending.value(QStringLiteral("duration_ms")).isNull());
}

void TestCorrelationCommand::scopedViewerSeesItsRunsOnly() {
    DedupctlRun r =
        dedupctl(*m_db,
                 {QStringLiteral("--run"), QString::number(id(QStringLiteral("s-book"))),
                  QStringLiteral("--json")},
                 scopedViewer());
    QCOMPARE(r.exitCode, 0);
    const QJsonArray runs = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("id")).toInteger(),
             id(QStringLiteral("s-book")));
    QCOMPARE(runs.at(1).toObject().value(QStringLiteral("id")).toInteger(),
             id(QStringLiteral("s-remind")));
    QCOMPARE(runs.at(0).toObject().value(QStringLiteral("steps")).toArray().size(), 3);
    QVERIFY(!r.out.contains(QStringLiteral("clinic-b/")));
    // Clinic-b's run is not the viewer's: as if it did not exist.
    r = dedupctl(*m_db, {QStringLiteral("--run"), QString::number(id(QStringLiteral("s-lab")))},
                 scopedViewer());
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains(QStringLiteral("there is no run %1 with a correlation id")
                                .arg(id(QStringLiteral("s-lab")))),
             qPrintable(r.err));
}

void TestCorrelationCommand::badCommandLines_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("no run") << QStringList{};
    QTest::newRow("not a number") << QStringList{QStringLiteral("--run"), QStringLiteral("abc")};
    QTest::newRow("zero") << QStringList{QStringLiteral("--run"), QStringLiteral("0")};
    QTest::newRow("too large") << QStringList{QStringLiteral("--run"),
                                              QStringLiteral("99999999999999999999")};
    QTest::newRow("no value") << QStringList{QStringLiteral("--run")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--run"), QStringLiteral("1"),
                                                   QStringLiteral("--limit"), QStringLiteral("5")};
    QTest::newRow("stray word") << QStringList{QStringLiteral("--run"), QStringLiteral("1"),
                                               QStringLiteral("extra")};
}

void TestCorrelationCommand::badCommandLines() {
    QFETCH(QStringList, args);
    const DedupctlRun r = dedupctl(*m_db, args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY(r.err.startsWith(QStringLiteral("dedupctl correlation: ")));
}

void TestCorrelationCommand::unknownRunAndNoServer() {
    DedupctlRun r = dedupctl(*m_db, {QStringLiteral("--run"), QStringLiteral("987654321")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.out.isEmpty());
    // A run without a correlation id has none to show.
    r = dedupctl(*m_db, {QStringLiteral("--run"), QString::number(id(QStringLiteral("s-alone")))});
    QCOMPARE(r.exitCode, 1);
    r = runDedupctl({QStringLiteral("correlation"), QStringLiteral("--run"), QStringLiteral("1"),
                     QStringLiteral("--db"),
                     QStringLiteral("host=127.0.0.1 port=1 dbname=x connect_timeout=3")});
    QCOMPARE(r.exitCode, 3);
    QVERIFY(r.out.isEmpty());
}

void TestCorrelationCommand::newestFiveHundredOldestFirst() {
    QCOMPARE(m_db->exec(QStringLiteral(
                 "SELECT count(*) FROM generate_series(1, 600) g, LATERAL dedup.claim("
                 "p_scope => 'clinic-a/big', p_key => 'big-' || g, p_workflow => 'wf-corr',"
                 " p_fingerprint => 'fp', p_correlation_id => 'visit-big', p_worker => 'w') c;"
                 "UPDATE dedup.runs SET created_at = now() - (700000 - id) * interval '1 second'"
                 " WHERE correlation_id = 'visit-big'")),
             QString());
    const PgResult range = m_su->exec(QStringLiteral(
        "SELECT min(id), max(id) FROM dedup.runs WHERE correlation_id = 'visit-big'"));
    QVERIFY(range.ok());
    const qint64 newest = range.toInt64(0, 1);
    DedupctlRun r = dedupctl(
        *m_db, {QStringLiteral("--run"), QString::number(newest), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray runs = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QCOMPARE(runs.size(), 500);
    QCOMPARE(runs.last().toObject().value(QStringLiteral("id")).toInteger(), newest);
    QCOMPARE(runs.first().toObject().value(QStringLiteral("id")).toInteger(), newest - 499);
    for (qsizetype i = 1; i < runs.size(); ++i)
        QVERIFY(runs.at(i).toObject().value(QStringLiteral("created_at")).toString() >
                runs.at(i - 1).toObject().value(QStringLiteral("created_at")).toString());
    r = dedupctl(*m_db, {QStringLiteral("--run"), QString::number(newest)});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QStringLiteral(": newest 500 of 600 runs;")), qPrintable(r.err));
}

void TestCorrelationCommand::hostileValuesEscaped() {
    const QString workflow = QStringLiteral("wf\x1b[31mred\u202Egnp.exe");
    const QString step = QStringLiteral("st\nep\u200B");
    const PgResult claimed = m_su->exec(
        QStringLiteral("SELECT run_id FROM dedup.claim(p_scope => 'clinic-a/h', p_key => 'h-1',"
                       " p_workflow => $1, p_fingerprint => 'fp', p_correlation_id => 'visit-h',"
                       " p_worker => 'w', p_steps => ARRAY[$2])"),
        dedup::store::PgParams().add(workflow).add(step));
    QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
    const QString run = claimed.text(0, 0);
    DedupctlRun r = dedupctl(*m_db, {QStringLiteral("--run"), run});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(unsafeForTerminal(r.out), QString());
    QVERIFY2(r.out.contains(QStringLiteral("wf\\e[31mred\\u{202E}gnp.exe")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("st\\nep\\u{200B}")), qPrintable(r.out));
    r = dedupctl(*m_db, {QStringLiteral("--run"), run, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(unsafeForTerminal(r.out.trimmed()), QString());
    const QJsonObject only = QJsonDocument::fromJson(r.out.toUtf8()).array().at(0).toObject();
    QCOMPARE(only.value(QStringLiteral("workflow")).toString(), workflow);
    QCOMPARE(only.value(QStringLiteral("steps"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("name"))
                 .toString(),
             step);
}

QTEST_GUILESS_MAIN(TestCorrelationCommand)
#include "tst_correlation.moc"
