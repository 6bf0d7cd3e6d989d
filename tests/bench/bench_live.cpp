// bench_live: the live view target of docs/PERFORMANCE.md "Targets", "1,000 changes/s without the
// UI thread stalling over 50 ms", measured (never asserted).
//
// A private PostgreSQL (store/LocalCluster, fsync off: this measures the console, not the
// disk) with a store of --rows runs; a QApplication (offscreen unless a platform is set) with
// a QTableView on the console's RunListModel, attached to a ChangeListener as in the runs
// view, its first pages loaded. Writer threads (LiveWriter) then make --rate changes a second
// for --seconds, each one protocol call in its own transaction (claims of new runs and
// succeed() of claimed ones), so each writes events that the listener's change feed brings
// (0020: no NOTIFY). A precise 5 ms timer on the UI thread
// (StallProbe) records how late each tick comes: the UI thread's stalls.
//
// Baseline, in the same run: the naive live view, a QSqlQueryModel (QPSQL) over the same
// newest-first list that re-runs its query on the UI thread for each (coalesced) batch of
// changes from the feed, under the same writers.
#include "LiveWriter.h"
#include "StallProbe.h"
#include "lanes/ChangeListener.h"
#include "models/RunListModel.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlQueryModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextStream>

#include <memory>

using namespace dedup;
using bench::LiveWriter;
using bench::StallProbe;

