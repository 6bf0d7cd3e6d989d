// dedupctl's text output, black-box, when every value is hostile: worker ids, keys, scopes,
// workflows, correlation ids, grants, checkpoint files and command-line words that carry
// terminal escape sequences (colours, screen erase, OSC 52 clipboard writes), backspaces over
// the text before them, carriage returns, line breaks, C1 controls, DEL, bidi overrides and
// zero-width characters. The text must reach the terminal with all of them escaped (\e, \xNN,
// \n, \r, \t, \u{202E}; docs/CLI.md, "Hostile values in terminal output"), one table row per
// line, columns aligned on the escaped text; --json still carries the exact values.
#include "DedupctlRun.h"
#include "TestDatabase.h"
#include "core/DisplayText.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QtTest>

using dedup::core::DisplayText;
using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

namespace {

// DedupctlRun, with the outputs as the bytes the terminal would have received.
struct RawRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

RawRun dedupctl(const QStringList &args) {
    QProcess process;
    process.start(QStringLiteral(DEDUPCTL_PATH), args);
    RawRun run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QString text(const QByteArray &bytes) {
    return QString::fromUtf8(bytes);
}

// Why `bytes` must not reach a terminal as they are, or empty: a byte below 0x20 other than a
// line feed, DEL, text that is not UTF-8, a C1 control, a bidi override, a zero-width space,
// or any other character DisplayText would show as a marker.
QString unsafeForTerminal(const QByteArray &bytes) {
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const auto b = uchar(bytes.at(i));
        if ((b < 0x20 && b != '\n') || b == 0x7f)
            return QStringLiteral("byte 0x%1 at %2").arg(b, 2, 16, QLatin1Char('0')).arg(i);
    }
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = decoder(bytes);
    if (decoder.hasError())
        return QStringLiteral("not UTF-8");
    for (const char32_t c : decoded.toUcs4()) {
        if ((c >= 0x80 && c <= 0x9f) || c == 0x202e || c == 0x200b ||
            (c != '\n' && DisplayText::isDeceptive(c)))
            return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0'));
    }
    return {};
}

#define VERIFY_SAFE(bytes)                                                                         \
    do {                                                                                           \
        const QString unsafeReason = unsafeForTerminal(bytes);                                     \
        QVERIFY2(unsafeReason.isEmpty(), qPrintable(unsafeReason + QStringLiteral(": ") +          \
                                                    QString::fromLatin1((bytes).toHex(' '))));     \
    } while (false)

// The hostile values and the forms they must take on the terminal.
const QString Red = QStringLiteral("w\x1b[31mred\x1b[0m");
const QString RedShown = QStringLiteral("w\\e[31mred\\e[0m");
const QString Clipboard = QStringLiteral("k\x1b]52;c;ZXZpbA==\x07") + QStringLiteral("clip");
const QString ClipboardShown = QStringLiteral("k\\e]52;c;ZXZpbA==\\x07clip");
const QString Backspaces = QStringLiteral("evil\b\b\b\bgood");
const QString BackspacesShown = QStringLiteral("evil\\x08\\x08\\x08\\x08good");
const QString NewLine = QStringLiteral("line1\nline2");
const QString NewLineShown = QStringLiteral("line1\\nline2");
const QString Return = QStringLiteral("cr\rover");
const QString ReturnShown = QStringLiteral("cr\\rover");
const QString Bidi = QStringLiteral("rtl") + QChar(0x202e) + QStringLiteral("txt.exe") +
                     QChar(0x200b) + QStringLiteral("zw");
const QString BidiShown = QStringLiteral("rtl\\u{202E}txt.exe\\u{200B}zw");
const QString C1 =
    QStringLiteral("c") + QChar(0x9b) + QStringLiteral("31m") + QChar(0x7f) + QStringLiteral("\t");
const QString C1Shown = QStringLiteral("c\\x9b31m\\x7f\\t");
const QString Erase = QStringLiteral("wf\x1b[2J");
const QString EraseShown = QStringLiteral("wf\\e[2J");
const QString Separator = QStringLiteral("lab") + QChar(0x2028) + QStringLiteral("x");
const QString SeparatorShown = QStringLiteral("lab\\u{2028}x");

// One processing run as the protocol makes it (dedup.claim), then with its lease expired
// (by the superuser, as tst_stale does: no test sleeps).
struct Seed {
    QString scope, key, workflow, worker, correlationId;
};

qint64 seedStaleRun(PgConnection &conn, const Seed &seed, int expiredSecondsAgo) {
    PgParams params;
    params.add(seed.scope).add(seed.key).add(seed.workflow).add(seed.worker);
    if (seed.correlationId.isEmpty())
        params.addNull();
    else
        params.add(seed.correlationId);
    const PgResult claimed = conn.exec(
        QStringLiteral("SELECT outcome, run_id FROM dedup.claim(p_scope => $1, p_key => $2,"
                       " p_workflow => $3, p_fingerprint => 'sha256:aa', p_correlation_id => $5,"
                       " p_worker => $4, p_steps => '{send_sms}')"),
        params);
    if (!claimed.ok() || claimed.text(0, "outcome") != QLatin1String("acquired")) {
        qWarning("claim failed: %s", qPrintable(claimed.error().toString()));
        return -1;
    }
    const qint64 id = claimed.toInt64(0, "run_id");
    PgParams aged;
    aged.add(id).add(expiredSecondsAgo);
    const PgResult result = conn.exec(
        QStringLiteral("UPDATE dedup.runs SET lease_expires_at = now() - $2::bigint * "
                       "interval '1 s', updated_at = now() - interval '1 hour' WHERE id = $1"),
        aged);
    if (!result.ok() || result.affectedRows() != 1) {
        qWarning("age failed: %s", qPrintable(result.error().toString()));
        return -1;
    }
    return id;
}

const QList<Seed> &seeds() {
    static const QList<Seed> list{
        {QStringLiteral("lab"), Clipboard, QStringLiteral("lab-results-notification"), Red,
         QString()},
        {Separator, NewLine, Erase, Backspaces, C1},
        {QStringLiteral("lab"), Bidi, QStringLiteral("lab-results-notification"), Return,
         QStringLiteral("req-1")},
    };
    return list;
}

// Where each column of a header line starts.
QList<qsizetype> columnStarts(const QString &header, const QStringList &names) {
    QList<qsizetype> starts;
    for (const QString &name : names)
        starts << header.indexOf(name);
    return starts;
}

// Whether every row has a cell starting exactly where the header's columns start, after at
// least two spaces: the widths were taken on the text the terminal shows.
bool aligned(const QStringList &rows, const QList<qsizetype> &starts, QString *why) {
    for (const QString &row : rows) {
        for (const qsizetype start : starts) {
            if (start < 2 || row.size() <= start || row.at(start) == u' ' ||
                row.at(start - 1) != u' ' || row.at(start - 2) != u' ') {
                *why = QStringLiteral("column at %1 not aligned in: %2").arg(start).arg(row);
                return false;
            }
        }
    }
    return true;
}

} // namespace

