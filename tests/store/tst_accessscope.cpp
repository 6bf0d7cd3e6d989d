// AccessScope: the login's grants as the console reads them (dedup.my_access()): the one-line
// summary, the sentence of the connection report, and the matching rules, which must be the
// store's own (dedup._may: workflow NULL or equal, scope starts with the prefix; operator
// includes viewer; worker gives the console nothing).
#include "store/AccessScope.h"

#include <QtTest>

using dedup::store::AccessGrant;
using dedup::store::AccessScope;
using namespace Qt::StringLiterals;

namespace {

// "operator:lab-results:clinic-42/" -> a grant; "*" for NULL. "owner" for the owner's row.
AccessScope scopeOf(const QStringList &rows) {
    if (rows == QStringList{u"owner"_s})
        return AccessScope::owner();
    QList<AccessGrant> grants;
    for (const QString &row : rows) {
        const QStringList parts = row.split(u':');
        AccessGrant grant;
        grant.capability = parts.at(0);
        if (parts.at(1) != u"*")
            grant.workflow = parts.at(1);
        if (parts.at(2) != u"*")
            grant.scopePrefix = parts.at(2);
        grants.append(grant);
    }
    return AccessScope::fromGrants(grants);
}

std::optional<QString> optional(const QString &text) {
    return text == u"*" ? std::nullopt : std::optional<QString>(text);
}

} // namespace

class TestAccessScope : public QObject {
    Q_OBJECT

private slots:
    void summary_data();
    void summary();
    void matching_data();
    void matching();
    void filterCoverage_data();
    void filterCoverage();
    void explanation_data();
    void explanation();
    void grantLines();
};

void TestAccessScope::summary_data() {
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<bool>("empty");
    QTest::addColumn<bool>("readOnly");

    QTest::newRow("owner") << QStringList{u"owner"_s} << u"owner"_s << false << false;
    QTest::newRow("no grants") << QStringList{} << u"no access in this store"_s << true << true;
    QTest::newRow("operator for a scope prefix") << QStringList{u"operator:*:clinic-42/"_s}
                                                 << u"operator for clinic-42/*"_s << false << false;
    QTest::newRow("operator for a workflow") << QStringList{u"operator:lab-results:*"_s}
                                             << u"operator for lab-results"_s << false << false;
    QTest::newRow("operator for a workflow in a scope, viewer for everything")
        << QStringList{u"operator:lab-results:clinic-42/"_s, u"viewer:*:*"_s}
        << u"operator for lab-results in clinic-42/*; viewer for everything"_s << false << false;
    QTest::newRow("viewer for everything")
        << QStringList{u"viewer:*:*"_s} << u"viewer for everything"_s << false << true;
    QTest::newRow("viewer listed after operator, whatever the order")
        << QStringList{u"viewer:*:clinic-7/"_s, u"operator:*:*"_s}
        << u"operator for everything; viewer for clinic-7/*"_s << false << false;
    QTest::newRow("two scopes") << QStringList{u"operator:*:clinic-42/"_s,
                                               u"operator:*:clinic-7/"_s}
                                << u"operator for clinic-42/*, clinic-7/*"_s << false << false;
    QTest::newRow("more than three grants")
        << QStringList{u"viewer:*:a/"_s, u"viewer:*:b/"_s, u"viewer:*:c/"_s, u"viewer:*:d/"_s,
                       u"viewer:*:e/"_s}
        << u"viewer for a/*, b/* and 3 more"_s << false << true;
    QTest::newRow("worker only") << QStringList{u"worker:invoice:*"_s} << u"worker for invoice"_s
                                 << false << true;
}

void TestAccessScope::summary() {
    QFETCH(QStringList, rows);
    QFETCH(QString, summary);
    QFETCH(bool, empty);
    QFETCH(bool, readOnly);
    const AccessScope scope = scopeOf(rows);
    QCOMPARE(scope.summary(), summary);
    QCOMPARE(scope.isEmpty(), empty);
    QCOMPARE(scope.isOwner(), rows == QStringList{u"owner"_s});
    QCOMPARE(!scope.mayOperateAnything(), readOnly);
}

