// The trust boundaries of the store (0010_access.sql) against a real PostgreSQL with several
// login roles: every refusal path, each checked to change nothing.
//
//   * Worker identity: a lease belongs to the login that acquired it and carries a secret;
//     another login (granted the same workflow) is refused even with the right token and
//     secret (DD011), a wrong secret is refused (DD001), and no refusal names either.
//   * Grants: claim, take_command, op_*, bulk operations and purge outside the caller's
//     grants are refused (DD010) and reveal nothing; row-level security shows each reader
//     exactly its rows; only the owner manages grants.
//   * Grants are store-local: a grant in one database gives nothing in another.
//   * The cluster-wide group roles are adopted only when the store made them (a private
//     cluster of this test, since roles are cluster-wide).
//   * Signals and locks: no client setting shapes the store's NOTIFY payloads; the store's
//     own locks are rows nobody else may lock.
//   * The input contract: every documented maximum, blank arguments, step order.
//   * Races: 32 connections of another login forging writes while the owner works, two
//     logins taking over one expired lease.
//
// The test creates its own login roles (named after this process: roles are cluster-wide and
// other tests share the cluster) and a fresh database for every test row.
#include "OperatorTestHelpers.h"
#include "TestCluster.h"
#include "TestDatabase.h"
#include "TestServer.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "store/RunProtocol.h"
#include "store/StoreError.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

#include <array>
#include <atomic>
#include <barrier>
#include <functional>
#include <latch>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

using namespace dedup;
using namespace dedup::store;
using optest::allActions;
using optest::sqlFor;
using optest::stateFor;

namespace {

// ---------------------------------------------------------------------------------------------
// Logins
// ---------------------------------------------------------------------------------------------

enum class Login {
    Owner,          // worker of workflow wf: acquires the runs the others attack
    Forger,         // worker of workflow wf too
    Rival,          // worker of workflow wf too (the second taker of an expired lease)
    ScopedWorker,   // worker of wf, scopes starting with tenant-a/
    ScopedOperator, // operator of wf, scopes starting with tenant-a/
    FullOperator,   // operator of everything
    Viewer,         // viewer of workflow wf2, every scope
    LimitsWorker,   // worker of everything (the input-limit tests)
    Mixed,          // worker and viewer of wf, member of all three group roles
    NoGrants,       // member of all three group roles, no grant in any store
    Bare,           // a login and nothing else
};

const QList<Login> &allLogins() {
    static const QList<Login> logins{
        Login::Owner,          Login::Forger,       Login::Rival,  Login::ScopedWorker,
        Login::ScopedOperator, Login::FullOperator, Login::Viewer, Login::LimitsWorker,
        Login::Mixed,          Login::NoGrants,     Login::Bare};
    return logins;
}

const char *suffixOf(Login login) {
    switch (login) {
    case Login::Owner:
        return "owner";
    case Login::Forger:
        return "forger";
    case Login::Rival:
        return "rival";
    case Login::ScopedWorker:
        return "scoped_worker";
    case Login::ScopedOperator:
        return "scoped_operator";
    case Login::FullOperator:
        return "full_operator";
    case Login::Viewer:
        return "viewer";
    case Login::LimitsWorker:
        return "limits_worker";
    case Login::Mixed:
        return "mixed";
    case Login::NoGrants:
        return "no_grants";
    case Login::Bare:
        return "bare";
    }
    return "?";
}

// Roles are cluster-wide and other test processes share the cluster: this process's own.
QString loginName(Login login) {
    return QStringLiteral("acc%1_%2")
        .arg(QCoreApplication::applicationPid())
        .arg(QLatin1String(suffixOf(login)));
}

struct Grant {
    Login login;
    QString capability;
    QStringList workflows; // empty: every workflow
    QStringList prefixes;  // empty: every scope
};

QList<Grant> storeGrants() {
    const QStringList wf{QStringLiteral("wf")};
    const QStringList tenantA{QStringLiteral("tenant-a/")};
    const QString worker = QStringLiteral("worker");
    return {{Login::Owner, worker, wf, {}},
            {Login::Forger, worker, wf, {}},
            {Login::Rival, worker, wf, {}},
            {Login::ScopedWorker, worker, wf, tenantA},
            {Login::ScopedOperator, QStringLiteral("operator"), wf, tenantA},
            {Login::FullOperator, QStringLiteral("operator"), {}, {}},
            {Login::Viewer, QStringLiteral("viewer"), {QStringLiteral("wf2")}, {}},
            {Login::LimitsWorker, worker, {}, {}},
            {Login::Mixed, worker, wf, {}},
            {Login::Mixed, QStringLiteral("viewer"), wf, {}}};
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

// A call's answer: "ok" or the SQLSTATE, with the error.
struct Answer {
    QString state;
    PgError error;
};

template <typename T>
Answer answerOf(const ProtocolResult<T> &result) {
    if (result.ok())
        return {QStringLiteral("ok"), {}};
    return {result.error().sqlState, result.error()};
}

Answer answerOf(const PgResult &result) {
    if (result.ok())
        return {QStringLiteral("ok"), {}};
    return {result.error().sqlState, result.error()};
}

// The first text of `error` that names the lease secret or the token, or empty.
QString leakIn(const PgError &error, const QString &secret, qint64 token) {
    for (const QString &text : {error.message, error.detail, error.hint}) {
        if (!secret.isEmpty() && text.contains(secret, Qt::CaseInsensitive))
            return QStringLiteral("the secret is in: ") + text;
        if (token > 0 && text.contains(QString::number(token)))
            return QStringLiteral("the token is in: ") + text;
    }
    return {};
}

// Lease tokens of the message tests: far from any run id or count a message could hold.
constexpr qint64 kTokenBase = 4'817'263'000;

QString randomSecret() {
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString uniqueKey(const QString &prefix = QStringLiteral("key")) {
    static QAtomicInt counter;
    return QStringLiteral("%1-%2").arg(prefix).arg(counter.fetchAndAddRelaxed(1) + 1);
}

ClaimRequest claimRequest(const QString &scope, const QString &key,
                          const QString &workflow = QStringLiteral("wf"),
                          const QStringList &steps = {QStringLiteral("s1"), QStringLiteral("s2")}) {
    ClaimRequest request;
    request.scope = scope;
    request.key = key;
    request.workflow = workflow;
    request.fingerprint = QStringLiteral("sha256:aa");
    request.worker = QStringLiteral("w-") + key;
    request.steps = steps;
    return request;
}

// ---------------------------------------------------------------------------------------------
// The worker writes
// ---------------------------------------------------------------------------------------------

enum class Write { Heartbeat, BeginStep, CompleteStep, FailStep, SkipStep, Succeed, Fail };
constexpr std::array kWrites{Write::Heartbeat, Write::BeginStep, Write::CompleteStep,
                             Write::FailStep,  Write::SkipStep,  Write::Succeed,
                             Write::Fail};

const char *nameOf(Write write) {
    switch (write) {
    case Write::Heartbeat:
        return "heartbeat";
    case Write::BeginStep:
        return "begin_step";
    case Write::CompleteStep:
        return "complete_step";
    case Write::FailStep:
        return "fail_step";
    case Write::SkipStep:
        return "skip_step";
    case Write::Succeed:
        return "succeed";
    case Write::Fail:
        return "fail";
    }
    return "?";
}

// How far a run has come (steps s1, s2).
enum class Stage { Claimed, FirstStepBegun, StepsDone };

// The stage in which the run's owner could make `write` and have it accepted, so a refusal
// of another caller can only come from who the caller is.
Stage stageFor(Write write) {
    switch (write) {
    case Write::CompleteStep:
    case Write::FailStep:
        return Stage::FirstStepBegun;
    case Write::Succeed:
        return Stage::StepsDone;
    default:
        return Stage::Claimed;
    }
}

Answer makeWrite(RunProtocol &protocol, Write write, const RunLease &lease) {
    switch (write) {
    case Write::Heartbeat:
        return answerOf(protocol.heartbeat(lease, std::chrono::minutes(10)));
    case Write::BeginStep:
        return answerOf(protocol.beginStep(lease, QStringLiteral("s1"), QStringLiteral("dk-1")));
    case Write::CompleteStep:
        return answerOf(protocol.completeStep(lease, QStringLiteral("s1"), QStringLiteral("ref")));
    case Write::FailStep:
        return answerOf(protocol.failStep(lease, QStringLiteral("s1"),
                                          {QStringLiteral("timeout"), QStringLiteral("x"), true}));
    case Write::SkipStep:
        return answerOf(protocol.skipStep(lease, QStringLiteral("s1"), QStringLiteral("n/a")));
    case Write::Succeed:
        return answerOf(protocol.succeed(lease, QJsonObject{{QStringLiteral("forged"), true}}));
    case Write::Fail:
        return answerOf(protocol.fail(
            lease, {QStringLiteral("timeout"), QStringLiteral("forged failure"), false}));
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// A private cluster (the group-role tests alter cluster-wide roles)
// ---------------------------------------------------------------------------------------------

QString execOn(const QString &conninfo, const QString &sql) {
    PgConnection conn;
    if (!conn.open(conninfo))
        return conn.openError().toString();
    const auto result = conn.execScript(sql);
    return result.ok() ? QString() : result.error().toString();
}

class PrivateCluster {
public:
    PrivateCluster() = default;
    PrivateCluster(const PrivateCluster &) = delete;
    PrivateCluster &operator=(const PrivateCluster &) = delete;
    ~PrivateCluster() {
        QString ignored;
        if (m_cluster)
            m_cluster->stop(&ignored);
    }

    bool start(QString *error) {
        if (!m_base.isValid()) {
            *error = QStringLiteral("cannot create a temporary directory");
            return false;
        }
        // The server (as `postgres` when we are root) must reach its directory inside it.
        QFile::setPermissions(m_base.path(), QFile::ReadOwner | QFile::WriteOwner |
                                                 QFile::ExeOwner | QFile::ExeGroup |
                                                 QFile::ExeOther);
        LocalCluster::Options options;
        options.baseDir = m_base.path() + QStringLiteral("/cluster");
        options.durable = false;
        m_cluster = std::make_unique<LocalCluster>(options);
        // Stops the server when this process dies without its destructor (a crash, a timeout).
        TestServer::startWatchdog(m_base.path(), QStringLiteral("cluster"));
        return m_cluster->start(error);
    }

    QString conninfo(const QString &dbname) const { return m_cluster->conninfo(dbname); }

private:
    QTemporaryDir m_base{QDir::tempPath() + QStringLiteral("/dedup-access-XXXXXX")};
    std::unique_ptr<LocalCluster> m_cluster;
};

// A refused migration leaves no store behind: the migrator's bookkeeping table at most, no
// migration recorded, and nothing granted to the group roles in this database.
QString storeLeftBehind(PgConnection &conn) {
    const auto objects = conn.exec(QStringLiteral(
        "SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        "        WHERE n.nspname = 'dedup' AND c.relname NOT LIKE 'schema\\_migrations%')"
        " || ' objects, ' || (SELECT count(*) FROM pg_proc p JOIN pg_namespace n"
        "        ON n.oid = p.pronamespace WHERE n.nspname = 'dedup')"
        " || ' functions, usage granted: '"
        " || EXISTS (SELECT 1 FROM pg_namespace n CROSS JOIN aclexplode(n.nspacl) a"
        "            JOIN pg_roles r ON r.oid = a.grantee"
        "            WHERE n.nspname = 'dedup' AND r.rolname LIKE 'dedup\\_%'),"
        " to_regclass('dedup.schema_migrations') IS NOT NULL"));
    if (!objects.ok())
        return objects.error().toString();
    qint64 migrations = 0;
    if (objects.toBool(0, 1)) {
        const auto recorded =
            conn.exec(QStringLiteral("SELECT count(*) FROM dedup.schema_migrations"));
        if (!recorded.ok())
            return recorded.error().toString();
        migrations = recorded.toInt64(0, 0);
    }
    return objects.text(0, 0) + QStringLiteral(", %1 migrations").arg(migrations);
}
const char *const kNothingLeft = "0 objects, 0 functions, usage granted: false, 0 migrations";

// Runs its action when the scope ends (the undo of a role change, whatever failed before).
class ScopeExit {
public:
    explicit ScopeExit(std::function<void()> action)
        : m_action(std::move(action)) {}
    ~ScopeExit() { m_action(); }
    ScopeExit(const ScopeExit &) = delete;
    ScopeExit &operator=(const ScopeExit &) = delete;

private:
    std::function<void()> m_action;
};

// The comment 0010 puts on the group roles it adopts.
const char *const kGroupRoleMark = "dedup store group role (created by the dedup migrations)";

// The role check of 0010_access.sql, as shipped: its first DO block.
QString groupRoleCheckSql() {
    for (const Migrator::Migration &migration : Migrator::bundled()) {
        if (migration.version != 10)
            continue;
        const qsizetype from = migration.sql.indexOf(QLatin1String("DO $$"));
        const qsizetype to = migration.sql.indexOf(QLatin1String("\n$$;"), from);
        if (from >= 0 && to > from)
            return migration.sql.mid(from, to + 4 - from);
    }
    return {};
}

// ---------------------------------------------------------------------------------------------
// Claim arguments by name (the input-limit tests)
// ---------------------------------------------------------------------------------------------

struct ClaimArgs {
    QString scope = QStringLiteral("limits");
    QString key = uniqueKey(QStringLiteral("limit"));
    QString workflow = QStringLiteral("wf");
    QString fingerprint = QStringLiteral("fp");
    QString correlationId;
    QString worker = QStringLiteral("w-limits");
    QString lease = QStringLiteral("30 seconds");
    QStringList steps;
    QString keyVersion;
    QString workflowVersion;
    QString context; // JSON text; null: SQL NULL
};

PgResult claimWith(PgConnection &conn, const ClaimArgs &a) {
    PgParams p;
    p.add(a.scope)
        .add(a.key)
        .add(a.workflow)
        .add(a.fingerprint)
        .add(a.correlationId)
        .add(a.worker)
        .add(a.lease)
        .add(a.steps)
        .add(a.keyVersion)
        .add(a.workflowVersion)
        .add(a.context);
    return conn.exec(
        QStringLiteral("SELECT outcome, run_id, lease_token, lease_secret FROM dedup.claim("
                       "p_scope => $1, p_key => $2, p_workflow => $3, p_fingerprint => $4,"
                       " p_correlation_id => $5, p_worker => $6, p_lease => $7::interval,"
                       " p_steps => $8::text[], p_key_version => $9, p_workflow_version => $10,"
                       " p_context => $11::jsonb)"),
        p);
}

// `n` bytes of text. "utf8": two-byte characters (plus one ASCII byte when n is odd), so a
// limit counted in characters instead of bytes would show.
QString textOfBytes(const QString &unit, int n, const QString &prefix = {}) {
    if (unit == QLatin1String("utf8"))
        return QString(n / 2, QChar(0x00E9)) + QString(n % 2, QLatin1Char('u'));
    const int pad = n - int(prefix.toUtf8().size());
    return prefix + QString(qMax(pad, 0), QLatin1Char('x'));
}

// A JSON string whose text is exactly `n` bytes.
QString jsonOfBytes(int n) {
    return QLatin1Char('"') + QString(n - 2, QLatin1Char('j')) + QLatin1Char('"');
}

QStringList stepNames(int n) {
    QStringList names;
    for (int i = 1; i <= n; ++i)
        names << QStringLiteral("step-%1").arg(i);
    return names;
}

} // namespace

class TestAccess : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    // worker identity
    void forgedWritesRefused_data();
    void forgedWritesRefused();
    void forgedSucceedPlantsNoReplay();
    void forgerCannotUseAnExpiredLease();
    void takeoverMovesTheLeaseToTheNewLogin();
    void takeoverOutsideTheGrantsRefused();
    void eventsRecordTheLogin();
    void leaseSecretNotReadable_data();
    void leaseSecretNotReadable();
    void leaseSecretOnlyInTheAcquiringAnswer();

    // grants
    void claimOutsideGrantsRefused_data();
    void claimOutsideGrantsRefused();
    void claimInsideGrantsAcquires();
    void takeCommandOnlyWithinGrants();
    void operatorOutsideGrantsRefused_data();
    void operatorOutsideGrantsRefused();
    void operatorInsideGrantsApplies_data();
    void operatorInsideGrantsApplies();
    void bulkOutsideGrantsRefused();
    void purgeNeedsOperatorOfEverything();
    void rowLevelSecurity_data();
    void rowLevelSecurity();
    void continuationPreviewHidesOtherRuns();
    void noGrantsCanDoNothing_data();
    void noGrantsCanDoNothing();
    void grantsManagedByTheOwnerOnly_data();
    void grantsManagedByTheOwnerOnly();
    void myAccessListsOwnGrants();
    void verifyAuditSeesTheWholeChain();
    void operatorLimitsEnforced_data();
    void operatorLimitsEnforced();

    // store-local grants
    void grantsAreStoreLocal();

    // group roles (a private cluster)
    void groupRoleCreatedBySomeoneElseRefused();
    void alteredGroupRoleRefused_data();
    void alteredGroupRoleRefused();

    // signals and locks
    void clientSettingsDoNotShapeSignals_data();
    void clientSettingsDoNotShapeSignals();
    void lockStripesNotLockable_data();
    void lockStripesNotLockable();
    void advisoryKeysBlockNothing();

    // input contract
    void limitsEnforced_data();
    void limitsEnforced();
    void hundredAndFirstStepRefused();
    void blankArgumentsRefused_data();
    void blankArgumentsRefused();
    void failStepNeedsUncertain();
    void keyOfAnotherWorkflowAnswersMismatchOnly();
    void succeedWithPendingStepRefused();
    void stepsRunInOrder();
    void twoDimensionalStepsRefused();

    // races
    void forgedWritesRaceTheOwner();
    void twoLoginsTakeOverOneExpiredLease();

private:
    PgConnection *as(Login login);
    QString snapshot(PgConnection *conn = nullptr);
    QString scalar(const QString &sql, const PgParams &params = {});
    bool setToken(qint64 runId, qint64 token);
    bool expireLease(qint64 runId);
    qint64 tokenOf(qint64 runId);

    struct Prepared {
        RunLease lease;
        QString key;
        QString error; // empty on success
    };
    // A run acquired by `login` (steps s1, s2) and brought to `stage`. `distinctiveToken`
    // replaces the lease token right after the claim with a number no message would name by
    // chance (kTokenBase + run id), so messages can be searched for it.
    Prepared work(Login login, const QString &scope, Stage stage, bool distinctiveToken = false,
                  const QString &workflow = QStringLiteral("wf"));
    // A run set up by the owner in the state an operator action applies to (states of
    // optest::stateFor; steps draft, send, notify as in OperatorTestHelpers.h).
    Prepared prepareState(const QString &state, const QString &scope, const QString &workflow);
    // Operator action `action` (SQL of optest::sqlFor) as `conn`.
    PgResult operatorAction(PgConnection &conn, const QString &action, qint64 runId,
                            const QString &key = {});
    bool queueContinuation(qint64 runId);
    // The dedup_events payloads received by `listener` until the marker (sent first).
    QStringList payloadsUntilMarker(PgConnection &listener);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<RunProtocol> m_suProtocol;
    std::map<Login, std::unique_ptr<PgConnection>> m_conns;
    QByteArray m_dbFunction; // the test function m_db was made for
    int m_marker = 0;
};

// ---------------------------------------------------------------------------------------------
// Set-up
// ---------------------------------------------------------------------------------------------

void TestAccess::initTestCase() {
    TestCluster cluster;
    QString error;
    QVERIFY2(cluster.load(&error), qPrintable(error));
    PgConnection admin;
    QVERIFY2(admin.open(cluster.conninfo(QStringLiteral("postgres"))),
             qPrintable(admin.openError().toString()));
    for (Login login : allLogins()) {
        // Names are this file's (process id and a fixed suffix), never input.
        const QString name = loginName(login);
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(name));
        const auto created = admin.exec(QStringLiteral("CREATE ROLE %1 LOGIN").arg(name));
        QVERIFY2(created.ok(), qPrintable(created.error().toString()));
    }
    // Members of every group role, so only the store's grants can refuse them.
    for (Login login : {Login::Mixed, Login::NoGrants}) {
        const auto granted =
            admin.exec(QStringLiteral("GRANT dedup_worker, dedup_operator, dedup_viewer TO %1")
                           .arg(loginName(login)));
        QVERIFY2(granted.ok(), qPrintable(granted.error().toString()));
    }
}

void TestAccess::cleanupTestCase() {
    m_conns.clear();
    m_suProtocol.reset();
    m_su.reset();
    m_db.reset();
    TestCluster cluster;
    QString error;
    if (!cluster.load(&error))
        return;
    PgConnection admin;
    if (!admin.open(cluster.conninfo(QStringLiteral("postgres"))))
        return;
    for (Login login : allLogins())
        admin.exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(loginName(login)));
}

