// The history of a run's key (the run detail's Deliveries tab) as RunDetailSource reads it
// and KeyDeliveryTableModel shows it, against the private PostgreSQL: deliveries made with
// dedup.claim (acquired, in progress while leased, mismatch with another fingerprint,
// replays after the success) listed newest first with their HTTP answers; more than three
// duplicates counted right with only the last three listed; a re-read applied in place; a
// login that may not read the run sees nothing of it; a history that cannot be read leaves
// the run's read alone and says why. The model runs under QAbstractItemModelTester.
#include "KeyDeliveryTestRuns.h"
#include "TestDatabase.h"
#include "models/KeyDeliveryTableModel.h"
#include "models/RunDetailSource.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QtTest>

using namespace dedup;
using namespace dedup::models;
using namespace Qt::StringLiterals;
using core::DeliveryOutcome;
using KeyDeliveryTestRuns::deliver;
using KeyDeliveryTestRuns::deliveredRun;

namespace {

// A source as the viewer, with a model tester on its deliveries.
struct TestedSource {
    explicit TestedSource(const QString &conninfo)
        : source(conninfo)
        , deliveries(source.deliveries(), QAbstractItemModelTester::FailureReportingMode::QtTest) {
        source.setPollInterval(0);
    }
    RunDetailSource source;
    QAbstractItemModelTester deliveries;
};

QString cell(const QAbstractItemModel *model, int row, int column, int role = Qt::DisplayRole) {
    return model->index(row, column).data(role).toString();
}

} // namespace

class TestKeyDeliveryTableModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyDeliveryWithItsAnswer();
    void moreThanThreeDuplicates();
    void reReadInPlace();
    void unreadableRunShowsNothing();
    void failedHistoryLeavesTheRun();
    void wordsWithoutAStore();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_worker;
};

void TestKeyDeliveryTableModel::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_worker = m_db->connect(u"t_worker"_s);
    QVERIFY(m_worker);
}

void TestKeyDeliveryTableModel::everyDeliveryWithItsAnswer() {
    const qint64 runId = deliveredRun(*m_worker, u"kd-few"_s, 2);
    QVERIFY(runId > 0);
    TestedSource t(m_db->conninfo(u"t_viewer"_s));
    t.source.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(t.source.state(), RunDetailSource::State::Loaded, 15000);
    QVERIFY2(t.source.keyHistoryError().isEmpty(), qPrintable(t.source.keyHistoryError()));
    const store::KeyHistory &history = t.source.keyHistory();
    QVERIFY(history.found);
    QCOMPARE(history.total(), 5);
    QCOMPARE(history.count(DeliveryOutcome::Acquired), 1);
    QCOMPARE(history.count(DeliveryOutcome::InProgress), 1);
    QCOMPARE(history.count(DeliveryOutcome::Mismatch), 1);
    QCOMPARE(history.count(DeliveryOutcome::Replay), 2);

    // Newest first, every one of them (three duplicates, all kept).
    const KeyDeliveryTableModel *model = t.source.deliveries();
    QCOMPARE(model->rowCount(), 5);
    const struct {
        const char *outcome, *label, *answer, *worker, *detail;
    } expected[] = {
        {"replay", "replay", "replayed", "r2", "login t_worker"},
        {"replay", "replay", "replayed", "r1", "login t_worker"},
        {"mismatch", "mismatch", "422", "w3", ""},
        {"in_progress", "in progress", "409", "w2", "login t_worker, lease held by w1"},
        {"acquired", "acquired", "first", "w1", "via new"},
    };
    for (int row = 0; row < 5; ++row) {
        const auto &e = expected[row];
        QCOMPARE(cell(model, row, 0, KeyDeliveryTableModel::OutcomeRole),
                 QString::fromLatin1(e.outcome));
        QCOMPARE(cell(model, row, KeyDeliveryTableModel::OutcomeColumn),
                 QString::fromLatin1(e.label));
        QCOMPARE(cell(model, row, KeyDeliveryTableModel::HttpAnswerColumn),
                 QString::fromLatin1(e.answer));
        QCOMPARE(cell(model, row, KeyDeliveryTableModel::WorkerColumn),
                 QString::fromLatin1(e.worker));
        QCOMPARE(cell(model, row, KeyDeliveryTableModel::DetailColumn),
                 QString::fromLatin1(e.detail));
        QCOMPARE(model->index(row, KeyDeliveryTableModel::AttemptColumn).data().toInt(), 1);
        // Server times, newest first, shown in local time.
        const QDateTime at =
            model->index(row, 0).data(KeyDeliveryTableModel::TimeRole).toDateTime();
        QVERIFY(at.isValid());
        QCOMPARE(model->index(row, KeyDeliveryTableModel::TimeColumn).data().toDateTime(), at);
        if (row > 0)
            QVERIFY(at <
                    model->index(row - 1, 0).data(KeyDeliveryTableModel::TimeRole).toDateTime());
        // Told apart in words (and weight), not by colour alone.
        QVERIFY(!model->index(row, KeyDeliveryTableModel::OutcomeColumn)
                     .data(Qt::ForegroundRole)
                     .isValid());
        QVERIFY(!cell(model, row, KeyDeliveryTableModel::OutcomeColumn, Qt::ToolTipRole).isEmpty());
    }
    QVERIFY(model->index(3, KeyDeliveryTableModel::HttpAnswerColumn)
                .data(Qt::FontRole)
                .value<QFont>()
                .bold());
    QVERIFY(!model->index(0, KeyDeliveryTableModel::HttpAnswerColumn).data(Qt::FontRole).isValid());
    QCOMPARE(model->headerData(KeyDeliveryTableModel::HttpAnswerColumn, Qt::Horizontal),
             QVariant(u"HTTP answer"_s));

    const QString summary = KeyDeliveryTableModel::summary(history);
    QVERIFY2(summary.startsWith(
                 u"5 deliveries: first 1 \u00b7 replayed 2 \u00b7 409 in progress 1 \u00b7 422 "
                 "mismatch 1; first "_s),
             qPrintable(summary));
    QVERIFY(summary.contains(u", last "_s));
    // All listed: the note says what the store keeps, and nothing about a cap.
    const QString note = KeyDeliveryTableModel::note(history);
    QVERIFY(note.contains(u"last three duplicates"_s));
    QVERIFY2(!note.contains(u"lists"_s), qPrintable(note));
}

