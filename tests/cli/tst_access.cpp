// dedupctl access, black-box: the store owner grants, lists and revokes the store's own
// grants (0010_access.sql); what the command says is checked against dedup.access_grants
// itself, and a grant is checked to mean what it says by claiming as the login it was given
// to. Anyone else is refused, and a bad command line is refused before anything is written.
#include "DedupctlRun.h"
#include "TestDatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

namespace {

using Run = DedupctlRun;

Run access(const TestDatabase &db, const QStringList &args, const QString &user = {}) {
    return runDedupctl(QStringList{QStringLiteral("access")} + args +
                       QStringList{QStringLiteral("--db"), db.conninfo(user)});
}

// dedup.access_grants as "login capability workflow scope_prefix" lines, sorted, "*" for
// NULL (all); read as the superuser, past any function of the command under test.
QStringList grants(const TestDatabase &db) {
    QStringList lines;
    auto conn = db.connect();
    if (!conn)
        return {QStringLiteral("cannot connect")};
    const PgResult result = conn->exec(
        QStringLiteral("SELECT login || ' ' || capability || ' ' || coalesce(workflow, '*') || ' '"
                       " || coalesce(scope_prefix, '*') FROM dedup.access_grants ORDER BY 1"));
    if (!result.ok())
        return {result.error().toString()};
    for (int row = 0; row < result.rows(); ++row)
        lines << result.text(row, 0);
    return lines;
}

QString scalar(const TestDatabase &db, const QString &sql) {
    auto conn = db.connect();
    if (!conn)
        return QStringLiteral("cannot connect");
    const PgResult result = conn->exec(sql);
    if (!result.ok() || result.rows() != 1)
        return result.error().toString();
    return result.text(0, 0);
}

// A claim as `login`: "acquired" (or another outcome), or the SQLSTATE of the refusal.
QString claim(const TestDatabase &db, const QString &login, const QString &workflow,
              const QString &scope, const QString &key) {
    auto conn = db.connect(login);
    if (!conn)
        return QStringLiteral("cannot connect");
    PgParams params;
    params.add(scope).add(key).add(workflow);
    const PgResult result = conn->exec(
        QStringLiteral("SELECT outcome FROM dedup.claim(p_scope => $1, p_key => $2,"
                       " p_workflow => $3, p_fingerprint => 'fp', p_worker => 'tst_access')"),
        params);
    if (!result.ok())
        return result.error().sqlState;
    return result.rows() == 1 ? result.text(0, 0) : QStringLiteral("no row");
}

QStringList sorted(QStringList list) {
    list.sort();
    return list;
}

} // namespace

class TestAccess : public QObject {
    Q_OBJECT

private slots:
    void grantListRevokeRoundTrip();
    void grantsTheCrossProduct();
    void repeatedGrantAddsNothing();
    void revokeFilters_data();
    void revokeFilters();
    void revokeWithoutMatchExits1();
    void listJsonMatchesTheStore();
    void listIsAnAlignedTable();
    void controlCharactersAreEscaped();
    void nonOwnerIsRefused_data();
    void nonOwnerIsRefused();
    void badArguments_data();
    void badArguments();
    void unreachableDatabase();
    void grantedWorkerClaimsOnlyInItsScope();
};