namespace {

constexpr double kStallTargetMs = 50.0;

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

// Runs the event loop until `done` holds or `timeoutMs` passed; whether it holds.
template <typename Done>
bool waitFor(Done done, int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

void runEventLoopFor(int milliseconds) {
    QEventLoop loop;
    QTimer::singleShot(milliseconds, &loop, &QEventLoop::quit);
    loop.exec();
}

struct Phase {
    QJsonObject stalls;
    long long changes = 0;
    long long errors = 0;
    long long late = 0;
    double seconds = 0;
    QString firstError;

    QJsonObject toJson() const {
        return {{QStringLiteral("stalls"), stalls},
                {QStringLiteral("changes"), changes},
                {QStringLiteral("changes_per_s"), seconds > 0 ? double(changes) / seconds : 0.0},
                {QStringLiteral("errors"), errors},
                {QStringLiteral("late_changes"), late},
                {QStringLiteral("first_error"), firstError}};
    }
};

// Writers on, probe on, the event loop running for `seconds`; then both off.
Phase measure(const QString &conninfo, const QString &tag, int rate, int threads, int seconds) {
    StallProbe probe;
    LiveWriter writer(conninfo, tag, rate, threads);
    probe.start();
    QElapsedTimer timer;
    timer.start();
    writer.start();
    runEventLoopFor(seconds * 1000);
    writer.stop();
    Phase phase;
    phase.seconds = double(timer.elapsed()) / 1000.0;
    probe.stop();
    phase.stalls = probe.summary(kStallTargetMs);
    phase.changes = writer.changes();
    phase.errors = writer.errors();
    phase.late = writer.late();
    phase.firstError = writer.firstError();
    return phase;
}

void printPhase(const QString &name, const Phase &phase) {
    out() << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8\n")
                 .arg(name, -34)
                 .arg(QString::number(double(phase.changes) / qMax(0.001, phase.seconds), 'f', 0),
                      9)
                 .arg(QString::number(phase.stalls.value(QStringLiteral("max_ms")).toDouble(), 'f',
                                      1),
                      9)
                 .arg(QString::number(phase.stalls.value(QStringLiteral("p99_ms")).toDouble(), 'f',
                                      1),
                      9)
                 .arg(phase.stalls.value(QStringLiteral("over_limit")).toInteger(), 9)
                 .arg(QString::number(
                          100.0 * phase.stalls.value(QStringLiteral("blocked_share")).toDouble(),
                          'f', 1),
                      9)
                 .arg(phase.errors, 7)
                 .arg(phase.late, 7)
          << Qt::flush;
    if (!phase.firstError.isEmpty())
        out() << "    first error: " << phase.firstError << '\n';
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Measures the live runs view under a stream of changes (docs/PERFORMANCE.md "
                       "\"Targets\") on a private PostgreSQL it starts itself."));
    parser.addHelpOption();
    const QCommandLineOption secondsOption(QStringLiteral("seconds"),
                                           QStringLiteral("Seconds per phase (10)."),
                                           QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption rateOption(QStringLiteral("rate"),
                                        QStringLiteral("Changes per second (1000)."),
                                        QStringLiteral("n"), QStringLiteral("1000"));
    const QCommandLineOption threadsOption(QStringLiteral("threads"),
                                           QStringLiteral("Writer threads (4)."),
                                           QStringLiteral("n"), QStringLiteral("4"));
    const QCommandLineOption rowsOption(QStringLiteral("rows"),
                                        QStringLiteral("Runs in the store at the start (20000)."),
                                        QStringLiteral("n"), QStringLiteral("20000"));
    const QCommandLineOption loadedOption(QStringLiteral("loaded"),
                                          QStringLiteral("Rows loaded into both views (2000)."),
                                          QStringLiteral("n"), QStringLiteral("2000"));
    const QCommandLineOption noBaselineOption(QStringLiteral("no-baseline"),
                                              QStringLiteral("Skip the QSqlQueryModel phase."));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("Write the results as JSON to this file."),
                                       QStringLiteral("file"));
    parser.addOptions({secondsOption, rateOption, threadsOption, rowsOption, loadedOption,
                       noBaselineOption, outOption});
    parser.process(app);
    const int seconds = qMax(1, parser.value(secondsOption).toInt());
    const int rate = qMax(1, parser.value(rateOption).toInt());
    const int threads = qMax(1, parser.value(threadsOption).toInt());
    const int rows = qMax(0, parser.value(rowsOption).toInt());
    const int loaded = qMax(200, parser.value(loadedOption).toInt());

    QTemporaryDir base(QDir::tempPath() + QStringLiteral("/dedup-bench-live-XXXXXX"));
    if (!base.isValid()) {
        out() << "bench_live: cannot create a temporary directory" << Qt::endl;
        return 1;
    }
    store::LocalCluster::Options options;
    options.baseDir = base.path();
    options.durable = false;
    store::LocalCluster cluster(options);
    QString error;
    out() << "starting a private PostgreSQL in " << base.path() << " (fsync off)" << Qt::endl;
    if (!cluster.start(&error)) {
        out() << "bench_live: " << error << Qt::endl;
        store::LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_live: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_live: " << message << Qt::endl;
        return finish(1);
    };
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=bench")
                                 .arg(cluster.port())
                                 .arg(cluster.superuser());
    {
        store::PgConnection admin;
        if (!admin.open(cluster.conninfo()) ||
            !admin.exec(QStringLiteral("CREATE DATABASE bench")).ok())
            return fail(QStringLiteral("cannot create the bench database"));
        store::PgConnection conn;
        if (!conn.open(conninfo, QStringLiteral("bench-live-setup")))
            return fail(conn.openError().toString());
        store::Migrator migrator(conn);
        store::Migrator::Report report;
        if (!migrator.migrate(&report, &error))
            return fail(error);
        store::PgParams params;
        params.add(qint64(rows));
        const store::PgResult seeded = conn.exec(
            QStringLiteral("INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint,"
                           " status, created_at, updated_at, finished_at)"
                           " SELECT 'live-' || (g % 2), 'seed-' || g, 'live-bench', 'fp',"
                           " 'succeeded', t, t, t FROM generate_series(1, $1::bigint) AS g,"
                           " LATERAL (SELECT now() - interval '1 hour' + g * interval '1 ms')"
                           " AS x(t)"),
            params);
        if (!seeded.ok() || !conn.exec(QStringLiteral("VACUUM ANALYZE dedup.runs")).ok())
            return fail(seeded.error().toString());
    }

    out() << "\nLive view: " << rate << " changes/s by " << threads << " writer threads for "
          << seconds << " s per phase, " << rows << " runs at the start, " << loaded
          << " rows loaded in the view; UI thread stalls (5 ms heartbeat; target: none over "
          << kStallTargetMs << " ms)\n"
          << QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8\n")
                 .arg(QStringLiteral("view"), -34)
                 .arg(QStringLiteral("changes/s"), 9)
                 .arg(QStringLiteral("max ms"), 9)
                 .arg(QStringLiteral("p99 ms"), 9)
                 .arg(QStringLiteral(">50 ms"), 9)
                 .arg(QStringLiteral("blocked %"), 9)
                 .arg(QStringLiteral("errors"), 7)
                 .arg(QStringLiteral("late"), 7)
          << Qt::flush;

    auto listener = std::make_unique<lanes::ChangeListener>(conninfo);
    listener->start();
    if (!waitFor([&] { return listener->isConnected(); }, 15000))
        return fail(QStringLiteral("the change listener did not connect"));

    // The console's view: RunListModel on its own thread and connection, live updates on.
    Phase ours;
    int updated = 0, inserted = 0, removed = 0, batches = 0;
    {
        models::RunListModel model(conninfo);
        model.attachListener(listener.get());
        QObject::connect(&model, &models::RunListModel::liveUpdateApplied,
                         [&](int u, int i, int r) {
                             updated += u;
                             inserted += i;
                             removed += r;
                             ++batches;
                         });
        QTableView view;
        view.setModel(&model);
        view.resize(1400, 900);
        view.show();
        model.setFilter({});
        // Pages as scrolling would load them, up to `loaded` rows.
        while (model.rowCount() < qMin(loaded, rows) && model.canFetchMore({})) {
            const int before = model.rowCount();
            model.fetchMore({});
            if (!waitFor([&] { return model.rowCount() > before || !model.errorText().isEmpty(); },
                         30000) ||
                !model.errorText().isEmpty())
                return fail(QStringLiteral("the list did not load: ") + model.errorText());
        }
        ours = measure(conninfo, QStringLiteral("model"), rate, threads, seconds);
        // It kept up if, once the writers stopped, the list's newest run is the store's.
        store::PgConnection check;
        if (!check.open(conninfo))
            return fail(check.openError().toString());
        const qint64 newest =
            check
                .exec(QStringLiteral("SELECT id FROM dedup.runs ORDER BY created_at DESC, id DESC"
                                     " LIMIT 1"))
                .toInt64(0, 0);
        QElapsedTimer caughtUp;
        caughtUp.start();
        const bool current =
            waitFor([&] { return model.rowCount() > 0 && model.runAt(0).id == newest; }, 10000);
        ours.stalls.insert(QStringLiteral("caught_up_ms"),
                           current ? double(caughtUp.elapsed()) : -1.0);
        ours.stalls.insert(QStringLiteral("batches"), batches);
        ours.stalls.insert(QStringLiteral("rows_updated"), updated);
        ours.stalls.insert(QStringLiteral("rows_inserted"), inserted);
        ours.stalls.insert(QStringLiteral("rows_removed"), removed);
        ours.stalls.insert(QStringLiteral("rows_at_end"), model.rowCount());
    }
    printPhase(QStringLiteral("RunListModel + ChangeListener"), ours);

    Phase naive;
    const bool baseline = !parser.isSet(noBaselineOption);
    if (baseline) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"));
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(cluster.port());
        db.setUserName(cluster.superuser());
        db.setDatabaseName(QStringLiteral("bench"));
        if (!db.open())
            return fail(db.lastError().text());
        const QString sql =
            QStringLiteral("SELECT id, status, workflow, scope, idem_key, correlation_id,"
                           " attempt, lease_owner, lease_expires_at, created_at, updated_at"
                           " FROM dedup.runs ORDER BY created_at DESC, id DESC LIMIT %1")
                .arg(loaded);
        {
            QSqlQueryModel model;
            model.setQuery(sql, db);
            QTableView view;
            view.setModel(&model);
            view.resize(1400, 900);
            view.show();
            // The naive live view: every batch of changes re-runs the query on the UI thread (no
            // coalescing beyond what piles up while the loop is busy).
            listener->setCoalesceInterval(0);
            const auto connection =
                QObject::connect(listener.get(), &lanes::ChangeListener::runsChanged,
                                 [&] { model.setQuery(sql, db); });
            naive = measure(conninfo, QStringLiteral("naive"), rate, threads, seconds);
            QObject::disconnect(connection);
        }
        db.close();
        printPhase(QStringLiteral("QSqlQueryModel, re-query per change"), naive);
    }
    listener.reset(); // its connection closes before the server stops
    const double ourMax = ours.stalls.value(QStringLiteral("max_ms")).toDouble();
    const double naiveMax = naive.stalls.value(QStringLiteral("max_ms")).toDouble();
    if (baseline)
        out() << "  max stall, QSqlQueryModel / RunListModel: "
              << QString::number(naiveMax / qMax(0.1, ourMax), 'f', 1) << "x\n";
    out() << "  the list caught up " << ours.stalls.value(QStringLiteral("caught_up_ms")).toDouble()
          << " ms after the writers stopped (-1: not within 10 s)" << Qt::endl;

    if (parser.isSet(outOption)) {
        const QJsonObject results{
            {QStringLiteral("settings"), QJsonObject{{QStringLiteral("seconds"), seconds},
                                                     {QStringLiteral("rate"), rate},
                                                     {QStringLiteral("threads"), threads},
                                                     {QStringLiteral("rows"), rows},
                                                     {QStringLiteral("loaded"), loaded}}},
            {QStringLiteral("run_list_model"), ours.toJson()},
            {QStringLiteral("qsqlquerymodel"), baseline ? naive.toJson() : QJsonObject()},
            {QStringLiteral("target_ms"), kStallTargetMs},
        };
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write %1").arg(file.fileName()));
        file.write(QJsonDocument(results).toJson());
        out() << "results written to " << file.fileName() << Qt::endl;
    }
    return finish(0);
}