void TestAccessScope::matching_data() {
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<QString>("workflow");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<bool>("mayRead");
    QTest::addColumn<bool>("mayOperate");

    const QStringList scoped{u"operator:*:clinic-42/"_s};
    QTest::newRow("owner") << QStringList{u"owner"_s} << u"any"_s << u"x"_s << true << true;
    QTest::newRow("no grants") << QStringList{} << u"any"_s << u"x"_s << false << false;
    QTest::newRow("inside the prefix")
        << scoped << u"lab-results"_s << u"clinic-42/p-1"_s << true << true;
    QTest::newRow("the prefix itself") << scoped << u"wf"_s << u"clinic-42/"_s << true << true;
    QTest::newRow("another clinic") << scoped << u"wf"_s << u"clinic-420/p"_s << false << false;
    QTest::newRow("case matters") << scoped << u"wf"_s << u"Clinic-42/p"_s << false << false;
    QTest::newRow("shorter than the prefix")
        << scoped << u"wf"_s << u"clinic-42"_s << false << false;
    const QStringList mixed{u"operator:lab-results:clinic-42/"_s, u"viewer:*:*"_s};
    QTest::newRow("operator grant covers it")
        << mixed << u"lab-results"_s << u"clinic-42/p"_s << true << true;
    QTest::newRow("other workflow: viewer only")
        << mixed << u"invoice"_s << u"clinic-42/p"_s << true << false;
    QTest::newRow("other scope: viewer only")
        << mixed << u"lab-results"_s << u"clinic-7/p"_s << true << false;
    QTest::newRow("worker grants read nothing")
        << QStringList{u"worker:*:*"_s} << u"wf"_s << u"s"_s << false << false;
    QTest::newRow("workflow grant, every scope")
        << QStringList{u"operator:invoice:*"_s} << u"invoice"_s << u"anything"_s << true << true;
    QTest::newRow("workflow grant, other workflow")
        << QStringList{u"operator:invoice:*"_s} << u"invoices"_s << u"anything"_s << false << false;
}

void TestAccessScope::matching() {
    QFETCH(QStringList, rows);
    QFETCH(QString, workflow);
    QFETCH(QString, scope);
    QFETCH(bool, mayRead);
    QFETCH(bool, mayOperate);
    const AccessScope access = scopeOf(rows);
    QCOMPARE(access.mayRead(workflow, scope), mayRead);
    QCOMPARE(access.mayOperate(workflow, scope), mayOperate);
}

void TestAccessScope::filterCoverage_data() {
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<QString>("workflow"); // "*": not filtered
    QTest::addColumn<QString>("scope");    // exact; "*": not filtered
    QTest::addColumn<bool>("covered");

    QTest::newRow("owner") << QStringList{u"owner"_s} << u"*"_s << u"*"_s << true;
    QTest::newRow("operator for everything")
        << QStringList{u"operator:*:*"_s} << u"*"_s << u"*"_s << true;
    // Row-level security shows only what it may read, and it may act on all of that.
    QTest::newRow("scoped operator, no viewer grant")
        << QStringList{u"operator:*:clinic-42/"_s} << u"*"_s << u"*"_s << true;
    const QStringList mixed{u"operator:lab-results:clinic-42/"_s, u"viewer:*:*"_s};
    QTest::newRow("reads more than it operates") << mixed << u"*"_s << u"*"_s << false;
    QTest::newRow("workflow alone is not enough") << mixed << u"lab-results"_s << u"*"_s << false;
    QTest::newRow("workflow and scope inside the grant")
        << mixed << u"lab-results"_s << u"clinic-42/p-1"_s << true;
    QTest::newRow("scope inside, workflow not filtered")
        << mixed << u"*"_s << u"clinic-42/p-1"_s << false;
    QTest::newRow("workflow outside") << mixed << u"invoice"_s << u"clinic-42/p-1"_s << false;
    QTest::newRow("viewer grant in a narrower scope than the operator's")
        << QStringList{u"operator:*:clinic-42/"_s, u"viewer:*:clinic-42/a/"_s} << u"*"_s << u"*"_s
        << true;
    QTest::newRow("viewer grant elsewhere, filter keeps out of it")
        << QStringList{u"operator:*:clinic-42/"_s, u"viewer:*:clinic-7/"_s} << u"*"_s
        << u"clinic-42/x"_s << true;
    QTest::newRow("viewer grant elsewhere, no filter")
        << QStringList{u"operator:*:clinic-42/"_s, u"viewer:*:clinic-7/"_s} << u"*"_s << u"*"_s
        << false;
    QTest::newRow("viewer only") << QStringList{u"viewer:*:*"_s} << u"*"_s << u"*"_s << false;
}