class TestHostileOutput : public QObject {
    Q_OBJECT

private slots:
    void staleTableEscapesEveryValue();
    void staleJsonCarriesTheValuesAsTheyAre();
    void staleForAViewerEscapesWorkerIds();
    void accessListEscapesEveryValue();
    void verifyAuditEscapesFilesAndWhatTheySay();
    void commandLineWordsAreEscaped();
};

void TestHostileOutput::staleTableEscapesEveryValue() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    for (int i = 0; i < seeds().size(); ++i)
        QVERIFY(seedStaleRun(*conn, seeds().at(i), 600 - 100 * i) > 0);

    // the superuser reads keys and correlation ids raw (as the store owner does)
    const RawRun run = dedupctl({QStringLiteral("stale"), QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    VERIFY_SAFE(run.out);
    VERIFY_SAFE(run.err);
    const QString out = text(run.out);
    for (const QString &shown : {RedShown, ClipboardShown, BackspacesShown, NewLineShown,
                                 ReturnShown, BidiShown, C1Shown, EraseShown, SeparatorShown})
        QVERIFY2(out.contains(shown), qPrintable(shown + QStringLiteral(" not in:\n") + out));

    // header, one line per run, the count: a line break in a value never splits its row
    QVERIFY(out.endsWith(QLatin1Char('\n')));
    const QStringList lines = out.chopped(1).split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 1 + seeds().size() + 1);
    QVERIFY2(lines.first().startsWith(QStringLiteral("ID")), qPrintable(out));
    QCOMPARE(lines.last(), QStringLiteral("stale runs: 3 (lease expired)"));
    // oldest lease first: the rows in seed order
    QVERIFY2(lines.at(1).contains(ClipboardShown) && lines.at(1).contains(RedShown),
             qPrintable(out));
    QVERIFY2(lines.at(2).contains(NewLineShown) && lines.at(2).contains(BackspacesShown),
             qPrintable(out));
    QVERIFY2(lines.at(3).contains(BidiShown) && lines.at(3).contains(ReturnShown), qPrintable(out));
    const QList<qsizetype> starts = columnStarts(
        lines.first(),
        {QStringLiteral("WORKFLOW"), QStringLiteral("SCOPE"), QStringLiteral("KEY"),
         QStringLiteral("CORRELATION ID"), QStringLiteral("OWNER"), QStringLiteral("TOKEN"),
         QStringLiteral("LEASE"), QStringLiteral("PROCESSING FOR"), QStringLiteral("ATTEMPT")});
    QString why;
    QVERIFY2(aligned(lines.mid(1, seeds().size()), starts, &why), qPrintable(why));

    // --older-than and --limit: the same rows, the same escapes
    const RawRun older = dedupctl({QStringLiteral("stale"), QStringLiteral("--db"), db.conninfo(),
                                   QStringLiteral("--older-than"), QStringLiteral("1m"),
                                   QStringLiteral("--limit"), QStringLiteral("2")});
    QVERIFY2(older.exitCode == 0, older.err.constData());
    VERIFY_SAFE(older.out);
    QCOMPARE(text(older.out).count(QLatin1Char('\n')), 1 + 2 + 1);
}

