// The correlation view's steps (store::CorrelationQueries) against the private PostgreSQL: every
// run of the page comes with its steps, by ordinal, with status, attempts, times and the
// error's class, read in the page's snapshot for every page; a viewer whose grant covers one
// scope prefix sees the runs of that prefix and only their steps, also when it names another
// run's id to the steps statement itself.
#include "TestCluster.h"
#include "TestDatabase.h"
#include "store/CorrelationQueries.h"
#include "store/PgConnection.h"

#include <QtTest>

using namespace dedup;
using namespace dedup::store;

namespace {

QString viewerName() {
    return QStringLiteral("t_corr_viewer_%1").arg(QCoreApplication::applicationPid());
}

// Three runs of visit "visit-S" (two in clinic-a/, one in clinic-b/) and one of another
// visit, with steps whose statuses and times are set exactly: 12:00:00 UTC and on.
const char *const Fixture = R"(
SELECT count(*) FROM (VALUES
    ('clinic-a/1', 's-book',   'visit-S', ARRAY['book', 'sms', 'mark']),
    ('clinic-a/2', 's-remind', 'visit-S', ARRAY['remind']),
    ('clinic-b/1', 's-lab',    'visit-S', ARRAY['order', 'result']),
    ('clinic-a/3', 's-other',  'visit-X', ARRAY['other'])) v(scope, k, c, steps),
  LATERAL dedup.claim(p_scope => v.scope, p_key => v.k, p_workflow => 'wf-corr',
                      p_fingerprint => 'fp', p_correlation_id => v.c, p_worker => 'w',
                      p_steps => v.steps) c;
UPDATE dedup.runs SET created_at = timestamptz '2026-01-05 12:00:00+00'
                                   + (id - (SELECT min(id) FROM dedup.runs WHERE idem_key LIKE 's-%')) * interval '1 min'
 WHERE correlation_id IN ('visit-S', 'visit-X');
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
UPDATE dedup.steps s SET status = 'done', attempts = 1,
       started_at = timestamptz '2026-01-05 12:02:01+00',
       finished_at = timestamptz '2026-01-05 12:02:02+00'
  FROM dedup.runs r WHERE r.id = s.run_id AND r.idem_key = 's-lab' AND s.name = 'order';
)";

QDateTime at(const char *text) {
    return QDateTime::fromString(QString::fromLatin1(text), Qt::ISODateWithMs);
}

QStringList names(const CorrelatedRun &run) {
    QStringList list;
    for (const CorrelatedStep &step : run.steps)
        list << QStringLiteral("%1:%2:%3").arg(step.ordinal).arg(step.name, step.statusName);
    return list;
}

} // namespace

class TestCorrelationSteps : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void stepsComeWithTheirRuns_data();
    void stepsComeWithTheirRuns();
    void scopedViewerSeesOnlyItsRunsSteps();
    void noStepsForNoRuns();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_super;
    std::unique_ptr<PgConnection> m_viewer;
    QHash<QString, qint64> m_ids; // by key
};

void TestCorrelationSteps::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_super = m_db->connect();
    QVERIFY(m_super);
    QCOMPARE(m_db->exec(QString::fromLatin1(Fixture)), QString());
    const PgResult ids = m_super->exec(QStringLiteral("SELECT idem_key, id FROM dedup.runs"));
    QVERIFY(ids.ok());
    for (int i = 0; i < ids.rows(); ++i)
        m_ids.insert(ids.text(i, 0), ids.toInt64(i, 1));
    QCOMPARE(m_ids.size(), 4);
    // A viewer of clinic-a/ only.
    m_super->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
    const PgResult made = m_super->exec(
        QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE dedup_viewer").arg(viewerName()));
    QVERIFY2(made.ok(), qPrintable(made.error().toString()));
    QCOMPARE(m_db->grant(viewerName(), QStringLiteral("viewer"), {}, {QStringLiteral("clinic-a/")}),
             QString());
    m_viewer = m_db->connect(viewerName());
    QVERIFY(m_viewer);
}

void TestCorrelationSteps::cleanupTestCase() {
    m_viewer.reset();
    m_super.reset();
    m_db.reset(); // the database goes, and with it the grant; the role is the cluster's
    TestCluster cluster;
    QString error;
    PgConnection admin;
    if (cluster.load(&error) && admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(viewerName()));
}

void TestCorrelationSteps::stepsComeWithTheirRuns_data() {
    QTest::addColumn<int>("step");
    QTest::newRow("newest") << int(ListPage::Step::Newest);
    QTest::newRow("oldest") << int(ListPage::Step::Oldest);
    QTest::newRow("newer") << int(ListPage::Step::Newer);
}

