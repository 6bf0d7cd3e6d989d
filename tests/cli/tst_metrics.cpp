// dedupctl metrics, black-box against a private PostgreSQL: the Prometheus text of a store built
// with the protocol, compared with the runs themselves (before and after the Dashboard's rollup
// folds its deltas); a login limited to a scope prefix gets its own runs only; label values
// escaped; a paused workflow is a gauge while it is paused; --listen serves /metrics over HTTP
// (and 404 elsewhere); a bad --listen is a usage error.
#include "../store/OperatorTestHelpers.h"
#include "DedupctlRun.h"
#include "TestDatabase.h"

#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QtTest>

using dedup::store::PgConnection;
using dedup::store::PgResult;

namespace {

DedupctlRun metrics(const TestDatabase &db, const QString &user = {}) {
    return runDedupctl({QStringLiteral("metrics"), QStringLiteral("--db"), db.conninfo(user)});
}

// Sample lines ("name{labels} value") by their name and labels; comments checked for form.
QMap<QString, QString> samples(const QString &text) {
    QMap<QString, QString> map;
    static const QRegularExpression sample(QStringLiteral(R"(^([a-z_]+(\{.*\})?) (\S+)$)"));
    for (const QString &line : text.split(u'\n', Qt::SkipEmptyParts)) {
        if (line.startsWith(QLatin1String("# HELP ")) || line.startsWith(QLatin1String("# TYPE ")))
            continue;
        const QRegularExpressionMatch m = sample.match(line);
        if (!m.hasMatch())
            return {{QStringLiteral("unparsed"), line}};
        map.insert(m.captured(1), m.captured(3));
    }
    return map;
}

// What the runs themselves say, in the metrics' words.
QMap<QString, QString> truth(PgConnection &su) {
    QMap<QString, QString> map;
    const PgResult byStatus =
        su.exec(QStringLiteral("SELECT workflow, status, count(*) FROM dedup.runs GROUP BY 1, 2"));
    for (int row = 0; row < byStatus.rows(); ++row)
        map.insert(QStringLiteral("dedup_runs{workflow=\"%1\",status=\"%2\"}")
                       .arg(byStatus.text(row, 0), byStatus.text(row, 1)),
                   byStatus.text(row, 2));
    const PgResult failures =
        su.exec(QStringLiteral("SELECT workflow, last_error->>'class', count(*) FROM dedup.runs"
                               " WHERE status IN ('failed', 'manual_review') GROUP BY 1, 2"));
    for (int row = 0; row < failures.rows(); ++row)
        map.insert(QStringLiteral("dedup_run_failures{workflow=\"%1\",error_class=\"%2\"}")
                       .arg(failures.text(row, 0), failures.text(row, 1)),
                   failures.text(row, 2));
    map.insert(QStringLiteral("dedup_runs_stuck"),
               optest::text(su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status ="
                                               " 'processing' AND lease_expires_at <= now()")));
    map.insert(QStringLiteral("dedup_review_queue_runs"),
               optest::text(su, QStringLiteral("SELECT count(*) FROM dedup.runs WHERE status ="
                                               " 'manual_review'")));
    return map;
}

// The store's figures minus the ones that are not counts of runs.
QMap<QString, QString> countsOf(QMap<QString, QString> map) {
    map.remove(QStringLiteral("dedup_review_oldest_age_seconds"));
    for (auto it = map.begin(); it != map.end();) {
        if (it.key().startsWith(QLatin1String("dedup_duplicates_suppressed")))
            it = map.erase(it);
        else
            ++it;
    }
    return map;
}

} // namespace

class TestMetrics : public QObject {
    Q_OBJECT

private slots:
    void figuresMatchTheRuns();
    void restrictedLoginCountsItsOwnRuns();
    void labelValuesAreEscaped();
    void pausedWorkflowIsAGaugeWhilePaused();
    void listenServesMetrics();
    void badListenIsAUsageError();
};

