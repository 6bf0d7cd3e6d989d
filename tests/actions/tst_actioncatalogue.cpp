// The operator-action catalogue (src/actions/ActionCatalogue) held to the server: one row per
// action in declaration order; each row's SQL function exists and every op_* action function
// has a row; and for every action and every run status, the action sent through the row's
// store call is applied exactly when the row allows the status and refused ('changed', its
// detail naming the statuses the function applies to) otherwise. The allowed statuses are
// written twice (the row and the SQL function); this is what keeps them equal.
#include "ActionTestRuns.h"
#include "actions/ActionCatalogue.h"
#include "actions/ActionIntent.h"

#include <QRegularExpression>
#include <QSet>
#include <QtTest>

using namespace dedup;
using namespace dedup::actions;
using core::RunStatus;
using store::OperatorOutcomeKind;
using store::PgParams;
using store::PgResult;

namespace {

// Exhaustive on purpose: -Werror=switch makes a new OperatorAction fail to compile here until
// the test knows it, and everyActionHasItsRow() then requires its row.
bool isDeclared(OperatorAction action) {
    switch (action) {
    case OperatorAction::ClearStaleLease:
    case OperatorAction::RequestContinuation:
    case OperatorAction::RouteToReview:
    case OperatorAction::ResolveSucceeded:
    case OperatorAction::ResolveCancelled:
    case OperatorAction::ResolveContinue:
    case OperatorAction::Cancel:
    case OperatorAction::AssignReview:
    case OperatorAction::ReviewNote:
    case OperatorAction::ResolveStep:
        return true;
    }
    return false;
}

// The row's identity on the server: its function, and the resolution for op_resolve_review.
QString signature(const ActionRow &row) {
    QString name = QString::fromLatin1(row.function);
    if (row.resolution)
        name += u':' + store::OperatorActions::toString(*row.resolution);
    return name;
}

QStringList sortedNames(const QList<RunStatus> &statuses) {
    QStringList names;
    for (const RunStatus status : statuses)
        names << core::toString(status);
    names.sort();
    return names;
}

// A run in `status`, made through the worker and operator functions (never written
// directly, but for the aged lease): processing with an expired lease, so that the lease
// clearing's second condition holds and only the status decides.
optest::PreparedRun runIn(store::PgConnection &su, RunStatus status, const QString &key) {
    switch (status) {
    case RunStatus::Processing:
        return optest::prepareRun(su, QStringLiteral("processing_expired"), key);
    case RunStatus::Failed:
    case RunStatus::ManualReview:
    case RunStatus::Succeeded:
        return optest::prepareRun(su, core::toString(status), key);
    case RunStatus::Cancelled:
        break;
    }
    optest::PreparedRun run = optest::prepareRun(su, QStringLiteral("failed"), key);
    if (!run.error.isEmpty())
        return run;
    store::OperatorActions actions(su);
    const auto cancelled = actions.cancel(optest::request(run, key + QStringLiteral("-cancel")));
    if (!cancelled.ok() || !cancelled.value().isApplied())
        run.error = QStringLiteral("cancel: ") +
                    (cancelled.ok() ? cancelled.value().detail : cancelled.error().toString());
    return run;
}

} // namespace

class TestActionCatalogue : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyActionHasItsRow();
    void rowsAreDistinct();
    void functionsExistOnTheServer();
    void statusesMatchTheServer_data();
    void statusesMatchTheServer();

private:
    std::unique_ptr<TestDatabase> m_db;
};

void TestActionCatalogue::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
}

void TestActionCatalogue::everyActionHasItsRow() {
    const QList<ActionRow> &rows = ActionCatalogue::rows();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        // Declaration order: ActionCatalogue::row() indexes the rows by the enum.
        QCOMPARE(int(rows.at(i).action), int(i));
        QVERIFY(isDeclared(rows.at(i).action));
        QVERIFY(rows.at(i).send);
        QVERIFY(qstrlen(rows.at(i).title) > 0);
        QVERIFY(!rows.at(i).statuses.isEmpty());
        QCOMPARE(int(ActionCatalogue::row(rows.at(i).action).action), int(i));
    }
    // Every declared value has a row, and nothing past them does.
    for (int value = 0; isDeclared(OperatorAction(value)); ++value)
        QVERIFY2(ActionCatalogue::find(OperatorAction(value)), qPrintable(QString::number(value)));
    QVERIFY(!ActionCatalogue::find(OperatorAction(int(rows.size()))));
    QVERIFY(!ActionCatalogue::find(OperatorAction(-1)));
}