void TestHostileOutput::staleJsonCarriesTheValuesAsTheyAre() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto conn = db.connect();
    QVERIFY(conn);
    QList<qint64> ids;
    for (int i = 0; i < seeds().size(); ++i) {
        ids << seedStaleRun(*conn, seeds().at(i), 600 - 100 * i);
        QVERIFY(ids.last() > 0);
    }
    const RawRun run = dedupctl(
        {QStringLiteral("stale"), QStringLiteral("--db"), db.conninfo(), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QJsonParseError parseError;
    const QJsonObject report = QJsonDocument::fromJson(run.out, &parseError).object();
    QVERIFY2(parseError.error == QJsonParseError::NoError, run.out.constData());
    const QJsonArray runs = report.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), seeds().size());
    for (int i = 0; i < seeds().size(); ++i) {
        const QJsonObject row = runs.at(i).toObject();
        const Seed &seed = seeds().at(i);
        QCOMPARE(row.value(QStringLiteral("id")).toInteger(), ids.at(i));
        QCOMPARE(row.value(QStringLiteral("lease_owner")).toString(), seed.worker);
        QCOMPARE(row.value(QStringLiteral("idem_key")).toString(), seed.key);
        QCOMPARE(row.value(QStringLiteral("scope")).toString(), seed.scope);
        QCOMPARE(row.value(QStringLiteral("workflow")).toString(), seed.workflow);
        if (seed.correlationId.isEmpty())
            QVERIFY(row.value(QStringLiteral("correlation_id")).isNull());
        else
            QCOMPARE(row.value(QStringLiteral("correlation_id")).toString(), seed.correlationId);
    }
    // data, not terminal text: no escape of ours in it
    QVERIFY(!run.out.contains("\\\\e["));
    QVERIFY(!run.out.contains("\\\\u{"));
}

void TestHostileOutput::staleForAViewerEscapesWorkerIds() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto conn = db.connect();
    QVERIFY(conn);
    for (int i = 0; i < seeds().size(); ++i)
        QVERIFY(seedStaleRun(*conn, seeds().at(i), 600 - 100 * i) > 0);

    // keys and correlation ids are redacted for a viewer; worker ids are not protected
    const RawRun run = dedupctl(
        {QStringLiteral("stale"), QStringLiteral("--db"), db.conninfo(QStringLiteral("t_viewer"))});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    VERIFY_SAFE(run.out);
    const QString out = text(run.out);
    for (const QString &shown : {RedShown, BackspacesShown, ReturnShown, EraseShown})
        QVERIFY2(out.contains(shown), qPrintable(shown + QStringLiteral(" not in:\n") + out));
    QVERIFY2(!out.contains(ClipboardShown) && !out.contains(NewLineShown), qPrintable(out));
    qsizetype hashes = 0;
    auto it = QRegularExpression(QStringLiteral("\\bh:[0-9a-f]{16}\\b")).globalMatch(out);
    while (it.hasNext()) {
        it.next();
        ++hashes;
    }
    QCOMPARE(hashes, 2 * seeds().size() - 1); // every key, the two correlation ids
    QCOMPARE(out.count(QLatin1Char('\n')), 1 + seeds().size() + 1);
}

