// bench_detail_open: opening a run with a large payload in the run detail (issue 19 item 3,
// docs/PERFORMANCE.md "Opening a run with a large payload"), measured (never asserted).
//
// A private PostgreSQL (store/LocalCluster, fsync off) with one run per case, each carrying a
// large jsonb value: a 20 MB result made of records (many lines), a 20 MB result that is one
// long string (one line), a 20 MB context, and a 20 MB last error. The store accepts results
// and contexts of that size once store_settings allows it (max_result_bytes and
// max_context_bytes go up to 100 MB; the bench sets 32 MiB). An error's message is limited to
// 4 KiB by the protocol (fail()): the 20 MB last error is written directly, as data older
// than the limit or written around the protocol would be; it is the hostile case of the
// error pane.
//
// A QApplication (offscreen unless a platform is set) shows the console's RunDetailView on
// its own RunDetailSource, as the main window's dock does. For each case: the process RSS
// (VmRSS) before; setRunId(); the time until the value is in its pane; a precise 5 ms timer
// on the UI thread (StallProbe) records the longest stall while the run opens and during
// --open-seconds while it stays open; the RSS while open; for the records result, "Show All"
// (the time until the whole value is in the editor, and the longest stall meanwhile); then the
// detail is closed (RunDetailView::closeRun() where the build has it, else setRunId(0) as
// closing the dock did), deferred deletes processed, and the RSS measured again.
#include "StallProbe.h"
#include "models/RunDetailSource.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "widgets/JsonPane.h"
#include "widgets/RunDetailView.h"
#include "widgets/StoreConnections.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextStream>

using namespace dedup;
using bench::StallProbe;