void TestActionCatalogue::rowsAreDistinct() {
    QSet<QString> signatures, titles;
    for (const ActionRow &row : ActionCatalogue::rows()) {
        QVERIFY2(!signatures.contains(signature(row)), qPrintable(signature(row)));
        signatures.insert(signature(row));
        QVERIFY2(!titles.contains(row.translatedTitle()), qPrintable(row.translatedTitle()));
        titles.insert(row.translatedTitle());
        // Only op_resolve_review takes a resolution; its rows are the review resolutions.
        QCOMPARE(row.resolution.has_value(), qstrcmp(row.function, "op_resolve_review") == 0);
        // Rows sharing a bulk form share its statuses (BulkPlan freezes by them).
        if (row.bulk) {
            const ActionRow *first = ActionCatalogue::bulkRow(*row.bulk);
            QVERIFY(first);
            QCOMPARE(sortedNames(row.statuses), sortedNames(first->statuses));
            QVERIFY(row.bulkTitle);
        }
    }
}

void TestActionCatalogue::functionsExistOnTheServer() {
    auto su = m_db->connect();
    QVERIFY(su);
    // The single-run action functions: dedup.op_* returning dedup.op_result (the bulk ones
    // return other types).
    const PgResult result =
        su->exec(QStringLiteral("SELECT DISTINCT p.proname FROM pg_proc p"
                                " JOIN pg_namespace n ON n.oid = p.pronamespace"
                                " WHERE n.nspname = 'dedup' AND p.proname LIKE 'op\\_%'"
                                " AND p.prorettype = 'dedup.op_result'::regtype ORDER BY 1"));
    QVERIFY2(result.ok(), qPrintable(result.error().toString()));
    QSet<QString> server;
    for (int row = 0; row < result.rows(); ++row)
        server.insert(result.text(row, 0));
    QSet<QString> catalogue;
    for (const ActionRow &row : ActionCatalogue::rows())
        catalogue.insert(QString::fromLatin1(row.function));
    for (const QString &name : catalogue)
        QVERIFY2(server.contains(name), qPrintable(name + QStringLiteral(" is not on the server")));
    for (const QString &name : server)
        QVERIFY2(catalogue.contains(name), qPrintable(name + QStringLiteral(" has no row")));
}

void TestActionCatalogue::statusesMatchTheServer_data() {
    QTest::addColumn<int>("action");
    QTest::addColumn<int>("status");
    for (const ActionRow &row : ActionCatalogue::rows()) {
        for (const RunStatus status : core::allRunStatuses()) {
            QTest::addRow("%s %s", qPrintable(signature(row)), qPrintable(core::toString(status)))
                << int(row.action) << int(status);
        }
    }
}

void TestActionCatalogue::statusesMatchTheServer() {
    QFETCH(int, action);
    QFETCH(int, status);
    const ActionRow &row = ActionCatalogue::row(OperatorAction(action));
    auto su = m_db->connect();
    auto op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const QString key = QStringLiteral("catalogue-%1-%2").arg(action).arg(status);
    const optest::PreparedRun run = runIn(*su, RunStatus(status), key);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    PgParams id;
    id.add(run.id);
    const qint64 token =
        optest::scalar(*su, QStringLiteral("SELECT lease_token FROM dedup.runs WHERE id = $1"), id);
    QCOMPARE(optest::runRow(*su, run.id).value(QStringLiteral("status")).toString(),
             core::toString(RunStatus(status)));

    // Inputs every action accepts on a prepared run ("send" is uncertain when settled).
    ActionIntent intent =
        ActionIntent::create(row.action, run.id, token, QStringLiteral("catalogue test"));
    intent.assignee = QStringLiteral("alice");
    intent.note = QStringLiteral("checked the provider log");
    intent.step = QStringLiteral("send");
    intent.stepResolution = store::StepResolution::Skipped;
    QCOMPARE(intent.validationError(), QString());
    store::OperatorActions actions(*op);
    const auto answer = row.send(actions, intent);
    QVERIFY2(answer.ok(), qPrintable(answer.error().toString()));

    const bool allowed = row.statuses.contains(RunStatus(status));
    QCOMPARE(
        store::toString(answer.value().outcome),
        store::toString(allowed ? OperatorOutcomeKind::Applied : OperatorOutcomeKind::Changed));
    if (!allowed) {
        // "run is <status>; <function> applies to <s1>/<s2>; changed by ..."
        static const QRegularExpression appliesTo(QStringLiteral("applies to ([a-z_/]+)"));
        const QRegularExpressionMatch match = appliesTo.match(answer.value().detail);
        QVERIFY2(match.hasMatch(), qPrintable(answer.value().detail));
        QStringList server = match.captured(1).split(u'/');
        server.sort();
        QCOMPARE(server, sortedNames(row.statuses));
    }
    // The store call is the row's function: the audit row (written for a refusal too) says so.
    PgParams actionKey;
    actionKey.add(intent.actionKey);
    QCOMPARE(optest::text(
                 *su, QStringLiteral("SELECT action FROM dedup.audit_log WHERE action_key = $1"),
                 actionKey),
             QString::fromLatin1(row.function));
}

QTEST_GUILESS_MAIN(TestActionCatalogue)
#include "tst_actioncatalogue.moc"
