// dedupctl key, black-box against a private PostgreSQL (docs/CLI.md "key"): a key's deliveries,
// made by real dedup.claim calls (acquired, in progress, mismatch, in review, replays), counted
// by outcome and listed newest first with the HTTP answer each got (first, replayed, 409, 422);
// more than three counted duplicates keep only their last three, which the note says; found by
// SCOPE KEY or by --run; the same key in another scope, a run outside the login's grants and an
// unknown run are not found (exit 1); bad command lines exit 2 before connecting; hostile
// worker ids reach the terminal escaped; the key is never printed.
#include "DedupctlRun.h"
#include "TestCluster.h"
#include "TestDatabase.h"
#include "core/DisplayText.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;
using namespace Qt::StringLiterals;

namespace {

// Patient data: must never appear in dedupctl's output.
const QString Key = u"patient:MRN-7"_s;
const QString SmallKey = u"patient:MRN-9"_s;

// Why `text` must not reach a terminal as it is, or empty (tst_hostileoutput's rule).
QString unsafeForTerminal(const QString &text) {
    for (const char32_t c : text.toUcs4()) {
        if ((c < 0x20 && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f) ||
            (c != '\n' && dedup::core::DisplayText::isDeceptive(c)))
            return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0'));
    }
    return {};
}

QJsonObject parseObject(const QString &text) {
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    return error.error == QJsonParseError::NoError ? document.object() : QJsonObject();
}

QStringList column(const QJsonArray &deliveries, const QString &field) {
    QStringList values;
    for (const QJsonValue &d : deliveries) {
        const QJsonValue v = d.toObject().value(field);
        values << (v.isNull()     ? u"null"_s
                   : v.isDouble() ? QString::number(v.toInt())
                                  : v.toString());
    }
    return values;
}

} // namespace

class TestKeyCommand : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void helpListsTheCommand();
    void textShowsCountsAndAnswers();
    void jsonHasCountsAndAnswers();
    void moreThanThreeDuplicates();
    void limitCutsTheList();
    void keyFromStandardInput();
    void byRunAndByKeyAgree();
    void sameKeyInAnotherScope();
    void loginWithoutGrantOnTheRun();
    void unknownRunAndNoServer();
    void badCommandLines_data();
    void badCommandLines();
    void hostileWorkerEscaped();
    void keyNeverPrinted();

private:
    DedupctlRun dedupctl(const QStringList &args, const QString &user = u"t_viewer"_s) {
        const DedupctlRun run =
            runDedupctl(QStringList{u"key"_s, u"--db"_s, m_db->conninfo(user)} + args);
        m_outputs << run.out << run.err;
        return run;
    }
    // One claim of `key` as the superuser, as a worker delivers it; its outcome.
    QString claim(const QString &scope, const QString &key, const QString &worker,
                  const QString &fingerprint = u"fp"_s) {
        const PgResult r = m_su->exec(
            u"SELECT outcome FROM dedup.claim(p_scope => $1, p_key => $2, p_workflow => 'billing',"
            u" p_fingerprint => $3, p_worker => $4)"_s,
            PgParams().add(scope).add(key).add(fingerprint).add(worker));
        return r.ok() ? r.text(0, 0) : r.error().toString();
    }
    bool setStatus(const QString &scope, const QString &key, const QString &status) {
        const bool processing = status == u"processing";
        return m_su
            ->exec(u"UPDATE dedup.runs SET status = $3, lease_owner = NULL,"
                   u" lease_expires_at = NULL, finished_at = %1"
                   u" WHERE scope = $1 AND idem_key = $2"_s.arg(
                       processing || status == u"manual_review" ? u"NULL"_s : u"now()"_s),
                   PgParams().add(scope).add(key).add(status))
            .ok();
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    QString m_superuser;
    qint64 m_big = 0;   // clinic-1 / Key: 11 deliveries, 9 of them counted duplicates
    qint64 m_small = 0; // clinic-1 / SmallKey: one of each outcome, all listed
    qint64 m_other = 0; // clinic-2 / Key: the same key in another scope
    QStringList m_outputs;
};