void TestAccess::init() {
    // One database per test function: its rows share it (each compares the whole store
    // around its own call), which keeps the 400-odd rows quick.
    const QByteArray function = QTest::currentTestFunction();
    if (m_db && function == m_dbFunction)
        return;
    m_conns.clear();
    m_suProtocol.reset();
    m_su.reset();
    m_dbFunction = function;
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_su = m_db->connect();
    QVERIFY(m_su);
    m_suProtocol = std::make_unique<RunProtocol>(*m_su);
    for (const Grant &grant : storeGrants()) {
        PgParams p;
        p.add(loginName(grant.login))
            .add(grant.capability)
            .add(grant.workflows)
            .add(grant.prefixes);
        const auto added = m_su->exec(
            QStringLiteral("SELECT dedup.access_grant($1, $2, $3::text[], $4::text[])"), p);
        QVERIFY2(added.ok(), qPrintable(added.error().toString()));
    }
}

// The logins' connections start afresh in every row (SET, SET ROLE and LISTEN stay with a
// session); the database stays for the function's next row.
void TestAccess::cleanup() {
    m_conns.clear();
}

PgConnection *TestAccess::as(Login login) {
    auto &conn = m_conns[login];
    if (!conn)
        conn = m_db->connect(loginName(login));
    return conn.get();
}

// Everything a refused call could change, whole rows, read as the owner.
QString TestAccess::snapshot(PgConnection *conn) {
    PgConnection &su = conn ? *conn : *m_su;
    const auto result = su.exec(QStringLiteral(
        "SELECT jsonb_build_object("
        " 'runs', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]') FROM dedup.runs x),"
        " 'steps', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.run_id, x.ordinal), '[]')"
        "           FROM dedup.steps x),"
        " 'events', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]')"
        "            FROM dedup.events x),"
        " 'commands', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]')"
        "              FROM dedup.commands x),"
        " 'audit_log', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]')"
        "               FROM dedup.audit_log x),"
        " 'audit_head', (SELECT to_jsonb(x) FROM dedup.audit_head x),"
        " 'bulk_operations', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]')"
        "                     FROM dedup.bulk_operations x),"
        " 'bulk_items', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.bulk_id, x.run_id),"
        "                '[]') FROM dedup.bulk_items x),"
        " 'access_grants', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.id), '[]')"
        "                   FROM dedup.access_grants x),"
        " 'dashboard_counts', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x::text), '[]')"
        "                      FROM dedup.dashboard_counts x),"
        " 'dashboard_scope_counts', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x::text),"
        "                            '[]') FROM dedup.dashboard_scope_counts x),"
        " 'dashboard_deltas', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x::text), '[]')"
        "                      FROM dedup.dashboard_deltas x),"
        " 'dashboard_samples', (SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x.at), '[]')"
        "                       FROM dedup.dashboard_samples x),"
        " 'store_settings', (SELECT to_jsonb(x) FROM dedup.store_settings x))::text"));
    return result.ok() ? result.text(0, 0)
                       : QStringLiteral("<error: %1>").arg(result.error().toString());
}

QString TestAccess::scalar(const QString &sql, const PgParams &params) {
    const auto result = m_su->exec(sql, params);
    if (!result.ok())
        return QStringLiteral("<error: %1>").arg(result.error().toString());
    if (result.rows() == 0)
        return QStringLiteral("<no row>");
    return result.text(0, 0);
}

bool TestAccess::setToken(qint64 runId, qint64 token) {
    PgParams p;
    p.add(runId).add(token);
    const auto result =
        m_su->exec(QStringLiteral("UPDATE dedup.runs SET lease_token = $2 WHERE id = $1"), p);
    return result.ok() && result.affectedRows() == 1;
}

// Moves the lease into the past, as if its holder had stalled: no sleeping.
bool TestAccess::expireLease(qint64 runId) {
    PgParams p;
    p.add(runId);
    const auto result = m_su->exec(
        QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - interval '1 second'"
                       " WHERE id = $1 AND status = 'processing'"),
        p);
    return result.ok() && result.affectedRows() == 1;
}

qint64 TestAccess::tokenOf(qint64 runId) {
    PgParams p;
    p.add(runId);
    return scalar(QStringLiteral("SELECT lease_token FROM dedup.runs WHERE id = $1"), p)
        .toLongLong();
}

TestAccess::Prepared TestAccess::work(Login login, const QString &scope, Stage stage,
                                      bool distinctiveToken, const QString &workflow) {
    Prepared run;
    PgConnection *conn = as(login);
    if (!conn) {
        run.error = QStringLiteral("cannot connect as ") + loginName(login);
        return run;
    }
    RunProtocol protocol(*conn);
    run.key = uniqueKey();
    const auto claimed = protocol.claim(claimRequest(scope, run.key, workflow));
    if (!claimed.ok() || !claimed.value().acquired()) {
        run.error = QStringLiteral("claim: ") +
                    (claimed.ok() ? toString(claimed.value().outcome) : claimed.error().toString());
        return run;
    }
    run.lease = claimed.value().lease();
    if (distinctiveToken) {
        const qint64 token = kTokenBase + run.lease.runId;
        if (!setToken(run.lease.runId, token)) {
            run.error = QStringLiteral("cannot set the token");
            return run;
        }
        run.lease.token = token;
    }
    const auto step = [&](const QString &name) {
        const auto begun = protocol.beginStep(run.lease, name);
        if (!begun.ok() || begun.value() != StepAnswer::Run)
            return false;
        return stage == Stage::FirstStepBegun ||
               protocol.completeStep(run.lease, name, QStringLiteral("ref-") + name).ok();
    };
    if (stage == Stage::FirstStepBegun && !step(QStringLiteral("s1")))
        run.error = QStringLiteral("cannot begin s1");
    if (stage == Stage::StepsDone && !(step(QStringLiteral("s1")) && step(QStringLiteral("s2"))))
        run.error = QStringLiteral("cannot do the steps");
    return run;
}

TestAccess::Prepared TestAccess::prepareState(const QString &state, const QString &scope,
                                              const QString &workflow) {
    Prepared run;
    run.key = uniqueKey(QStringLiteral("op"));
    ClaimRequest request =
        claimRequest(scope, run.key, workflow,
                     state == QLatin1String("succeeded") ? QStringList{} : optest::defaultSteps());
    if (state == QLatin1String("manual_review"))
        request.maxAttempts = 1;
    const auto claimed = m_suProtocol->claim(request);
    if (!claimed.ok() || !claimed.value().acquired()) {
        run.error = QStringLiteral("claim failed");
        return run;
    }
    run.lease = claimed.value().lease();
    if (state == QLatin1String("succeeded")) {
        if (!m_suProtocol->succeed(run.lease, QJsonObject{{QStringLiteral("status"), 201}}).ok())
            run.error = QStringLiteral("succeed failed");
        return run;
    }
    const bool stepped =
        m_suProtocol->beginStep(run.lease, QStringLiteral("draft"), QStringLiteral("dk-draft"))
            .ok() &&
        m_suProtocol->completeStep(run.lease, QStringLiteral("draft"), QStringLiteral("ref-draft"))
            .ok() &&
        m_suProtocol->beginStep(run.lease, QStringLiteral("send")).ok();
    if (!stepped) {
        run.error = QStringLiteral("steps failed");
        return run;
    }
    if (state == QLatin1String("processing"))
        return run;
    if (state == QLatin1String("processing_expired")) {
        if (!expireLease(run.lease.runId))
            run.error = QStringLiteral("cannot age the lease");
        return run;
    }
    const auto failed = m_suProtocol->fail(
        run.lease, {QStringLiteral("timeout"), QStringLiteral("provider timed out"), true});
    if (!failed.ok() || core::toString(failed.value()) != state)
        run.error = QStringLiteral("fail did not give ") + state;
    return run;
}

PgResult TestAccess::operatorAction(PgConnection &conn, const QString &action, qint64 runId,
                                    const QString &key) {
    PgParams p;
    p.add(runId)
        .add(tokenOf(runId))
        .add(QStringLiteral("access test: ") + action)
        .add(key.isEmpty() ? uniqueKey(QStringLiteral("action")) : key);
    return conn.exec(sqlFor(action), p);
}

bool TestAccess::queueContinuation(qint64 runId) {
    const auto queued = operatorAction(*m_su, QStringLiteral("op_request_continuation"), runId);
    return queued.ok() && queued.text(0, "outcome") == QLatin1String("applied");
}

// ---------------------------------------------------------------------------------------------
// Worker identity
// ---------------------------------------------------------------------------------------------

void TestAccess::forgedWritesRefused_data() {
    QTest::addColumn<int>("write");
    QTest::addColumn<int>("caller");
    QTest::addColumn<bool>("rightSecret");
    QTest::addColumn<QString>("expected");
    for (Write write : kWrites) {
        const char *name = nameOf(write);
        QTest::addRow("%s/another login, right secret", name)
            << int(write) << int(Login::Forger) << true << QStringLiteral("DD011");
        QTest::addRow("%s/another login, wrong secret", name)
            << int(write) << int(Login::Forger) << false << QStringLiteral("DD001");
        QTest::addRow("%s/same login, wrong secret", name)
            << int(write) << int(Login::Owner) << false << QStringLiteral("DD001");
        QTest::addRow("%s/login outside the grants, right secret", name)
            << int(write) << int(Login::ScopedWorker) << true << QStringLiteral("DD010");
        QTest::addRow("%s/login without grants, right secret", name)
            << int(write) << int(Login::NoGrants) << true << QStringLiteral("DD010");
    }
}

// The caller has the right token (and, but for the "wrong secret" rows, the right secret):
// only who it is, or the secret, refuses the write. Then the owner's same write goes
// through, so the refusal was not about the run's state.
void TestAccess::forgedWritesRefused() {
    QFETCH(int, write);
    QFETCH(int, caller);
    QFETCH(bool, rightSecret);
    QFETCH(QString, expected);
    const Prepared run = work(Login::Owner, QStringLiteral("test"), stageFor(Write(write)), true);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const qint64 token = run.lease.token;
    QCOMPARE(token, kTokenBase + run.lease.runId);
    const RunLease real = run.lease;
    const RunLease stolen{real.runId, token, rightSecret ? real.secret : randomSecret()};

    PgConnection *conn = as(Login(caller));
    QVERIFY(conn);
    RunProtocol attacker(*conn);
    const QString before = snapshot();
    const Answer refused = makeWrite(attacker, Write(write), stolen);
    QCOMPARE(refused.state, expected);
    QCOMPARE(classify(refused.error), expected == QLatin1String("DD010")
                                          ? StoreErrorKind::PermissionDenied
                                          : StoreErrorKind::Fenced);
    QCOMPARE(snapshot(), before);
    const QString leak = leakIn(refused.error, real.secret, token);
    QVERIFY2(leak.isEmpty(), qPrintable(leak));

    RunProtocol owner(*as(Login::Owner));
    const Answer accepted = makeWrite(owner, Write(write), real);
    QVERIFY2(accepted.state == QLatin1String("ok"), qPrintable(accepted.error.toString()));
}

