// The audited reveal of a run's protected values (RunReveal over dedup.op_reveal,
// 0016_protected_columns.sql): an operator whose grants cover the run gets the raw values it
// reads only as keyed hashes otherwise, and exactly one audit row per reveal (the same action
// key again replays without a second one); a viewer, an operator outside its grants, unknown
// fields, a blank reason and a reused key are refused with their SQLSTATEs.
#include "OperatorTestHelpers.h"
#include "TestDatabase.h"
#include "store/RunReveal.h"
#include "store/StoreError.h"

#include <QtTest>

using namespace dedup::store;
using namespace optest;

#define VERIFY_PREPARED(run) QVERIFY2((run).error.isEmpty(), qPrintable((run).error))

namespace {

QString kindName(StoreErrorKind kind) {
    switch (kind) {
    case StoreErrorKind::None:
        return QStringLiteral("None");
    case StoreErrorKind::InvalidArgument:
        return QStringLiteral("InvalidArgument");
    case StoreErrorKind::RunNotFound:
        return QStringLiteral("RunNotFound");
    case StoreErrorKind::ActionKeyConflict:
        return QStringLiteral("ActionKeyConflict");
    case StoreErrorKind::PermissionDenied:
        return QStringLiteral("PermissionDenied");
    default:
        return QStringLiteral("other (%1)").arg(int(kind));
    }
}

// The audit rows of op_reveal.
QJsonArray revealRows(PgConnection &su) {
    QJsonArray rows;
    for (const QJsonValue &row : auditRows(su)) {
        if (row.toObject().value(QStringLiteral("action")).toString() == QLatin1String("op_reveal"))
            rows.append(row);
    }
    return rows;
}

} // namespace

class TestRunReveal : public QObject {
    Q_OBJECT

private slots:
    void init();
    void operatorGetsRawValuesAndOneAuditRow();
    void sameKeyReplays();
    void stepsAndEvents();
    void viewerIsRefused();
    void operatorOutsideItsGrantsIsRefused();
    void badArguments();
    void reusedKeyIsRefused();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<PgConnection> m_op;
};

void TestRunReveal::init() {
    m_op.reset();
    m_su.reset();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    m_op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_su && m_op);
}

void TestRunReveal::operatorGetsRawValuesAndOneAuditRow() {
    const PreparedRun run =
        prepareRun(*m_su, QStringLiteral("manual_review"), QStringLiteral("patient:P7:sms"));
    VERIFY_PREPARED(run);
    PgParams id;
    id.add(run.id);
    // What the operator reads otherwise: hashes.
    const QString hashed = text(
        *m_op, QStringLiteral("SELECT idem_key FROM dedup.runs_redacted(ARRAY[$1::bigint])"), id);
    QVERIFY2(hashed.startsWith(QStringLiteral("h:")) && hashed.size() == 18, qPrintable(hashed));
    const QJsonObject raw = runRow(*m_su, run.id);

    RunReveal reveal(*m_op);
    const auto answer = reveal.reveal(
        run.id,
        {QStringLiteral("idem_key"), QStringLiteral("last_error"), QStringLiteral("review_reason"),
         QStringLiteral("correlation_id"), QStringLiteral("idem_key")},
        QStringLiteral("patient called about the SMS"), QStringLiteral("reveal-1"));
    QVERIFY2(answer.ok(), qPrintable(answer.error().toString()));
    const RunRevealValues &values = answer.value();
    QCOMPARE(values.runId, run.id);
    QCOMPARE(values.idemKey, std::optional(QStringLiteral("patient:P7:sms")));
    // Asked for and NULL in the store: a null string, not "not asked for".
    QVERIFY(values.correlationId.has_value());
    QVERIFY(values.correlationId->isNull());
    QVERIFY(values.lastError.has_value());
    const QJsonObject error = values.lastError->value().toObject();
    QCOMPARE(error.value(QStringLiteral("message")).toString(),
             QStringLiteral("provider timed out"));
    QCOMPARE(error.value(QStringLiteral("class")).toString(), QStringLiteral("timeout"));
    QCOMPARE(values.lastError->value(), raw.value(QStringLiteral("last_error")));
    QVERIFY(values.lastError->pretty.contains(QLatin1Char('\n'))); // jsonb_pretty's form
    QVERIFY(values.reviewReason.has_value());
    QCOMPARE(*values.reviewReason, raw.value(QStringLiteral("review_reason")).toString());
    QVERIFY(!values.reviewReason->startsWith(QStringLiteral("h:")));
    // Not asked for.
    QVERIFY(!values.fingerprint && !values.context && !values.result && !values.steps &&
            !values.events);

    const QJsonArray rows = revealRows(*m_su);
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows.at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("db_role")).toString(), QStringLiteral("t_operator"));
    QCOMPARE(row.value(QStringLiteral("run_id")).toInteger(), run.id);
    QCOMPARE(row.value(QStringLiteral("reason")).toString(),
             QStringLiteral("patient called about the SMS"));
    QCOMPARE(row.value(QStringLiteral("action_key")).toString(), QStringLiteral("reveal-1"));
    QCOMPARE(row.value(QStringLiteral("outcome")).toString(), QStringLiteral("applied"));
    // The fields as a set, sorted, each once.
    QCOMPARE(row.value(QStringLiteral("params")).toObject().value(QStringLiteral("fields")),
             QJsonValue(QJsonArray{QStringLiteral("correlation_id"), QStringLiteral("idem_key"),
                                   QStringLiteral("last_error"), QStringLiteral("review_reason")}));
}