void TestKeyCommand::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    m_su = m_db->connect();
    QVERIFY(m_su);
    m_superuser = m_su->exec(u"SELECT session_user::text"_s).text(0, 0);
    QVERIFY(!m_superuser.isEmpty());
    // The viewer reads every run; the operator only clinic-2's.
    QCOMPARE(m_db->grant(u"t_viewer"_s, u"viewer"_s), QString());
    QCOMPARE(m_db->grant(u"t_operator"_s, u"operator"_s, {}, {u"clinic-2"_s}), QString());

    // The small run: one delivery of each outcome, and two replays.
    QCOMPARE(claim(u"clinic-1"_s, SmallKey, u"w-1"_s), u"acquired"_s);
    QCOMPARE(claim(u"clinic-1"_s, SmallKey, u"w-2"_s), u"in_progress"_s);
    QCOMPARE(claim(u"clinic-1"_s, SmallKey, u"w-3"_s, u"other-payload"_s), u"mismatch"_s);
    QVERIFY(setStatus(u"clinic-1"_s, SmallKey, u"manual_review"_s));
    QCOMPARE(claim(u"clinic-1"_s, SmallKey, u"w-4"_s), u"in_review"_s);
    QVERIFY(setStatus(u"clinic-1"_s, SmallKey, u"succeeded"_s));
    QCOMPARE(claim(u"clinic-1"_s, SmallKey, u"w-5"_s), u"replay"_s);

    // The big run: the same, then seven replays, more than the three the store keeps.
    QCOMPARE(claim(u"clinic-1"_s, Key, u"w-1"_s), u"acquired"_s);
    QCOMPARE(claim(u"clinic-1"_s, Key, u"w-2"_s), u"in_progress"_s);
    QCOMPARE(claim(u"clinic-1"_s, Key, u"w-3"_s, u"other-payload"_s), u"mismatch"_s);
    QVERIFY(setStatus(u"clinic-1"_s, Key, u"manual_review"_s));
    QCOMPARE(claim(u"clinic-1"_s, Key, u"w-4"_s), u"in_review"_s);
    QVERIFY(setStatus(u"clinic-1"_s, Key, u"succeeded"_s));
    for (int w = 5; w <= 11; ++w)
        QCOMPARE(claim(u"clinic-1"_s, Key, u"w-%1"_s.arg(w)), u"replay"_s);

    // The same key in clinic-2: another run.
    QCOMPARE(claim(u"clinic-2"_s, Key, u"w-x"_s), u"acquired"_s);

    const PgResult ids = m_su->exec(u"SELECT scope, idem_key, id FROM dedup.runs"_s);
    QVERIFY(ids.ok());
    for (int i = 0; i < ids.rows(); ++i) {
        const QString which = ids.text(i, 0) + u'|' + ids.text(i, 1);
        if (which == u"clinic-1|"_s + Key)
            m_big = ids.toInt64(i, 2);
        else if (which == u"clinic-1|"_s + SmallKey)
            m_small = ids.toInt64(i, 2);
        else if (which == u"clinic-2|"_s + Key)
            m_other = ids.toInt64(i, 2);
    }
    QVERIFY(m_big > 0 && m_small > 0 && m_other > 0);
}

void TestKeyCommand::cleanupTestCase() {
    m_su.reset();
    m_db.reset();
}