void TestAccess::grantListRevokeRoundTrip() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(grants(db), QStringList{});

    const Run granted = access(db, {QStringLiteral("grant"), QStringLiteral("t_worker"),
                                    QStringLiteral("--as"), QStringLiteral("worker"),
                                    QStringLiteral("--workflow"), QStringLiteral("invoice"),
                                    QStringLiteral("--scope-prefix"), QStringLiteral("clinic-1/")});
    QVERIFY2(granted.exitCode == 0, qPrintable(granted.err));
    QCOMPARE(granted.out.trimmed(), QStringLiteral("added 1 grant: t_worker as worker"));
    QCOMPARE(grants(db), QStringList{QStringLiteral("t_worker worker invoice clinic-1/")});
    // who granted it: the session's login, i.e. the superuser the test connects as
    QCOMPARE(scalar(db, QStringLiteral("SELECT granted_by = session_user"
                                       " FROM dedup.access_grants")),
             QStringLiteral("t"));

    const Run listed = access(db, {QStringLiteral("list")});
    QVERIFY2(listed.exitCode == 0, qPrintable(listed.err));
    const QStringList lines = listed.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY2(
        lines.at(1).simplified().startsWith(QStringLiteral("t_worker worker invoice clinic-1/ ")),
        qPrintable(listed.out));
    QVERIFY2(lines.at(2).startsWith(QStringLiteral("1 grant")), qPrintable(listed.out));

    const Run revoked = access(db, {QStringLiteral("revoke"), QStringLiteral("t_worker")});
    QVERIFY2(revoked.exitCode == 0, qPrintable(revoked.err));
    QCOMPARE(revoked.out.trimmed(), QStringLiteral("removed 1 grant of t_worker"));
    QCOMPARE(grants(db), QStringList{});

    const Run empty = access(db, {QStringLiteral("list")});
    QVERIFY2(empty.exitCode == 0, qPrintable(empty.err));
    QVERIFY2(empty.out.startsWith(QStringLiteral("no grants")), qPrintable(empty.out));
    const Run emptyJson = access(db, {QStringLiteral("list"), QStringLiteral("--json")});
    QVERIFY2(emptyJson.exitCode == 0, qPrintable(emptyJson.err));
    QCOMPARE(emptyJson.out.trimmed(), QStringLiteral("[]"));
}

void TestAccess::grantsTheCrossProduct() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // a repeated value counts once
    const Run run = access(
        db, {QStringLiteral("grant"), QStringLiteral("t_operator"), QStringLiteral("--as"),
             QStringLiteral("operator"), QStringLiteral("--workflow"), QStringLiteral("invoice"),
             QStringLiteral("--workflow"), QStringLiteral("booking"), QStringLiteral("--workflow"),
             QStringLiteral("invoice"), QStringLiteral("--scope-prefix"), QStringLiteral("a/"),
             QStringLiteral("--scope-prefix"), QStringLiteral("b/"),
             QStringLiteral("--scope-prefix"), QStringLiteral("c/")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(run.out.trimmed(), QStringLiteral("added 6 grants: t_operator as operator"));
    QStringList expected;
    for (const char *workflow : {"booking", "invoice"})
        for (const char *prefix : {"a/", "b/", "c/"})
            expected << QStringLiteral("t_operator operator %1 %2")
                            .arg(QLatin1String(workflow), QLatin1String(prefix));
    QCOMPARE(grants(db), expected);

    // workflows alone: every scope; prefixes alone: every workflow
    const Run workflows =
        access(db, {QStringLiteral("grant"), QStringLiteral("t_viewer"), QStringLiteral("--as"),
                    QStringLiteral("viewer"), QStringLiteral("--workflow"), QStringLiteral("lab")});
    QVERIFY2(workflows.exitCode == 0, qPrintable(workflows.err));
    const Run prefixes =
        access(db, {QStringLiteral("grant"), QStringLiteral("t_viewer"), QStringLiteral("--as"),
                    QStringLiteral("viewer"), QStringLiteral("--scope-prefix"),
                    QStringLiteral("x/"), QStringLiteral("--scope-prefix"), QStringLiteral("y/")});
    QVERIFY2(prefixes.exitCode == 0, qPrintable(prefixes.err));
    QCOMPARE(prefixes.out.trimmed(), QStringLiteral("added 2 grants: t_viewer as viewer"));
    expected << QStringLiteral("t_viewer viewer * x/") << QStringLiteral("t_viewer viewer * y/")
             << QStringLiteral("t_viewer viewer lab *");
    QCOMPARE(grants(db), sorted(expected));
}

void TestAccess::repeatedGrantAddsNothing() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QStringList all{QStringLiteral("grant"), QStringLiteral("t_viewer"),
                          QStringLiteral("--as"), QStringLiteral("viewer")};
    QVERIFY(access(db, all).exitCode == 0);
    const Run again = access(db, all);
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(again.out.trimmed(),
             QStringLiteral("no new grants: t_viewer already had this viewer grant"));
    QCOMPARE(grants(db), QStringList{QStringLiteral("t_viewer viewer * *")});

    const QStringList two{QStringLiteral("grant"),      QStringLiteral("t_worker"),
                          QStringLiteral("--as"),       QStringLiteral("worker"),
                          QStringLiteral("--workflow"), QStringLiteral("a"),
                          QStringLiteral("--workflow"), QStringLiteral("b")};
    QVERIFY(access(db, two).exitCode == 0);
    const Run twoAgain = access(db, two);
    QVERIFY2(twoAgain.exitCode == 0, qPrintable(twoAgain.err));
    QCOMPARE(twoAgain.out.trimmed(),
             QStringLiteral("no new grants: t_worker already had all 2 of these worker grants"));
    // partly new: says how many existed
    const Run partly =
        access(db, two + QStringList{QStringLiteral("--workflow"), QStringLiteral("c")});
    QVERIFY2(partly.exitCode == 0, qPrintable(partly.err));
    QCOMPARE(partly.out.trimmed(),
             QStringLiteral("added 1 grant: t_worker as worker (2 of the 3 existed already)"));
    QCOMPARE(grants(db).size(), 4);
}