// A forger cannot plant a result: its succeed is refused, a duplicate meanwhile is told
// in_progress, and after the owner's succeed duplicates replay the owner's result.
void TestAccess::forgedSucceedPlantsNoReplay() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::StepsDone);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    RunProtocol forger(*as(Login::Forger));
    RunProtocol owner(*as(Login::Owner));
    const QJsonObject forged{{QStringLiteral("paid"), QStringLiteral("to the forger")}};
    const QJsonObject real{{QStringLiteral("paid"), QStringLiteral("as asked")}};

    QCOMPARE(answerOf(forger.succeed(run.lease, forged)).state, QStringLiteral("DD011"));
    const auto during = forger.claim(claimRequest(QStringLiteral("test"), run.key));
    QVERIFY(during.ok());
    QCOMPARE(toString(during.value().outcome), toString(ClaimOutcome::InProgress));
    QVERIFY(during.value().result.isUndefined() || during.value().result.isNull());
    QVERIFY(during.value().leaseSecret.isEmpty());

    QVERIFY(owner.succeed(run.lease, real).ok());
    const QString after = snapshot();
    // the run is over: the forger's write with the same lease is refused all the same
    QCOMPARE(answerOf(forger.succeed(run.lease, forged)).state, QStringLiteral("DD001"));
    QCOMPARE(snapshot(), after);

    const auto replay = forger.claim(claimRequest(QStringLiteral("test"), run.key));
    QVERIFY(replay.ok());
    QCOMPARE(toString(replay.value().outcome), toString(ClaimOutcome::Replay));
    QCOMPARE(replay.value().result.toObject(), real);
    QVERIFY(replay.value().leaseSecret.isEmpty());
    PgParams p;
    p.add(run.lease.runId).add(loginName(Login::Forger));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM dedup.events WHERE run_id = $1"
                                   " AND login = $2 AND kind <> 'duplicate_suppressed'"),
                    p),
             QStringLiteral("0"));
}

// An expired lease nobody took over can be renewed by its owner's heartbeat: never by
// another login's.
void TestAccess::forgerCannotUseAnExpiredLease() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::StepsDone);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QVERIFY(expireLease(run.lease.runId));
    RunProtocol forger(*as(Login::Forger));
    const QString before = snapshot();
    QCOMPARE(answerOf(forger.heartbeat(run.lease)).state, QStringLiteral("DD011"));
    QCOMPARE(answerOf(forger.succeed(run.lease, QJsonObject{})).state, QStringLiteral("DD011"));
    QCOMPARE(snapshot(), before);
    RunProtocol owner(*as(Login::Owner));
    QVERIFY(owner.heartbeat(run.lease).ok());
}

void TestAccess::takeoverMovesTheLeaseToTheNewLogin() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::FirstStepBegun);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    PgParams id;
    id.add(run.lease.runId);
    const QString lastEventBefore =
        scalar(QStringLiteral("SELECT max(id) FROM dedup.events WHERE run_id = $1"), id);
    QVERIFY(expireLease(run.lease.runId));

    RunProtocol forger(*as(Login::Forger));
    const auto taken = forger.claim(claimRequest(QStringLiteral("test"), run.key));
    QVERIFY(taken.ok());
    QCOMPARE(toString(taken.value().outcome), toString(ClaimOutcome::Acquired));
    const RunLease next = taken.value().lease();
    QCOMPARE(next.token, run.lease.token + 1);
    QVERIFY(next.secret != run.lease.secret);
    QCOMPARE(scalar(QStringLiteral("SELECT lease_login FROM dedup.runs WHERE id = $1"), id),
             loginName(Login::Forger));

    // The old owner is fenced with its old lease, and refused as another login with the new
    // one (token and secret: as if both had leaked to it).
    RunProtocol owner(*as(Login::Owner));
    const QString before = snapshot();
    QCOMPARE(answerOf(owner.heartbeat(run.lease)).state, QStringLiteral("DD001"));
    QCOMPARE(answerOf(owner.heartbeat(next)).state, QStringLiteral("DD011"));
    QCOMPARE(answerOf(owner.completeStep(next, QStringLiteral("s1"))).state,
             QStringLiteral("DD011"));
    QCOMPARE(snapshot(), before);
    QVERIFY(forger.heartbeat(next).ok());

    // the takeover's events are the new login's
    PgParams after;
    after.add(run.lease.runId).add(lastEventBefore.toLongLong());
    QCOMPARE(scalar(QStringLiteral("SELECT string_agg(kind || ':' || login, ',' ORDER BY id)"
                                   " FROM dedup.events WHERE run_id = $1 AND id > $2"),
                    after),
             QStringLiteral("lease_expired:%1,step_uncertain:%1,lease_taken_over:%1")
                 .arg(loginName(Login::Forger)));
}

void TestAccess::takeoverOutsideTheGrantsRefused() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::Claimed);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QVERIFY(expireLease(run.lease.runId));
    const QString before = snapshot();
    for (Login login : {Login::ScopedWorker, Login::NoGrants}) {
        RunProtocol outsider(*as(login));
        const Answer answer =
            answerOf(outsider.claim(claimRequest(QStringLiteral("test"), run.key)));
        QCOMPARE(answer.state, QStringLiteral("DD010"));
    }
    QCOMPARE(snapshot(), before);
}

void TestAccess::eventsRecordTheLogin() {
    RunProtocol scoped(*as(Login::ScopedWorker));
    const auto claimed = scoped.claim(claimRequest(QStringLiteral("tenant-a/events"), uniqueKey()));
    QVERIFY(claimed.ok() && claimed.value().acquired());
    const RunLease lease = claimed.value().lease();
    QVERIFY(scoped.beginStep(lease, QStringLiteral("s1")).ok());
    QVERIFY(scoped.completeStep(lease, QStringLiteral("s1")).ok());
    QVERIFY(scoped.beginStep(lease, QStringLiteral("s2")).ok());
    QVERIFY(scoped.fail(lease, {QStringLiteral("timeout"), QStringLiteral("x"), true}).ok());

    // the events of each phase name the login that caused them: "login (count)"
    const auto loginsSince = [&](qint64 afterId) {
        PgParams p;
        p.add(lease.runId).add(afterId);
        return scalar(QStringLiteral("SELECT string_agg(DISTINCT coalesce(login, '<null>'), ',')"
                                     " || CASE WHEN count(*) > 0 THEN ' (some)' END"
                                     " FROM dedup.events WHERE run_id = $1 AND id > $2"),
                      p);
    };
    const auto lastEvent = [&] {
        PgParams p;
        p.add(lease.runId);
        return scalar(QStringLiteral("SELECT max(id) FROM dedup.events WHERE run_id = $1"), p)
            .toLongLong();
    };
    const QString some = QStringLiteral(" (some)");
    QCOMPARE(loginsSince(0), loginName(Login::ScopedWorker) + some);

    const qint64 beforeOperator = lastEvent();
    const auto queued = operatorAction(*as(Login::ScopedOperator),
                                       QStringLiteral("op_request_continuation"), lease.runId);
    QVERIFY2(queued.ok(), qPrintable(queued.error().toString()));
    QCOMPARE(queued.text(0, "outcome"), QStringLiteral("applied"));
    QCOMPARE(loginsSince(beforeOperator), loginName(Login::ScopedOperator) + some);

    const qint64 beforeTake = lastEvent();
    RunProtocol owner(*as(Login::Owner));
    const auto taken = owner.takeCommand(QStringLiteral("owner"));
    QVERIFY(taken.ok() && taken.value().has_value());
    QCOMPARE(taken.value()->runId, lease.runId);
    QCOMPARE(loginsSince(beforeTake), loginName(Login::Owner) + some);
    PgParams id;
    id.add(lease.runId);
    QCOMPARE(scalar(QStringLiteral("SELECT lease_login FROM dedup.runs WHERE id = $1"), id),
             loginName(Login::Owner));
}

void TestAccess::leaseSecretNotReadable_data() {
    QTest::addColumn<int>("login");
    QTest::addColumn<QString>("sql");
    const QList<std::pair<const char *, const char *>> reads{
        {"the column", "SELECT lease_secret::text FROM dedup.runs"},
        {"every column", "SELECT * FROM dedup.runs"},
        {"the whole row", "SELECT to_jsonb(r)::text FROM dedup.runs r"},
        {"in a filter", "SELECT count(*) FROM dedup.runs WHERE lease_secret IS NOT NULL"},
        {"in an order", "SELECT id FROM dedup.runs ORDER BY lease_secret LIMIT 1"},
    };
    for (Login login : {Login::Viewer, Login::ScopedOperator, Login::FullOperator, Login::Mixed,
                        Login::NoGrants, Login::Owner})
        for (const auto &[name, sql] : reads)
            QTest::addRow("%s/%s", suffixOf(login), name) << int(login) << QString::fromLatin1(sql);
}

void TestAccess::leaseSecretNotReadable() {
    QFETCH(int, login);
    QFETCH(QString, sql);
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::Claimed);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    PgConnection *conn = as(Login(login));
    QVERIFY(conn);
    const auto result = conn->exec(sql);
    QVERIFY2(!result.ok(), "the secret was readable");
    QCOMPARE(result.error().sqlState, QStringLiteral("42501"));
    QVERIFY2(result.error().message.startsWith(QLatin1String("permission denied")),
             qPrintable(result.error().message));
    // the readers still read every other column
    if (Login(login) != Login::Owner) {
        const auto columns = conn->exec(QStringLiteral(
            "SELECT count(id), count(lease_token), count(lease_login) FROM dedup.runs"));
        QVERIFY2(columns.ok(), qPrintable(columns.error().toString()));
    }
}

// claim and take_command hand the secret to the acquirer only; no answer of any other kind
// carries it, and no column but runs.lease_secret ever holds it.
void TestAccess::leaseSecretOnlyInTheAcquiringAnswer() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::FirstStepBegun);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    QCOMPARE(run.lease.secret.size(), 36);
    for (Login login : {Login::Forger, Login::Owner}) {
        ClaimArgs args;
        args.scope = QStringLiteral("test");
        args.key = run.key;
        args.fingerprint = QStringLiteral("sha256:aa");
        const auto duplicate = claimWith(*as(login), args);
        QVERIFY2(duplicate.ok(), qPrintable(duplicate.error().toString()));
        QCOMPARE(duplicate.text(0, "outcome"), QStringLiteral("in_progress"));
        QVERIFY(duplicate.isNull(0, "lease_secret"));
    }
    // A mismatch, a failure, a continuation taken by another worker, a takeover: the
    // secrets of every lease the run had stay out of events, steps, commands and audit.
    RunProtocol owner(*as(Login::Owner));
    QVERIFY(owner.fail(run.lease, {QStringLiteral("timeout"), QStringLiteral("m"), true}).ok());
    QVERIFY(queueContinuation(run.lease.runId));
    RunProtocol forger(*as(Login::Forger));
    const auto taken = forger.takeCommand(QStringLiteral("forger"));
    QVERIFY(taken.ok() && taken.value().has_value());
    QCOMPARE(taken.value()->leaseSecret.size(), 36);
    QVERIFY(expireLease(run.lease.runId));
    const auto takeover = owner.claim(claimRequest(QStringLiteral("test"), run.key));
    QVERIFY(takeover.ok() && takeover.value().acquired());
    for (const QString &secret :
         {run.lease.secret, taken.value()->leaseSecret, takeover.value().leaseSecret}) {
        PgParams p;
        p.add(secret);
        QCOMPARE(
            scalar(QStringLiteral("SELECT count(*) FROM ("
                                  " SELECT x::text AS t FROM dedup.events x"
                                  " UNION ALL SELECT x::text FROM dedup.steps x"
                                  " UNION ALL SELECT x::text FROM dedup.commands x"
                                  " UNION ALL SELECT x::text FROM dedup.audit_log x"
                                  " UNION ALL SELECT x::text FROM dedup.bulk_items x"
                                  " UNION ALL SELECT (to_jsonb(x) - 'lease_secret')::text"
                                  "  FROM dedup.runs x) a WHERE strpos(lower(a.t), lower($1)) > 0"),
                   p),
            QStringLiteral("0"));
    }
}

// ---------------------------------------------------------------------------------------------
// Grants
// ---------------------------------------------------------------------------------------------

void TestAccess::claimOutsideGrantsRefused_data() {
    // The scoped worker may work on wf runs whose scope starts with "tenant-a/".
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("workflow");
    QTest::addColumn<QString>("fingerprint");
    QTest::addColumn<QString>("existing"); // the run already under the key, or "none"
    QTest::addColumn<QString>("existingWorkflow");
    const QString wf = QStringLiteral("wf");
    const QString fp = QStringLiteral("sha256:aa");
    const QString none = QStringLiteral("none");
    QTest::newRow("another scope") << QStringLiteral("tenant-b/1") << wf << fp << none << wf;
    QTest::newRow("the prefix without its slash")
        << QStringLiteral("tenant-a") << wf << fp << none << wf;
    QTest::newRow("a longer tenant name")
        << QStringLiteral("tenant-ab/1") << wf << fp << none << wf;
    QTest::newRow("the prefix in other case")
        << QStringLiteral("TENANT-A/1") << wf << fp << none << wf;
    QTest::newRow("another workflow")
        << QStringLiteral("tenant-a/1") << QStringLiteral("wf2") << fp << none << wf;
    for (const char *state : {"processing", "processing_expired", "succeeded", "failed"}) {
        QTest::addRow("existing key outside, %s, other fingerprint", state)
            << QStringLiteral("tenant-b/2") << wf << QStringLiteral("sha256:other")
            << QString::fromLatin1(state) << wf;
        QTest::addRow("existing key outside, %s, same fingerprint", state)
            << QStringLiteral("tenant-b/2") << wf << fp << QString::fromLatin1(state) << wf;
    }
    QTest::newRow("existing key of another workflow, claimed as it")
        << QStringLiteral("tenant-a/3") << QStringLiteral("wf2") << fp
        << QStringLiteral("processing") << QStringLiteral("wf2");
}

// Refused before the key is looked at: not mismatch, not in_progress, not replay, no
// takeover, no event; the answer names neither the key nor the run.
void TestAccess::claimOutsideGrantsRefused() {
    QFETCH(QString, scope);
    QFETCH(QString, workflow);
    QFETCH(QString, fingerprint);
    QFETCH(QString, existing);
    QFETCH(QString, existingWorkflow);
    QString key = uniqueKey(QStringLiteral("outside"));
    qint64 runId = 0;
    if (existing != QLatin1String("none")) {
        const Prepared run = prepareState(existing, scope, existingWorkflow);
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        key = run.key;
        runId = run.lease.runId;
    }
    RunProtocol scoped(*as(Login::ScopedWorker));
    ClaimRequest request = claimRequest(scope, key, workflow, {});
    request.fingerprint = fingerprint;
    const QString before = snapshot();
    const auto answer = scoped.claim(request);
    QVERIFY2(!answer.ok(), answer.ok() ? qPrintable(toString(answer.value().outcome)) : "");
    QCOMPARE(answer.error().sqlState, QStringLiteral("DD010"));
    QCOMPARE(answer.errorKind(), StoreErrorKind::PermissionDenied);
    QCOMPARE(snapshot(), before);
    for (const QString &text :
         {answer.error().message, answer.error().detail, answer.error().hint}) {
        QVERIFY2(!text.contains(key), qPrintable(text));
        QVERIFY2(runId == 0 || !text.contains(QString::number(runId)), qPrintable(text));
    }
}

void TestAccess::claimInsideGrantsAcquires() {
    RunProtocol scoped(*as(Login::ScopedWorker));
    const auto claimed = scoped.claim(claimRequest(QStringLiteral("tenant-a/1"), uniqueKey()));
    QVERIFY(claimed.ok());
    QCOMPARE(toString(claimed.value().outcome), toString(ClaimOutcome::Acquired));
}