void TestKeyCommand::helpListsTheCommand() {
    DedupctlRun r = runDedupctl({u"--help"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(u"\n  key "_s), qPrintable(r.out));
    r = runDedupctl({u"key"_s, u"--help"_s});
    QCOMPARE(r.exitCode, 0);
    for (const char *option :
         {"--run", "--limit", "--json", "--db", "dedupctl key [options]", "SCOPE", "KEY"})
        QVERIFY2(r.out.contains(QLatin1String(option)), qPrintable(r.out));
}

void TestKeyCommand::textShowsCountsAndAnswers() {
    const DedupctlRun r = dedupctl({u"clinic-1"_s, SmallKey});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(lines.size() == 3 + 1 + 5, qPrintable(r.out)); // header, 5 deliveries, no note
    QCOMPARE(lines.at(0), u"run %1 (succeeded), workflow billing, scope clinic-1"_s.arg(m_small));
    QCOMPARE(lines.at(1), u"deliveries: 5 = first 1, replayed 1, 409 in progress 1, "
                          u"409 in review 1, 422 mismatch 1"_s);
    QVERIFY2(lines.at(2).startsWith(u"first delivery 20"_s), qPrintable(lines.at(2)));
    QVERIFY(lines.at(2).contains(u"Z, last 20"_s));
    QVERIFY(lines.at(2).contains(u"Z; server time 20"_s));
    QVERIFY2(lines.at(3).startsWith(u"TIME (UTC)"_s), qPrintable(lines.at(3)));
    for (const char *heading : {"OUTCOME", "ANSWER", "WORKER", "ATTEMPT", "DETAIL"})
        QVERIFY(lines.at(3).contains(QLatin1String(heading)));
    // Newest first: outcome, answer, worker and detail of each delivery.
    const QList<QStringList> expected = {
        {u"replay"_s, u"replayed"_s, u"w-5"_s, u"login "_s + m_superuser},
        {u"in_review"_s, u"409"_s, u"w-4"_s, u"login "_s + m_superuser},
        {u"mismatch"_s, u"422"_s, u"w-3"_s, u"-"_s},
        {u"in_progress"_s, u"409"_s, u"w-2"_s, u"login %1; lease owner w-1"_s.arg(m_superuser)},
        {u"acquired"_s, u"first"_s, u"w-1"_s, u"via new"_s},
    };
    for (int i = 0; i < expected.size(); ++i) {
        const QStringList cells = lines.at(4 + i).split(u' ', Qt::SkipEmptyParts);
        QVERIFY2(cells.size() >= 5, qPrintable(lines.at(4 + i)));
        QVERIFY(cells.at(0).endsWith(u'Z'));
        QCOMPARE(cells.at(1), expected.at(i).at(0));
        QCOMPARE(cells.at(2), expected.at(i).at(1));
        QCOMPARE(cells.at(3), expected.at(i).at(2));
        QCOMPARE(cells.at(4), u"1"_s); // the attempt
        QCOMPARE(cells.mid(5).join(u' '), expected.at(i).at(3));
    }
}

void TestKeyCommand::jsonHasCountsAndAnswers() {
    const DedupctlRun r = dedupctl({u"clinic-1"_s, SmallKey, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = parseObject(r.out);
    QVERIFY2(!o.isEmpty(), qPrintable(r.out));
    for (const char *field : {"run_id", "status", "workflow", "scope", "server_time",
                              "deliveries_total", "counts", "first_at", "last_at", "deliveries"})
        QVERIFY2(o.contains(QLatin1String(field)), field);
    QCOMPARE(o.value(u"run_id"_s).toInteger(), m_small);
    QCOMPARE(o.value(u"status"_s).toString(), u"succeeded"_s);
    QCOMPARE(o.value(u"workflow"_s).toString(), u"billing"_s);
    QCOMPARE(o.value(u"scope"_s).toString(), u"clinic-1"_s);
    QCOMPARE(o.value(u"deliveries_total"_s).toInteger(), 5);
    const QJsonObject counts = o.value(u"counts"_s).toObject();
    QCOMPARE(counts.size(), 5);
    QCOMPARE(counts.value(u"acquired"_s).toInteger(), 1);
    QCOMPARE(counts.value(u"replay"_s).toInteger(), 1);
    QCOMPARE(counts.value(u"in_progress"_s).toInteger(), 1);
    QCOMPARE(counts.value(u"in_review"_s).toInteger(), 1);
    QCOMPARE(counts.value(u"mismatch"_s).toInteger(), 1);
    const QJsonArray deliveries = o.value(u"deliveries"_s).toArray();
    QCOMPARE(deliveries.size(), 5);
    QCOMPARE(
        column(deliveries, u"outcome"_s),
        (QStringList{u"replay"_s, u"in_review"_s, u"mismatch"_s, u"in_progress"_s, u"acquired"_s}));
    QCOMPARE(column(deliveries, u"answer"_s),
             (QStringList{u"replayed"_s, u"409"_s, u"422"_s, u"409"_s, u"first"_s}));
    QCOMPARE(column(deliveries, u"http_status"_s),
             (QStringList{u"null"_s, u"409"_s, u"422"_s, u"409"_s, u"null"_s}));
    QCOMPARE(column(deliveries, u"worker"_s),
             (QStringList{u"w-5"_s, u"w-4"_s, u"w-3"_s, u"w-2"_s, u"w-1"_s}));
    QCOMPARE(column(deliveries, u"login"_s),
             (QStringList{m_superuser, m_superuser, u"null"_s, m_superuser, u"null"_s}));
    QCOMPARE(column(deliveries, u"via"_s),
             (QStringList{u"null"_s, u"null"_s, u"null"_s, u"null"_s, u"new"_s}));
    QCOMPARE(column(deliveries, u"lease_owner"_s),
             (QStringList{u"null"_s, u"null"_s, u"null"_s, u"w-1"_s, u"null"_s}));
    QCOMPARE(column(deliveries, u"attempt"_s), QStringList(5, u"1"_s));
    // Newest first; the first and last delivery are the oldest and the newest listed.
    for (qsizetype i = 1; i < deliveries.size(); ++i)
        QVERIFY(deliveries.at(i - 1).toObject().value(u"at"_s).toString() >=
                deliveries.at(i).toObject().value(u"at"_s).toString());
    QCOMPARE(o.value(u"first_at"_s).toString(),
             deliveries.last().toObject().value(u"at"_s).toString());
    QCOMPARE(o.value(u"last_at"_s).toString(),
             deliveries.first().toObject().value(u"at"_s).toString());
    // The first delivery is the claim that made the run (read as dedupctl reads times).
    const PgResult claimed =
        m_su->exec(u"SELECT at FROM dedup.events WHERE run_id = $1 AND kind = 'claimed'"_s,
                   PgParams().add(m_small));
    QCOMPARE(claimed.rows(), 1);
    QCOMPARE(o.value(u"first_at"_s).toString(),
             claimed.toDateTime(0, 0).toUTC().toString(Qt::ISODateWithMs));
    QVERIFY(o.value(u"server_time"_s).toString() >= o.value(u"last_at"_s).toString());
    // The text shows the same times.
    const DedupctlRun text = dedupctl({u"--run"_s, QString::number(m_small)});
    QVERIFY2(text.out.contains(u"first delivery %1, last %2;"_s.arg(
                 o.value(u"first_at"_s).toString(), o.value(u"last_at"_s).toString())),
             qPrintable(text.out));
}

void TestKeyCommand::moreThanThreeDuplicates() {
    DedupctlRun r = dedupctl({u"clinic-1"_s, Key, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = parseObject(r.out);
    QCOMPARE(o.value(u"run_id"_s).toInteger(), m_big);
    QCOMPARE(o.value(u"deliveries_total"_s).toInteger(), 11);
    const QJsonObject counts = o.value(u"counts"_s).toObject();
    QCOMPARE(counts.value(u"acquired"_s).toInteger(), 1);
    QCOMPARE(counts.value(u"replay"_s).toInteger(), 7);
    QCOMPARE(counts.value(u"in_progress"_s).toInteger(), 1);
    QCOMPARE(counts.value(u"in_review"_s).toInteger(), 1);
    QCOMPARE(counts.value(u"mismatch"_s).toInteger(), 1);
    // Of the nine counted duplicates only the last three are kept; the events all are.
    const QJsonArray deliveries = o.value(u"deliveries"_s).toArray();
    QCOMPARE(column(deliveries, u"worker"_s),
             (QStringList{u"w-11"_s, u"w-10"_s, u"w-9"_s, u"w-3"_s, u"w-1"_s}));
    QCOMPARE(column(deliveries, u"answer"_s),
             (QStringList{u"replayed"_s, u"replayed"_s, u"replayed"_s, u"422"_s, u"first"_s}));

    r = dedupctl({u"clinic-1"_s, Key});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3 + 1 + 5 + 1);
    QCOMPARE(lines.at(1), u"deliveries: 11 = first 1, replayed 7, 409 in progress 1, "
                          u"409 in review 1, 422 mismatch 1"_s);
    QCOMPARE(lines.last(), u"newest 5 of 11 deliveries listed; the store counts replayed and 409 "
                           u"deliveries and keeps only the last 3 of them, not each one"_s);
}

void TestKeyCommand::limitCutsTheList() {
    DedupctlRun r = dedupctl({u"--run"_s, QString::number(m_big), u"--limit"_s, u"3"_s});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3 + 1 + 3 + 1);
    QVERIFY(lines.at(4).contains(u" w-11 "_s));
    QVERIFY(lines.at(6).contains(u" w-9 "_s));
    QCOMPARE(lines.last(), u"newest 3 of 11 deliveries listed; the store counts replayed and 409 "
                           u"deliveries and keeps only the last 3 of them, not each one; --limit "
                           u"up to 100 lists more"_s);
    // The counts cover every delivery whatever the limit.
    QCOMPARE(lines.at(1), u"deliveries: 11 = first 1, replayed 7, 409 in progress 1, "
                          u"409 in review 1, 422 mismatch 1"_s);
    r = dedupctl({u"--run"_s, QString::number(m_small), u"--limit"_s, u"2"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = parseObject(r.out);
    QCOMPARE(o.value(u"deliveries"_s).toArray().size(), 2);
    QCOMPARE(o.value(u"deliveries_total"_s).toInteger(), 5);
    // Five deliveries, a page of two: the note says how to see more, not that any were dropped.
    r = dedupctl({u"--run"_s, QString::number(m_small), u"--limit"_s, u"2"_s});
    QVERIFY2(r.out.endsWith(u"newest 2 of 5 deliveries listed; --limit up to 100 lists more\n"_s),
             qPrintable(r.out));
}

void TestKeyCommand::keyFromStandardInput() {
    // KEY as "-": read from standard input, so it is not in the process list or the history.
    const QStringList args{u"key"_s,      u"--db"_s, m_db->conninfo(u"t_viewer"_s),
                           u"clinic-1"_s, u"-"_s,    u"--json"_s};
    DedupctlRun r = runDedupctl(args, 60000, (Key + u"\n"_s).toUtf8());
    m_outputs << r.out << r.err;
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(parseObject(r.out).value(u"run_id"_s).toInteger(), m_big);
    // With a Windows line end, the same.
    r = runDedupctl(args, 60000, (SmallKey + u"\r\n"_s).toUtf8());
    m_outputs << r.out << r.err;
    QCOMPARE(parseObject(r.out).value(u"run_id"_s).toInteger(), m_small);
    // Nothing on standard input: an empty key, refused before connecting.
    r = runDedupctl(args, 60000, QByteArray(""));
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, u"dedupctl key: KEY is empty\n"_s);
}

void TestKeyCommand::byRunAndByKeyAgree() {
    const DedupctlRun byKey = dedupctl({u"clinic-1"_s, Key, u"--json"_s});
    const DedupctlRun byRun = dedupctl({u"--run"_s, QString::number(m_big), u"--json"_s});
    QCOMPARE(byKey.exitCode, 0);
    QCOMPARE(byRun.exitCode, 0);
    QJsonObject a = parseObject(byKey.out);
    QJsonObject b = parseObject(byRun.out);
    a.remove(u"server_time"_s);
    b.remove(u"server_time"_s);
    QCOMPARE(a, b);
    QVERIFY(!a.isEmpty());
}

void TestKeyCommand::sameKeyInAnotherScope() {
    // clinic-2 has a run of the same key: its own history.
    DedupctlRun r = dedupctl({u"clinic-2"_s, Key, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = parseObject(r.out);
    QCOMPARE(o.value(u"run_id"_s).toInteger(), m_other);
    QCOMPARE(o.value(u"deliveries_total"_s).toInteger(), 1);
    // clinic-3 has none.
    r = dedupctl({u"clinic-3"_s, Key});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, u"dedupctl key: no run of that key in scope \"clinic-3\" that this login may "
                    u"read\n"_s);
    // A scope is exact, not a prefix.
    r = dedupctl({u"clinic"_s, Key});
    QCOMPARE(r.exitCode, 1);
    // A key that starts with a dash goes after --.
    QCOMPARE(claim(u"clinic-2"_s, u"-patient:MRN-8"_s, u"w-d"_s), u"acquired"_s);
    r = dedupctl({u"--"_s, u"clinic-2"_s, u"-patient:MRN-8"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 2); // after --, --json is a third argument
    r = dedupctl({u"--json"_s, u"--"_s, u"clinic-2"_s, u"-patient:MRN-8"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(parseObject(r.out).value(u"scope"_s).toString(), u"clinic-2"_s);
    QVERIFY(parseObject(r.out).value(u"run_id"_s).toInteger() > m_other);
}

void TestKeyCommand::loginWithoutGrantOnTheRun() {
    // t_operator's grant covers clinic-2 only: clinic-1's run is as if it did not exist.
    DedupctlRun r = dedupctl({u"clinic-1"_s, Key}, u"t_operator"_s);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, u"dedupctl key: no run of that key in scope \"clinic-1\" that this login may "
                    u"read\n"_s);
    r = dedupctl({u"--run"_s, QString::number(m_big)}, u"t_operator"_s);
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, u"dedupctl key: run %1 not found or not readable by this login\n"_s.arg(m_big));
    // Its own scope's run it reads.
    r = dedupctl({u"clinic-2"_s, Key}, u"t_operator"_s);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(
        r.out.startsWith(u"run %1 (processing), workflow billing, scope clinic-2\n"_s.arg(m_other)),
        qPrintable(r.out));
}

void TestKeyCommand::unknownRunAndNoServer() {
    DedupctlRun r = dedupctl({u"--run"_s, u"987654321"_s});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, u"dedupctl key: run 987654321 not found or not readable by this login\n"_s);
    r = runDedupctl({u"key"_s, u"--run"_s, u"1"_s, u"--db"_s,
                     u"host=127.0.0.1 port=1 dbname=x connect_timeout=3"_s});
    QCOMPARE(r.exitCode, 3);
    QCOMPARE(r.out, QString());
}

void TestKeyCommand::badCommandLines_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("nothing") << QStringList{} << u"give the key's scope and the key"_s;
    QTest::newRow("scope only") << QStringList{u"clinic-1"_s} << u"give the key after its scope"_s;
    QTest::newRow("both forms") << QStringList{u"clinic-1"_s, Key, u"--run"_s, u"1"_s}
                                << u"not both"_s;
    QTest::newRow("run and scope")
        << QStringList{u"--run"_s, u"1"_s, u"clinic-1"_s} << u"not both"_s;
    QTest::newRow("key with a space unquoted")
        << QStringList{u"clinic-1"_s, u"patient"_s, u"MRN-7"_s} << u"too many arguments"_s;
    QTest::newRow("empty scope") << QStringList{QString(), Key} << u"SCOPE is empty"_s;
    QTest::newRow("blank key") << QStringList{u"clinic-1"_s, u"  "_s} << u"KEY is empty"_s;
    QTest::newRow("run not a number")
        << QStringList{u"--run"_s, u"abc"_s} << u"invalid --run 'abc': use a positive number"_s;
    QTest::newRow("run zero") << QStringList{u"--run"_s, u"0"_s} << u"invalid --run '0'"_s;
    QTest::newRow("run negative") << QStringList{u"--run"_s, u"-5"_s} << u"invalid --run '-5'"_s;
    QTest::newRow("limit zero") << QStringList{u"--run"_s, u"1"_s, u"--limit"_s, u"0"_s}
                                << u"invalid --limit '0': use a whole number from 1 to 100"_s;
    QTest::newRow("limit too large")
        << QStringList{u"clinic-1"_s, Key, u"--limit"_s, u"101"_s} << u"invalid --limit '101'"_s;
    QTest::newRow("limit text") << QStringList{u"--run"_s, u"1"_s, u"--limit"_s, u"ten"_s}
                                << u"invalid --limit 'ten'"_s;
}

void TestKeyCommand::badCommandLines() {
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    // Refused before connecting: the --db names a server that does not exist.
    const DedupctlRun r = runDedupctl(
        QStringList{u"key"_s, u"--db"_s, u"host=/nonexistent port=1 dbname=none"_s} + args);
    m_outputs << r.out << r.err;
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.out, QString());
    QVERIFY2(r.err.startsWith(u"dedupctl key: "_s), qPrintable(r.err));
    QVERIFY2(r.err.contains(says), qPrintable(r.err));
}

void TestKeyCommand::hostileWorkerEscaped() {
    const QString worker = u"w\x1b[31mred\u202Egnp.exe"_s;
    QCOMPARE(claim(u"clinic-2"_s, Key, worker), u"in_progress"_s);
    DedupctlRun r = dedupctl({u"--run"_s, QString::number(m_other)});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(unsafeForTerminal(r.out), QString());
    QVERIFY2(r.out.contains(u"w\\e[31mred\\u{202E}gnp.exe"_s), qPrintable(r.out));
    r = dedupctl({u"--run"_s, QString::number(m_other), u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(unsafeForTerminal(r.out.trimmed()), QString());
    const QJsonArray deliveries = parseObject(r.out).value(u"deliveries"_s).toArray();
    QCOMPARE(deliveries.at(0).toObject().value(u"worker"_s).toString(), worker);
    QCOMPARE(deliveries.at(0).toObject().value(u"lease_owner"_s).toString(), u"w-x"_s);
}

void TestKeyCommand::keyNeverPrinted() {
    QVERIFY(m_outputs.size() > 20);
    for (const QString &output : std::as_const(m_outputs)) {
        QVERIFY2(!output.contains(u"MRN"_s), qPrintable(output));
        QVERIFY2(!output.contains(u"patient"_s), qPrintable(output));
    }
}

QTEST_GUILESS_MAIN(TestKeyCommand)
#include "tst_key.moc"