void TestKeyDeliveryTableModel::moreThanThreeDuplicates() {
    const qint64 runId = deliveredRun(*m_worker, u"kd-many"_s, 6);
    QVERIFY(runId > 0);
    TestedSource t(m_db->conninfo(u"t_viewer"_s));
    t.source.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(t.source.state(), RunDetailSource::State::Loaded, 15000);
    const store::KeyHistory &history = t.source.keyHistory();
    // Every duplicate counted: 7 of them (1 in progress, 6 replays).
    QCOMPARE(history.total(), 9);
    QCOMPARE(history.count(DeliveryOutcome::Replay), 6);
    QCOMPARE(history.count(DeliveryOutcome::InProgress), 1);
    QCOMPARE(KeyDeliveryTableModel::summary(history).section(QLatin1Char(';'), 0, 0),
             u"9 deliveries: first 1 \u00b7 replayed 6 \u00b7 409 in progress 1 \u00b7 422 "
             "mismatch 1"_s);
    // Listed: the last three duplicates (r6 … r4), and the events (mismatch, acquisition).
    const KeyDeliveryTableModel *model = t.source.deliveries();
    QCOMPARE(model->rowCount(), 5);
    QStringList workers;
    for (int row = 0; row < model->rowCount(); ++row)
        workers << cell(model, row, KeyDeliveryTableModel::WorkerColumn);
    QCOMPARE(workers, (QStringList{u"r6"_s, u"r5"_s, u"r4"_s, u"w3"_s, u"w1"_s}));
    QVERIFY(!workers.contains(u"w2"_s) && !workers.contains(u"r1"_s) && !workers.contains(u"r3"_s));
    const QString note = KeyDeliveryTableModel::note(history);
    QVERIFY2(note.contains(u"The table lists 5 of the 9 deliveries."_s), qPrintable(note));
}

void TestKeyDeliveryTableModel::reReadInPlace() {
    const qint64 runId = deliveredRun(*m_worker, u"kd-live"_s, 5);
    QVERIFY(runId > 0);
    TestedSource t(m_db->conninfo(u"t_viewer"_s));
    t.source.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(t.source.state(), RunDetailSource::State::Loaded, 15000);
    const KeyDeliveryTableModel *model = t.source.deliveries();
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(cell(model, 0, KeyDeliveryTableModel::WorkerColumn), u"r5"_s);
    QSignalSpy resets(model, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(model, &QAbstractItemModel::rowsInserted);
    QSignalSpy loaded(&t.source, &RunDetailSource::loaded);
    auto again = DetailTestRuns::request(u"kd-live"_s);
    again.worker = u"r6"_s;
    QCOMPARE(deliver(*m_worker, again), u"replay"_s);
    t.source.reload();
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 15000);
    // The newest in, the oldest kept duplicate out: in place, no reset.
    QCOMPARE(resets.count(), 0);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(cell(model, 0, KeyDeliveryTableModel::WorkerColumn), u"r6"_s);
    QCOMPARE(t.source.keyHistory().count(DeliveryOutcome::Replay), 6);
    QCOMPARE(t.source.keyHistory().total(), 9);
    // Another run: nothing of this one stays.
    t.source.setRunId(0);
    QCOMPARE(model->rowCount(), 0);
    QVERIFY(!t.source.keyHistory().found);
}