void TestMetrics::figuresMatchTheRuns() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    for (const auto &[state, key] : {std::pair{"failed", "k1"}, std::pair{"manual_review", "k2"},
                                     std::pair{"processing_expired", "k3"},
                                     std::pair{"succeeded", "k4"}, std::pair{"succeeded", "k5"}}) {
        const optest::PreparedRun run =
            optest::prepareRun(*su, QLatin1String(state), QLatin1String(key));
        QVERIFY2(run.error.isEmpty(), qPrintable(run.error));
    }
    // Two duplicate deliveries of a finished run: replayed.
    QCOMPARE(db.exec(QStringLiteral(
                 "SELECT dedup.claim(p_scope => 'test', p_key => 'k4', p_workflow => 'wf',"
                 " p_fingerprint => 'fp', p_worker => 'w2', p_steps => '{draft,send,notify}')"
                 " FROM generate_series(1, 2)")),
             QString());

    DedupctlRun r = metrics(db, QStringLiteral("t_viewer"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QMap<QString, QString> got = samples(r.out);
    QVERIFY2(!got.contains(QStringLiteral("unparsed")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("# TYPE dedup_runs_stuck gauge\n")), qPrintable(r.out));
    QCOMPARE(countsOf(got), truth(*su));
    QCOMPARE(got.value(QStringLiteral("dedup_runs_stuck")), QStringLiteral("1"));
    QCOMPARE(got.value(QStringLiteral("dedup_duplicates_suppressed{outcome=\"replay\"}")),
             QStringLiteral("2"));
    QVERIFY(got.value(QStringLiteral("dedup_review_oldest_age_seconds")).toDouble() >= 0);

    // The review queue's oldest entry, aged by an hour: the age follows.
    QCOMPARE(db.exec(QStringLiteral("UPDATE dedup.runs SET review_at = now() - interval '1 hour'"
                                    " WHERE status = 'manual_review'")),
             QString());
    // After the rollup folded its deltas: the same figures.
    QCOMPARE(db.exec(QStringLiteral("SELECT dedup.dashboard_refresh()")), QString());
    r = metrics(db, QStringLiteral("t_viewer"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    got = samples(r.out);
    QCOMPARE(countsOf(got), truth(*su));
    QCOMPARE(got.value(QStringLiteral("dedup_duplicates_suppressed{outcome=\"replay\"}")),
             QStringLiteral("2"));
    const double age = got.value(QStringLiteral("dedup_review_oldest_age_seconds")).toDouble();
    QVERIFY2(age >= 3600 && age < 3700, qPrintable(QString::number(age)));
}

void TestMetrics::restrictedLoginCountsItsOwnRuns() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    auto su = db.connect();
    const optest::PreparedRun mine = optest::prepareRun(*su, QStringLiteral("failed"));
    QVERIFY2(mine.error.isEmpty(), qPrintable(mine.error));
    QCOMPARE(db.exec(QStringLiteral(
                 "SELECT dedup.claim(p_scope => 'clinic-2/x', p_key => 'other', p_workflow => 'wf',"
                 " p_fingerprint => 'fp', p_worker => 'w', p_steps => '{a}')")),
             QString());
    QCOMPARE(db.grant(QStringLiteral("t_viewer"), QStringLiteral("viewer"), {},
                      {QStringLiteral("test")}),
             QString());
    const DedupctlRun r = metrics(db, QStringLiteral("t_viewer"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QMap<QString, QString> got = samples(r.out);
    QCOMPARE(got.value(QStringLiteral("dedup_runs{workflow=\"wf\",status=\"failed\"}")),
             QStringLiteral("1"));
    QVERIFY2(!got.contains(QStringLiteral("dedup_runs{workflow=\"wf\",status=\"processing\"}")),
             qPrintable(r.out));
}

void TestMetrics::labelValuesAreEscaped() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.exec(QStringLiteral(
                 "SELECT dedup.claim(p_scope => 's', p_key => 'k', p_workflow => 'in\"voice\\x',"
                 " p_fingerprint => 'fp', p_worker => 'w', p_steps => '{a}')")),
             QString());
    const DedupctlRun r = metrics(db);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String(
                 "dedup_runs{workflow=\"in\\\"voice\\\\x\",status=\"processing\"} 1")),
             qPrintable(r.out));
}