namespace {

// The live view's target (docs/PERFORMANCE.md): no UI-thread stall over 50 ms.
constexpr double kStallTargetMs = 50.0;

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

// VmRSS of this process in MB (/proc/self/status); -1 where there is none.
double rssMb() {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return -1;
}

template <typename Done>
bool waitFor(Done done, int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    return done();
}

void runEventLoopFor(int milliseconds) {
    QEventLoop loop;
    QTimer::singleShot(milliseconds, &loop, &QEventLoop::quit);
    loop.exec();
}

// Everything the run detail let go of is gone: deferred deletes, posted events.
void settle() {
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    runEventLoopFor(300);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

// Closes the detail the way this build does (a compile-time choice, so the same bench
// measures the code before and after issue 19).
template <typename View>
void closeDetail(View &view) {
    if constexpr (requires { view.closeRun(); })
        view.closeRun();
    else
        view.setRunId(0);
}

// Waits until the pane has the whole value in its editor, where it fills it a piece at a
// time (after issue 19's Show All change; before, showAll() returned with it filled).
template <typename Pane>
void waitUntilFilled(Pane &pane) {
    if constexpr (requires { pane.isFilling(); })
        waitFor([&pane] { return !pane.isFilling(); }, 600000);
}

struct Case {
    QString name;
    QString pane; // resultPane or errorPane; empty: nothing shown (the context)
    qint64 runId = 0;
    qint64 bytes = 0; // octet_length of the stored value's text
    bool showAll = false;
};

struct Figures {
    double rssBefore = 0, rssOpen = 0, rssClosed = 0;
    double shownMs = -1;
    QJsonObject opening, open, showAll, closing;
    double showAllMs = -1;

    QJsonObject toJson() const {
        return {{QStringLiteral("rss_before_mb"), rssBefore},
                {QStringLiteral("rss_open_mb"), rssOpen},
                {QStringLiteral("rss_closed_mb"), rssClosed},
                {QStringLiteral("shown_ms"), shownMs},
                {QStringLiteral("stalls_opening"), opening},
                {QStringLiteral("stalls_open"), open},
                {QStringLiteral("stalls_closing"), closing},
                {QStringLiteral("show_all_ms"), showAllMs},
                {QStringLiteral("stalls_show_all"), showAll}};
    }
};

Figures measure(widgets::RunDetailView &view, const Case &c, int openSeconds) {
    Figures f;
    // The pane's tab in front, as an operator looking at the value has it.
    const QString tab = c.pane == QLatin1String("errorPane") ? QStringLiteral("errorTab")
                                                             : QStringLiteral("resultTab");
    view.tabs()->setCurrentWidget(view.findChild<QWidget *>(tab, Qt::FindChildrenRecursively));
    settle();
    f.rssBefore = rssMb();
    auto *pane = c.pane.isEmpty()
                     ? nullptr
                     : view.findChild<widgets::JsonPane *>(c.pane, Qt::FindChildrenRecursively);
    StallProbe probe;
    // The probe measures from its second tick on: it runs a little before each action.
    const auto startProbe = [&probe] {
        probe.start();
        runEventLoopFor(20);
    };
    startProbe();
    QElapsedTimer clock;
    clock.start();
    view.setRunId(c.runId);
    waitFor(
        [&] {
            return view.source()->state() == models::RunDetailSource::State::Loaded &&
                   (!pane || !pane->editor()->toPlainText().isEmpty());
        },
        120000);
    f.shownMs = double(clock.nsecsElapsed()) / 1e6;
    runEventLoopFor(200); // what follows the value on screen (layout, paint) is part of opening
    probe.stop();
    f.opening = probe.summary(kStallTargetMs);

    startProbe();
    runEventLoopFor(openSeconds * 1000);
    probe.stop();
    f.open = probe.summary(kStallTargetMs);
    f.rssOpen = rssMb();

    if (c.showAll && pane) {
        startProbe();
        QElapsedTimer all;
        all.start();
        pane->showAll();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        waitUntilFilled(*pane);
        f.showAllMs = double(all.nsecsElapsed()) / 1e6;
        runEventLoopFor(200);
        probe.stop();
        f.showAll = probe.summary(kStallTargetMs);
    }

    startProbe();
    closeDetail(view);
    settle();
    probe.stop();
    f.closing = probe.summary(kStallTargetMs);
    runEventLoopFor(500);
    f.rssClosed = rssMb();
    return f;
}

QString ms(const QJsonObject &stalls) {
    return QString::number(stalls.value(QStringLiteral("max_ms")).toDouble(), 'f', 1);
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures opening runs with large payloads in the run detail (issue 19) "
                       "on a private PostgreSQL it starts itself."));
    parser.addHelpOption();
    const QCommandLineOption mbOption(QStringLiteral("mb"),
                                      QStringLiteral("Size of each large value in MB (20)."),
                                      QStringLiteral("n"), QStringLiteral("20"));
    const QCommandLineOption openOption(QStringLiteral("open-seconds"),
                                        QStringLiteral("Seconds each run stays open (2)."),
                                        QStringLiteral("s"), QStringLiteral("2"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("Write the results as JSON to this file."),
                                       QStringLiteral("file"));
    parser.addOptions({mbOption, openOption, outOption});
    parser.process(app);
    const int mb = qBound(1, parser.value(mbOption).toInt(), 90);
    const int openSeconds = qMax(1, parser.value(openOption).toInt());

    QTemporaryDir base(QDir::tempPath() + QStringLiteral("/dedup-bench-detail-XXXXXX"));
    if (!base.isValid()) {
        out() << "bench_detail_open: cannot create a temporary directory" << Qt::endl;
        return 1;
    }
    store::LocalCluster::Options options;
    options.baseDir = base.path();
    options.durable = false;
    store::LocalCluster cluster(options);
    QString error;
    out() << "starting a private PostgreSQL in " << base.path() << " (fsync off)" << Qt::endl;
    if (!cluster.start(&error)) {
        out() << "bench_detail_open: " << error << Qt::endl;
        store::LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_detail_open: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_detail_open: " << message << Qt::endl;
        return finish(1);
    };
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=bench")
                                 .arg(cluster.port())
                                 .arg(cluster.superuser());
    const qint64 target = qint64(mb) * 1000 * 1000;
    QList<Case> cases{
        {QStringLiteral("result, %1 MB of records").arg(mb), QStringLiteral("resultPane"), 0, 0,
         true},
        {QStringLiteral("result, one %1 MB string").arg(mb), QStringLiteral("resultPane"), 0, 0,
         false},
        {QStringLiteral("context, %1 MB (not shown)").arg(mb), QString(), 0, 0, false},
        {QStringLiteral("last error, %1 MB (written directly)").arg(mb),
         QStringLiteral("errorPane"), 0, 0, false},
    };
    Case warmUp{QStringLiteral("warm-up"), QStringLiteral("resultPane"), 0, 0, false};
    {
        store::PgConnection admin;
        if (!admin.open(cluster.conninfo()) ||
            !admin.exec(QStringLiteral("CREATE DATABASE bench")).ok())
            return fail(QStringLiteral("cannot create the bench database"));
        store::PgConnection conn;
        if (!conn.open(conninfo, QStringLiteral("bench-detail-setup")))
            return fail(conn.openError().toString());
        store::Migrator migrator(conn);
        store::Migrator::Report report;
        if (!migrator.migrate(&report, &error))
            return fail(error);
        // The store's limits allow values this large (up to 100 MB, 0010_access.sql).
        store::PgParams limit;
        limit.add(qint64(32 * 1024 * 1024));
        if (!conn.exec(QStringLiteral("UPDATE dedup.store_settings SET max_result_bytes = $1,"
                                      " max_context_bytes = $1"),
                       limit)
                 .ok())
            return fail(QStringLiteral("cannot raise the store's size limits"));
        // ~190 bytes a record: {"id": 1, "sku": "SKU-000001", "note": "...", "qty": 3}
        const QString records = QStringLiteral(
            "(SELECT jsonb_agg(jsonb_build_object('id', g, 'sku', 'SKU-' || lpad(g::text, 8, '0'),"
            " 'note', repeat('n', 140), 'qty', g % 7)) FROM generate_series(1, $1::bigint / 190) "
            "g)");
        const QString text = QStringLiteral("jsonb_build_object('blob', repeat('b', $1::integer))");
        const QString values[] = {
            QStringLiteral("%1, NULL, NULL, 'succeeded'").arg(records),
            QStringLiteral("%1, NULL, NULL, 'succeeded'").arg(text),
            QStringLiteral("NULL, %1, NULL, 'succeeded'").arg(records),
            QStringLiteral("NULL, NULL, jsonb_build_object('class', 'upstream_dump', 'message',"
                           " 'the upstream answered with its whole state', 'retryable', false,"
                           " 'attempt', 1, 'at', now(), 'detail', %1), 'failed'")
                .arg(records),
        };
        for (int i = 0; i < cases.size(); ++i) {
            store::PgParams params;
            params.add(target);
            params.add(QStringLiteral("big-%1").arg(i));
            const store::PgResult made =
                conn.exec(QStringLiteral(
                              "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint,"
                              " result, context, last_error, status, created_at, updated_at,"
                              " finished_at) SELECT 'bench', $2, 'detail-bench', 'fp', %1,"
                              " now(), now(), now() RETURNING id,"
                              " octet_length(COALESCE(result, context, last_error)::text) AS bytes")
                              .arg(values[i]),
                          params);
            if (!made.ok() || made.rows() != 1)
                return fail(made.error().toString());
            cases[i].runId = made.toInt64(0, "id");
            cases[i].bytes = made.toInt64(0, "bytes");
        }
        const store::PgResult small = conn.exec(QStringLiteral(
            "INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, result, status,"
            " created_at, updated_at, finished_at) SELECT 'bench', 'small', 'detail-bench', 'fp',"
            " '{\"ok\": true}', 'succeeded', now(), now(), now() RETURNING id"));
        if (!small.ok() || small.rows() != 1)
            return fail(small.error().toString());
        warmUp.runId = small.toInt64(0, "id");
    }

    widgets::RunDetailView view{widgets::StoreConnections(conninfo)};
    view.resize(1100, 720);
    view.show();
    // A small run first: the connection is open and the code paths warm.
    measure(view, warmUp, 1);
    out() << "\nOpening runs in the run detail; UI thread stalls (5 ms heartbeat; target: none "
             "over "
          << kStallTargetMs << " ms, the live view's)\n";
    out() << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                 .arg(QStringLiteral("case"), -38)
                 .arg(QStringLiteral("bytes"), 10)
                 .arg(QStringLiteral("shown ms"), 9)
                 .arg(QStringLiteral("open max"), 9)
                 .arg(QStringLiteral("kept max"), 9)
                 .arg(QStringLiteral("close max"), 9)
                 .arg(QStringLiteral("RSS MB before"), 13)
                 .arg(QStringLiteral("open"), 6)
                 .arg(QStringLiteral("closed"), 6)
          << Qt::flush;
    QJsonArray results;
    for (const Case &c : cases) {
        const Figures f = measure(view, c, openSeconds);
        out() << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                     .arg(c.name, -38)
                     .arg(c.bytes, 10)
                     .arg(QString::number(f.shownMs, 'f', 0), 9)
                     .arg(ms(f.opening), 9)
                     .arg(ms(f.open), 9)
                     .arg(ms(f.closing), 9)
                     .arg(QString::number(f.rssBefore, 'f', 0), 13)
                     .arg(QString::number(f.rssOpen, 'f', 0), 6)
                     .arg(QString::number(f.rssClosed, 'f', 0), 6)
              << Qt::flush;
        if (c.showAll)
            out() << "    Show All on it: " << QString::number(f.showAllMs, 'f', 0)
                  << " ms until the whole value is in the editor, max stall " << ms(f.showAll)
                  << " ms" << Qt::endl;
        QJsonObject entry = f.toJson();
        entry.insert(QStringLiteral("case"), c.name);
        entry.insert(QStringLiteral("bytes"), c.bytes);
        results.append(entry);
    }
    out() << "  (open max: from setRunId() to 200 ms after the value is shown; kept max: the "
          << openSeconds << " s the run stays open; RSS: VmRSS)" << Qt::endl;

    if (parser.isSet(outOption)) {
        const QJsonObject json{{QStringLiteral("settings"),
                                QJsonObject{{QStringLiteral("mb"), mb},
                                            {QStringLiteral("open_seconds"), openSeconds}}},
                               {QStringLiteral("cases"), results},
                               {QStringLiteral("target_ms"), kStallTargetMs}};
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write %1").arg(file.fileName()));
        file.write(QJsonDocument(json).toJson());
        out() << "results written to " << file.fileName() << Qt::endl;
    }
    view.setStore({}, nullptr); // its connection closes before the server stops
    return finish(0);
}
