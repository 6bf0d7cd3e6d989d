// dedupctl pause, resume and workflows, black-box against a private PostgreSQL (docs/CLI.md):
// a pause shows in `workflows` and makes `claim` answer `paused` until it is resumed; a second
// pause updates, a resume of nothing says so (exit 1) and writes nothing; a scope prefix pauses
// only its runs; bad command lines and logins without an operator grant change nothing; the
// --json forms carry the documented fields; hostile workflow names and reasons reach the
// terminal escaped.
#include "../store/OperatorTestHelpers.h"
#include "DedupctlRun.h"
#include "TestDatabase.h"
#include "core/DisplayText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

namespace {

const QString Operator = QStringLiteral("t_operator");
const QString Viewer = QStringLiteral("t_viewer");

DedupctlRun dedupctl(const TestDatabase &db, const QString &command, const QStringList &args,
                     const QString &user = Operator) {
    return runDedupctl(QStringList{command, QStringLiteral("--db"), db.conninfo(user)} + args);
}

// What a worker's claim of a new key in `scope` answers: "outcome|run_id|retry_after_seconds".
QString claimNew(PgConnection &su, const QString &key,
                 const QString &scope = QStringLiteral("test"),
                 const QString &workflow = QStringLiteral("wf")) {
    PgParams params;
    params.add(scope).add(key).add(workflow);
    const PgResult claimed =
        su.exec(QStringLiteral("SELECT outcome, run_id, result->>'retry_after_seconds' AS retry"
                               " FROM dedup.claim(p_scope => $1, p_key => $2, p_workflow => $3,"
                               " p_fingerprint => 'fp', p_worker => 'w', p_steps => '{a}')"),
                params);
    if (!claimed.ok())
        return claimed.error().toString();
    return QStringLiteral("%1|%2|%3")
        .arg(claimed.text(0, "outcome"), claimed.text(0, "run_id"), claimed.text(0, "retry"));
}

qint64 auditRows(PgConnection &su) {
    return optest::scalar(su, QStringLiteral("SELECT count(*) FROM dedup.audit_log"));
}

qint64 pauseRows(PgConnection &su) {
    return optest::scalar(su, QStringLiteral("SELECT count(*) FROM dedup.workflow_pauses"));
}

// The lines of `workflows`' table whose first cell is `workflow`.
QStringList rowsOf(const QString &out, const QString &workflow) {
    QStringList rows;
    for (const QString &line : out.split(u'\n')) {
        if (line.startsWith(workflow + QStringLiteral("  ")))
            rows << line;
    }
    return rows;
}

// The cells of a table line (cells are separated by at least two spaces).
QStringList cells(const QString &line) {
    static const QRegularExpression gap(QStringLiteral(" {2,}"));
    return line.split(gap);
}

// Why `text` must not reach a terminal as it is, or empty (tst_hostileoutput's rule).
QString unsafeForTerminal(const QString &text) {
    for (const char32_t c : text.toUcs4()) {
        if ((c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f) ||
            (c != '\n' && dedup::core::DisplayText::isDeceptive(c)))
            return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0'));
    }
    return {};
}

} // namespace

class TestWorkflows : public QObject {
    Q_OBJECT

private slots:
    void helpListsTheCommands();
    void pauseShowsAndRefusesClaimsUntilResumed();
    void pauseAgainUpdatesAndKeepsTheTime();
    void scopePrefixPausesItsRunsOnly();
    void workflowsCountsTheRuns();
    void badCommandLinesSendNothing_data();
    void badCommandLinesSendNothing();
    void loginsWithoutAnOperatorGrantAreRefused();
    void jsonCarriesTheDocumentedFields();
    void hostileNamesAndReasonsAreEscaped();
};

