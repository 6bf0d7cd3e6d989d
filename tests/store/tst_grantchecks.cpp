// Who the store's grant checks let through (0019_grant_checks.sql): the schema owner's
// members and superusers are the owner; everyone else acts within their grants, and a
// grant given or revoked counts from the next statement of a session that already used the
// old one. 0019 made the checks PL/pgSQL, whose plans live as long as the session: these
// tests hold that only plans are kept, never answers.
#include "TestDatabase.h"

#include <QCoreApplication>
#include <QtTest>

using namespace dedup::store;

namespace {

// Names are this file's (a fixed prefix and the process id), never input.
QString roleName(const char *what) {
    return QStringLiteral("t_gc_%1_%2")
        .arg(QLatin1String(what))
        .arg(QCoreApplication::applicationPid());
}

} // namespace

class TestGrantChecks : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void superuserIsTheOwner();
    void memberOfTheOwnerRoleIsTheOwner();
    void plainLoginIsNotTheOwner();
    void revokedWorkerGrantRefusesTheNextCall();
    void grantOutsideTheScopeRefused();
    void widenedReadGrantShowsEverythingNextStatement();

private:
    bool isOwner(const QString &login);
    PgResult claim(PgConnection &conn, const QString &scope, const QString &key);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
};

void TestGrantChecks::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_su = m_db->connect();
    QVERIFY(m_su);
    const QString owner = m_su->exec(QStringLiteral("SELECT n.nspowner::regrole::text FROM "
                                                    "pg_namespace n WHERE n.nspname = 'dedup'"))
                              .text(0, 0);
    QVERIFY(!owner.isEmpty());
    const QStringList setup = {
        QStringLiteral("CREATE ROLE %1 LOGIN SUPERUSER").arg(roleName("super")),
        QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE %2").arg(roleName("member"), owner),
        QStringLiteral("CREATE ROLE %1 LOGIN IN ROLE dedup_worker, dedup_operator, dedup_viewer")
            .arg(roleName("plain")),
    };
    for (const QString &sql : setup) {
        const auto done = m_su->exec(sql);
        QVERIFY2(done.ok(), qPrintable(done.error().toString()));
    }
    // Runs in two scopes for the read tests, written by the owner.
    for (const QString &scope : {QStringLiteral("clinic-a/1"), QStringLiteral("clinic-b/1")}) {
        const auto made = claim(*m_su, scope, QStringLiteral("setup-key"));
        QVERIFY2(made.ok(), qPrintable(made.error().toString()));
    }
}

void TestGrantChecks::cleanupTestCase() {
    m_su.reset();
    m_db.reset(); // drops the database, so the roles own nothing in it
    TestCluster cluster;
    QString error;
    PgConnection admin;
    if (!cluster.load(&error) || !admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        return;
    for (const char *what : {"super", "member", "plain"})
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(roleName(what)));
}

bool TestGrantChecks::isOwner(const QString &login) {
    auto conn = m_db->connect(login);
    if (!conn)
        return false;
    const auto access = conn->exec(
        QStringLiteral("SELECT count(*) FROM dedup.my_access() WHERE capability = 'owner'"));
    if (!access.ok())
        qWarning("my_access as %s: %s", qPrintable(login), qPrintable(access.error().toString()));
    return access.ok() && access.toInt64(0, 0) == 1;
}

PgResult TestGrantChecks::claim(PgConnection &conn, const QString &scope, const QString &key) {
    return conn.exec(QStringLiteral("SELECT outcome FROM dedup.claim(p_scope => $1, p_key => $2, "
                                    "p_workflow => 'invoice', p_fingerprint => 'fp-1')"),
                     PgParams().add(scope).add(key));
}

void TestGrantChecks::superuserIsTheOwner() {
    QVERIFY(isOwner(roleName("super")));
}

void TestGrantChecks::memberOfTheOwnerRoleIsTheOwner() {
    QVERIFY(isOwner(roleName("member")));
    // And acts as one: retention is the owner's (or an unrestricted operator's).
    auto conn = m_db->connect(roleName("member"));
    QVERIFY(conn);
    const auto purged = conn->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired(10)"));
    QVERIFY2(purged.ok(), qPrintable(purged.error().toString()));
}

void TestGrantChecks::plainLoginIsNotTheOwner() {
    QVERIFY(!isOwner(roleName("plain")));
    auto conn = m_db->connect(roleName("plain"));
    QVERIFY(conn);
    const auto refused = conn->exec(QStringLiteral("SELECT deleted FROM dedup.purge_expired(10)"));
    QCOMPARE(refused.error().sqlState, QStringLiteral("DD010"));
}