void TestAccess::revokeFilters_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("removed");
    // The grants every row starts from (see revokeFilters()).
    const QString all = QStringLiteral("t_worker viewer * *");
    const QString wa1 = QStringLiteral("t_worker worker a p1/");
    const QString wa2 = QStringLiteral("t_worker worker a p2/");
    const QString wb1 = QStringLiteral("t_worker worker b p1/");
    const QString wb2 = QStringLiteral("t_worker worker b p2/");
    const QString anyA = QStringLiteral("t_worker worker a *");
    QTest::newRow("everything of the login")
        << QStringList{} << QStringList{all, wa1, wa2, wb1, wb2, anyA};
    QTest::newRow("--as worker") << QStringList{QStringLiteral("--as"), QStringLiteral("worker")}
                                 << QStringList{wa1, wa2, wb1, wb2, anyA};
    QTest::newRow("--as viewer") << QStringList{QStringLiteral("--as"), QStringLiteral("viewer")}
                                 << QStringList{all};
    // a workflow filter matches grants naming it, never the grant for every workflow
    QTest::newRow("--workflow a") << QStringList{QStringLiteral("--workflow"), QStringLiteral("a")}
                                  << QStringList{wa1, wa2, anyA};
    QTest::newRow("--scope-prefix p1/")
        << QStringList{QStringLiteral("--scope-prefix"), QStringLiteral("p1/")}
        << QStringList{wa1, wb1};
    QTest::newRow("--workflow b --scope-prefix p2/")
        << QStringList{QStringLiteral("--workflow"), QStringLiteral("b"),
                       QStringLiteral("--scope-prefix"), QStringLiteral("p2/")}
        << QStringList{wb2};
    QTest::newRow("two workflows, two prefixes")
        << QStringList{QStringLiteral("--workflow"),     QStringLiteral("a"),
                       QStringLiteral("--workflow"),     QStringLiteral("b"),
                       QStringLiteral("--scope-prefix"), QStringLiteral("p1/"),
                       QStringLiteral("--scope-prefix"), QStringLiteral("p2/")}
        << QStringList{wa1, wa2, wb1, wb2};
    QTest::newRow("--as viewer --workflow a")
        << QStringList{QStringLiteral("--as"), QStringLiteral("viewer"),
                       QStringLiteral("--workflow"), QStringLiteral("a")}
        << QStringList{};
}