// take_command never hands out a command of a run outside the grants (the older command
// outside is passed over), and one outside the p_workflows asked for neither.
void TestAccess::takeCommandOnlyWithinGrants() {
    const Prepared outside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-b/1"), QStringLiteral("wf"));
    const Prepared otherWorkflow =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-a/1"), QStringLiteral("wf2"));
    const Prepared inside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-a/2"), QStringLiteral("wf"));
    for (const Prepared &run : {outside, otherWorkflow, inside}) {
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
        QVERIFY(queueContinuation(run.lease.runId));
    }
    // no grants at all: nothing, and nothing changes
    const QString untouched = snapshot();
    for (Login login : {Login::NoGrants, Login::Viewer}) {
        const auto none =
            as(login)->exec(QStringLiteral("SELECT * FROM dedup.take_command('nobody')"));
        if (login == Login::NoGrants) {
            QVERIFY2(none.ok(), qPrintable(none.error().toString()));
            QCOMPARE(none.rows(), 0);
        } else {
            QCOMPARE(none.error().sqlState, QStringLiteral("42501"));
        }
    }
    QCOMPARE(snapshot(), untouched);

    RunProtocol scoped(*as(Login::ScopedWorker));
    const auto other = scoped.takeCommand(QStringLiteral("scoped"), std::chrono::seconds(30),
                                          {QStringLiteral("wf2")});
    QVERIFY(other.ok());
    QVERIFY(!other.value().has_value());
    QCOMPARE(snapshot(), untouched);

    const auto taken = scoped.takeCommand(QStringLiteral("scoped"));
    QVERIFY(taken.ok());
    QVERIFY(taken.value().has_value());
    QCOMPARE(taken.value()->runId, inside.lease.runId);
    const auto again = scoped.takeCommand(QStringLiteral("scoped"));
    QVERIFY(again.ok());
    QVERIFY(!again.value().has_value());
    PgParams ids;
    ids.add(outside.lease.runId).add(otherWorkflow.lease.runId);
    QCOMPARE(scalar(QStringLiteral("SELECT string_agg(r.status || '/' || c.status, ',')"
                                   " FROM dedup.runs r JOIN dedup.commands c ON c.run_id = r.id"
                                   " WHERE r.id IN ($1, $2)"),
                    ids),
             QStringLiteral("failed/pending,failed/pending"));
    // they were takeable: a worker of every scope takes the one of wf
    RunProtocol owner(*as(Login::Owner));
    const auto byOwner = owner.takeCommand(QStringLiteral("owner"));
    QVERIFY(byOwner.ok() && byOwner.value().has_value());
    QCOMPARE(byOwner.value()->runId, outside.lease.runId);
}

void TestAccess::operatorOutsideGrantsRefused_data() {
    QTest::addColumn<QString>("action");
    QTest::addColumn<int>("caller");
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("workflow");
    QTest::addColumn<QString>("expected");
    for (const QString &action : allActions()) {
        const QByteArray a = action.toLatin1();
        QTest::addRow("%s/scoped operator, another scope", a.constData())
            << action << int(Login::ScopedOperator) << QStringLiteral("tenant-b/1")
            << QStringLiteral("wf") << QStringLiteral("DD010");
        QTest::addRow("%s/scoped operator, another workflow", a.constData())
            << action << int(Login::ScopedOperator) << QStringLiteral("tenant-a/1")
            << QStringLiteral("wf2") << QStringLiteral("DD010");
        QTest::addRow("%s/worker and viewer grants only", a.constData())
            << action << int(Login::Mixed) << QStringLiteral("tenant-a/1") << QStringLiteral("wf")
            << QStringLiteral("DD010");
        QTest::addRow("%s/no grants", a.constData())
            << action << int(Login::NoGrants) << QStringLiteral("tenant-a/1")
            << QStringLiteral("wf") << QStringLiteral("DD010");
        QTest::addRow("%s/viewer (no operator role)", a.constData())
            << action << int(Login::Viewer) << QStringLiteral("tenant-a/1") << QStringLiteral("wf2")
            << QStringLiteral("42501");
    }
}

void TestAccess::operatorOutsideGrantsRefused() {
    QFETCH(QString, action);
    QFETCH(int, caller);
    QFETCH(QString, scope);
    QFETCH(QString, workflow);
    QFETCH(QString, expected);
    const Prepared run = prepareState(stateFor(action), scope, workflow);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    PgConnection *conn = as(Login(caller));
    QVERIFY(conn);
    const QString before = snapshot();
    const auto refused = operatorAction(*conn, action, run.lease.runId);
    QVERIFY2(!refused.ok(), "the action was allowed");
    QCOMPARE(refused.error().sqlState, expected);
    QCOMPARE(classify(refused.error()), StoreErrorKind::PermissionDenied);
    QCOMPARE(snapshot(), before);
}

void TestAccess::operatorInsideGrantsApplies_data() {
    QTest::addColumn<QString>("action");
    for (const QString &action : allActions())
        QTest::newRow(qPrintable(action)) << action;
}