void TestCorrelationSteps::stepsComeWithTheirRuns() {
    QFETCH(int, step);
    ListPage page;
    page.step = ListPage::Step(step);
    PgError error;
    const auto snapshot = CorrelationQueries::read(
        *m_super, QStringLiteral("visit-S"), CorrelationQueries::DefaultLimit, &error, 0, page);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QCOMPARE(snapshot->runs.size(), 3);
    const CorrelatedRun &book = snapshot->runs.at(0);
    QCOMPARE(book.id, m_ids.value(QStringLiteral("s-book")));
    QCOMPARE(names(book),
             (QStringList{QStringLiteral("1:book:done"), QStringLiteral("2:sms:failed"),
                          QStringLiteral("3:mark:uncertain")}));
    // The summary and the steps are one snapshot: they agree.
    QCOMPARE(book.stepsTotal, 3);
    QCOMPARE(book.stepsFailed, 1);
    QCOMPARE(book.stepsUncertain, 1);

    const CorrelatedStep &done = book.steps.at(0);
    QVERIFY(done.status == core::StepStatus::Done);
    QCOMPARE(done.attempts, 1);
    QCOMPARE(done.startedAt, at("2026-01-05T12:00:01Z"));
    QCOMPARE(done.finishedAt, at("2026-01-05T12:00:02.500Z"));
    QCOMPARE(done.spanEnd(snapshot->serverNow), done.finishedAt);
    QVERIFY(done.errorClass.isEmpty());

    const CorrelatedStep &failed = book.steps.at(1);
    QVERIFY(failed.isFailed() && !failed.isUncertain());
    QCOMPARE(failed.attempts, 2);
    QCOMPARE(failed.errorClass, QStringLiteral("timeout"));

    // An uncertain step never finished: its span ends where it stopped (updated_at).
    const CorrelatedStep &uncertain = book.steps.at(2);
    QVERIFY(uncertain.isUncertain());
    QCOMPARE(uncertain.errorClass, QStringLiteral("outcome_unknown"));
    QVERIFY(!uncertain.finishedAt.isValid());
    QCOMPARE(uncertain.spanEnd(snapshot->serverNow), at("2026-01-05T12:00:09Z"));

    // A running step's span ends at the server's now.
    const CorrelatedRun &remind = snapshot->runs.at(1);
    QCOMPARE(remind.id, m_ids.value(QStringLiteral("s-remind")));
    QCOMPARE(names(remind), QStringList{QStringLiteral("1:remind:in_progress")});
    QVERIFY(remind.steps.at(0).isRunning());
    QVERIFY(snapshot->serverNow.isValid());
    QCOMPARE(remind.steps.at(0).spanEnd(snapshot->serverNow), snapshot->serverNow);

    // A step that never started has no span.
    const CorrelatedRun &lab = snapshot->runs.at(2);
    QCOMPARE(names(lab),
             (QStringList{QStringLiteral("1:order:done"), QStringLiteral("2:result:pending")}));
    QVERIFY(!lab.steps.at(1).startedAt.isValid());
    QVERIFY(!lab.steps.at(1).spanEnd(snapshot->serverNow).isValid());
}

void TestCorrelationSteps::scopedViewerSeesOnlyItsRunsSteps() {
    PgError error;
    const auto snapshot = CorrelationQueries::read(*m_viewer, QStringLiteral("visit-S"),
                                                   CorrelationQueries::DefaultLimit, &error);
    QVERIFY2(snapshot, qPrintable(error.toString()));
    QList<qint64> ids;
    for (const CorrelatedRun &run : snapshot->runs)
        ids << run.id;
    QCOMPARE(ids, (QList<qint64>{m_ids.value(QStringLiteral("s-book")),
                                 m_ids.value(QStringLiteral("s-remind"))}));
    QCOMPARE(snapshot->runs.at(0).steps.size(), 3);
    QCOMPARE(snapshot->runs.at(1).steps.size(), 1);
    // The error's class comes through redaction (its message would not).
    QCOMPARE(snapshot->runs.at(0).steps.at(1).errorClass, QStringLiteral("timeout"));

    // Named directly, clinic-b's run gives the viewer no step; its own runs' steps come.
    const RunQuery query = CorrelationQueries::steps(
        {m_ids.value(QStringLiteral("s-book")), m_ids.value(QStringLiteral("s-lab"))});
    const PgResult result = m_viewer->exec(query.sql, query.params);
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QCOMPARE(result.rows(), 3);
    for (int i = 0; i < result.rows(); ++i)
        QCOMPARE(result.toInt64(i, "run_id"), m_ids.value(QStringLiteral("s-book")));
    // The owner gets both runs' steps from the same statement.
    const PgResult all = m_super->exec(query.sql, query.params);
    QVERIFY(all.ok());
    QCOMPARE(all.rows(), 5);
    QList<CorrelatedRun> runs(2);
    runs[0].id = m_ids.value(QStringLiteral("s-lab"));
    runs[1].id = m_ids.value(QStringLiteral("s-book"));
    CorrelationQueries::readSteps(all, runs);
    QCOMPARE(runs.at(0).steps.size(), 2);
    QCOMPARE(runs.at(1).steps.size(), 3);
}

void TestCorrelationSteps::noStepsForNoRuns() {
    PgError error;
    const auto none = CorrelationQueries::read(*m_viewer, QStringLiteral("visit-none"),
                                               CorrelationQueries::DefaultLimit, &error);
    QVERIFY2(none, qPrintable(error.toString()));
    QVERIFY(none->runs.isEmpty());
    // By run: the viewer may not read clinic-b's run, so it has no correlation to show.
    const auto hidden =
        CorrelationQueries::read(*m_viewer, QString(), CorrelationQueries::DefaultLimit, &error,
                                 m_ids.value(QStringLiteral("s-lab")));
    QVERIFY2(hidden, qPrintable(error.toString()));
    QVERIFY(hidden->runs.isEmpty());
    const auto byRun =
        CorrelationQueries::read(*m_viewer, QString(), CorrelationQueries::DefaultLimit, &error,
                                 m_ids.value(QStringLiteral("s-remind")));
    QVERIFY2(byRun, qPrintable(error.toString()));
    QCOMPARE(byRun->runs.size(), 2);
    QCOMPARE(byRun->runs.at(0).steps.size(), 3);
}

QTEST_GUILESS_MAIN(TestCorrelationSteps)
#include "tst_correlationsteps.moc"
