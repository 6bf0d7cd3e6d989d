// Which actions the console offers on a run, with the login's grants (0010_access.sql): the
// state rules of ActionAvailability, and then only for runs an operator grant covers; bulk
// actions only when every run is covered. Pure: no database (the grants are given as the
// store would report them; tests/store/tst_connectioncheck.cpp reads real ones).
#include "actions/ActionAvailability.h"

#include <QtTest>

using namespace dedup;
using namespace dedup::actions;
using core::RunStatus;
using store::AccessGrant;
using store::AccessScope;

namespace {

AccessGrant grant(QStringView capability, const char *workflow, const char *prefix) {
    AccessGrant g;
    g.capability = capability.toString();
    if (workflow)
        g.workflow = QString::fromUtf8(workflow);
    if (prefix)
        g.scopePrefix = QString::fromUtf8(prefix);
    return g;
}

// Operator for lab-results in clinic-42/*, viewer for everything.
AccessScope mixed() {
    return AccessScope::fromGrants({grant(AccessScope::Operator, "lab-results", "clinic-42/"),
                                    grant(AccessScope::Viewer, nullptr, nullptr)});
}

store::RunRow run(const QString &workflow, const QString &scope) {
    store::RunRow row;
    row.workflow = workflow;
    row.scope = scope;
    row.status = RunStatus::Failed;
    return row;
}

} // namespace

class TestActionAccess : public QObject {
    Q_OBJECT

private slots:
    void perRun_data();
    void perRun();
    void whyNot();
    void bulkSelection();
};

void TestActionAccess::perRun_data() {
    QTest::addColumn<int>("who"); // 0 owner, 1 mixed, 2 viewer only, 3 nothing
    QTest::addColumn<QString>("workflow");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<bool>("offered");

    QTest::newRow("owner, any run")
        << 0 << QStringLiteral("invoice") << QStringLiteral("x") << true;
    QTest::newRow("covered run") << 1 << QStringLiteral("lab-results")
                                 << QStringLiteral("clinic-42/p-1") << true;
    QTest::newRow("other workflow")
        << 1 << QStringLiteral("invoice") << QStringLiteral("clinic-42/p-1") << false;
    QTest::newRow("other clinic") << 1 << QStringLiteral("lab-results")
                                  << QStringLiteral("clinic-7/p-1") << false;
    QTest::newRow("viewer only") << 2 << QStringLiteral("lab-results")
                                 << QStringLiteral("clinic-42/p-1") << false;
    QTest::newRow("no grants") << 3 << QStringLiteral("lab-results")
                               << QStringLiteral("clinic-42/p-1") << false;
}

void TestActionAccess::perRun() {
    QFETCH(int, who);
    QFETCH(QString, workflow);
    QFETCH(QString, scope);
    QFETCH(bool, offered);
    const AccessScope access =
        who == 0   ? AccessScope::owner()
        : who == 1 ? mixed()
        : who == 2 ? AccessScope::fromGrants({grant(AccessScope::Viewer, nullptr, nullptr)})
                   : AccessScope();
    // Grants only narrow what the state allows: a covered failed run gets exactly what an
    // unrestricted operator gets; an uncovered one nothing, in every state.
    for (const RunStatus status : {RunStatus::Processing, RunStatus::Failed,
                                   RunStatus::ManualReview, RunStatus::Succeeded}) {
        for (const bool expired : {false, true}) {
            const QList<OperatorAction> expected =
                offered ? availableActions(status, expired, true) : QList<OperatorAction>{};
            QCOMPARE(availableActions(status, expired, access, workflow, scope), expected);
        }
    }
    QCOMPARE(ActionAvailability::permits(access, workflow, scope), offered);
    QVERIFY(!availableActions(RunStatus::Failed, false, access, workflow, scope).isEmpty() ==
            offered);
}

void TestActionAccess::whyNot() {
    QString why;
    QVERIFY(!ActionAvailability::permits(mixed(), QStringLiteral("invoice"),
                                         QStringLiteral("clinic-42/p-1"), &why));
    QCOMPARE(why, QStringLiteral("Your grants in this store do not let you act on runs of invoice "
                                 "in scope clinic-42/p-1 (you have: operator for lab-results in "
                                 "clinic-42/*; viewer for everything)."));
    QVERIFY(ActionAvailability::permits(mixed(), QStringLiteral("lab-results"),
                                        QStringLiteral("clinic-42/p-1"), &why));
    QVERIFY(why.isEmpty());
}

void TestActionAccess::bulkSelection() {
    const QList<store::RunRow> covered{
        run(QStringLiteral("lab-results"), QStringLiteral("clinic-42/a")),
        run(QStringLiteral("lab-results"), QStringLiteral("clinic-42/b"))};
    QCOMPARE(ActionAvailability::outsideGrants(mixed(), covered), 0);
    QList<store::RunRow> some = covered;
    some << run(QStringLiteral("lab-results"), QStringLiteral("clinic-7/a"))
         << run(QStringLiteral("invoice"), QStringLiteral("clinic-42/c"));
    QCOMPARE(ActionAvailability::outsideGrants(mixed(), some), 2);
    QCOMPARE(ActionAvailability::outsideGrants(AccessScope::owner(), some), 0);
    QCOMPARE(ActionAvailability::outsideGrants(AccessScope(), some), some.size());
}

QTEST_GUILESS_MAIN(TestActionAccess)
#include "tst_actionaccess.moc"