void TestKeyDeliveryTableModel::unreadableRunShowsNothing() {
    const qint64 runId = deliveredRun(*m_worker, u"kd-hidden"_s, 1);
    QVERIFY(runId > 0);
    // A viewer of another workflow only. The name is this process's, never input.
    const QString login = u"t_kd_viewer_%1"_s.arg(QCoreApplication::applicationPid());
    m_db->exec(u"DROP ROLE IF EXISTS %1"_s.arg(login));
    QCOMPARE(m_db->exec(u"CREATE ROLE %1 LOGIN IN ROLE dedup_viewer"_s.arg(login)), QString());
    QCOMPARE(m_db->grant(login, u"viewer"_s, {u"another-workflow"_s}), QString());
    {
        TestedSource t(m_db->conninfo(login));
        t.source.setRunId(runId);
        QTRY_COMPARE_WITH_TIMEOUT(t.source.state(), RunDetailSource::State::NotFound, 15000);
        QCOMPARE(t.source.deliveries()->rowCount(), 0);
        QVERIFY(!t.source.keyHistory().found);
        QCOMPARE(t.source.keyHistory().total(), 0);
        // The store's own answer to that login: nothing either.
        auto conn = m_db->connect(login);
        QVERIFY(conn);
        store::PgParams params;
        params.add(runId);
        const store::PgResult counts =
            conn->exec(u"SELECT * FROM dedup.key_history_counts($1)"_s, params);
        QVERIFY(counts.ok());
        QCOMPARE(counts.rows(), 0);
    }
    QCOMPARE(m_db->exec(u"DROP OWNED BY %1; DROP ROLE %1"_s.arg(login)), QString());
}

void TestKeyDeliveryTableModel::failedHistoryLeavesTheRun() {
    const qint64 runId = deliveredRun(*m_worker, u"kd-failing"_s, 1);
    QVERIFY(runId > 0);
    TestedSource t(m_db->conninfo(u"t_viewer"_s));
    t.source.setRunId(runId);
    QTRY_COMPARE_WITH_TIMEOUT(t.source.state(), RunDetailSource::State::Loaded, 15000);
    QCOMPARE(t.source.deliveries()->rowCount(), 4);
    // The viewer loses the history's functions: the run is still read, the history as last
    // read stays, and the error says why.
    QCOMPARE(m_db->exec(u"REVOKE EXECUTE ON FUNCTION dedup.key_history(bigint, integer) "
                        "FROM dedup_viewer"_s),
             QString());
    QSignalSpy loaded(&t.source, &RunDetailSource::loaded);
    t.source.reload();
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 15000);
    const QString error = t.source.keyHistoryError();
    QCOMPARE(m_db->exec(u"GRANT EXECUTE ON FUNCTION dedup.key_history(bigint, integer) "
                        "TO dedup_viewer"_s),
             QString());
    QCOMPARE(t.source.state(), RunDetailSource::State::Loaded);
    QVERIFY(t.source.errorText().isEmpty());
    QVERIFY2(error.contains(u"42501"_s), qPrintable(error));
    QCOMPARE(t.source.deliveries()->rowCount(), 4);
    QVERIFY(t.source.keyHistory().found);
    // Read again once it may: the error goes.
    t.source.reload();
    QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 15000);
    QVERIFY(t.source.keyHistoryError().isEmpty());
    QCOMPARE(t.source.deliveries()->rowCount(), 4);
}

void TestKeyDeliveryTableModel::wordsWithoutAStore() {
    store::KeyHistory none;
    QCOMPARE(KeyDeliveryTableModel::summary(none), u"No deliveries recorded for this key."_s);
    QCOMPARE(KeyDeliveryTableModel::answerLabel(DeliveryOutcome::InReview), u"409 in review"_s);
    QCOMPARE(KeyDeliveryTableModel::answerLabel(DeliveryOutcome::Replay), u"replayed"_s);
    store::KeyDelivery takeover;
    takeover.via = u"takeover"_s;
    QCOMPARE(KeyDeliveryTableModel::detail(takeover), u"via takeover"_s);
    store::KeyHistory one;
    one.found = true;
    one.counts << store::KeyDeliveryCount{DeliveryOutcome::Acquired, 1,
                                          QDateTime::currentDateTimeUtc(),
                                          QDateTime::currentDateTimeUtc()};
    QVERIFY(KeyDeliveryTableModel::summary(one).startsWith(u"1 delivery: first 1; first "_s));
}

QTEST_MAIN(TestKeyDeliveryTableModel)
#include "tst_keydeliverytablemodel.moc"