void TestHostileOutput::accessListEscapesEveryValue() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString workflow = QStringLiteral("wf\x1b[2J\x1b]0;owned\x07") + QChar(0x200b);
    const QString workflowShown = QStringLiteral("wf\\e[2J\\e]0;owned\\x07\\u{200B}");
    const QString prefix = QStringLiteral("p") + QChar(0x9b) + QStringLiteral("31m") +
                           QChar(0x202e) + QStringLiteral("/\nt_root operator") + QChar(0x7f);
    const QString prefixShown = QStringLiteral("p\\x9b31m\\u{202E}/\\nt_root operator\\x7f");
    const RawRun granted = dedupctl(
        {QStringLiteral("access"), QStringLiteral("grant"), QStringLiteral("t_worker"),
         QStringLiteral("--as"), QStringLiteral("worker"), QStringLiteral("--workflow"), workflow,
         QStringLiteral("--scope-prefix"), prefix, QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(granted.exitCode == 0, granted.err.constData());
    VERIFY_SAFE(granted.out);

    const RawRun listed = dedupctl(
        {QStringLiteral("access"), QStringLiteral("list"), QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    VERIFY_SAFE(listed.out);
    const QString out = text(listed.out);
    QVERIFY2(out.contains(workflowShown), qPrintable(out));
    QVERIFY2(out.contains(prefixShown), qPrintable(out));
    const QStringList lines = out.chopped(1).split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3); // header, one grant, the count
    QString why;
    QVERIFY2(aligned(lines.mid(1, 1),
                     columnStarts(lines.first(),
                                  {QStringLiteral("CAPABILITY"), QStringLiteral("WORKFLOW"),
                                   QStringLiteral("SCOPE PREFIX"), QStringLiteral("GRANTED BY"),
                                   QStringLiteral("GRANTED AT")}),
                     &why),
             qPrintable(why));

    // --json: the exact values back
    const RawRun json = dedupctl({QStringLiteral("access"), QStringLiteral("list"),
                                  QStringLiteral("--json"), QStringLiteral("--db"), db.conninfo()});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject row = QJsonDocument::fromJson(json.out).array().at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("workflow")).toString(), workflow);
    QCOMPARE(row.value(QStringLiteral("scope_prefix")).toString(), prefix);

    // a login from the command line, echoed in the server's refusal and in the summary
    const RawRun unknown =
        dedupctl({QStringLiteral("access"), QStringLiteral("grant"), Red, QStringLiteral("--as"),
                  QStringLiteral("worker"), QStringLiteral("--db"), db.conninfo()});
    QCOMPARE(unknown.exitCode, 4);
    VERIFY_SAFE(unknown.err);
    QVERIFY2(text(unknown.err).contains(RedShown), unknown.err.constData());
    const RawRun none = dedupctl({QStringLiteral("access"), QStringLiteral("revoke"), Backspaces,
                                  QStringLiteral("--db"), db.conninfo()});
    QCOMPARE(none.exitCode, 1);
    VERIFY_SAFE(none.out);
    QVERIFY2(text(none.out).contains(BackspacesShown), none.out.constData());
}