void TestGrantChecks::revokedWorkerGrantRefusesTheNextCall() {
    const QString login = roleName("plain");
    QCOMPARE(m_db->grant(login, QStringLiteral("worker")), QString());
    auto worker = m_db->connect(login);
    QVERIFY(worker);
    // Several calls first, so the session has planned (and would have kept) the check.
    for (int i = 0; i < 3; ++i) {
        const auto claimed =
            claim(*worker, QStringLiteral("clinic-a/2"), QStringLiteral("revoke-%1").arg(i));
        QVERIFY2(claimed.ok(), qPrintable(claimed.error().toString()));
        QCOMPARE(claimed.text(0, 0), QStringLiteral("acquired"));
    }
    const auto revoked = m_su->exec(QStringLiteral("SELECT dedup.access_revoke($1, 'worker')"),
                                    PgParams().add(login));
    QVERIFY2(revoked.ok() && revoked.toInt64(0, 0) == 1, qPrintable(revoked.error().toString()));
    const auto refused = claim(*worker, QStringLiteral("clinic-a/2"), QStringLiteral("revoke-9"));
    QCOMPARE(refused.error().sqlState, QStringLiteral("DD010"));
    // Given back, the same session may claim again.
    QCOMPARE(m_db->grant(login, QStringLiteral("worker")), QString());
    const auto again = claim(*worker, QStringLiteral("clinic-a/2"), QStringLiteral("revoke-9"));
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE(again.text(0, 0), QStringLiteral("acquired"));
    m_su->exec(QStringLiteral("SELECT dedup.access_revoke($1)"), PgParams().add(login));
}

void TestGrantChecks::grantOutsideTheScopeRefused() {
    const QString login = roleName("plain");
    QCOMPARE(m_db->grant(login, QStringLiteral("worker"), {QStringLiteral("invoice")},
                         {QStringLiteral("clinic-a/")}),
             QString());
    auto worker = m_db->connect(login);
    QVERIFY(worker);
    const auto inside = claim(*worker, QStringLiteral("clinic-a/3"), QStringLiteral("scoped-1"));
    QVERIFY2(inside.ok(), qPrintable(inside.error().toString()));
    const auto outside = claim(*worker, QStringLiteral("clinic-b/3"), QStringLiteral("scoped-1"));
    QCOMPARE(outside.error().sqlState, QStringLiteral("DD010"));
    m_su->exec(QStringLiteral("SELECT dedup.access_revoke($1)"), PgParams().add(login));
}

void TestGrantChecks::widenedReadGrantShowsEverythingNextStatement() {
    const QString login = roleName("plain");
    QCOMPARE(m_db->grant(login, QStringLiteral("viewer"), {}, {QStringLiteral("clinic-a/")}),
             QString());
    auto viewer = m_db->connect(login);
    QVERIFY(viewer);
    const QString count = QStringLiteral(
        "SELECT count(*) FILTER (WHERE scope ^@ 'clinic-a/'), count(*) FROM dedup.runs");
    const auto scoped = viewer->exec(count);
    QVERIFY2(scoped.ok(), qPrintable(scoped.error().toString()));
    QVERIFY(scoped.toInt64(0, 0) > 0);
    QCOMPARE(scoped.toInt64(0, 1), scoped.toInt64(0, 0)); // clinic-b's run is not there
    const qint64 all = m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.runs")).toInt64(0, 0);
    QVERIFY(all > scoped.toInt64(0, 1));

    QCOMPARE(m_db->grant(login, QStringLiteral("viewer")), QString()); // everything now
    const auto widened = viewer->exec(count);
    QVERIFY2(widened.ok(), qPrintable(widened.error().toString()));
    QCOMPARE(widened.toInt64(0, 1), all);

    // Back to the scope alone (access_revoke's NULL filters match any grant of the kind).
    m_su->exec(QStringLiteral("SELECT dedup.access_revoke($1, 'viewer')"), PgParams().add(login));
    QCOMPARE(m_db->grant(login, QStringLiteral("viewer"), {}, {QStringLiteral("clinic-a/")}),
             QString());
    const auto scopedAgain = viewer->exec(count);
    QVERIFY2(scopedAgain.ok(), qPrintable(scopedAgain.error().toString()));
    QCOMPARE(scopedAgain.toInt64(0, 1), scoped.toInt64(0, 1));
    m_su->exec(QStringLiteral("SELECT dedup.access_revoke($1)"), PgParams().add(login));
}

QTEST_GUILESS_MAIN(TestGrantChecks)
#include "tst_grantchecks.moc"