void TestWorkflows::helpListsTheCommands() {
    DedupctlRun r = runDedupctl({QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    for (const char *name : {"\n  pause ", "\n  resume ", "\n  workflows "})
        QVERIFY2(r.out.contains(QLatin1String(name)), qPrintable(r.out));
    r = runDedupctl({QStringLiteral("pause"), QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    for (const char *option : {"--reason", "--scope-prefix", "--stop-steps", "--retry-after",
                               "--json", "dedupctl pause [options] workflow"})
        QVERIFY2(r.out.contains(QLatin1String(option)), qPrintable(r.out));
    r = runDedupctl({QStringLiteral("resume"), QStringLiteral("--help")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(!r.out.contains(QLatin1String("--stop-steps")), qPrintable(r.out));
}

void TestWorkflows::pauseShowsAndRefusesClaimsUntilResumed() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("processing"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    DedupctlRun r = dedupctl(db, QStringLiteral("pause"),
                             {QStringLiteral("wf"), QStringLiteral("--reason"),
                              QStringLiteral("provider outage"), QStringLiteral("--stop-steps"),
                              QStringLiteral("--retry-after"), QStringLiteral("120")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(QRegularExpression(
                 QStringLiteral("^paused wf for every scope: claims answer \"paused\" \\(retry "
                                "after 120 s\\); runs in flight stop before their next step "
                                "\\(audit row \\d+\\)\n$"))
                 .match(r.out)
                 .hasMatch(),
             qPrintable(r.out));
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT action || '|' || reason || '|' || db_role"
                                              " FROM dedup.audit_log")),
             QStringLiteral("op_pause_workflow|provider outage|t_operator"));

    // The viewer sees it.
    r = dedupctl(db, QStringLiteral("workflows"), {}, Viewer);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QStringList rows = rowsOf(r.out, QStringLiteral("wf"));
    QCOMPARE(rows.size(), 1);
    QStringList row = cells(rows.first());
    QCOMPARE(row.value(1), QStringLiteral("paused"));
    QCOMPARE(row.value(7), QStringLiteral("*"));
    QVERIFY2(row.value(8).endsWith(QLatin1String(" UTC")), qPrintable(rows.first()));
    QCOMPARE(row.mid(9),
             (QStringList{Operator, QStringLiteral("yes"), QStringLiteral("provider outage")}));
    QVERIFY2(r.out.contains(QLatin1String("1 workflow, 1 paused")), qPrintable(r.out));

    // A worker's claim of a new key: paused, no run, the hint.
    QCOMPARE(claimNew(*su, QStringLiteral("new-1")), QStringLiteral("paused||120"));
    QCOMPARE(optest::scalar(*su, QStringLiteral("SELECT count(*) FROM dedup.runs")), 1);

    r = dedupctl(
        db, QStringLiteral("resume"),
        {QStringLiteral("wf"), QStringLiteral("--reason"), QStringLiteral("provider back")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(QRegularExpression(
                 QStringLiteral("^resumed wf for every scope \\(paused since \\d{4}-\\d\\d-\\d\\d "
                                "\\d\\d:\\d\\d:\\d\\d UTC by t_operator\\): claims acquire again "
                                "and waiting continuations are taken \\(audit row \\d+\\)\n$"))
                 .match(r.out)
                 .hasMatch(),
             qPrintable(r.out));
    r = dedupctl(db, QStringLiteral("workflows"), {}, Viewer);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    rows = rowsOf(r.out, QStringLiteral("wf"));
    QCOMPARE(rows.size(), 1);
    row = cells(rows.first());
    QCOMPARE(row.value(1), QStringLiteral("running"));
    QCOMPARE(row.mid(7), (QStringList(5, QStringLiteral("-"))));
    QVERIFY(claimNew(*su, QStringLiteral("new-1")).startsWith(QLatin1String("acquired|")));

    // Resumed already: nothing to resume, nothing written, exit 1.
    const qint64 audited = auditRows(*su);
    r = dedupctl(db, QStringLiteral("resume"),
                 {QStringLiteral("wf"), QStringLiteral("--reason"), QStringLiteral("again")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QStringLiteral("wf is not paused for every scope: nothing was resumed\n"));
    QCOMPARE(auditRows(*su), audited);
}

void TestWorkflows::pauseAgainUpdatesAndKeepsTheTime() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    DedupctlRun r =
        dedupctl(db, QStringLiteral("pause"),
                 {QStringLiteral("wf"), QStringLiteral("--reason"), QStringLiteral("first")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(QLatin1String("runs in flight finish their steps")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("retry after 60 s")), qPrintable(r.out));
    // Aged by the owner, so that "kept" is visible.
    QCOMPARE(db.exec(QStringLiteral("UPDATE dedup.workflow_pauses SET paused_at ="
                                    " '2026-01-02 03:04:05+00'")),
             QString());
    r = dedupctl(db, QStringLiteral("pause"),
                 {QStringLiteral("wf"), QStringLiteral("--reason"), QStringLiteral("second"),
                  QStringLiteral("--stop-steps")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.startsWith(QLatin1String("updated the pause of wf for every scope (paused since "
                                            "2026-01-02 03:04:05 UTC): ")),
             qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("stop before their next step")), qPrintable(r.out));
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT reason || '|' || stop_steps FROM"
                                              " dedup.workflow_pauses")),
             QStringLiteral("second|true"));
    QCOMPARE(auditRows(*su), 2);
}

void TestWorkflows::scopePrefixPausesItsRunsOnly() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    DedupctlRun r = dedupctl(db, QStringLiteral("pause"),
                             {QStringLiteral("wf"), QStringLiteral("--scope-prefix"),
                              QStringLiteral("clinic-1/"), QStringLiteral("--reason"),
                              QStringLiteral("clinic 1's provider is down")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.startsWith(QLatin1String("paused wf for scope prefix \"clinic-1/\": ")),
             qPrintable(r.out));
    QCOMPARE(claimNew(*su, QStringLiteral("k"), QStringLiteral("clinic-1/a")),
             QStringLiteral("paused||60"));
    QVERIFY(claimNew(*su, QStringLiteral("k"), QStringLiteral("clinic-2/a"))
                .startsWith(QLatin1String("acquired|")));
    QVERIFY(
        claimNew(*su, QStringLiteral("k"), QStringLiteral("clinic-1/a"), QStringLiteral("other"))
            .startsWith(QLatin1String("acquired|")));

    r = dedupctl(db, QStringLiteral("workflows"), {}, Viewer);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList rows = rowsOf(r.out, QStringLiteral("wf"));
    QCOMPARE(rows.size(), 1);
    QCOMPARE(cells(rows.first()).value(7), QStringLiteral("clinic-1/"));
    QCOMPARE(cells(rowsOf(r.out, QStringLiteral("other")).value(0)).value(1),
             QStringLiteral("running"));

    // A resume of every scope finds nothing, and says which prefix is paused.
    r = dedupctl(db, QStringLiteral("resume"),
                 {QStringLiteral("wf"), QStringLiteral("--reason"), QStringLiteral("back")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QStringLiteral("wf is not paused for every scope: nothing was resumed\n"
                                   "wf is paused for scope prefix \"clinic-1/\" (resume that with "
                                   "--scope-prefix, or none for every scope)\n"));
    QCOMPARE(pauseRows(*su), 1);
    r = dedupctl(db, QStringLiteral("resume"),
                 {QStringLiteral("wf"), QStringLiteral("--scope-prefix"),
                  QStringLiteral("clinic-1/"), QStringLiteral("--reason"), QStringLiteral("back")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QCOMPARE(pauseRows(*su), 0);
}

void TestWorkflows::workflowsCountsTheRuns() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    for (const auto &[state, key] :
         {std::pair{"processing", "k1"}, std::pair{"processing_expired", "k2"},
          std::pair{"failed", "k3"}, std::pair{"manual_review", "k4"}, std::pair{"succeeded", "k5"},
          std::pair{"failed", "k6"}}) {
        const optest::PreparedRun run =
            optest::prepareRun(*su, QLatin1String(state), QLatin1String(key));
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    }
    // An hour and a half old: not in the last hour (the window starts on a 5-minute boundary
    // at most 5 minutes earlier).
    QCOMPARE(db.exec(QStringLiteral("UPDATE dedup.runs SET created_at = now() - interval '90"
                                    " minutes' WHERE idem_key = 'k6'")),
             QString());
    const DedupctlRun r = dedupctl(db, QStringLiteral("workflows"), {}, Viewer);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3); // header, wf, the count line
    QCOMPARE(cells(lines.first()).mid(0, 7),
             (QStringList{QStringLiteral("WORKFLOW"), QStringLiteral("STATE"),
                          QStringLiteral("PROCESSING"), QStringLiteral("STUCK"),
                          QStringLiteral("FAILED"), QStringLiteral("IN REVIEW"),
                          QStringLiteral("LAST HOUR")}));
    // processing 2 (one stuck), failed 2, in review 1, created in the last hour 5 of 6.
    QCOMPARE(cells(lines.at(1)).mid(0, 7),
             (QStringList{QStringLiteral("wf"), QStringLiteral("running"), QStringLiteral("2"),
                          QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("1"),
                          QStringLiteral("5")}));
    QVERIFY2(lines.at(2).startsWith(QLatin1String("1 workflow, 0 paused; last hour: runs created "
                                                  "since ")),
             qPrintable(lines.at(2)));

    // An empty store.
    TestDatabase empty;
    QVERIFY2(empty.isValid(), qPrintable(empty.error()));
    const DedupctlRun none =
        runDedupctl({QStringLiteral("workflows"), QStringLiteral("--db"), empty.conninfo()});
    QCOMPARE(none.exitCode, 0);
    QCOMPARE(none.out, QStringLiteral("no workflows\n"));
}

void TestWorkflows::badCommandLinesSendNothing_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString reason = QStringLiteral("--reason");
    const QString wf = QStringLiteral("wf");
    QTest::newRow("no reason") << QStringList{QStringLiteral("pause"), wf}
                               << QStringLiteral("dedupctl pause: --reason is required");
    QTest::newRow("blank reason") << QStringList{QStringLiteral("pause"), wf, reason,
                                                 QStringLiteral(" \t ")}
                                  << QStringLiteral("dedupctl pause: --reason is required");
    QTest::newRow("resume, blank reason")
        << QStringList{QStringLiteral("resume"), wf, reason, QString()}
        << QStringLiteral("dedupctl resume: --reason is required");
    QTest::newRow("no workflow") << QStringList{QStringLiteral("pause"), reason,
                                                QStringLiteral("x")}
                                 << QStringLiteral("give the workflow's name");
    QTest::newRow("two workflows")
        << QStringList{QStringLiteral("resume"), wf, QStringLiteral("other"), reason,
                       QStringLiteral("x")}
        << QStringLiteral("unexpected argument 'other'");
    QTest::newRow("blank workflow")
        << QStringList{QStringLiteral("pause"), QStringLiteral(" "), reason, QStringLiteral("x")}
        << QStringLiteral("the workflow's name is empty");
    QTest::newRow("empty prefix") << QStringList{QStringLiteral("pause"),
                                                 wf,
                                                 QStringLiteral("--scope-prefix"),
                                                 QString(),
                                                 reason,
                                                 QStringLiteral("x")}
                                  << QStringLiteral("--scope-prefix must not be empty");
    QTest::newRow("star prefix")
        << QStringList{QStringLiteral("resume"), wf,     QStringLiteral("--scope-prefix"),
                       QStringLiteral("*"),      reason, QStringLiteral("x")}
        << QStringLiteral("--scope-prefix '*' is not a prefix");
    for (const char *seconds : {"0", "86401", "1m", "-5"})
        QTest::addRow("retry-after %s", seconds)
            << QStringList{QStringLiteral("pause"), wf,     QStringLiteral("--retry-after"),
                           QLatin1String(seconds),  reason, QStringLiteral("x")}
            << QStringLiteral("invalid --retry-after '%1'").arg(QLatin1String(seconds));
    QTest::newRow("resume --stop-steps")
        << QStringList{QStringLiteral("resume"), wf, QStringLiteral("--stop-steps"), reason,
                       QStringLiteral("x")}
        << QStringLiteral("Unknown option 'stop-steps'");
    QTest::newRow("workflows, an argument") << QStringList{QStringLiteral("workflows"), wf}
                                            << QStringLiteral("unexpected argument 'wf'");
}

void TestWorkflows::badCommandLinesSendNothing() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const DedupctlRun r =
        runDedupctl(args + QStringList{QStringLiteral("--db"), db.conninfo(Operator)});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.out, QString());
    QCOMPARE(auditRows(*su), 0);
    QCOMPARE(pauseRows(*su), 0);
}

void TestWorkflows::loginsWithoutAnOperatorGrantAreRefused() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    QCOMPARE(db.grant(Viewer, QStringLiteral("viewer")), QString());
    QCOMPARE(db.grant(Operator, QStringLiteral("operator"), {QStringLiteral("other")}), QString());
    const QStringList args{QStringLiteral("wf"), QStringLiteral("--reason"), QStringLiteral("x")};

    // A viewer may look, not pause.
    DedupctlRun r = dedupctl(db, QStringLiteral("pause"), args, Viewer);
    QCOMPARE(r.exitCode, 4);
    QVERIFY2(r.err.startsWith(QLatin1String(
                 "dedupctl pause: not permitted: the store's grants for your login do not cover "
                 "workflow wf for every scope, or the login is not an operator. Nothing was done")),
             qPrintable(r.err));
    QCOMPARE(r.out, QString());
    // An operator of another workflow: the store's own refusal, DD010.
    r = dedupctl(db, QStringLiteral("pause"), args, Operator);
    QCOMPARE(r.exitCode, 4);
    QVERIFY2(r.err.contains(QLatin1String("not permitted")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("(DD010)")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QLatin1String("\nhint: ")), qPrintable(r.err));
    QCOMPARE(auditRows(*su), 0);
    QCOMPARE(pauseRows(*su), 0);

    // Paused by the owner: neither may resume it; the viewer sees it.
    r = runDedupctl({QStringLiteral("pause"), QStringLiteral("wf"), QStringLiteral("--reason"),
                     QStringLiteral("x"), QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const QString &login : {Viewer, Operator}) {
        r = dedupctl(db, QStringLiteral("resume"), args, login);
        QCOMPARE(r.exitCode, 4);
        QVERIFY2(r.err.startsWith(QLatin1String("dedupctl resume: not permitted")),
                 qPrintable(r.err));
    }
    QCOMPARE(pauseRows(*su), 1);
    r = dedupctl(db, QStringLiteral("workflows"), {}, Viewer);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QCOMPARE(cells(rowsOf(r.out, QStringLiteral("wf")).value(0)).value(1),
             QStringLiteral("paused"));
}

void TestWorkflows::jsonCarriesTheDocumentedFields() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    QVERIFY(su);
    const optest::PreparedRun run = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(run.error.isEmpty(), qPrintable(run.error));

    DedupctlRun r = dedupctl(db, QStringLiteral("pause"),
                             {QStringLiteral("wf"), QStringLiteral("--scope-prefix"),
                              QStringLiteral("te"), QStringLiteral("--retry-after"),
                              QStringLiteral("300"), QStringLiteral("--reason"),
                              QStringLiteral("maintenance"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QJsonObject answer = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QStringList keys = answer.keys();
    QCOMPARE(keys,
             (QStringList{QStringLiteral("action_key"), QStringLiteral("audit_id"),
                          QStringLiteral("outcome"), QStringLiteral("paused_at"),
                          QStringLiteral("paused_by"), QStringLiteral("reason"),
                          QStringLiteral("retry_after_seconds"), QStringLiteral("scope_prefix"),
                          QStringLiteral("stop_steps"), QStringLiteral("workflow")}));
    QCOMPARE(answer.value(QLatin1String("outcome")).toString(), QStringLiteral("paused"));
    QCOMPARE(answer.value(QLatin1String("workflow")).toString(), QStringLiteral("wf"));
    QCOMPARE(answer.value(QLatin1String("scope_prefix")).toString(), QStringLiteral("te"));
    QCOMPARE(answer.value(QLatin1String("stop_steps")).toBool(true), false);
    QCOMPARE(answer.value(QLatin1String("retry_after_seconds")).toInt(), 300);
    QCOMPARE(answer.value(QLatin1String("reason")).toString(), QStringLiteral("maintenance"));
    QCOMPARE(answer.value(QLatin1String("paused_by")).toString(), Operator);
    QVERIFY(QDateTime::fromString(answer.value(QLatin1String("paused_at")).toString(),
                                  Qt::ISODateWithMs)
                .isValid());
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT id || '|' || action_key FROM"
                                              " dedup.audit_log")),
             QStringLiteral("%1|%2")
                 .arg(answer.value(QLatin1String("audit_id")).toInteger())
                 .arg(answer.value(QLatin1String("action_key")).toString()));

    r = dedupctl(db, QStringLiteral("workflows"), {QStringLiteral("--json")}, Viewer);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QJsonObject overview = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(overview.keys(),
             (QStringList{QStringLiteral("last_hour_since"), QStringLiteral("server_time"),
                          QStringLiteral("workflows")}));
    const QDateTime now = QDateTime::fromString(
        overview.value(QLatin1String("server_time")).toString(), Qt::ISODateWithMs);
    const QDateTime since = QDateTime::fromString(
        overview.value(QLatin1String("last_hour_since")).toString(), Qt::ISODateWithMs);
    QVERIFY(now.isValid() && since.isValid());
    QVERIFY2(since.secsTo(now) >= 3600 && since.secsTo(now) < 3900,
             qPrintable(QString::number(since.secsTo(now))));
    const QJsonArray workflows = overview.value(QLatin1String("workflows")).toArray();
    QCOMPARE(workflows.size(), 1);
    const QJsonObject wf = workflows.first().toObject();
    QCOMPARE(wf.keys(), (QStringList{QStringLiteral("cancelled"), QStringLiteral("failed"),
                                     QStringLiteral("in_review"), QStringLiteral("last_hour"),
                                     QStringLiteral("pauses"), QStringLiteral("processing"),
                                     QStringLiteral("state"), QStringLiteral("stuck"),
                                     QStringLiteral("succeeded"), QStringLiteral("workflow")}));
    QCOMPARE(wf.value(QLatin1String("workflow")).toString(), QStringLiteral("wf"));
    QCOMPARE(wf.value(QLatin1String("state")).toString(), QStringLiteral("paused"));
    QCOMPARE(wf.value(QLatin1String("failed")).toInteger(), 1);
    QCOMPARE(wf.value(QLatin1String("processing")).toInteger(), 0);
    QCOMPARE(wf.value(QLatin1String("last_hour")).toInteger(), 1);
    const QJsonArray pauses = wf.value(QLatin1String("pauses")).toArray();
    QCOMPARE(pauses.size(), 1);
    const QJsonObject pause = pauses.first().toObject();
    QCOMPARE(pause.keys(),
             (QStringList{QStringLiteral("paused_at"), QStringLiteral("paused_by"),
                          QStringLiteral("reason"), QStringLiteral("retry_after_seconds"),
                          QStringLiteral("scope_prefix"), QStringLiteral("stop_steps")}));
    QCOMPARE(pause.value(QLatin1String("scope_prefix")).toString(), QStringLiteral("te"));
    QCOMPARE(pause.value(QLatin1String("retry_after_seconds")).toInt(), 300);
    QCOMPARE(pause.value(QLatin1String("paused_at")), answer.value(QLatin1String("paused_at")));

    // Resume, then resume again: not_paused, nulls, exit 1.
    r = dedupctl(db, QStringLiteral("resume"),
                 {QStringLiteral("wf"), QStringLiteral("--scope-prefix"), QStringLiteral("te"),
                  QStringLiteral("--reason"), QStringLiteral("done"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    answer = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(answer.value(QLatin1String("outcome")).toString(), QStringLiteral("resumed"));
    QCOMPARE(answer.value(QLatin1String("reason")).toString(), QStringLiteral("maintenance"));
    r = dedupctl(db, QStringLiteral("resume"),
                 {QStringLiteral("wf"), QStringLiteral("--scope-prefix"), QStringLiteral("te"),
                  QStringLiteral("--reason"), QStringLiteral("done"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    answer = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(answer.value(QLatin1String("outcome")).toString(), QStringLiteral("not_paused"));
    QCOMPARE(answer.value(QLatin1String("scope_prefix")).toString(), QStringLiteral("te"));
    for (const char *field :
         {"stop_steps", "retry_after_seconds", "reason", "paused_by", "paused_at", "audit_id"})
        QVERIFY2(answer.value(QLatin1String(field)).isNull(), field);
    QCOMPARE(auditRows(*su), 2);
}

void TestWorkflows::hostileNamesAndReasonsAreEscaped() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    QVERIFY(su);
    const QString workflow =
        QStringLiteral("wf\x1b[2J\x1b]0;owned\x07") + QChar(0x202e) + QStringLiteral("fdp.exe");
    const QString workflowShown = QStringLiteral("wf\\e[2J\\e]0;owned\\x07\\u{202E}fdp.exe");
    const QString prefix = QStringLiteral("p") + QChar(0x9b) + QStringLiteral("31m\nx");
    const QString prefixShown = QStringLiteral("p\\x9b31m\\nx");
    const QString reason = QStringLiteral("outage\r\nwf  running  0") + QChar(0x200b) + QChar(0x7f);
    const QString reasonShown = QStringLiteral("outage\\r\\nwf  running  0\\u{200B}\\x7f");

    // The owner pauses (the workflow and prefix come from the command line).
    DedupctlRun r =
        runDedupctl({QStringLiteral("pause"), workflow, QStringLiteral("--scope-prefix"), prefix,
                     QStringLiteral("--reason"), reason, QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(unsafeForTerminal(r.out).isEmpty(), qPrintable(unsafeForTerminal(r.out)));
    QVERIFY2(
        r.out.startsWith(
            QStringLiteral("paused %1 for scope prefix \"%2\": ").arg(workflowShown, prefixShown)),
        qPrintable(r.out));
    QCOMPARE(r.out.count(u'\n'), 1);
    QCOMPARE(optest::text(*su, QStringLiteral("SELECT reason FROM dedup.workflow_pauses")),
             reason.trimmed());

    r = runDedupctl({QStringLiteral("workflows"), QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(unsafeForTerminal(r.out).isEmpty(), qPrintable(unsafeForTerminal(r.out)));
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3); // header, the workflow, the count: no value splits its row
    QVERIFY2(lines.at(1).startsWith(workflowShown + QStringLiteral("  paused")), qPrintable(r.out));
    QVERIFY2(lines.at(1).contains(prefixShown), qPrintable(r.out));
    QVERIFY2(lines.at(1).endsWith(reasonShown), qPrintable(r.out));
    // The columns line up on the escaped text.
    QCOMPARE(lines.at(1).indexOf(QLatin1String("paused")), lines.first().indexOf(u"STATE"));

    // --json: the exact values, the controls and bidi characters as JSON escapes.
    r = runDedupctl({QStringLiteral("workflows"), QStringLiteral("--json"), QStringLiteral("--db"),
                     db.conninfo()});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(unsafeForTerminal(r.out).isEmpty(), qPrintable(unsafeForTerminal(r.out)));
    QVERIFY2(r.out.contains(QLatin1String("\\u202e")), qPrintable(r.out));
    const QJsonObject row = QJsonDocument::fromJson(r.out.toUtf8())
                                .object()
                                .value(QLatin1String("workflows"))
                                .toArray()
                                .first()
                                .toObject();
    QCOMPARE(row.value(QLatin1String("workflow")).toString(), workflow);
    const QJsonObject pause = row.value(QLatin1String("pauses")).toArray().first().toObject();
    QCOMPARE(pause.value(QLatin1String("scope_prefix")).toString(), prefix);
    QCOMPARE(pause.value(QLatin1String("reason")).toString(), reason.trimmed());

    // Not paused for every scope: both lines escaped.
    r = runDedupctl({QStringLiteral("resume"), workflow, QStringLiteral("--reason"),
                     QStringLiteral("x"), QStringLiteral("--db"), db.conninfo()});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(unsafeForTerminal(r.out).isEmpty(), qPrintable(unsafeForTerminal(r.out)));
    QCOMPARE(r.out.count(u'\n'), 2);
    QVERIFY2(
        r.out.contains(
            QStringLiteral("%1 is paused for scope prefix \"%2\"").arg(workflowShown, prefixShown)),
        qPrintable(r.out));
}

QTEST_GUILESS_MAIN(TestWorkflows)
#include "tst_workflows.moc"