void TestHostileOutput::verifyAuditEscapesFilesAndWhatTheySay() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString key = dir.filePath(QStringLiteral("key.pem"));
    const QString pub = dir.filePath(QStringLiteral("pub.pem"));
    for (const QStringList &args :
         {QStringList{QStringLiteral("genpkey"), QStringLiteral("-algorithm"),
                      QStringLiteral("ed25519"), QStringLiteral("-out"), key},
          QStringList{QStringLiteral("pkey"), QStringLiteral("-in"), key, QStringLiteral("-pubout"),
                      QStringLiteral("-out"), pub}}) {
        QProcess openssl;
        openssl.start(QStringLiteral("openssl"), args);
        QVERIFY2(openssl.waitForFinished(30000) && openssl.exitCode() == 0,
                 openssl.readAllStandardError().constData());
    }
    // A file name that drives the terminal, holding a "checkpoint" whose version the refusal
    // quotes.
    const QString name = QStringLiteral("cp\x1b[31m\n") + QChar(0x202e) + QStringLiteral(".ckpt");
    const QString nameShown = QStringLiteral("cp\\e[31m\\n\\u{202E}.ckpt");
    const QString file = dir.filePath(name);
    QFile checkpoint(file);
    QVERIFY(checkpoint.open(QIODevice::WriteOnly));
    checkpoint.write(
        R"({"format":"dedup-audit-checkpoint","version":"v\u001b]52;c;ZXZpbA==\u0007\n\u202e"})");
    checkpoint.close();

    const RawRun run =
        dedupctl({QStringLiteral("verify-audit"), QStringLiteral("--checkpoint"), file,
                  QStringLiteral("--pubkey"), pub, QStringLiteral("--db"), db.conninfo()});
    QCOMPARE(run.exitCode, 1);
    VERIFY_SAFE(run.out);
    VERIFY_SAFE(run.err);
    const QString out = text(run.out);
    QVERIFY2(
        out.contains(QStringLiteral("checkpoint %1/%2: DOES NOT HOLD").arg(dir.path(), nameShown)),
        qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("version v\\e]52;c;ZXZpbA==\\x07\\n\\u{202E} is not one")),
             qPrintable(out));
    // chain verdict, the checkpoint, the head, the first that does not hold
    QCOMPARE(out.count(QLatin1Char('\n')), 4);

    // --json: the file name as it is
    const RawRun json = dedupctl({QStringLiteral("verify-audit"), QStringLiteral("--checkpoint"),
                                  file, QStringLiteral("--pubkey"), pub, QStringLiteral("--json"),
                                  QStringLiteral("--db"), db.conninfo()});
    QCOMPARE(json.exitCode, 1);
    const QJsonObject report = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(report.value(QStringLiteral("first_failed_checkpoint")).toString(), file);
}

void TestHostileOutput::commandLineWordsAreEscaped() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    const QString unreachable = QStringLiteral("host=/nonexistent port=1");
    struct Case {
        QStringList args;
        int exitCode;
        QString shown; // in standard error
    };
    const QList<Case> cases{
        {{QStringLiteral("st\x1b[2Jale")}, 2, QStringLiteral("unknown command 'st\\e[2Jale'")},
        {{QStringLiteral("stale"), QStringLiteral("--db"), unreachable, Clipboard},
         2,
         QStringLiteral("unexpected argument '%1'").arg(ClipboardShown)},
        {{QStringLiteral("stale"), QStringLiteral("--\x1b[2J")}, 2, QStringLiteral("'\\e[2J'")},
        {{QStringLiteral("stale"), QStringLiteral("--db"), unreachable,
          QStringLiteral("--older-than"), Red},
         2,
         QStringLiteral("invalid --older-than '%1'").arg(RedShown)},
        {{QStringLiteral("stale"), QStringLiteral("--db"), unreachable, QStringLiteral("--limit"),
          Backspaces},
         2,
         QStringLiteral("invalid --limit '%1'").arg(BackspacesShown)},
        {{QStringLiteral("purge"), QStringLiteral("--db"), unreachable, QStringLiteral("--batch"),
          Return},
         2,
         QStringLiteral("invalid --batch '%1'").arg(ReturnShown)},
        {{QStringLiteral("report"), QStringLiteral("--db"), unreachable,
          QStringLiteral("--section"), Bidi},
         2,
         QStringLiteral("--section: '%1'").arg(BidiShown)},
        {{QStringLiteral("report"), QStringLiteral("--db"), unreachable, QStringLiteral("--status"),
          NewLine},
         2,
         QStringLiteral("unknown status '%1'").arg(NewLineShown)},
        {{QStringLiteral("audit"), Erase},
         2,
         QStringLiteral("unknown subcommand '%1'").arg(EraseShown)},
        {{QStringLiteral("access"), QStringLiteral("list"), C1},
         2,
         QStringLiteral("unexpected argument '%1'").arg(C1Shown)},
        // libpq quotes the socket path it could not reach
        {{QStringLiteral("stale"), QStringLiteral("--db"),
          QStringLiteral("host=/nonexistent\x1b[31m port=1")},
         3,
         QStringLiteral("/nonexistent\\e[31m")},
    };
    for (const Case &c : cases) {
        const RawRun run = dedupctl(c.args);
        const QString label = QString::fromLatin1(c.args.join(u' ').toUtf8().toHex());
        QVERIFY2(run.exitCode == c.exitCode, qPrintable(label + QLatin1Char(' ') + text(run.err)));
        VERIFY_SAFE(run.err);
        VERIFY_SAFE(run.out);
        QVERIFY2(text(run.err).contains(c.shown),
                 qPrintable(c.shown + QStringLiteral(" not in: ") + text(run.err)));
    }
}

QTEST_GUILESS_MAIN(TestHostileOutput)
#include "tst_hostileoutput.moc"