// The control of the rows above: the same action on a run inside the scoped operator's
// grants applies, and the audit row names the login.
void TestAccess::operatorInsideGrantsApplies() {
    QFETCH(QString, action);
    const Prepared run =
        prepareState(stateFor(action), QStringLiteral("tenant-a/1"), QStringLiteral("wf"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const auto applied = operatorAction(*as(Login::ScopedOperator), action, run.lease.runId);
    QVERIFY2(applied.ok(), qPrintable(applied.error().toString()));
    QCOMPARE(applied.text(0, "outcome"), QStringLiteral("applied"));
    PgParams id;
    id.add(run.lease.runId);
    QCOMPARE(scalar(QStringLiteral("SELECT db_role FROM dedup.audit_log WHERE run_id = $1"
                                   " ORDER BY id DESC LIMIT 1"),
                    id),
             loginName(Login::ScopedOperator));
}

void TestAccess::bulkOutsideGrantsRefused() {
    const Prepared inside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-a/1"), QStringLiteral("wf"));
    const Prepared outside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-b/1"), QStringLiteral("wf"));
    QVERIFY2(inside.error.isEmpty() && outside.error.isEmpty(), "set-up");
    PgConnection *scoped = as(Login::ScopedOperator);
    QVERIFY(scoped);
    const QString bulk = randomSecret();
    const auto create = [&](PgConnection &conn, const QString &id) {
        PgParams p;
        p.add(id);
        return conn.exec(QStringLiteral("SELECT (dedup.op_bulk_create($1::uuid, 'op_cancel', '{}',"
                                        " 'access test', '{}')).id"),
                         p);
    };
    const auto addItems = [&](PgConnection &conn, const QString &id, QList<qint64> runs) {
        QStringList ids;
        QStringList tokens;
        QStringList statuses;
        for (qint64 run : runs) {
            ids << QString::number(run);
            tokens << QString::number(tokenOf(run));
            statuses << QStringLiteral("failed");
        }
        PgParams p;
        p.add(id).add(ids).add(tokens).add(statuses);
        return conn.exec(QStringLiteral("SELECT dedup.op_bulk_add_items($1::uuid, $2::bigint[],"
                                        " $3::bigint[], $4::text[])"),
                         p);
    };

    // operators of some scope may create an operation: every run added must be theirs
    QVERIFY2(create(*scoped, bulk).ok(), "create");
    QString before = snapshot();
    const auto mixed = addItems(*scoped, bulk, {inside.lease.runId, outside.lease.runId});
    QCOMPARE(answerOf(mixed).state, QStringLiteral("DD010"));
    QCOMPARE(snapshot(), before);
    const auto onlyOutside = addItems(*scoped, bulk, {outside.lease.runId});
    QCOMPARE(answerOf(onlyOutside).state, QStringLiteral("DD010"));
    QCOMPARE(snapshot(), before);
    const auto mine = addItems(*scoped, bulk, {inside.lease.runId});
    QVERIFY2(mine.ok(), qPrintable(mine.error().toString()));

    // without an operator grant nobody creates one
    before = snapshot();
    for (Login login : {Login::Mixed, Login::NoGrants})
        QCOMPARE(answerOf(create(*as(login), randomSecret())).state, QStringLiteral("DD010"));
    QCOMPARE(snapshot(), before);

    // another operator's operation: a scoped operator neither adds to, controls nor steps it
    const QString theirs = randomSecret();
    QVERIFY(create(*as(Login::FullOperator), theirs).ok());
    QVERIFY(addItems(*as(Login::FullOperator), theirs, {outside.lease.runId}).ok());
    before = snapshot();
    PgParams id;
    id.add(theirs);
    QCOMPARE(answerOf(addItems(*scoped, theirs, {inside.lease.runId})).state,
             QStringLiteral("DD010"));
    QCOMPARE(answerOf(scoped->exec(QStringLiteral("SELECT dedup.op_bulk_control($1::uuid,"
                                                  " 'start', 'go', 'k-start')"),
                                   id))
                 .state,
             QStringLiteral("DD010"));
    QCOMPARE(answerOf(scoped->exec(QStringLiteral("SELECT dedup.op_bulk_control($1::uuid,"
                                                  " 'abort', 'stop', 'k-abort')"),
                                   id))
                 .state,
             QStringLiteral("DD010"));
    QCOMPARE(
        answerOf(scoped->exec(QStringLiteral("SELECT * FROM dedup.op_bulk_step($1::uuid)"), id))
            .state,
        QStringLiteral("DD010"));
    QCOMPARE(snapshot(), before);
    // its own operation it controls
    PgParams own;
    own.add(bulk);
    const auto started = scoped->exec(
        QStringLiteral("SELECT dedup.op_bulk_control($1::uuid, 'start', 'go', 'k-own')"), own);
    QVERIFY2(started.ok(), qPrintable(started.error().toString()));
}

void TestAccess::purgeNeedsOperatorOfEverything() {
    const QString before = snapshot();
    for (Login login : {Login::ScopedOperator, Login::NoGrants}) {
        const auto refused =
            as(login)->exec(QStringLiteral("SELECT * FROM dedup.purge_expired(10)"));
        QCOMPARE(answerOf(refused).state, QStringLiteral("DD010"));
    }
    QCOMPARE(snapshot(), before);
    const auto purged =
        as(Login::FullOperator)->exec(QStringLiteral("SELECT * FROM dedup.purge_expired(10)"));
    QVERIFY2(purged.ok(), qPrintable(purged.error().toString()));
}

void TestAccess::rowLevelSecurity_data() {
    QTest::addColumn<int>("login");
    QTest::addColumn<QString>("table");
    QTest::addColumn<bool>("seesSome");   // the expected set is not empty
    QTest::addColumn<bool>("missesSome"); // and it is not everything
    const QStringList runTables{QStringLiteral("runs"),      QStringLiteral("steps"),
                                QStringLiteral("events"),    QStringLiteral("commands"),
                                QStringLiteral("audit_log"), QStringLiteral("bulk_items")};
    const QStringList otherTables{
        QStringLiteral("bulk_operations"),  QStringLiteral("bulk_summary"),
        QStringLiteral("dashboard_counts"), QStringLiteral("dashboard_scope_counts"),
        QStringLiteral("dashboard_deltas"), QStringLiteral("dashboard_samples")};
    for (Login login : {Login::ScopedOperator, Login::Viewer, Login::Mixed}) {
        for (const QString &table : runTables)
            QTest::addRow("%s/%s", suffixOf(login), qPrintable(table))
                << int(login) << table << true << true;
        // own bulk operations; the store-wide dashboard rollup only for readers of everything,
        // the per-scope one and the deltas by the runs rule (0011_dashboard_scope.sql)
        const bool scoped = login == Login::ScopedOperator;
        QTest::addRow("%s/bulk_operations", suffixOf(login))
            << int(login) << QStringLiteral("bulk_operations") << scoped << true;
        QTest::addRow("%s/bulk_summary", suffixOf(login))
            << int(login) << QStringLiteral("bulk_summary") << scoped << true;
        QTest::addRow("%s/dashboard_counts", suffixOf(login))
            << int(login) << QStringLiteral("dashboard_counts") << false << true;
        QTest::addRow("%s/dashboard_scope_counts", suffixOf(login))
            << int(login) << QStringLiteral("dashboard_scope_counts") << true << true;
        QTest::addRow("%s/dashboard_deltas", suffixOf(login))
            << int(login) << QStringLiteral("dashboard_deltas") << true << true;
        QTest::addRow("%s/dashboard_samples", suffixOf(login))
            << int(login) << QStringLiteral("dashboard_samples") << false << true;
    }
    for (const QString &table : runTables + otherTables) {
        QTest::addRow("no_grants/%s", qPrintable(table))
            << int(Login::NoGrants) << table << false << true;
        QTest::addRow("full_operator/%s", qPrintable(table))
            << int(Login::FullOperator) << table << true << false;
    }
}

// Every reader sees exactly the rows its grants cover: the set a login reads equals the set
// the owner selects with the grant's rule written out here, independently of the policies.
void TestAccess::rowLevelSecurity() {
    QFETCH(int, login);
    QFETCH(QString, table);
    QFETCH(bool, seesSome);
    QFETCH(bool, missesSome);

    // Runs of both workflows in and out of tenant-a/, with steps, events, commands, audit
    // rows, bulk operations, dashboard counts (folded) and deltas (not yet folded).
    QList<Prepared> runs;
    for (const auto &[state, scope, workflow] :
         {std::tuple{"processing", "tenant-a/1", "wf"}, std::tuple{"failed", "tenant-a/2", "wf"},
          std::tuple{"failed", "tenant-b/1", "wf"}, std::tuple{"failed", "tenant-a/3", "wf2"},
          std::tuple{"processing", "tenant-c/1", "wf2"}}) {
        runs << prepareState(QLatin1String(state), QLatin1String(scope), QLatin1String(workflow));
        QVERIFY2(runs.last().error.isEmpty(), qPrintable(runs.last().error));
    }
    for (int i : {1, 2, 3})
        QVERIFY(queueContinuation(runs[i].lease.runId));
    QVERIFY(m_suProtocol->claim(claimRequest(QStringLiteral("tenant-a/1"), runs[0].key)).ok());
    QVERIFY(
        m_su->exec(QStringLiteral("SELECT dedup.op_report_reveal('owner', '{}', 'k-su')")).ok());
    QVERIFY(as(Login::ScopedOperator)
                ->exec(QStringLiteral("SELECT dedup.op_report_reveal('scoped', '{}', 'k-os')"))
                .ok());
    const QString bulkAll = randomSecret();
    const QString bulkScoped = randomSecret();
    const auto bulk = [&](PgConnection &conn, const QString &id, QList<qint64> members) {
        QStringList ids;
        QStringList tokens;
        QStringList statuses;
        for (qint64 run : members) {
            ids << QString::number(run);
            tokens << QString::number(tokenOf(run));
            statuses << QStringLiteral("failed");
        }
        PgParams p;
        p.add(id).add(ids).add(tokens).add(statuses);
        PgParams bulkId;
        bulkId.add(id);
        return conn.exec(QStringLiteral("SELECT dedup.op_bulk_create($1::uuid, 'op_cancel', '{}',"
                                        " 'rls', '{}')"),
                         bulkId)
                   .ok() &&
               conn.exec(QStringLiteral("SELECT dedup.op_bulk_add_items($1::uuid, $2::bigint[],"
                                        " $3::bigint[], $4::text[])"),
                         p)
                   .ok();
    };
    QVERIFY(bulk(*m_su, bulkAll, {runs[1].lease.runId, runs[2].lease.runId, runs[3].lease.runId}));
    QVERIFY(bulk(*as(Login::ScopedOperator), bulkScoped, {runs[1].lease.runId}));
    QVERIFY(m_su->exec(QStringLiteral("SELECT * FROM dedup.dashboard_refresh()")).ok());
    for (const auto &[scope, workflow] :
         {std::pair{"tenant-a/4", "wf"}, std::pair{"tenant-c/2", "wf2"}})
        QVERIFY(
            m_suProtocol
                ->claim(claimRequest(QLatin1String(scope), uniqueKey(), QLatin1String(workflow)))
                .ok());
    // A processing run has no delta (0022): these two end, and their ends are the deltas.
    const PgResult ended = m_su->exec(
        QStringLiteral("UPDATE dedup.runs SET status = 'cancelled', lease_expires_at = NULL"
                       " WHERE scope IN ('tenant-a/4', 'tenant-c/2') AND status = 'processing'"));
    QVERIFY2(ended.ok() && ended.affectedRows() == 2, qPrintable(ended.error().toString()));

    // What each login may read, written out (test code, not data).
    QString runRule = QStringLiteral("false");
    QString dashRule = QStringLiteral("false");
    bool all = false;
    switch (Login(login)) {
    case Login::ScopedOperator:
        runRule = QStringLiteral("r.workflow = 'wf' AND starts_with(r.scope, 'tenant-a/')");
        dashRule = QStringLiteral("x.workflow = 'wf' AND starts_with(x.scope, 'tenant-a/')");
        break;
    case Login::Viewer:
        runRule = QStringLiteral("r.workflow = 'wf2'");
        dashRule = QStringLiteral("x.workflow = 'wf2'");
        break;
    case Login::Mixed:
        runRule = QStringLiteral("r.workflow = 'wf'");
        dashRule = QStringLiteral("x.workflow = 'wf'");
        break;
    case Login::FullOperator:
        all = true;
        break;
    default:
        break;
    }
    const QString visibleRuns =
        QStringLiteral("(SELECT r.id FROM dedup.runs r WHERE %1)").arg(runRule);
    struct Shape {
        QString key;  // one text per row
        QString rule; // which rows the login may read ($1: the login)
    };
    const std::map<QString, Shape> shapes{
        {QStringLiteral("runs"),
         {QStringLiteral("x.id::text"), QStringLiteral("x.id IN ") + visibleRuns}},
        {QStringLiteral("steps"),
         {QStringLiteral("x.run_id || ':' || x.ordinal"),
          QStringLiteral("x.run_id IN ") + visibleRuns}},
        {QStringLiteral("events"),
         {QStringLiteral("x.id::text"), QStringLiteral("x.run_id IN ") + visibleRuns}},
        {QStringLiteral("commands"),
         {QStringLiteral("x.id::text"), QStringLiteral("x.run_id IN ") + visibleRuns}},
        {QStringLiteral("audit_log"),
         {QStringLiteral("x.id::text"),
          QStringLiteral("x.run_id IN %1 OR x.db_role = $1").arg(visibleRuns)}},
        {QStringLiteral("bulk_items"),
         {QStringLiteral("x.bulk_id || ':' || x.run_id"),
          QStringLiteral("x.run_id IN ") + visibleRuns}},
        {QStringLiteral("bulk_operations"),
         {QStringLiteral("x.id::text"), QStringLiteral("x.requested_by = $1")}},
        {QStringLiteral("bulk_summary"),
         {QStringLiteral("x.bulk_id || ':' || (x.applied + x.changed + x.failed + x.pending)"),
          QStringLiteral("x.requested_by = $1")}},
        {QStringLiteral("dashboard_counts"),
         {QStringLiteral("x.grain || ':' || x.metric || ':' || x.bucket || ':' || x.workflow"
                         " || ':' || x.series || ':' || x.error_class || ':' || x.n"),
          QStringLiteral("false")}},
        {QStringLiteral("dashboard_scope_counts"),
         {QStringLiteral("x.grain || ':' || x.metric || ':' || x.bucket || ':' || x.scope"
                         " || ':' || x.workflow || ':' || x.series || ':' || x.error_class"
                         " || ':' || x.n"),
          dashRule}},
        {QStringLiteral("dashboard_deltas"),
         {QStringLiteral("x.metric || ':' || x.bucket || ':' || x.scope || ':' || x.workflow"
                         " || ':' || x.series || ':' || x.error_class || ':' || x.n"),
          dashRule}},
        {QStringLiteral("dashboard_samples"),
         {QStringLiteral("x.at::text"), QStringLiteral("false")}},
    };
    const Shape &shape = shapes.at(table);
    // what the login reads, and what the owner selects by the rule ($1 always named, so the
    // statement has one parameter whatever the rule)
    const QString read = QStringLiteral("SELECT coalesce(string_agg(k, ',' ORDER BY k), '')"
                                        " FROM (SELECT %1 AS k FROM dedup.%2 x) t");
    const QString select = QStringLiteral("SELECT coalesce(string_agg(k, ',' ORDER BY k), '')"
                                          " FROM (SELECT %1 AS k FROM dedup.%2 x"
                                          " WHERE $1::text IS NOT NULL AND (%3)) t");
    PgParams who;
    who.add(loginName(Login(login)));
    QString expected;
    if (table == QLatin1String("bulk_summary") && !all) {
        // the counts of the login's own operations, over the items it may see
        expected =
            scalar(QStringLiteral("SELECT coalesce(string_agg(k, ',' ORDER BY k), '') FROM ("
                                  " SELECT b.id || ':' || (SELECT count(*) FROM dedup.bulk_items x"
                                  "  WHERE x.bulk_id = b.id AND x.run_id IN %1) AS k"
                                  " FROM dedup.bulk_operations b WHERE b.requested_by = $1) t")
                       .arg(visibleRuns),
                   who);
    } else {
        expected =
            scalar(select.arg(shape.key, table, all ? QStringLiteral("true") : shape.rule), who);
    }
    const QString everything = scalar(read.arg(shape.key, table));
    QVERIFY2(!everything.isEmpty(), "the set-up left the table empty");
    QVERIFY2(!expected.startsWith(QLatin1String("<error")), qPrintable(expected));

    PgConnection *conn = as(Login(login));
    QVERIFY(conn);
    const auto seen = conn->exec(read.arg(shape.key, table));
    QVERIFY2(seen.ok(), qPrintable(seen.error().toString()));
    QCOMPARE(seen.text(0, 0), expected);
    QCOMPARE(!expected.isEmpty(), seesSome);
    QCOMPARE(expected != everything, missesSome);
}

// The preview of a continuation reads as its caller: a run outside the grants is not found.
void TestAccess::continuationPreviewHidesOtherRuns() {
    const Prepared outside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-b/1"), QStringLiteral("wf"));
    const Prepared inside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-a/1"), QStringLiteral("wf"));
    QVERIFY2(outside.error.isEmpty() && inside.error.isEmpty(), "set-up");
    PgConnection *scoped = as(Login::ScopedOperator);
    PgParams out;
    out.add(outside.lease.runId);
    QCOMPARE(
        answerOf(scoped->exec(QStringLiteral("SELECT * FROM dedup.continuation_preview($1)"), out))
            .state,
        QStringLiteral("DD003"));
    PgParams in;
    in.add(inside.lease.runId);
    const auto preview =
        scoped->exec(QStringLiteral("SELECT * FROM dedup.continuation_preview($1)"), in);
    QVERIFY2(preview.ok(), qPrintable(preview.error().toString()));
    QCOMPARE(preview.rows(), 3);
}

void TestAccess::noGrantsCanDoNothing_data() {
    // Every statement reads its arguments from p: the owner's run (processing, s1 begun), its
    // token and secret, and a bulk operation of the store owner with the run in it.
    QTest::addColumn<int>("login");
    QTest::addColumn<QString>("setup"); // a statement first (SET ROLE), or empty
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("expected"); // SQLSTATE, or "no rows"
    QList<std::tuple<QByteArray, QString, QString>> calls{
        {"claim",
         {},
         QStringLiteral("SELECT c.* FROM p, dedup.claim('test', 'nn-key', 'wf', 'fp') c")},
        {"heartbeat",
         {},
         QStringLiteral("SELECT dedup.heartbeat(p.run, p.token, p.secret) FROM p")},
        {"begin_step",
         {},
         QStringLiteral("SELECT dedup.begin_step(p.run, p.token, p.secret, 's2') FROM p")},
        {"complete_step",
         {},
         QStringLiteral("SELECT dedup.complete_step(p.run, p.token, p.secret, 's1', 'r') FROM p")},
        {"fail_step",
         {},
         QStringLiteral("SELECT dedup.fail_step(p.run, p.token, p.secret, 's1', 'c', 'm', false)"
                        " FROM p")},
        {"skip_step",
         {},
         QStringLiteral("SELECT dedup.skip_step(p.run, p.token, p.secret, 's2') FROM p")},
        {"succeed",
         {},
         QStringLiteral("SELECT dedup.succeed(p.run, p.token, p.secret, '{}') FROM p")},
        {"fail",
         {},
         QStringLiteral("SELECT dedup.fail(p.run, p.token, p.secret, 'c', 'm', false) FROM p")},
        {"take_command", {}, QStringLiteral("SELECT c.* FROM p, dedup.take_command('w') c")},
        {"op_bulk_create",
         {},
         QStringLiteral("SELECT dedup.op_bulk_create(gen_random_uuid(), 'op_cancel', '{}', 'r',"
                        " '{}') FROM p")},
        {"op_bulk_add_items",
         {},
         QStringLiteral("SELECT dedup.op_bulk_add_items(p.bulk, ARRAY[p.run], ARRAY[p.token],"
                        " ARRAY['processing']) FROM p")},
        {"op_bulk_control",
         {},
         QStringLiteral("SELECT dedup.op_bulk_control(p.bulk, 'abort', 'r', 'k') FROM p")},
        {"op_bulk_step", {}, QStringLiteral("SELECT s.* FROM p, dedup.op_bulk_step(p.bulk) s")},
        {"purge_expired", {}, QStringLiteral("SELECT x.* FROM p, dedup.purge_expired(10) x")},
        {"op_report_reveal",
         {},
         QStringLiteral("SELECT dedup.op_report_reveal('r', '{}', 'k') FROM p")},
        {"dashboard_refresh", {}, QStringLiteral("SELECT x.* FROM p, dedup.dashboard_refresh() x")},
        {"access_grant",
         {},
         QStringLiteral("SELECT dedup.access_grant(session_user::text, 'operator') FROM p")},
        {"my_access", {}, QStringLiteral("SELECT m.* FROM p, dedup.my_access() m")},
        {"continuation_preview",
         {},
         QStringLiteral("SELECT c.* FROM p, dedup.continuation_preview(p.run) c")},
        {"set role worker, heartbeat", QStringLiteral("SET ROLE dedup_worker"),
         QStringLiteral("SELECT dedup.heartbeat(p.run, p.token, p.secret) FROM p")},
        {"set role operator, cancel", QStringLiteral("SET ROLE dedup_operator"),
         QStringLiteral("SELECT o.* FROM p, dedup.op_cancel(p.run, p.token, 'r', 'k-set-role') o")},
    };
    // every operator action, as optest::sqlFor spells it, on the owner's run
    for (const QString &action : allActions()) {
        QString sql = sqlFor(action);
        sql.replace(QLatin1String("SELECT * FROM dedup."),
                    QLatin1String("SELECT o.* FROM p, dedup."))
            .replace(QLatin1String("$1::bigint"), QLatin1String("p.run"))
            .replace(QLatin1String("$2::bigint"), QLatin1String("p.token"))
            .replace(QLatin1String("$3::text"), QLatin1String("'reason'"))
            .replace(QLatin1String("$4::text"), QLatin1String("'k-' || p.secret::text"));
        calls.append({action.toLatin1(), {}, sql + QStringLiteral(" o")});
    }
    const QString with = QStringLiteral("WITH p AS (SELECT $1::bigint AS run, $2::bigint AS token,"
                                        " $3::uuid AS secret, $4::uuid AS bulk) ");
    for (const auto &[name, setup, sql] : calls) {
        QString expected = QStringLiteral("DD010");
        if (name == "take_command" || name == "my_access")
            expected = QStringLiteral("no rows");
        else if (name == "continuation_preview")
            expected = QStringLiteral("DD003");
        else if (name == "access_grant")
            expected = QStringLiteral("42501"); // not even executable: the owner's alone
        QTest::addRow("no_grants/%s", name.constData())
            << int(Login::NoGrants) << setup << with + sql << expected;
        if (setup.isEmpty())
            QTest::addRow("bare/%s", name.constData())
                << int(Login::Bare) << setup << with + sql << QStringLiteral("42501");
    }
}

// A login without grants in this store (but a member of every group role) does nothing and
// learns nothing, whatever it calls; a bare login is stopped by the SQL privileges first.
void TestAccess::noGrantsCanDoNothing() {
    QFETCH(int, login);
    QFETCH(QString, setup);
    QFETCH(QString, sql);
    QFETCH(QString, expected);
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::FirstStepBegun);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const QString bulk = randomSecret();
    PgParams bulkId;
    bulkId.add(bulk);
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.op_bulk_create($1::uuid, 'op_cancel', '{}',"
                                      " 'r', '{}')"),
                       bulkId)
                .ok());
    PgParams b;
    b.add(bulk).add(run.lease.runId).add(run.lease.token);
    QVERIFY(m_su->exec(QStringLiteral("SELECT dedup.op_bulk_add_items($1::uuid, ARRAY[$2::bigint],"
                                      " ARRAY[$3::bigint], ARRAY['processing'])"),
                       b)
                .ok());
    PgConnection *conn = as(Login(login));
    QVERIFY(conn);
    if (!setup.isEmpty())
        QVERIFY(conn->exec(setup).ok());
    PgParams p;
    p.add(run.lease.runId).add(run.lease.token).add(run.lease.secret).add(bulk);
    const QString before = snapshot();
    const auto result = conn->exec(sql, p);
    const QString answer =
        result.ok() && result.rows() == 0 ? QStringLiteral("no rows") : answerOf(result).state;
    QCOMPARE(answer, expected);
    QCOMPARE(snapshot(), before);
}

void TestAccess::grantsManagedByTheOwnerOnly_data() {
    QTest::addColumn<int>("login");
    QTest::addColumn<QString>("sql");
    const QList<std::pair<const char *, const char *>> calls{
        {"access_grant", "SELECT dedup.access_grant(session_user::text, 'operator')"},
        {"access_revoke", "SELECT dedup.access_revoke(session_user::text)"},
        {"access_revoke of the others",
         "SELECT dedup.access_revoke(r.rolname::text) FROM pg_roles r WHERE r.rolname LIKE 'acc%'"},
        {"access_list", "SELECT * FROM dedup.access_list()"},
        {"insert", "INSERT INTO dedup.access_grants (login, capability) VALUES (session_user,"
                   " 'operator')"},
        {"update", "UPDATE dedup.access_grants SET workflow = NULL, scope_prefix = NULL"},
        {"delete", "DELETE FROM dedup.access_grants"},
        {"read", "SELECT count(*) FROM dedup.access_grants"},
        {"store settings", "UPDATE dedup.store_settings SET max_lease = interval '1 day'"},
    };
    for (Login login : {Login::Owner, Login::ScopedOperator, Login::FullOperator, Login::Viewer,
                        Login::Mixed, Login::NoGrants, Login::Bare})
        for (const auto &[name, sql] : calls)
            QTest::addRow("%s/%s", suffixOf(login), name) << int(login) << QString::fromLatin1(sql);
}

void TestAccess::grantsManagedByTheOwnerOnly() {
    QFETCH(int, login);
    QFETCH(QString, sql);
    PgConnection *conn = as(Login(login));
    QVERIFY(conn);
    const QString before = snapshot();
    const auto result = conn->exec(sql);
    QVERIFY2(!result.ok(), "allowed");
    QVERIFY2(result.error().sqlState == QLatin1String("42501") ||
                 result.error().sqlState == QLatin1String("DD010"),
             qPrintable(result.error().toString()));
    QCOMPARE(classify(result.error()), StoreErrorKind::PermissionDenied);
    QCOMPARE(snapshot(), before);
}

void TestAccess::myAccessListsOwnGrants() {
    const auto mine = as(Login::Mixed)
                          ->exec(QStringLiteral("SELECT string_agg(capability || ':' ||"
                                                " coalesce(workflow, '*') || ':' ||"
                                                " coalesce(scope_prefix, '*'), ',')"
                                                " FROM dedup.my_access()"));
    QVERIFY2(mine.ok(), qPrintable(mine.error().toString()));
    QCOMPARE(mine.text(0, 0), QStringLiteral("viewer:wf:*,worker:wf:*"));
    const auto scoped = as(Login::ScopedOperator)
                            ->exec(QStringLiteral("SELECT capability, workflow, scope_prefix"
                                                  " FROM dedup.my_access()"));
    QVERIFY(scoped.ok());
    QCOMPARE(scoped.rows(), 1);
    QCOMPARE(scoped.text(0, 2), QStringLiteral("tenant-a/"));
    // the owner manages them (the control of the refusals above)
    PgParams ours;
    ours.add(QStringLiteral("acc%1\\_%").arg(QCoreApplication::applicationPid()));
    const auto listed = m_su->exec(
        QStringLiteral("SELECT count(*) FROM dedup.access_list() WHERE login LIKE $1"), ours);
    QVERIFY(listed.ok());
    QCOMPARE(listed.toInt64(0, 0), qint64(storeGrants().size()));
}