void TestRunReveal::sameKeyReplays() {
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("k-replay"));
    VERIFY_PREPARED(run);
    RunReveal reveal(*m_op);
    const QStringList fields{QStringLiteral("idem_key"), QStringLiteral("fingerprint")};
    const auto first = reveal.reveal(run.id, fields, QStringLiteral("ticket 4711"),
                                     QStringLiteral("reveal-replay"));
    QVERIFY2(first.ok(), qPrintable(first.error().toString()));
    // The same fields in another order and the same key: the same reveal, sent again.
    const auto again =
        reveal.reveal(run.id, {fields.at(1), fields.at(0)}, QStringLiteral("ticket 4711"),
                      QStringLiteral("reveal-replay"));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE(again.value(), first.value());
    QCOMPARE(again.value().idemKey, std::optional(QStringLiteral("k-replay")));
    QCOMPARE(again.value().fingerprint, std::optional(QStringLiteral("fp")));
    QCOMPARE(revealRows(*m_su).size(), 1);

    // A new key is a new reveal: a second row.
    const auto other = reveal.reveal(run.id, fields, QStringLiteral("ticket 4712"),
                                     QStringLiteral("reveal-replay-2"));
    QVERIFY2(other.ok(), qPrintable(other.error().toString()));
    QCOMPARE(revealRows(*m_su).size(), 2);
}

void TestRunReveal::stepsAndEvents() {
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("k-steps"));
    VERIFY_PREPARED(run);
    RunReveal reveal(*m_op);
    const auto answer =
        reveal.reveal(run.id, {QStringLiteral("steps"), QStringLiteral("events")},
                      QStringLiteral("checking the provider's log"), QStringLiteral("reveal-s"));
    QVERIFY2(answer.ok(), qPrintable(answer.error().toString()));
    QVERIFY(answer.value().steps && answer.value().events);
    const QList<RevealedStep> &steps = *answer.value().steps;
    QCOMPARE(steps.size(), 3);
    QCOMPARE(steps.at(0).ordinal, 1);
    QCOMPARE(steps.at(0).name, QStringLiteral("draft"));
    QCOMPARE(steps.at(0).downstreamKey, QStringLiteral("dk-draft"));
    QCOMPARE(steps.at(0).sideEffectRef, QStringLiteral("ref-draft"));
    QVERIFY(steps.at(0).error.isNull());
    QCOMPARE(steps.at(1).name, QStringLiteral("send"));
    QVERIFY(steps.at(1).downstreamKey.isNull());
    QVERIFY(steps.at(1).sideEffectRef.isNull());
    QCOMPARE(steps.at(2).name, QStringLiteral("notify"));

    // Events newest first, with the details as stored.
    PgParams id;
    id.add(run.id);
    const PgResult stored = m_su->exec(
        QStringLiteral(
            "SELECT id, detail::text FROM dedup.events WHERE run_id = $1 ORDER BY id DESC"),
        id);
    QVERIFY(stored.ok());
    const QList<RevealedEvent> &events = *answer.value().events;
    QCOMPARE(events.size(), stored.rows());
    QVERIFY(!events.isEmpty());
    for (int i = 0; i < events.size(); ++i) {
        QCOMPARE(events.at(i).id, stored.toInt64(i, 0));
        QCOMPARE(events.at(i).detail.isNull(), stored.isNull(i, 1));
        if (!events.at(i).detail.isNull())
            QCOMPARE(events.at(i).detail.text, stored.text(i, 1));
    }
    QCOMPARE(revealRows(*m_su).size(), 1);
}

void TestRunReveal::viewerIsRefused() {
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("k-viewer"));
    VERIFY_PREPARED(run);
    auto viewer = m_db->connect(QStringLiteral("t_viewer"));
    QVERIFY(viewer);
    RunReveal reveal(*viewer);
    const auto answer = reveal.reveal(run.id, {QStringLiteral("idem_key")},
                                      QStringLiteral("curious"), QStringLiteral("reveal-v"));
    QVERIFY(!answer.ok());
    QCOMPARE(answer.error().sqlState, QStringLiteral("42501"));
    QCOMPARE(kindName(answer.errorKind()), kindName(StoreErrorKind::PermissionDenied));
    QCOMPARE(revealRows(*m_su).size(), 0);
}