void TestMetrics::pausedWorkflowIsAGaugeWhilePaused() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grant(QStringLiteral("t_operator"), QStringLiteral("operator")), QString());
    // A viewer of clinic-2/ only reads the pauses that concern it (row-level security).
    QCOMPARE(db.grant(QStringLiteral("t_viewer"), QStringLiteral("viewer"), {},
                      {QStringLiteral("clinic-2/")}),
             QString());
    const auto dedupctl = [&db](const QStringList &args) {
        return runDedupctl(
            args + QStringList{QStringLiteral("--db"), db.conninfo(QStringLiteral("t_operator"))});
    };
    const QString whole =
        QStringLiteral("dedup_workflow_paused{workflow=\"in\\\"voice\",scope_prefix=\"\"}");
    const QString clinic1 =
        QStringLiteral("dedup_workflow_paused{workflow=\"booking\",scope_prefix=\"clinic-1/\"}");

    DedupctlRun r = dedupctl({QStringLiteral("pause"), QStringLiteral("in\"voice"),
                              QStringLiteral("--reason"), QStringLiteral("provider outage")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = dedupctl({QStringLiteral("pause"), QStringLiteral("booking"),
                  QStringLiteral("--scope-prefix"), QStringLiteral("clinic-1/"),
                  QStringLiteral("--reason"), QStringLiteral("clinic 1 moves")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));

    r = metrics(db);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("# HELP dedup_workflow_paused ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QLatin1String("# TYPE dedup_workflow_paused gauge\n")),
             qPrintable(r.out));
    QMap<QString, QString> got = samples(r.out);
    QVERIFY2(!got.contains(QStringLiteral("unparsed")), qPrintable(r.out));
    QCOMPARE(got.value(whole), QStringLiteral("1"));
    QCOMPARE(got.value(clinic1), QStringLiteral("1"));

    r = metrics(db, QStringLiteral("t_viewer"));
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    got = samples(r.out);
    QCOMPARE(got.value(whole), QStringLiteral("1"));
    QVERIFY2(!got.contains(clinic1), qPrintable(r.out));

    r = dedupctl({QStringLiteral("resume"), QStringLiteral("in\"voice"), QStringLiteral("--reason"),
                  QStringLiteral("provider back")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = metrics(db);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    got = samples(r.out);
    QVERIFY2(!got.contains(whole), qPrintable(r.out));
    QCOMPARE(got.value(clinic1), QStringLiteral("1"));

    // Nothing paused: the metric stays declared, without a sample (as dedup_runs on no runs).
    r = dedupctl({QStringLiteral("resume"), QStringLiteral("booking"),
                  QStringLiteral("--scope-prefix"), QStringLiteral("clinic-1/"),
                  QStringLiteral("--reason"), QStringLiteral("moved")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = metrics(db);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QLatin1String("# TYPE dedup_workflow_paused gauge\n")),
             qPrintable(r.out));
    QVERIFY2(!r.out.contains(QLatin1String("\ndedup_workflow_paused{")), qPrintable(r.out));
}

void TestMetrics::listenServesMetrics() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QProcess server;
    server.start(QStringLiteral(DEDUPCTL_PATH),
                 {QStringLiteral("metrics"), QStringLiteral("--listen"),
                  QStringLiteral("127.0.0.1:0"), QStringLiteral("--db"), db.conninfo()});
    const auto stop = qScopeGuard([&server] {
        server.kill();
        server.waitForFinished();
    });
    QVERIFY(server.waitForStarted());
    QByteArray banner;
    QTRY_VERIFY_WITH_TIMEOUT((banner += server.readAllStandardOutput()).contains('\n'), 15000);
    const QRegularExpressionMatch port =
        QRegularExpression(QStringLiteral("http://127\\.0\\.0\\.1:(\\d+)/metrics"))
            .match(QString::fromUtf8(banner));
    QVERIFY2(port.hasMatch(), banner.constData());

    const auto get = [&port](const QByteArray &path) {
        QTcpSocket socket;
        socket.connectToHost(QStringLiteral("127.0.0.1"), port.captured(1).toUShort());
        if (!socket.waitForConnected(5000))
            return QByteArray("not connected");
        socket.write("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
        QByteArray answer;
        while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(10000))
            answer += socket.readAll();
        return answer + socket.readAll();
    };
    const QByteArray ok = get("/metrics");
    QVERIFY2(ok.startsWith("HTTP/1.1 200 OK\r\n"), ok.constData());
    QVERIFY2(ok.contains("Content-Type: text/plain; version=0.0.4"), ok.constData());
    QVERIFY2(ok.contains("\r\n\r\n# HELP dedup_runs_stuck"), ok.constData());
    QVERIFY2(ok.contains("\ndedup_runs_stuck 0\n"), ok.constData());
    const QByteArray missing = get("/");
    QVERIFY2(missing.startsWith("HTTP/1.1 404 Not Found\r\n"), missing.constData());
    // Still serving after the 404.
    QVERIFY(get("/metrics?x=1").startsWith("HTTP/1.1 200 OK\r\n"));
}

void TestMetrics::badListenIsAUsageError() {
    for (const char *listen : {"9187", "nohost:9187", "127.0.0.1:70000", "127.0.0.1:x"}) {
        const DedupctlRun r = runDedupctl(
            {QStringLiteral("metrics"), QStringLiteral("--listen"), QLatin1String(listen)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("invalid --listen")), qPrintable(r.err));
    }
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