// A reader whose grants hide some audit rows still verifies the whole chain: checked against
// the rows it can see, the chain would break at every hidden row.
void TestAccess::verifyAuditSeesTheWholeChain() {
    const Prepared outside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-b/1"), QStringLiteral("wf"));
    QVERIFY2(outside.error.isEmpty(), qPrintable(outside.error));
    const Prepared inside =
        prepareState(QStringLiteral("failed"), QStringLiteral("tenant-a/1"), QStringLiteral("wf"));
    QVERIFY2(inside.error.isEmpty(), qPrintable(inside.error));
    QVERIFY(operatorAction(*m_su, QStringLiteral("op_cancel"), outside.lease.runId).ok());
    QVERIFY(operatorAction(*m_su, QStringLiteral("op_cancel"), inside.lease.runId).ok());

    const auto hidden = as(Login::ScopedOperator)
                            ->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log"
                                                  " WHERE run_id = $1"),
                                   PgParams().add(outside.lease.runId));
    QVERIFY(hidden.ok());
    QCOMPARE(hidden.toInt64(0, 0), qint64(0)); // the row is hidden from it ...
    const auto verified = as(Login::ScopedOperator)
                              ->exec(QStringLiteral("SELECT count(*) FROM dedup.verify_audit()"));
    QVERIFY2(verified.ok(), qPrintable(verified.error().toString()));
    QCOMPARE(verified.toInt64(0, 0), qint64(0)); // ... and the chain is whole all the same
    const auto refused =
        as(Login::NoGrants)->exec(QStringLiteral("SELECT count(*) FROM dedup.verify_audit()"));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().sqlState, QStringLiteral("DD010"));
}

void TestAccess::operatorLimitsEnforced_data() {
    // $1 run id, $2 expected token, $3 the value under test
    QTest::addColumn<QString>("sql");
    QTest::addColumn<int>("limit");
    QTest::addColumn<bool>("json");
    const auto add = [](const char *name, const char *sql, int limit, bool json = false) {
        QTest::newRow(name) << QString::fromLatin1(sql) << limit << json;
    };
    add("op_route_to_review:p_assignee",
        "SELECT outcome FROM dedup.op_route_to_review($1, $2, 'limits', gen_random_uuid()::text,"
        " $3)",
        200);
    add("op_assign_review:p_assignee",
        "SELECT outcome FROM dedup.op_assign_review($1, $2, 'limits', gen_random_uuid()::text, $3)",
        200);
    add("op_review_note:p_note",
        "SELECT outcome FROM dedup.op_review_note($1, $2, 'limits', gen_random_uuid()::text, $3)",
        4096);
    add("op_resolve_step:p_step",
        "SELECT outcome FROM dedup.op_resolve_step($1, $2, 'limits', gen_random_uuid()::text, $3,"
        " 'skipped')",
        100);
    add("op_resolve_step:p_side_effect_ref",
        "SELECT outcome FROM dedup.op_resolve_step($1, $2, 'limits', gen_random_uuid()::text,"
        " 's1', 'done', $3)",
        512);
    add("op_resolve_review:p_result",
        "SELECT outcome FROM dedup.op_resolve_review($1, $2, 'limits', gen_random_uuid()::text,"
        " 'succeeded', $3::jsonb)",
        1048576, true);
}