void TestRunReveal::operatorOutsideItsGrantsIsRefused() {
    // A store of its own: t_operator operates only on another workflow and reads every run.
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grant(QStringLiteral("t_operator"), QStringLiteral("operator"),
                      {QStringLiteral("other-wf")}),
             QString());
    QCOMPARE(db.grant(QStringLiteral("t_operator"), QStringLiteral("viewer")), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const PreparedRun run = prepareRun(*su, QStringLiteral("failed"), QStringLiteral("k-outside"));
    VERIFY_PREPARED(run);
    RunReveal reveal(*op);
    const auto answer = reveal.reveal(run.id, {QStringLiteral("idem_key")},
                                      QStringLiteral("not mine"), QStringLiteral("reveal-o"));
    QVERIFY(!answer.ok());
    QCOMPARE(answer.error().sqlState, QStringLiteral("DD010"));
    QCOMPARE(kindName(answer.errorKind()), kindName(StoreErrorKind::PermissionDenied));
    QCOMPARE(revealRows(*su).size(), 0);
}

void TestRunReveal::badArguments() {
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("k-bad"));
    VERIFY_PREPARED(run);
    RunReveal reveal(*m_op);
    struct Case {
        const char *what;
        qint64 runId;
        QStringList fields;
        QString reason;
        QString sqlState;
        StoreErrorKind kind;
    };
    const QList<Case> cases{
        {"unknown field",
         run.id,
         {QStringLiteral("idem_key"), QStringLiteral("patient_name")},
         QStringLiteral("why"),
         QStringLiteral("DD004"),
         StoreErrorKind::InvalidArgument},
        {"no field",
         run.id,
         {},
         QStringLiteral("why"),
         QStringLiteral("DD004"),
         StoreErrorKind::InvalidArgument},
        {"blank reason",
         run.id,
         {QStringLiteral("idem_key")},
         QStringLiteral("  \t"),
         QStringLiteral("DD004"),
         StoreErrorKind::InvalidArgument},
        {"no reason",
         run.id,
         {QStringLiteral("idem_key")},
         QString(),
         QStringLiteral("DD004"),
         StoreErrorKind::InvalidArgument},
        {"no run",
         run.id + 1000,
         {QStringLiteral("idem_key")},
         QStringLiteral("why"),
         QStringLiteral("DD003"),
         StoreErrorKind::RunNotFound},
    };
    int n = 0;
    for (const Case &c : cases) {
        const auto answer =
            reveal.reveal(c.runId, c.fields, c.reason, QStringLiteral("bad-%1").arg(++n));
        QVERIFY2(!answer.ok(), c.what);
        QVERIFY2(answer.error().sqlState == c.sqlState,
                 qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(c.what),
                                                         answer.error().toString())));
        QCOMPARE(kindName(answer.errorKind()), kindName(c.kind));
    }
    // A blank action key.
    const auto noKey =
        reveal.reveal(run.id, {QStringLiteral("idem_key")}, QStringLiteral("why"), QString());
    QVERIFY(!noKey.ok());
    QCOMPARE(noKey.error().sqlState, QStringLiteral("DD004"));
    QCOMPARE(revealRows(*m_su).size(), 0);
}

void TestRunReveal::reusedKeyIsRefused() {
    const PreparedRun run = prepareRun(*m_su, QStringLiteral("failed"), QStringLiteral("k-reuse"));
    VERIFY_PREPARED(run);
    RunReveal reveal(*m_op);
    const auto first = reveal.reveal(run.id, {QStringLiteral("idem_key")}, QStringLiteral("why"),
                                     QStringLiteral("reveal-reuse"));
    QVERIFY2(first.ok(), qPrintable(first.error().toString()));
    // Another field set with the same key.
    const auto more =
        reveal.reveal(run.id, {QStringLiteral("idem_key"), QStringLiteral("last_error")},
                      QStringLiteral("why"), QStringLiteral("reveal-reuse"));
    QVERIFY(!more.ok());
    QCOMPARE(more.error().sqlState, QStringLiteral("DD005"));
    QCOMPARE(kindName(more.errorKind()), kindName(StoreErrorKind::ActionKeyConflict));
    QVERIFY(!more.error().message.contains(QStringLiteral("k-reuse"))); // no raw value in it

    // The key of another action.
    OperatorActions actions(*m_op);
    const auto cancelled = actions.cancel(request(run, QStringLiteral("cancel-key")));
    QVERIFY2(cancelled.ok(), qPrintable(cancelled.error().toString()));
    const auto stolen = reveal.reveal(run.id, {QStringLiteral("idem_key")}, QStringLiteral("why"),
                                      QStringLiteral("cancel-key"));
    QVERIFY(!stolen.ok());
    QCOMPARE(stolen.error().sqlState, QStringLiteral("DD005"));
    QCOMPARE(revealRows(*m_su).size(), 1);
}

QTEST_GUILESS_MAIN(TestRunReveal)
#include "tst_runreveal.moc"