void TestAccess::revokeFilters() {
    QFETCH(QStringList, args);
    QFETCH(QStringList, removed);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // access_grant makes t_worker a member of dedup_viewer on the whole test cluster, and a
    // revoke keeps the membership: give it back, or later tests that check what a worker
    // login cannot read would depend on the order ctest runs them in.
    struct Membership {
        const TestDatabase &db;
        ~Membership() { db.exec(QStringLiteral("REVOKE dedup_viewer FROM t_worker")); }
    } restore{db};
    QString error = db.grant(QStringLiteral("t_worker"), QStringLiteral("viewer"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = db.grant(QStringLiteral("t_worker"), QStringLiteral("worker"),
                     {QStringLiteral("a"), QStringLiteral("b")},
                     {QStringLiteral("p1/"), QStringLiteral("p2/")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = db.grant(QStringLiteral("t_worker"), QStringLiteral("worker"), {QStringLiteral("a")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // another login's grants are never touched
    error = db.grant(QStringLiteral("t_viewer"), QStringLiteral("viewer"), {QStringLiteral("a")},
                     {QStringLiteral("p1/")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QStringList before = grants(db);
    QCOMPARE(before.size(), 7);

    const Run run =
        access(db, QStringList{QStringLiteral("revoke"), QStringLiteral("t_worker")} + args);
    QStringList expected = before;
    for (const QString &line : removed)
        expected.removeOne(line);
    QCOMPARE(grants(db), expected);
    if (removed.isEmpty()) {
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out.trimmed(),
                 QStringLiteral("no grant of t_worker matched: nothing was removed"));
    } else {
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(run.out.trimmed(),
                 removed.size() == 1
                     ? QStringLiteral("removed 1 grant of t_worker")
                     : QStringLiteral("removed %1 grants of t_worker").arg(removed.size()));
    }
}

void TestAccess::revokeWithoutMatchExits1() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // a login with no grants at all, and one that does not exist: the same answer
    for (const char *login : {"t_operator", "no_such_login"}) {
        const Run run = access(db, {QStringLiteral("revoke"), QLatin1String(login)});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.out.contains(QStringLiteral("nothing was removed")), qPrintable(run.out));
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
    }
}

void TestAccess::listJsonMatchesTheStore() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QVERIFY(access(db, {QStringLiteral("grant"), QStringLiteral("t_viewer"), QStringLiteral("--as"),
                        QStringLiteral("viewer")})
                .exitCode == 0);
    QVERIFY(access(db, {QStringLiteral("grant"), QStringLiteral("t_worker"), QStringLiteral("--as"),
                        QStringLiteral("worker"), QStringLiteral("--workflow"),
                        QStringLiteral("invoice"), QStringLiteral("--scope-prefix"),
                        QStringLiteral("clinic-1/"), QStringLiteral("--scope-prefix"),
                        QStringLiteral("clinic-2/")})
                .exitCode == 0);
    QVERIFY(access(db, {QStringLiteral("grant"), QStringLiteral("t_operator"),
                        QStringLiteral("--as"), QStringLiteral("operator"),
                        QStringLiteral("--scope-prefix"), QStringLiteral("lab/")})
                .exitCode == 0);

    const Run run = access(db, {QStringLiteral("list"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(run.out.toUtf8(), &parseError);
    QVERIFY2(parseError.error == QJsonParseError::NoError, qPrintable(run.out));
    QVERIFY(doc.isArray());
    const QJsonArray array = doc.array();

    // The same rows in the same order as the table, read directly.
    auto conn = db.connect();
    QVERIFY(conn);
    const PgResult rows = conn->exec(QStringLiteral(
        "SELECT login, capability, workflow, scope_prefix, granted_by,"
        " extract(epoch FROM granted_at)::float8 AS epoch FROM dedup.access_grants"
        " ORDER BY login, capability, workflow NULLS FIRST, scope_prefix NULLS FIRST"));
    QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
    QCOMPARE(array.size(), rows.rows());
    QCOMPARE(array.size(), 4);
    const QStringList keys{QStringLiteral("capability"),   QStringLiteral("granted_at"),
                           QStringLiteral("granted_by"),   QStringLiteral("login"),
                           QStringLiteral("scope_prefix"), QStringLiteral("workflow")};
    for (int row = 0; row < rows.rows(); ++row) {
        const QJsonObject grant = array.at(row).toObject();
        QCOMPARE(sorted(grant.keys()), keys);
        QCOMPARE(grant.value(QStringLiteral("login")).toString(), rows.text(row, "login"));
        QCOMPARE(grant.value(QStringLiteral("capability")).toString(),
                 rows.text(row, "capability"));
        for (const char *column : {"workflow", "scope_prefix"}) {
            const QJsonValue value = grant.value(QLatin1String(column));
            if (rows.isNull(row, column))
                QVERIFY2(value.isNull(), column);
            else
                QCOMPARE(value.toString(), rows.text(row, column));
        }
        QCOMPARE(grant.value(QStringLiteral("granted_by")).toString(),
                 rows.text(row, "granted_by"));
        const QString at = grant.value(QStringLiteral("granted_at")).toString();
        QVERIFY2(at.endsWith(QLatin1Char('Z')), qPrintable(at)); // UTC
        const QDateTime parsed = QDateTime::fromString(at, Qt::ISODateWithMs);
        QVERIFY2(parsed.isValid(), qPrintable(at));
        const double epoch = rows.toDouble(row, rows.column("epoch"));
        QVERIFY2(qAbs(parsed.toMSecsSinceEpoch() - qint64(epoch * 1000)) <= 1, qPrintable(at));
    }
    QVERIFY(array.at(0).toObject().value(QStringLiteral("workflow")).isNull()); // t_operator
    QCOMPARE(array.at(0).toObject().value(QStringLiteral("scope_prefix")).toString(),
             QStringLiteral("lab/"));
}

void TestAccess::listIsAnAlignedTable() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QString error = db.grant(QStringLiteral("t_operator"), QStringLiteral("operator"),
                             {QStringLiteral("a-rather-long-workflow-name")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error =
        db.grant(QStringLiteral("t_viewer"), QStringLiteral("viewer"), {}, {QStringLiteral("x/")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const Run run = access(db, {QStringLiteral("list")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines.at(0).startsWith(QStringLiteral("LOGIN")), qPrintable(run.out));
    // every column starts at the header's offset
    for (const char *title :
         {"CAPABILITY", "WORKFLOW", "SCOPE PREFIX", "GRANTED BY", "GRANTED AT"}) {
        const qsizetype column = lines.at(0).indexOf(QLatin1String(title));
        QVERIFY(column > 0);
        for (int line = 1; line <= 2; ++line) {
            QVERIFY2(lines.at(line).at(column) != QLatin1Char(' ') &&
                         lines.at(line).at(column - 1) == QLatin1Char(' '),
                     qPrintable(run.out));
        }
    }
    const QStringList op = lines.at(1).simplified().split(QLatin1Char(' '));
    QCOMPARE(op.mid(0, 4),
             (QStringList{QStringLiteral("t_operator"), QStringLiteral("operator"),
                          QStringLiteral("a-rather-long-workflow-name"), QStringLiteral("*")}));
    QVERIFY2(lines.at(1).endsWith(QStringLiteral(" UTC")), qPrintable(lines.at(1)));
    const QStringList viewer = lines.at(2).simplified().split(QLatin1Char(' '));
    QCOMPARE(viewer.mid(0, 4), (QStringList{QStringLiteral("t_viewer"), QStringLiteral("viewer"),
                                            QStringLiteral("*"), QStringLiteral("x/")}));
    QCOMPARE(lines.at(3), QStringLiteral("2 grants; * means every workflow or every scope"));
}

void TestAccess::controlCharactersAreEscaped() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // ESC [ 2 J clears the screen; U+009B is a one-character CSI; U+202E reverses the text
    // after it; a newline would forge a row of the table.
    const QString workflow = QStringLiteral("wf\x1b[2J\x1b]0;owned\x07");
    const QString prefix = QString::fromUtf8("p\xc2\x9b"
                                             "31m\xe2\x80\xae/\nt_root operator");
    const Run granted =
        access(db, {QStringLiteral("grant"), QStringLiteral("t_worker"), QStringLiteral("--as"),
                    QStringLiteral("worker"), QStringLiteral("--workflow"), workflow,
                    QStringLiteral("--scope-prefix"), prefix});
    QVERIFY2(granted.exitCode == 0, qPrintable(granted.err));
    QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM dedup.access_grants WHERE workflow = "
                                       "'wf' || chr(27) || '[2J' || chr(27) || ']0;owned' || "
                                       "chr(7) AND scope_prefix = 'p' || chr(155) || '31m' || "
                                       "chr(8238) || '/' || chr(10) || 't_root operator'")),
             QStringLiteral("1"));

    auto clean = [](const QString &text) {
        for (const QChar ch : text) {
            const char16_t c = ch.unicode();
            if ((c < 0x20 && c != u'\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x202e)
                return false;
        }
        return true;
    };
    const Run listed = access(db, {QStringLiteral("list")});
    QVERIFY2(listed.exitCode == 0, qPrintable(listed.err));
    QVERIFY2(clean(listed.out), listed.out.toUtf8().toHex().constData());
    QVERIFY2(listed.out.contains(QStringLiteral("wf\\e[2J\\e]0;owned\\x07")),
             qPrintable(listed.out));
    QVERIFY2(listed.out.contains(QStringLiteral("p\\x9b31m\\u{202E}/\\nt_root operator")),
             qPrintable(listed.out));
    QCOMPARE(listed.out.count(QLatin1Char('\n')), 3); // header, one row, count

    // JSON escapes them too, and still gives the exact values back
    const Run json = access(db, {QStringLiteral("list"), QStringLiteral("--json")});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    QVERIFY2(clean(json.out), json.out.toUtf8().toHex().constData());
    const QJsonObject row = QJsonDocument::fromJson(json.out.toUtf8()).array().at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("workflow")).toString(), workflow);
    QCOMPARE(row.value(QStringLiteral("scope_prefix")).toString(), prefix);

    // values echoed from the command line and from server errors
    const Run unknown = access(db, {QStringLiteral("grant"), QStringLiteral("no\x1b[31mbody"),
                                    QStringLiteral("--as"), QStringLiteral("worker")});
    QCOMPARE(unknown.exitCode, 4);
    QVERIFY2(clean(unknown.err), unknown.err.toUtf8().toHex().constData());
    QVERIFY2(unknown.err.contains(QStringLiteral("no\\e[31mbody")), qPrintable(unknown.err));
    const Run verb = access(db, {QStringLiteral("gr\x1b[2Jant")});
    QCOMPARE(verb.exitCode, 2);
    QVERIFY2(clean(verb.err), verb.err.toUtf8().toHex().constData());
}

void TestAccess::nonOwnerIsRefused_data() {
    QTest::addColumn<QString>("login");
    QTest::addColumn<QStringList>("args");
    const QStringList commands[] = {
        {QStringLiteral("grant"), QStringLiteral("t_worker"), QStringLiteral("--as"),
         QStringLiteral("operator")},
        {QStringLiteral("revoke"), QStringLiteral("t_viewer")},
        {QStringLiteral("list")},
        {QStringLiteral("list"), QStringLiteral("--json")},
    };
    for (const char *login : {"t_operator", "t_worker", "t_viewer"})
        for (const QStringList &args : commands)
            QTest::newRow(qPrintable(
                QStringLiteral("%1 %2").arg(QLatin1String(login), args.join(QLatin1Char(' ')))))
                << QString::fromLatin1(login) << args;
}

void TestAccess::nonOwnerIsRefused() {
    QFETCH(QString, login);
    QFETCH(QStringList, args);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    // Even an operator of everything is not the owner: grants are the owner's alone.
    QString error = db.grantTestLogins();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QStringList before = grants(db);
    QCOMPARE(before.size(), 3);
    const Run run = access(db, args, login);
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QStringLiteral("only the store owner manages grants")),
             qPrintable(run.err));
    QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
    QCOMPARE(grants(db), before);
}

void TestAccess::badArguments_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString grant = QStringLiteral("grant");
    const QString revoke = QStringLiteral("revoke");
    const QString role = QStringLiteral("t_worker");
    const QString as = QStringLiteral("--as");
    const QString worker = QStringLiteral("worker");
    const QString workflow = QStringLiteral("--workflow");
    const QString prefix = QStringLiteral("--scope-prefix");
    QTest::newRow("no subcommand") << QStringList{} << QStringLiteral("missing subcommand");
    QTest::newRow("unknown subcommand")
        << QStringList{QStringLiteral("add")} << QStringLiteral("unknown subcommand 'add'");
    QTest::newRow("grant without role") << QStringList{grant} << QStringLiteral("missing ROLE");
    QTest::newRow("grant without role, with --as")
        << QStringList{grant, as, worker} << QStringLiteral("missing ROLE");
    QTest::newRow("revoke without role") << QStringList{revoke} << QStringLiteral("missing ROLE");
    QTest::newRow("empty role") << QStringList{grant, QString(), as, worker}
                                << QStringLiteral("ROLE must not be empty");
    QTest::newRow("two roles") << QStringList{grant, role, QStringLiteral("t_viewer"), as, worker}
                               << QStringLiteral("unexpected argument 't_viewer'");
    QTest::newRow("grant without --as")
        << QStringList{grant, role} << QStringLiteral("missing --as");
    QTest::newRow("grant --as admin") << QStringList{grant, role, as, QStringLiteral("admin")}
                                      << QStringLiteral("invalid --as 'admin'");
    QTest::newRow("grant --as empty")
        << QStringList{grant, role, as, QString()} << QStringLiteral("invalid --as ''");
    QTest::newRow("revoke --as owner") << QStringList{revoke, role, as, QStringLiteral("owner")}
                                       << QStringLiteral("invalid --as 'owner'");
    QTest::newRow("--as twice") << QStringList{grant,  role, as,
                                               worker, as,   QStringLiteral("viewer")}
                                << QStringLiteral("give --as once");
    QTest::newRow("empty --workflow") << QStringList{grant, role, as, worker, workflow, QString()}
                                      << QStringLiteral("--workflow must not be empty");
    QTest::newRow("blank --workflow") << QStringList{grant,    role,
                                                     as,       worker,
                                                     workflow, QStringLiteral("a"),
                                                     workflow, QStringLiteral("  ")}
                                      << QStringLiteral("--workflow must not be empty");
    QTest::newRow("empty --scope-prefix") << QStringList{grant, role, as, worker, prefix, QString()}
                                          << QStringLiteral("--scope-prefix must not be empty");
    QTest::newRow("revoke empty --workflow") << QStringList{revoke, role, workflow, QString()}
                                             << QStringLiteral("--workflow must not be empty");
    QTest::newRow("revoke empty --scope-prefix")
        << QStringList{revoke, role, prefix, QString()}
        << QStringLiteral("--scope-prefix must not be empty");
    QTest::newRow("--workflow *") << QStringList{grant,  role,     as,
                                                 worker, workflow, QStringLiteral("*")}
                                  << QStringLiteral("--workflow '*' is not a workflow");
    QTest::newRow("revoke --scope-prefix *")
        << QStringList{revoke, role, prefix, QStringLiteral("*")}
        << QStringLiteral("--scope-prefix '*' is not a prefix");
    QTest::newRow("grant --json") << QStringList{grant, role, as, worker, QStringLiteral("--json")}
                                  << QStringLiteral("--json applies to list only");
    QTest::newRow("list with a role") << QStringList{QStringLiteral("list"), role}
                                      << QStringLiteral("unexpected argument 't_worker'");
    QTest::newRow("list --as") << QStringList{QStringLiteral("list"), as, worker}
                               << QStringLiteral("--as applies to grant and revoke only");
    QTest::newRow("unknown option")
        << QStringList{grant, role, as, worker, QStringLiteral("--scope")}
        << QStringLiteral("Unknown option 'scope'");
}

void TestAccess::badArguments() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QString error =
        db.grant(QStringLiteral("t_worker"), QStringLiteral("worker"), {QStringLiteral("a")});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QStringList before = grants(db);
    // a valid --db: if the command line were not refused first, it would reach the store
    const Run run = access(db, args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
    QCOMPARE(grants(db), before);
}

void TestAccess::unreachableDatabase() {
    const Run run =
        runDedupctl({QStringLiteral("access"), QStringLiteral("list"), QStringLiteral("--db"),
                     QStringLiteral("host=/nonexistent port=1 connect_timeout=2")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("cannot connect")), qPrintable(run.err));
}

void TestAccess::grantedWorkerClaimsOnlyInItsScope() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString inScope = QStringLiteral("clinic-1/visit-7");
    const QString invoice = QStringLiteral("invoice");
    // no grant yet: the group role's EXECUTE alone permits nothing
    QCOMPARE(claim(db, QStringLiteral("t_worker"), invoice, inScope, QStringLiteral("k0")),
             QStringLiteral("DD010"));

    const Run granted =
        access(db, {QStringLiteral("grant"), QStringLiteral("t_worker"), QStringLiteral("--as"),
                    QStringLiteral("worker"), QStringLiteral("--workflow"), invoice,
                    QStringLiteral("--scope-prefix"), QStringLiteral("clinic-1/")});
    QVERIFY2(granted.exitCode == 0, qPrintable(granted.err));
    QCOMPARE(claim(db, QStringLiteral("t_worker"), invoice, inScope, QStringLiteral("k1")),
             QStringLiteral("acquired"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT lease_login FROM dedup.runs WHERE idem_key = 'k1'")),
             QStringLiteral("t_worker"));
    // another scope, a scope that only looks similar, another workflow: refused, nothing made
    QCOMPARE(claim(db, QStringLiteral("t_worker"), invoice, QStringLiteral("clinic-2/visit-7"),
                   QStringLiteral("k2")),
             QStringLiteral("DD010"));
    QCOMPARE(claim(db, QStringLiteral("t_worker"), invoice, QStringLiteral("clinic-10/visit-7"),
                   QStringLiteral("k3")),
             QStringLiteral("DD010"));
    QCOMPARE(claim(db, QStringLiteral("t_worker"), QStringLiteral("booking"), inScope,
                   QStringLiteral("k4")),
             QStringLiteral("DD010"));
    // a worker grant is not someone else's
    QCOMPARE(claim(db, QStringLiteral("t_operator"), invoice, inScope, QStringLiteral("k5")),
             QStringLiteral("42501"));
    QCOMPARE(scalar(db, QStringLiteral("SELECT string_agg(idem_key, ',') FROM dedup.runs")),
             QStringLiteral("k1"));

    // revoked: refused again
    const Run revoked = access(db, {QStringLiteral("revoke"), QStringLiteral("t_worker"),
                                    QStringLiteral("--as"), QStringLiteral("worker")});
    QVERIFY2(revoked.exitCode == 0, qPrintable(revoked.err));
    QCOMPARE(claim(db, QStringLiteral("t_worker"), invoice, inScope, QStringLiteral("k6")),
             QStringLiteral("DD010"));
}

QTEST_GUILESS_MAIN(TestAccess)
#include "tst_access.moc"