void TestAccessScope::filterCoverage() {
    QFETCH(QStringList, rows);
    QFETCH(QString, workflow);
    QFETCH(QString, scope);
    QFETCH(bool, covered);
    QCOMPARE(scopeOf(rows).mayOperateAllReadable(optional(workflow), optional(scope)), covered);
}

void TestAccessScope::explanation_data() {
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<QString>("explanation");

    QTest::newRow("owner") << QStringList{u"owner"_s}
                           << u"As the store's owner it sees every run and may act on any of "
                              "them."_s;
    QTest::newRow("no grants") << QStringList{}
                               << u"It has no grants in this store: the console will show no "
                                  "runs and offer no actions."_s;
    QTest::newRow("worker only")
        << QStringList{u"worker:*:*"_s}
        << u"Its grants in this store are for a worker only (everything): the console will "
           "show no runs and offer no actions."_s;
    QTest::newRow("operator for everything")
        << QStringList{u"operator:*:*"_s} << u"It sees and may act on every run."_s;
    QTest::newRow("scoped operator") << QStringList{u"operator:*:clinic-42/"_s}
                                     << u"It sees and may act on the runs of clinic-42/*."_s;
    QTest::newRow("operator in a scope, viewer for everything")
        << QStringList{u"operator:lab-results:clinic-42/"_s, u"viewer:*:*"_s}
        << u"It sees every run and may act on the runs of lab-results in clinic-42/* only; the "
           "others are read-only."_s;
    QTest::newRow("viewer for two scopes")
        << QStringList{u"viewer:*:clinic-42/"_s, u"viewer:*:clinic-7/"_s}
        << u"It sees the runs of clinic-42/*, clinic-7/* and may not act on any of them "
           "(read-only)."_s;
    QTest::newRow("a viewer grant inside an operator grant says nothing more")
        << QStringList{u"operator:*:clinic-42/"_s, u"viewer:*:clinic-42/"_s}
        << u"It sees and may act on the runs of clinic-42/*."_s;
}

void TestAccessScope::explanation() {
    QFETCH(QStringList, rows);
    QFETCH(QString, explanation);
    QCOMPARE(scopeOf(rows).explanation(), explanation);
}

void TestAccessScope::grantLines() {
    const AccessScope scope =
        scopeOf({u"operator:lab-results:clinic-42/"_s, u"viewer:*:*"_s, u"worker:invoice:*"_s});
    QCOMPARE(scope.grantLines(),
             (QStringList{u"operator for lab-results in clinic-42/*"_s, u"viewer for everything"_s,
                          u"worker for invoice"_s}));
    QCOMPARE(AccessScope().grantLines(), QStringList{u"no access in this store"_s});
    QCOMPARE(AccessScope::owner().grantLines(), QStringList{u"owner"_s});
    // A capability this console does not know (a newer store's) permits nothing.
    AccessGrant future;
    future.capability = u"auditor"_s;
    const AccessScope unknown = AccessScope::fromGrants({future});
    QVERIFY(!unknown.mayReadAnything());
    QVERIFY(!unknown.mayRead(u"wf"_s, u"s"_s));
}

QTEST_GUILESS_MAIN(TestAccessScope)
#include "tst_accessscope.moc"