// The operator actions' own arguments: one byte over the maximum is DD009 and writes no audit
// row; exactly at it the action is decided as usual (applied or changed, never DD009).
void TestAccess::operatorLimitsEnforced() {
    QFETCH(QString, sql);
    QFETCH(int, limit);
    QFETCH(bool, json);
    const Prepared run = prepareState(QStringLiteral("manual_review"), QStringLiteral("tenant-a/1"),
                                      QStringLiteral("wf"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const auto token =
        m_su->exec(QStringLiteral("SELECT lease_token FROM dedup.runs WHERE id = $1"),
                   PgParams().add(run.lease.runId));
    QVERIFY(token.ok());
    // a JSON string of n bytes in all: the quotes and n - 2 letters
    const auto value = [&](int bytes) {
        return json ? QLatin1Char('"') + QString(bytes - 2, QLatin1Char('x')) + QLatin1Char('"')
                    : QString(bytes, QLatin1Char('x'));
    };
    const auto audited = [&] {
        return m_su->exec(QStringLiteral("SELECT count(*) FROM dedup.audit_log")).toInt64(0, 0);
    };
    const qint64 before = audited();
    const auto over = m_su->exec(
        sql, PgParams().add(run.lease.runId).add(token.toInt64(0, 0)).add(value(limit + 1)));
    QVERIFY(!over.ok());
    QCOMPARE(over.error().sqlState, QStringLiteral("DD009"));
    QCOMPARE(audited(), before);
    const auto at =
        m_su->exec(sql, PgParams().add(run.lease.runId).add(token.toInt64(0, 0)).add(value(limit)));
    QVERIFY2(at.ok() || at.error().sqlState != QLatin1String("DD009"),
             qPrintable(at.error().toString()));
}

// ---------------------------------------------------------------------------------------------
// Store-local grants
// ---------------------------------------------------------------------------------------------

// Two stores on one cluster: the logins granted in A (an operator of everything, a worker)
// read and do nothing in B, though their group roles are the cluster's.
void TestAccess::grantsAreStoreLocal() {
    TestDatabase other;
    QVERIFY2(other.isValid(), qPrintable(other.error()));
    auto su = other.connect();
    QVERIFY(su);
    RunProtocol suProtocol(*su);
    ClaimRequest live = claimRequest(QStringLiteral("test"), uniqueKey());
    const auto claimed = suProtocol.claim(live);
    QVERIFY(claimed.ok() && claimed.value().acquired());
    const RunLease lease = claimed.value().lease();
    const auto failedClaim = suProtocol.claim(
        claimRequest(QStringLiteral("test"), uniqueKey(), QStringLiteral("wf"), {}));
    QVERIFY(failedClaim.ok() && failedClaim.value().acquired());
    QVERIFY(suProtocol
                .fail(failedClaim.value().lease(),
                      {QStringLiteral("timeout"), QStringLiteral("x"), true})
                .ok());
    const qint64 failedRun = failedClaim.value().runId;

    // in A they can (the control)
    const Prepared inA =
        prepareState(QStringLiteral("failed"), QStringLiteral("test"), QStringLiteral("wf"));
    QVERIFY2(inA.error.isEmpty(), qPrintable(inA.error));
    QVERIFY(as(Login::FullOperator)
                ->exec(QStringLiteral("SELECT count(*) FROM dedup.runs"))
                .toInt64(0, 0) > 0);

    auto operatorInB = other.connect(loginName(Login::FullOperator));
    auto workerInB = other.connect(loginName(Login::Owner));
    QVERIFY(operatorInB && workerInB);
    const QString before = snapshot(su.get());
    for (const char *table : {"runs", "steps", "events", "commands", "audit_log"}) {
        const auto read = operatorInB->exec(
            QStringLiteral("SELECT count(*) FROM dedup.%1").arg(QLatin1String(table)));
        QVERIFY2(read.ok(), qPrintable(read.error().toString()));
        QVERIFY2(read.toInt64(0, 0) == 0, table);
    }
    PgParams cancel;
    cancel.add(failedRun).add(qint64(1)).add(QStringLiteral("store-local")).add(uniqueKey());
    QCOMPARE(answerOf(operatorInB->exec(sqlFor(QStringLiteral("op_cancel")), cancel)).state,
             QStringLiteral("DD010"));
    QCOMPARE(
        answerOf(operatorInB->exec(QStringLiteral("SELECT * FROM dedup.purge_expired(10)"))).state,
        QStringLiteral("DD010"));
    const auto access = operatorInB->exec(QStringLiteral("SELECT * FROM dedup.my_access()"));
    QVERIFY(access.ok());
    QCOMPARE(access.rows(), 0);
    RunProtocol worker(*workerInB);
    QCOMPARE(answerOf(worker.claim(claimRequest(QStringLiteral("test"), uniqueKey()))).state,
             QStringLiteral("DD010"));
    QCOMPARE(answerOf(worker.heartbeat(lease)).state, QStringLiteral("DD010"));
    QCOMPARE(answerOf(worker.takeCommand(QStringLiteral("w"))).state, QStringLiteral("ok"));
    QCOMPARE(snapshot(su.get()), before);
}

// ---------------------------------------------------------------------------------------------
// Group roles (a private cluster of this test: the roles are cluster-wide)
// ---------------------------------------------------------------------------------------------

// Someone created dedup_operator by hand before any store existed: a new store refuses it,
// and once it is gone the store creates and marks its own roles.
void TestAccess::groupRoleCreatedBySomeoneElseRefused() {
    PrivateCluster cluster;
    QString error;
    QVERIFY2(cluster.start(&error), qPrintable(error));
    const QString postgres = cluster.conninfo(QStringLiteral("postgres"));
    QCOMPARE(execOn(postgres, QStringLiteral("CREATE ROLE dedup_operator NOLOGIN")), QString());
    QCOMPARE(execOn(postgres, QStringLiteral("CREATE DATABASE store_one")), QString());
    PgConnection conn;
    QVERIFY(conn.open(cluster.conninfo(QStringLiteral("store_one"))));
    Migrator migrator(conn);
    QVERIFY(!migrator.migrate(nullptr, &error));
    QVERIFY2(error.contains(QLatin1String("dedup_operator")) &&
                 error.contains(QLatin1String("not created by a dedup migration")),
             qPrintable(error));
    QCOMPARE(storeLeftBehind(conn), QString::fromLatin1(kNothingLeft));

    QCOMPARE(execOn(postgres, QStringLiteral("DROP ROLE dedup_operator")), QString());
    QVERIFY2(migrator.migrate(nullptr, &error), qPrintable(error));
    PgParams mark;
    mark.add(QString::fromLatin1(kGroupRoleMark));
    QCOMPARE(conn.exec(QStringLiteral("SELECT count(*) FROM pg_roles WHERE rolname IN"
                                      " ('dedup_worker', 'dedup_operator', 'dedup_viewer')"
                                      " AND shobj_description(oid, 'pg_authid') = $1"),
                       mark)
                 .toInt64(0, 0),
             3);
    // a second store adopts the marked roles
    QCOMPARE(execOn(postgres, QStringLiteral("CREATE DATABASE store_two")), QString());
    PgConnection second;
    QVERIFY(second.open(cluster.conninfo(QStringLiteral("store_two"))));
    Migrator secondMigrator(second);
    QVERIFY2(secondMigrator.migrate(nullptr, &error), qPrintable(error));
}

void TestAccess::alteredGroupRoleRefused_data() {
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("alter");
    QTest::addColumn<QString>("undo");
    QTest::addColumn<bool>("sqlCheckRefuses"); // 0010's own check (it adopts unmarked roles)
    const QString mark =
        QStringLiteral("COMMENT ON ROLE dedup_operator IS '%1'").arg(QLatin1String(kGroupRoleMark));
    QTest::newRow("unmarked") << QStringLiteral("dedup_operator")
                              << QStringLiteral("COMMENT ON ROLE dedup_operator IS NULL") << mark
                              << false;
    for (const char *attribute :
         {"LOGIN", "SUPERUSER", "CREATEDB", "CREATEROLE", "REPLICATION", "BYPASSRLS"}) {
        const QString a = QString::fromLatin1(attribute);
        QTest::addRow("%s", attribute)
            << QStringLiteral("dedup_viewer") << QStringLiteral("ALTER ROLE dedup_viewer ") + a
            << QStringLiteral("ALTER ROLE dedup_viewer NO") + a << true;
    }
    QTest::newRow("member of pg_read_all_data")
        << QStringLiteral("dedup_worker")
        << QStringLiteral("GRANT pg_read_all_data TO dedup_worker")
        << QStringLiteral("REVOKE pg_read_all_data FROM dedup_worker") << true;
}

// A group role someone altered after a store made it: a new store refuses it (the migrator's
// check) and so does 0010's own check when it runs (inside a transaction rolled back); once
// the role is as the store made it again, the new store migrates.
void TestAccess::alteredGroupRoleRefused() {
    QFETCH(QString, role);
    QFETCH(QString, alter);
    QFETCH(QString, undo);
    QFETCH(bool, sqlCheckRefuses);
    static PrivateCluster *cluster = nullptr;
    static std::unique_ptr<PrivateCluster> owned;
    static int databases = 0;
    if (!cluster) {
        owned = std::make_unique<PrivateCluster>();
        QString error;
        QVERIFY2(owned->start(&error), qPrintable(error));
        cluster = owned.get();
        QCOMPARE(execOn(cluster->conninfo(QStringLiteral("postgres")),
                        QStringLiteral("CREATE DATABASE base")),
                 QString());
        PgConnection base;
        QVERIFY(base.open(cluster->conninfo(QStringLiteral("base"))));
        Migrator migrator(base);
        QVERIFY2(migrator.migrate(nullptr, &error), qPrintable(error));
    }
    const QString postgres = cluster->conninfo(QStringLiteral("postgres"));
    const QString fresh = QStringLiteral("fresh_%1").arg(++databases);
    QCOMPARE(execOn(postgres, QStringLiteral("CREATE DATABASE %1").arg(fresh)), QString());
    QCOMPARE(execOn(postgres, alter), QString());
    bool undone = false;
    const ScopeExit restore([&] {
        if (!undone)
            execOn(postgres, undo);
    });
    {
        PgConnection conn;
        QVERIFY(conn.open(cluster->conninfo(fresh)));
        Migrator migrator(conn);
        QString error;
        QVERIFY2(!migrator.migrate(nullptr, &error), "a new store adopted an altered role");
        QVERIFY2(error.contains(role), qPrintable(error));
        QCOMPARE(storeLeftBehind(conn), QString::fromLatin1(kNothingLeft));
    }
    {
        // 0010's check as shipped, in a store that already has the roles
        const QString check = groupRoleCheckSql();
        QVERIFY(check.contains(QLatin1String("rolcanlogin")));
        PgConnection base;
        QVERIFY(base.open(cluster->conninfo(QStringLiteral("base"))));
        QVERIFY(base.exec(QStringLiteral("BEGIN")).ok());
        const auto checked = base.exec(check);
        base.exec(QStringLiteral("ROLLBACK"));
        if (sqlCheckRefuses) {
            QVERIFY2(!checked.ok(), "0010 adopted an altered role");
            QCOMPARE(checked.error().sqlState, QStringLiteral("DD010"));
            QVERIFY2(checked.error().message.contains(role), qPrintable(checked.error().message));
        } else {
            QVERIFY2(checked.ok(), qPrintable(checked.error().toString()));
        }
    }
    undone = true;
    QCOMPARE(execOn(postgres, undo), QString());
    PgConnection conn;
    QVERIFY(conn.open(cluster->conninfo(fresh)));
    Migrator migrator(conn);
    QString error;
    QVERIFY2(migrator.migrate(nullptr, &error), qPrintable(error));
    if (QByteArray(QTest::currentDataTag()) == "member of pg_read_all_data")
        owned.reset(); // the last row: stop the cluster now, not at exit
}

// ---------------------------------------------------------------------------------------------
// Signals and locks
// ---------------------------------------------------------------------------------------------

QStringList TestAccess::payloadsUntilMarker(PgConnection &listener) {
    const QString marker = QStringLiteral("marker-%1").arg(++m_marker);
    PgParams params;
    params.add(marker);
    if (!m_su->exec(QStringLiteral("SELECT pg_notify('dedup_events', $1)"), params).ok())
        return {QStringLiteral("<cannot send marker>")};
    QStringList payloads;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 10'000) {
        if (!listener.consumeInput())
            return payloads << QStringLiteral("<listener lost>");
        for (const PgNotification &n : listener.takeNotifications()) {
            if (n.payload == marker)
                return payloads;
            if (n.channel == QLatin1String("dedup_events"))
                payloads << n.payload;
        }
        QThread::msleep(5);
    }
    return payloads << QStringLiteral("<marker never arrived>");
}

// Each row's settings come after the session's SET dedup.notify = 'on' (signals asked for,
// 0020): the other settings change nothing, and dedup.notify set to anything but 'on' ('runs',
// the old step opt-out, included) means no signal at all.
void TestAccess::clientSettingsDoNotShapeSignals_data() {
    QTest::addColumn<QString>("setting");
    QTest::addColumn<bool>("notifies");
    QTest::newRow("notify_runs with ids of its choice")
        << QStringLiteral("SET dedup.notify_runs = '999999,888888'") << true;
    QTest::newRow("notify_sent") << QStringLiteral("SET dedup.notify_sent = 'on'") << true;
    QTest::newRow("notify_queued") << QStringLiteral("SET dedup.notify_queued = 'on'") << true;
    QTest::newRow("notify_more") << QStringLiteral("SET dedup.notify_more = 'on'") << true;
    QTest::newRow("all but notify")
        << QStringLiteral("SET dedup.notify_runs = '999999'; SET dedup.notify_sent = 'on';"
                          " SET dedup.notify_queued = 'on'; SET dedup.notify_more = 'on'")
        << true;
    QTest::newRow("notify = runs (no signal)")
        << QStringLiteral("SET dedup.notify = 'runs'") << false;
    QTest::newRow("notify back to its default (no signal)")
        << QStringLiteral("SET dedup.notify = DEFAULT") << false;
    QTest::newRow("all of them")
        << QStringLiteral("SET dedup.notify_runs = '999999'; SET dedup.notify_sent = 'on';"
                          " SET dedup.notify_queued = 'on'; SET dedup.notify = 'runs';"
                          " SET dedup.notify_more = 'on'")
        << false;
}

// Where signals are asked for, one NOTIFY per changed run, its payload built from the run id
// alone, whatever else the worker's session says; where they are not, none.
void TestAccess::clientSettingsDoNotShapeSignals() {
    QFETCH(QString, setting);
    QFETCH(bool, notifies);
    auto listener = m_db->connect();
    QVERIFY(listener);
    QVERIFY(listener->exec(QStringLiteral("LISTEN dedup_events")).ok());
    PgConnection *worker = as(Login::Owner);
    QVERIFY(worker);
    QVERIFY(worker->exec(QStringLiteral("SET dedup.notify = 'on'")).ok());
    for (const QString &statement : setting.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        QVERIFY(worker->exec(statement.trimmed()).ok());
    const auto payload = [](qint64 runId) {
        return QStringLiteral("{\"runs\":[%1],\"more\":false}").arg(runId);
    };
    RunProtocol protocol(*worker);

    // each autocommit change signals its run
    const auto claimed = protocol.claim(claimRequest(QStringLiteral("test"), uniqueKey(),
                                                     QStringLiteral("wf"), {QStringLiteral("s1")}));
    QVERIFY(claimed.ok() && claimed.value().acquired());
    const RunLease lease = claimed.value().lease();
    QVERIFY(protocol.beginStep(lease, QStringLiteral("s1")).ok());
    QVERIFY(protocol.completeStep(lease, QStringLiteral("s1")).ok());
    QVERIFY(protocol.succeed(lease).ok());
    const QString one = payload(lease.runId);
    const QStringList four{one, one, one, one};
    QCOMPARE(payloadsUntilMarker(*listener), notifies ? four : QStringList());

    // a transaction signals each run it changed once, in order, the setting again as LOCAL
    QVERIFY(worker->exec(QStringLiteral("BEGIN")).ok());
    for (const QString &statement : setting.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        QVERIFY(worker
                    ->exec(QString(statement.trimmed())
                               .replace(QLatin1String("SET "), QLatin1String("SET LOCAL ")))
                    .ok());
    const auto first = protocol.claim(claimRequest(QStringLiteral("test"), uniqueKey(),
                                                   QStringLiteral("wf"), {QStringLiteral("s1")}));
    const auto second = protocol.claim(claimRequest(QStringLiteral("test"), uniqueKey()));
    QVERIFY(first.ok() && first.value().acquired() && second.ok() && second.value().acquired());
    QVERIFY(protocol.beginStep(first.value().lease(), QStringLiteral("s1")).ok());
    QVERIFY(worker->exec(QStringLiteral("COMMIT")).ok());
    const QStringList both{payload(first.value().runId), payload(second.value().runId)};
    QCOMPARE(payloadsUntilMarker(*listener), notifies ? both : QStringList());
}

void TestAccess::lockStripesNotLockable_data() {
    QTest::addColumn<int>("login");
    QTest::addColumn<QString>("sql");
    const QList<std::pair<const char *, const char *>> locks{
        {"for update", "SELECT 1 FROM dedup.lock_stripes FOR UPDATE"},
        {"for no key update", "SELECT 1 FROM dedup.lock_stripes FOR NO KEY UPDATE"},
        {"for share", "SELECT 1 FROM dedup.lock_stripes FOR SHARE"},
        {"for key share", "SELECT 1 FROM dedup.lock_stripes FOR KEY SHARE"},
        {"read", "SELECT count(*) FROM dedup.lock_stripes"},
        {"lock table", "LOCK TABLE dedup.lock_stripes IN ACCESS EXCLUSIVE MODE"},
        {"lock table, row share", "LOCK TABLE dedup.lock_stripes IN ROW SHARE MODE"},
        {"the lock function", "SELECT dedup._lock(1, 'k')"},
    };
    for (Login login : {Login::Owner, Login::ScopedOperator, Login::FullOperator, Login::Viewer,
                        Login::Mixed, Login::NoGrants, Login::Bare})
        for (const auto &[name, sql] : locks)
            QTest::addRow("%s/%s", suffixOf(login), name) << int(login) << QString::fromLatin1(sql);
}

void TestAccess::lockStripesNotLockable() {
    QFETCH(int, login);
    QFETCH(QString, sql);
    PgConnection *conn = as(Login(login));
    QVERIFY(conn);
    QVERIFY(conn->exec(QStringLiteral("BEGIN")).ok());
    const auto result = conn->exec(sql);
    conn->exec(QStringLiteral("ROLLBACK"));
    QVERIFY2(!result.ok(), "a store lock was taken");
    QCOMPARE(result.error().sqlState, QStringLiteral("42501"));
}

// The advisory keys the store used before 0010 (0003, 0006, 0008) are any login's to take;
// held by a login without rights, they block none of the store's own serialisations.
void TestAccess::advisoryKeysBlockNothing() {
    const auto callers =
        m_su->exec(QStringLiteral("SELECT string_agg(p.oid::regprocedure::text, ', ')"
                                  " FROM pg_proc p WHERE p.pronamespace = 'dedup'::regnamespace"
                                  " AND p.prosrc ~* 'advisory'"));
    QVERIFY(callers.ok());
    QVERIFY2(callers.isNull(0, 0), qPrintable(callers.text(0, 0)));

    const Prepared run =
        prepareState(QStringLiteral("failed"), QStringLiteral("test"), QStringLiteral("wf"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    const QString actionKey = uniqueKey(QStringLiteral("advisory"));
    const QString bulk = randomSecret();
    PgConnection *squatter = as(Login::Bare);
    QVERIFY(squatter);
    PgParams keys;
    keys.add(actionKey).add(bulk);
    const auto held =
        squatter->exec(QStringLiteral("SELECT pg_advisory_lock(1145307137, hashtext($1)),"
                                      " pg_advisory_lock(1145307138, hashtext($2)),"
                                      " pg_advisory_lock(7236498201)"),
                       keys);
    QVERIFY2(held.ok(), qPrintable(held.error().toString()));

    PgConnection *op = as(Login::FullOperator);
    QVERIFY(op->exec(QStringLiteral("SET statement_timeout = '5s'")).ok());
    const auto cancelled =
        operatorAction(*op, QStringLiteral("op_cancel"), run.lease.runId, actionKey);
    QVERIFY2(cancelled.ok(), qPrintable(cancelled.error().toString()));
    PgParams b;
    b.add(bulk);
    const auto created = op->exec(QStringLiteral("SELECT dedup.op_bulk_create($1::uuid,"
                                                 " 'op_cancel', '{}', 'r', '{}')"),
                                  b);
    QVERIFY2(created.ok(), qPrintable(created.error().toString()));
    const auto folded = op->exec(QStringLiteral("SELECT * FROM dedup.dashboard_refresh()"));
    QVERIFY2(folded.ok(), qPrintable(folded.error().toString()));
    squatter->exec(QStringLiteral("SELECT pg_advisory_unlock_all()"));
}

// ---------------------------------------------------------------------------------------------
// Input contract
// ---------------------------------------------------------------------------------------------

void TestAccess::limitsEnforced_data() {
    // target: function:argument; unit: bytes | utf8 | steps | lease | json
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QString>("unit");
    const QList<std::tuple<const char *, int, const char *>> rows{
        {"claim:p_key", 512, "bytes"},
        {"claim:p_key", 512, "utf8"},
        {"claim:p_scope", 200, "bytes"},
        {"claim:p_scope", 200, "utf8"},
        {"claim:p_workflow", 100, "bytes"},
        {"claim:p_fingerprint", 200, "bytes"},
        {"claim:p_correlation_id", 200, "bytes"},
        {"claim:p_worker", 200, "bytes"},
        {"claim:p_key_version", 100, "bytes"},
        {"claim:p_workflow_version", 100, "bytes"},
        {"claim:step name", 100, "bytes"},
        {"claim:step name", 100, "utf8"},
        {"claim:p_steps", 100, "steps"},
        {"claim:p_lease", 0, "lease"},
        {"claim:p_context", 65536, "json"},
        {"begin_step:p_step", 100, "bytes"},
        {"begin_step:p_downstream_key", 512, "bytes"},
        {"begin_step:p_downstream_key", 512, "utf8"},
        {"complete_step:p_side_effect_ref", 512, "bytes"},
        {"fail_step:p_error_class", 100, "bytes"},
        {"fail_step:p_message", 4096, "bytes"},
        {"skip_step:p_reason", 4096, "bytes"},
        {"fail:p_error_class", 100, "bytes"},
        {"fail:p_message", 4096, "bytes"},
        {"heartbeat:p_lease", 0, "lease"},
        {"succeed:p_result", 1048576, "json"},
        {"take_command:p_worker", 200, "bytes"},
        {"take_command:p_lease", 0, "lease"},
    };
    for (const auto &[target, limit, unit] : rows)
        QTest::addRow("%s (%s)", target, unit)
            << QString::fromLatin1(target) << limit << QString::fromLatin1(unit);
}

// Each documented maximum: one over it is refused with DD009 and changes nothing; exactly
// at it the call goes through.
void TestAccess::limitsEnforced() {
    QFETCH(QString, target);
    QFETCH(int, limit);
    QFETCH(QString, unit);
    PgConnection *conn = as(Login::LimitsWorker);
    QVERIFY(conn);
    const QString function = target.section(QLatin1Char(':'), 0, 0);
    const QString argument = target.section(QLatin1Char(':'), 1);
    if (unit == QLatin1String("lease")) {
        const auto seconds = m_su->exec(QStringLiteral(
            "SELECT extract(epoch FROM max_lease)::bigint FROM dedup.store_settings"));
        QVERIFY(seconds.ok());
        limit = int(seconds.toInt64(0, 0));
        QCOMPARE(limit, 3600);
    }
    // The value of `n` units; for the key, unique per call.
    const auto value = [&](int n) -> QString {
        if (unit == QLatin1String("lease"))
            return QStringLiteral("%1 seconds").arg(n);
        if (unit == QLatin1String("json"))
            return jsonOfBytes(n);
        if (argument == QLatin1String("p_key") && unit == QLatin1String("bytes"))
            return textOfBytes(unit, n, uniqueKey(QStringLiteral("k")) + QLatin1Char('-'));
        return textOfBytes(unit, n);
    };

    // For the lease-based functions: a fresh run of the limits worker in the stage the call
    // needs (s1 begun for complete_step and fail_step).
    RunProtocol protocol(*conn);
    RunLease lease;
    if (function != QLatin1String("claim") && function != QLatin1String("take_command")) {
        const bool begin =
            function == QLatin1String("complete_step") || function == QLatin1String("fail_step");
        const QStringList steps =
            function == QLatin1String("begin_step") || function == QLatin1String("succeed")
                ? QStringList{}
                : QStringList{QStringLiteral("s1")};
        const auto claimed = protocol.claim(
            claimRequest(QStringLiteral("limits"), uniqueKey(), QStringLiteral("wf"), steps));
        QVERIFY(claimed.ok() && claimed.value().acquired());
        lease = claimed.value().lease();
        if (begin)
            QVERIFY(protocol.beginStep(lease, QStringLiteral("s1")).ok());
    }

    const auto call = [&](int n) -> PgResult {
        const QString v = value(n);
        if (function == QLatin1String("claim")) {
            ClaimArgs a;
            if (argument == QLatin1String("p_key"))
                a.key = v;
            else if (argument == QLatin1String("p_scope"))
                a.scope = v;
            else if (argument == QLatin1String("p_workflow"))
                a.workflow = v;
            else if (argument == QLatin1String("p_fingerprint"))
                a.fingerprint = v;
            else if (argument == QLatin1String("p_correlation_id"))
                a.correlationId = v;
            else if (argument == QLatin1String("p_worker"))
                a.worker = v;
            else if (argument == QLatin1String("p_key_version"))
                a.keyVersion = v;
            else if (argument == QLatin1String("p_workflow_version"))
                a.workflowVersion = v;
            else if (argument == QLatin1String("step name"))
                a.steps = {QStringLiteral("first"), v};
            else if (argument == QLatin1String("p_steps"))
                a.steps = stepNames(n);
            else if (argument == QLatin1String("p_lease"))
                a.lease = v;
            else if (argument == QLatin1String("p_context"))
                a.context = v;
            return claimWith(*conn, a);
        }
        PgParams p;
        if (function == QLatin1String("take_command")) {
            p.add(argument == QLatin1String("p_worker") ? v : QStringLiteral("w"))
                .add(argument == QLatin1String("p_lease") ? v : QStringLiteral("30 seconds"));
            return conn->exec(QStringLiteral("SELECT * FROM dedup.take_command($1, $2::interval)"),
                              p);
        }
        p.add(lease.runId).add(lease.token).add(lease.secret).add(v);
        QString sql;
        if (target == QLatin1String("begin_step:p_step"))
            sql = QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4)");
        else if (target == QLatin1String("begin_step:p_downstream_key"))
            sql = QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, 'next', $4)");
        else if (target == QLatin1String("complete_step:p_side_effect_ref"))
            sql = QStringLiteral("SELECT dedup.complete_step($1, $2, $3::uuid, 's1', $4)");
        else if (target == QLatin1String("fail_step:p_error_class"))
            sql = QStringLiteral("SELECT dedup.fail_step($1, $2, $3::uuid, 's1', $4, 'm', false)");
        else if (target == QLatin1String("fail_step:p_message"))
            sql = QStringLiteral("SELECT dedup.fail_step($1, $2, $3::uuid, 's1', 'c', $4, false)");
        else if (target == QLatin1String("skip_step:p_reason"))
            sql = QStringLiteral("SELECT dedup.skip_step($1, $2, $3::uuid, 's1', $4)");
        else if (target == QLatin1String("fail:p_error_class"))
            sql = QStringLiteral("SELECT dedup.fail($1, $2, $3::uuid, $4, 'm', false)");
        else if (target == QLatin1String("fail:p_message"))
            sql = QStringLiteral("SELECT dedup.fail($1, $2, $3::uuid, 'c', $4, false)");
        else if (target == QLatin1String("heartbeat:p_lease"))
            sql = QStringLiteral("SELECT dedup.heartbeat($1, $2, $3::uuid, $4::interval)");
        else if (target == QLatin1String("succeed:p_result"))
            sql = QStringLiteral("SELECT dedup.succeed($1, $2, $3::uuid, $4::jsonb)");
        return conn->exec(sql, p);
    };

    const QString before = snapshot();
    const auto over = call(limit + 1);
    QVERIFY2(!over.ok(), "one over the limit was accepted");
    QCOMPARE(over.error().sqlState, QStringLiteral("DD009"));
    QCOMPARE(classify(over.error()), StoreErrorKind::LimitExceeded);
    QCOMPARE(snapshot(), before);
    const auto at = call(limit);
    QVERIFY2(at.ok(), qPrintable(at.error().toString()));
    if (function == QLatin1String("claim"))
        QCOMPARE(at.text(0, "outcome"), QStringLiteral("acquired"));
}

// A run has at most 100 steps, declared or appended by begin_step.
void TestAccess::hundredAndFirstStepRefused() {
    PgConnection *conn = as(Login::LimitsWorker);
    RunProtocol protocol(*conn);
    const auto claimed = protocol.claim(
        claimRequest(QStringLiteral("limits"), uniqueKey(), QStringLiteral("wf"), stepNames(100)));
    QVERIFY(claimed.ok() && claimed.value().acquired());
    const RunLease lease = claimed.value().lease();
    PgParams p;
    p.add(lease.runId).add(lease.token).add(lease.secret);
    QVERIFY(conn->exec(QStringLiteral("SELECT dedup.skip_step($1, $2, $3::uuid, 'step-' || g)"
                                      " FROM generate_series(1, 100) g"),
                       p)
                .ok());
    const QString before = snapshot();
    QCOMPARE(answerOf(protocol.beginStep(lease, QStringLiteral("one-more"))).state,
             QStringLiteral("DD009"));
    QCOMPARE(snapshot(), before);
}

void TestAccess::blankArgumentsRefused_data() {
    QTest::addColumn<QString>("argument");
    QTest::addColumn<QString>("value"); // a null QString: SQL NULL
    for (const char *argument : {"p_key", "p_scope", "p_workflow", "p_fingerprint",
                                 "p_downstream_key", "p_step", "step name"}) {
        QTest::addRow("%s empty", argument) << QString::fromLatin1(argument) << QStringLiteral("");
        QTest::addRow("%s blank", argument)
            << QString::fromLatin1(argument) << QStringLiteral("  ");
        QTest::addRow("%s tab and newline", argument)
            << QString::fromLatin1(argument) << QStringLiteral("\t\n");
    }
    for (const char *argument : {"p_key", "p_scope", "p_workflow", "p_fingerprint", "p_step"})
        QTest::addRow("%s null", argument) << QString::fromLatin1(argument) << QString();
}

void TestAccess::blankArgumentsRefused() {
    QFETCH(QString, argument);
    QFETCH(QString, value);
    PgConnection *conn = as(Login::LimitsWorker);
    RunProtocol protocol(*conn);
    const auto claimed = protocol.claim(claimRequest(QStringLiteral("blank"), uniqueKey()));
    QVERIFY(claimed.ok() && claimed.value().acquired());
    const RunLease lease = claimed.value().lease();
    const QString before = snapshot();
    PgResult result;
    if (argument == QLatin1String("p_downstream_key") || argument == QLatin1String("p_step")) {
        PgParams p;
        const bool step = argument == QLatin1String("p_step");
        p.add(lease.runId)
            .add(lease.token)
            .add(lease.secret)
            .add(step ? value : QStringLiteral("s1"));
        p.add(step ? QString() : value);
        result = conn->exec(QStringLiteral("SELECT dedup.begin_step($1, $2, $3::uuid, $4, $5)"), p);
    } else {
        ClaimArgs a;
        if (argument == QLatin1String("p_key"))
            a.key = value;
        else if (argument == QLatin1String("p_scope"))
            a.scope = value;
        else if (argument == QLatin1String("p_workflow"))
            a.workflow = value;
        else if (argument == QLatin1String("p_fingerprint"))
            a.fingerprint = value;
        else
            a.steps = {QStringLiteral("first"), value};
        result = claimWith(*conn, a);
    }
    QVERIFY2(!result.ok(), "a blank argument was accepted");
    QCOMPARE(result.error().sqlState, QStringLiteral("DD004"));
    QCOMPARE(snapshot(), before);
}

void TestAccess::failStepNeedsUncertain() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::FirstStepBegun);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    PgParams p;
    p.add(run.lease.runId).add(run.lease.token).add(run.lease.secret);
    const QString before = snapshot();
    const auto result =
        as(Login::Owner)
            ->exec(QStringLiteral(
                       "SELECT dedup.fail_step($1, $2, $3::uuid, 's1', 'timeout', 'm', NULL)"),
                   p);
    QCOMPARE(answerOf(result).state, QStringLiteral("DD004"));
    QCOMPARE(snapshot(), before);
}

// A key that belongs to another workflow's run (both workflows granted): mismatch, and not
// a field of that run, not even its id.
void TestAccess::keyOfAnotherWorkflowAnswersMismatchOnly() {
    const Prepared run = work(Login::LimitsWorker, QStringLiteral("test"), Stage::FirstStepBegun,
                              false, QStringLiteral("wf2"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    PgConnection *conn = as(Login::Owner);
    ClaimArgs a;
    a.scope = QStringLiteral("test");
    a.key = run.key;
    a.workflow = QStringLiteral("wf");
    const auto answer = conn->exec(
        QStringLiteral("SELECT * FROM dedup.claim(p_scope => $1, p_key => $2, p_workflow => $3,"
                       " p_fingerprint => 'sha256:aa')"),
        PgParams().add(a.scope).add(a.key).add(a.workflow));
    QVERIFY2(answer.ok(), qPrintable(answer.error().toString()));
    QCOMPARE(answer.rows(), 1);
    QCOMPARE(answer.text(0, "outcome"), QStringLiteral("mismatch"));
    for (int column = 0; column < answer.columns(); ++column)
        if (column != answer.column("outcome"))
            QVERIFY2(answer.isNull(0, column), qPrintable(QString::number(column)));
    RunProtocol protocol(*conn);
    const auto typed = protocol.claim(claimRequest(QStringLiteral("test"), run.key));
    QVERIFY2(typed.ok(), qPrintable(typed.error().toString()));
    QCOMPARE(toString(typed.value().outcome), toString(ClaimOutcome::Mismatch));
    QCOMPARE(typed.value().runId, 0);
}

void TestAccess::succeedWithPendingStepRefused() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::FirstStepBegun);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    RunProtocol owner(*as(Login::Owner));
    QVERIFY(owner.completeStep(run.lease, QStringLiteral("s1")).ok());
    const QString before = snapshot();
    QCOMPARE(answerOf(owner.succeed(run.lease, QJsonObject{})).state, QStringLiteral("DD002"));
    QCOMPARE(snapshot(), before);
}

void TestAccess::stepsRunInOrder() {
    const Prepared run = work(Login::Owner, QStringLiteral("test"), Stage::Claimed);
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    RunProtocol owner(*as(Login::Owner));
    const QString before = snapshot();
    QCOMPARE(answerOf(owner.beginStep(run.lease, QStringLiteral("s2"))).state,
             QStringLiteral("DD002"));
    // an undeclared step is appended last: it waits for both
    QCOMPARE(answerOf(owner.beginStep(run.lease, QStringLiteral("s3"))).state,
             QStringLiteral("DD002"));
    QCOMPARE(snapshot(), before);
    QVERIFY(owner.skipStep(run.lease, QStringLiteral("s1")).ok());
    QVERIFY(owner.beginStep(run.lease, QStringLiteral("s2")).ok());
}

void TestAccess::twoDimensionalStepsRefused() {
    const QString before = snapshot();
    const auto result =
        as(Login::LimitsWorker)
            ->exec(QStringLiteral("SELECT * FROM dedup.claim('test', 'two-d', 'wf',"
                                  " 'fp', p_steps => ARRAY[['a', 'b'], ['c', 'd']])"));
    QCOMPARE(answerOf(result).state, QStringLiteral("DD004"));
    QCOMPARE(snapshot(), before);
}

// ---------------------------------------------------------------------------------------------
// Races
// ---------------------------------------------------------------------------------------------

// 32 connections of another login granted the same workflow send succeed and heartbeat
// with the owner's token and secret as fast as they can, while the owner works its runs
// normally: none is accepted, every run ends with the owner's result and writes only.
void TestAccess::forgedWritesRaceTheOwner() {
    constexpr int kForgers = 32;
    constexpr int kRuns = 6;
    std::mutex leaseMutex;
    RunLease current;
    std::atomic<bool> stop{false};
    std::atomic<qint64> attempts{0};
    std::atomic<qint64> accepted{0};
    std::atomic<qint64> refusedAsOthers{0}; // DD011
    std::atomic<qint64> refusedAsGone{0};   // DD001: the run was over
    std::atomic<qint64> otherAnswers{0};
    std::atomic<int> connectFailures{0};
    std::mutex problemsMutex;
    QStringList problems;
    std::latch connected(kForgers);
    const QString conninfo = m_db->conninfo(loginName(Login::Forger));

    std::vector<std::thread> forgers;
    for (int i = 0; i < kForgers; ++i) {
        forgers.emplace_back([&, i] {
            PgConnection conn;
            const bool open = conn.open(conninfo);
            connected.count_down();
            if (!open) {
                ++connectFailures;
                return;
            }
            RunProtocol forger(conn);
            while (!stop.load()) {
                RunLease lease;
                {
                    std::lock_guard lock(leaseMutex);
                    lease = current;
                }
                if (lease.runId == 0) {
                    std::this_thread::yield();
                    continue;
                }
                const Answer answer =
                    i % 2 == 0 ? answerOf(forger.succeed(
                                     lease, QJsonObject{{QStringLiteral("forged"), i}}))
                               : answerOf(forger.heartbeat(lease, std::chrono::minutes(10)));
                ++attempts;
                if (answer.state == QLatin1String("ok")) {
                    ++accepted;
                } else if (answer.state == QLatin1String("DD011")) {
                    ++refusedAsOthers;
                } else if (answer.state == QLatin1String("DD001")) {
                    ++refusedAsGone;
                } else {
                    ++otherAnswers;
                    std::lock_guard lock(problemsMutex);
                    if (problems.size() < 5)
                        problems << answer.error.toString();
                }
            }
        });
    }
    connected.wait();

    RunProtocol owner(*as(Login::Owner));
    QStringList ownerProblems;
    QList<qint64> runIds;
    for (int round = 0; round < kRuns && ownerProblems.isEmpty(); ++round) {
        const QStringList steps{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        const auto claimed = owner.claim(
            claimRequest(QStringLiteral("race"), uniqueKey(), QStringLiteral("wf"), steps));
        if (!claimed.ok() || !claimed.value().acquired()) {
            ownerProblems << QStringLiteral("claim");
            break;
        }
        const RunLease lease = claimed.value().lease();
        runIds << lease.runId;
        {
            std::lock_guard lock(leaseMutex);
            current = lease;
        }
        for (const QString &step : steps) {
            if (!owner.heartbeat(lease).ok())
                ownerProblems << QStringLiteral("heartbeat");
            if (!owner.beginStep(lease, step).ok())
                ownerProblems << QStringLiteral("begin ") + step;
            QThread::msleep(3);
            if (!owner.completeStep(lease, step, QStringLiteral("ref-") + step).ok())
                ownerProblems << QStringLiteral("complete ") + step;
        }
        if (!owner.succeed(lease, QJsonObject{{QStringLiteral("owner"), round}}).ok())
            ownerProblems << QStringLiteral("succeed");
        QThread::msleep(5); // the forgers go on against the finished run
    }
    stop = true;
    for (std::thread &thread : forgers)
        thread.join();

    QVERIFY2(ownerProblems.isEmpty(), qPrintable(ownerProblems.join(QStringLiteral(", "))));
    QCOMPARE(connectFailures.load(), 0);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(accepted.load(), 0);
    QCOMPARE(otherAnswers.load(), 0);
    QVERIFY2(refusedAsOthers.load() > kForgers, qPrintable(QString::number(refusedAsOthers)));
    QVERIFY(attempts.load() >= kForgers * kRuns);
    qInfo("%lld forged writes: %lld refused as another login's lease, %lld after the run ended",
          qint64(attempts.load()), qint64(refusedAsOthers.load()), qint64(refusedAsGone.load()));
    for (int round = 0; round < runIds.size(); ++round) {
        PgParams p;
        p.add(runIds[round]).add(loginName(Login::Forger));
        QCOMPARE(scalar(QStringLiteral("SELECT status || ' ' || (result ->> 'owner') || ' ' ||"
                                       " (SELECT count(*) FROM dedup.events e WHERE e.run_id = r.id"
                                       "  AND e.login = $2) FROM dedup.runs r WHERE r.id = $1"),
                        p),
                 QStringLiteral("succeeded %1 0").arg(round));
    }
}

// Two logins claim one expired lease at the same moment: exactly one takes it over, the
// run names it, and the other is told in_progress.
void TestAccess::twoLoginsTakeOverOneExpiredLease() {
    constexpr int kTrials = 40;
    QStringList keys;
    for (int i = 0; i < kTrials; ++i)
        keys << uniqueKey(QStringLiteral("takeover"));
    std::barrier sync(3);
    std::array<std::array<QString, kTrials>, 2> outcomes;
    const std::array<Login, 2> takers{Login::Forger, Login::Rival};
    std::vector<std::thread> threads;
    for (int t = 0; t < 2; ++t) {
        threads.emplace_back([&, t] {
            PgConnection conn;
            const bool open = conn.open(m_db->conninfo(loginName(takers[t])));
            RunProtocol protocol(conn);
            for (int trial = 0; trial < kTrials; ++trial) {
                sync.arrive_and_wait(); // the lease has expired
                if (!open) {
                    outcomes[t][trial] = QStringLiteral("<cannot connect>");
                } else {
                    const auto answer =
                        protocol.claim(claimRequest(QStringLiteral("takeover"), keys[trial]));
                    outcomes[t][trial] =
                        answer.ok() ? toString(answer.value().outcome) : answer.error().toString();
                }
                sync.arrive_and_wait(); // both answered
            }
        });
    }
    RunProtocol owner(*as(Login::Owner));
    std::array<int, 2> wins{0, 0};
    QStringList problems;
    for (int trial = 0; trial < kTrials; ++trial) {
        const auto claimed = owner.claim(claimRequest(QStringLiteral("takeover"), keys[trial]));
        const bool ready =
            claimed.ok() && claimed.value().acquired() && expireLease(claimed.value().runId);
        sync.arrive_and_wait();
        sync.arrive_and_wait();
        if (!ready) {
            problems << QStringLiteral("trial %1: set-up").arg(trial);
            continue;
        }
        const QString acquired = toString(ClaimOutcome::Acquired);
        const QString inProgress = toString(ClaimOutcome::InProgress);
        const bool firstWon = outcomes[0][trial] == acquired && outcomes[1][trial] == inProgress;
        const bool secondWon = outcomes[1][trial] == acquired && outcomes[0][trial] == inProgress;
        if (!firstWon && !secondWon) {
            problems << QStringLiteral("trial %1: %2 / %3")
                            .arg(trial)
                            .arg(outcomes[0][trial], outcomes[1][trial]);
            continue;
        }
        const int winner = firstWon ? 0 : 1;
        ++wins[winner];
        PgParams id;
        id.add(claimed.value().runId);
        const QString owned =
            scalar(QStringLiteral(
                       "SELECT lease_login || ' ' || lease_token FROM dedup.runs WHERE id = $1"),
                   id);
        if (owned != loginName(takers[winner]) + QStringLiteral(" 2"))
            problems << QStringLiteral("trial %1: run says %2").arg(trial).arg(owned);
    }
    for (std::thread &thread : threads)
        thread.join();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(wins[0] + wins[1], kTrials);
    qInfo("takeovers won: %d by one login, %d by the other", wins[0], wins[1]);
}

QTEST_GUILESS_MAIN(TestAccess)
#include "tst_access.moc"
