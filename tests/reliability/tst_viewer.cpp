// docs/RELIABILITY.md "Fault-injection suite", line 5: the viewer changes nothing through any path
// of the catalog, audit rows cannot be changed by any role; and the checks find a hole when one is
// opened on purpose (a private database, so the grants made here touch no other test).
#include "AuditImmutability.h"
#include "StoreSnapshot.h"
#include "ViewerPaths.h"

#include <QtTest>

class TestReliabilityViewer : public QObject {
    Q_OBJECT

private slots:
    void viewerChangesNothing();
    void holesAreFound();
    void auditRowsCannotBeChanged();
    void auditHoleIsFound();
};

void TestReliabilityViewer::viewerChangesNothing() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    const LineReport report = ViewerPaths::run(ReliabilityTarget::of(db), {});
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    auto conn = db.connect();
    QVERIFY(conn);
    // Every function of the schema was tried, whoever added it.
    QCOMPARE(QString::number(report.figure(QStringLiteral("functions"))),
             StoreSnapshot::scalar(*conn, QStringLiteral("SELECT count(*) FROM pg_proc p JOIN "
                                                         "pg_namespace n ON n.oid = p.pronamespace "
                                                         "WHERE n.nspname = 'dedup'")));
    QVERIFY(report.figure(QStringLiteral("functions")) > 30);
    QVERIFY(report.figure(QStringLiteral("tables_and_views")) >= 9);
    QCOMPARE(report.figure(QStringLiteral("refused_42501")) +
                 report.figure(QStringLiteral("refused_view_not_updatable")) +
                 report.figure(QStringLiteral("functions_granted")),
             report.figure(QStringLiteral("attempts")));
    QCOMPARE(report.survived, report.trials);
    QCOMPARE(report.lost, 0);
}

void TestReliabilityViewer::holesAreFound() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    // A later migration's careless definer function, and a column-level grant.
    QCOMPARE(db.exec(QStringLiteral(
                 "CREATE FUNCTION dedup.zz_reopen(p_run_id bigint) RETURNS void LANGUAGE sql "
                 "SECURITY DEFINER AS $$ UPDATE dedup.runs SET review_note = 'x' WHERE id = "
                 "p_run_id $$;"
                 "GRANT EXECUTE ON FUNCTION dedup.zz_reopen(bigint) TO dedup_viewer;"
                 "GRANT UPDATE (review_note) ON dedup.runs TO dedup_viewer")),
             QString());
    const LineReport report = ViewerPaths::run(ReliabilityTarget::of(db), {});
    QVERIFY(!report.passed());
    const QString problems = report.problems.join(QLatin1Char('\n'));
    QVERIFY2(problems.contains(QLatin1String("SECURITY DEFINER dedup.zz_reopen(bigint)")),
             qPrintable(problems));
    QVERIFY2(problems.contains(QLatin1String("UPDATE dedup.runs (review_note) as t_viewer was not "
                                             "refused for lack of privilege: accepted")),
             qPrintable(problems));
}

void TestReliabilityViewer::auditRowsCannotBeChanged() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    const LineReport report = AuditImmutability::run(ReliabilityTarget::of(db), {3, 1});
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(QLatin1Char('\n'))));
    QVERIFY(report.passed());
    // Per round: 8 attempts by each of three login roles, 5 by the owner, one replay.
    QCOMPARE(report.trials, 3 * (3 * 8 + 5 + 1));
    QCOMPARE(report.survived, report.trials);
    QCOMPARE(report.figure(QStringLiteral("refused_by_privilege")), 3 * 3 * 8);
    QCOMPARE(report.figure(QStringLiteral("refused_by_append_only_trigger")), 3 * 5);
    QCOMPARE(report.figure(QStringLiteral("action_key_replays")), 3);
    QCOMPARE(report.figure(QStringLiteral("audit_rows")), 3 * 2);
    QCOMPARE(report.figure(QStringLiteral("owner_bypass_detected")), 1);
}

void TestReliabilityViewer::auditHoleIsFound() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    // A planted hole: the privilege, (row-level security is on for audit_head since 0010) a
    // policy that lets it reach the row, and (since 0013) the head's guard trigger off.
    QCOMPARE(db.exec(QStringLiteral("GRANT UPDATE ON dedup.audit_head TO dedup_operator;"
                                    " CREATE POLICY planted_hole ON dedup.audit_head FOR UPDATE"
                                    " TO dedup_operator USING (true);"
                                    " ALTER TABLE dedup.audit_head DISABLE TRIGGER"
                                    " audit_head_guard")),
             QString());
    const LineReport report = AuditImmutability::run(ReliabilityTarget::of(db), {1, 1});
    QVERIFY(!report.passed());
    QVERIFY(report.lost >= 1); // the head was rewritten: the chain no longer verifies
}

QTEST_GUILESS_MAIN(TestReliabilityViewer)
#include "tst_viewer.moc"
