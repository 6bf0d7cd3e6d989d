// bench_bulk_contention: what a bulk operation costs everyone else (issue 20, item 2;
// docs/PERFORMANCE.md "Bulk operations and single actions"). Measured, never asserted.
//
// On its own private PostgreSQL (store/LocalCluster, durable unless --no-fsync) it seeds
// --runs failed runs and applies one bulk cancel over all of them the way BulkWorker does
// (op_bulk_step in a loop, --batch items asked per batch, on its own connection), while two
// more connections measure, paced:
//   * single operator actions on other runs: op_cancel of a failed run (one statement, one
//     transaction; it needs the audit head a batch holds), every --single-ms;
//   * a worker: claim of a new key, then succeed (two statements), every --worker-ms;
// and the same two with no bulk running (--baseline-seconds first). Per batch it records the
// statement's time (an upper bound of how long the batch held the audit head) and its items.
//
// Then, for comparison in the same run, the 0006 batch body (no time budget, no lock check,
// limit 1000) is put back and the bulk is measured again over --legacy-runs runs at each of
// --legacy-batches; and the cheapest item there is (skipped as changed without calling the
// action) is timed, which is what sets op_bulk_step's largest limit (0018_bulk_bounds.sql).
//
// Results: a table on stdout, JSON with --out.
#include "Percentiles.h"
#include "store/LocalCluster.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>
#include <QUuid>

#include <atomic>
#include <chrono>
#include <csignal>
#include <mutex>
#include <thread>
#include <vector>

using namespace dedup::store;
using bench::Percentiles;

namespace {

std::atomic<bool> interrupted{false};

extern "C" void onSignal(int) {
    interrupted = true;
}

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}

QString ms(double micros) {
    return QString::number(micros / 1000.0, 'f', 2);
}

double elapsedMicros(const QElapsedTimer &timer) {
    return double(timer.nsecsElapsed()) / 1000.0;
}

// The 0006 batch body under its 0010 name: the behaviour before 0018, for the comparison.
const QString legacyStepSql = QStringLiteral(R"SQL(
CREATE OR REPLACE FUNCTION dedup._op_bulk_step_checked(p_bulk_id uuid, p_limit integer DEFAULT 50,
                                                       p_runner text DEFAULT NULL)
RETURNS TABLE (run_id bigint, state text, detail text, audit_id bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, dedup, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    b dedup.bulk_operations; i dedup.bulk_items; r dedup.runs; res dedup.op_result;
    v_state text; v_detail text; v_audit bigint;
BEGIN
    IF p_limit IS NULL OR p_limit < 1 OR p_limit > 1000 THEN
        RAISE EXCEPTION USING ERRCODE = 'DD004', MESSAGE = 'op_bulk_step: p_limit must be between 1 and 1000';
    END IF;
    SELECT * INTO b FROM dedup.bulk_operations x WHERE x.id = p_bulk_id FOR NO KEY UPDATE;
    IF NOT FOUND OR b.status <> 'running' THEN RETURN; END IF;
    FOR i IN SELECT * FROM dedup.bulk_items x WHERE x.bulk_id = p_bulk_id AND x.state = 'pending'
              ORDER BY x.run_id LIMIT p_limit
    LOOP
        v_audit := NULL;
        SELECT * INTO r FROM dedup.runs x WHERE x.id = i.run_id;
        IF r.id IS NOT NULL AND r.status <> i.expected_status THEN
            v_state := 'changed'; v_detail := 'changed';
        ELSE
            BEGIN
                res := dedup._bulk_apply(b, i);
                v_audit := res.audit_id; v_detail := res.detail;
                v_state := CASE WHEN res.outcome = 'replayed' THEN res.original_outcome ELSE res.outcome END;
            EXCEPTION WHEN OTHERS THEN
                v_state := 'failed'; v_detail := format('%s (%s)', SQLERRM, SQLSTATE);
            END;
        END IF;
        UPDATE dedup.bulk_items x SET state = v_state, detail = v_detail, audit_id = v_audit, done_at = now()
         WHERE x.bulk_id = i.bulk_id AND x.run_id = i.run_id;
        run_id := i.run_id; state := v_state; detail := v_detail; audit_id := v_audit;
        RETURN NEXT;
    END LOOP;
    UPDATE dedup.bulk_operations x
       SET updated_at = now(), runner = COALESCE(p_runner, session_user), runner_seen_at = now(),
           status = CASE WHEN NOT EXISTS (SELECT 1 FROM dedup.bulk_items y
                                           WHERE y.bulk_id = x.id AND y.state = 'pending')
                         THEN 'finished' ELSE x.status END
     WHERE x.id = p_bulk_id;
END
$$;
)SQL");

// Failed runs of `scope` (keys scope-1 .. scope-count), by claim + fail in chunks.
bool seed(PgConnection &conn, const QString &scope, int count, QString *error) {
    for (int first = 1; first <= count && !interrupted; first += 5000) {
        const int last = qMin(count, first + 4999);
        const PgResult done = conn.exec(
            QStringLiteral("SELECT count(dedup.fail(d.run_id, d.lease_token, d.lease_secret,"
                           " 'timeout', 'provider timed out', true))"
                           " FROM generate_series($1::integer, $2::integer) g,"
                           " LATERAL dedup.claim(p_scope => $3, p_key => $3 || '-' || g,"
                           " p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'seed',"
                           " p_steps => ARRAY['draft', 'send']) d"),
            PgParams().add(first).add(last).add(scope));
        if (!done.ok()) {
            *error = done.error().toString();
            return false;
        }
    }
    return true;
}

// A running bulk operation over every run of `scope`; `expectedStatus` as the operator saw
// it ('failed'; anything else makes every item a cheap 'changed').
QString createBulk(PgConnection &conn, const QString &scope, const QString &expectedStatus,
                   QString *error) {
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    PgResult r = conn.exec(QStringLiteral("SELECT dedup.op_bulk_create($1::uuid, 'op_cancel',"
                                          " '{}', 'bench: provider outage', '{}')"),
                           PgParams().add(id));
    if (!r.ok()) {
        *error = r.error().toString();
        return {};
    }
    qint64 after = 0;
    for (;;) {
        r = conn.exec(QStringLiteral("SELECT dedup.op_bulk_add_items($1::uuid, array_agg(id),"
                                     " array_agg(lease_token), array_agg($4::text)), max(id)"
                                     " FROM (SELECT id, lease_token FROM dedup.runs"
                                     " WHERE scope = $2 AND id > $3::bigint ORDER BY id"
                                     " LIMIT 10000) x HAVING count(*) > 0"),
                      PgParams().add(id).add(scope).add(after).add(expectedStatus));
        if (!r.ok()) {
            *error = r.error().toString();
            return {};
        }
        if (r.rows() == 0)
            break;
        after = r.toInt64(0, 1);
    }
    r = conn.exec(QStringLiteral("SELECT status FROM dedup.op_bulk_control($1::uuid, 'start',"
                                 " 'bench', $2)"),
                  PgParams().add(id).add(QUuid::createUuid().toString(QUuid::WithoutBraces)));
    if (!r.ok()) {
        *error = r.error().toString();
        return {};
    }
    return id;
}

struct BulkResult {
    qint64 items = 0;
    qint64 batches = 0;
    double seconds = 0;
    std::vector<double> batchMicros;
    std::vector<double> itemsPerBatch;
    std::vector<double> microsPerItem;
    QString error;
};

// Steps `id` to the end as BulkWorker does: the next batch as soon as one returns.
BulkResult stepAll(PgConnection &conn, const QString &id, int batch, int maxSeconds = 0) {
    BulkResult result;
    QElapsedTimer total;
    total.start();
    qint64 reported = 0;
    while (!interrupted && (maxSeconds <= 0 || total.elapsed() < qint64(maxSeconds) * 1000)) {
        QElapsedTimer clock;
        clock.start();
        const PgResult r =
            conn.exec(QStringLiteral("SELECT count(*) FROM dedup.op_bulk_step($1::uuid,"
                                     " $2::integer, 'bench-bulk')"),
                      PgParams().add(id).add(batch));
        const double micros = elapsedMicros(clock);
        if (!r.ok()) {
            result.error = r.error().toString();
            break;
        }
        const qint64 n = r.toInt64(0, 0);
        if (n == 0)
            break;
        result.items += n;
        ++result.batches;
        result.batchMicros.push_back(micros);
        result.itemsPerBatch.push_back(double(n));
        result.microsPerItem.push_back(micros / double(n));
        if (result.items - reported >= 10000) {
            reported = result.items;
            out() << "  ... " << result.items << " items in "
                  << QString::number(total.elapsed() / 1000.0, 'f', 0) << " s" << Qt::endl;
        }
    }
    result.seconds = double(total.nsecsElapsed()) / 1e9;
    return result;
}

// Paced single actions and worker calls on their own connections until stop.
struct Probes {
    std::vector<double> single, claim, succeed;
    qint64 singleErrors = 0, workerErrors = 0;
    bool singlesExhausted = false;
    QString firstError;
};

Probes probe(const QString &conninfo, int singleMs, int workerMs, std::atomic<bool> &stop,
             std::atomic<qint64> &workerKey, std::atomic<qint64> &nextSingle) {
    Probes probes;
    std::mutex lock;
    std::thread singles([&] {
        PgConnection conn;
        if (!conn.open(conninfo, QStringLiteral("bench-single"))) {
            const std::lock_guard<std::mutex> guard(lock);
            probes.firstError = conn.openError().toString();
            return;
        }
        while (!stop && !interrupted) {
            QElapsedTimer clock;
            clock.start();
            // One action, one statement: the next single-action run and its token read in
            // it (by primary key), as the console has them from its list.
            const qint64 runId = nextSingle++;
            const PgResult r = conn.exec(
                QStringLiteral("SELECT c.outcome FROM (SELECT id, lease_token FROM dedup.runs"
                               " WHERE id = $1::bigint AND status = 'failed') x,"
                               " LATERAL dedup.op_cancel(x.id, x.lease_token,"
                               " 'bench: single action', gen_random_uuid()::text) c"),
                PgParams().add(runId));
            const double micros = elapsedMicros(clock);
            const std::lock_guard<std::mutex> guard(lock);
            if (!r.ok()) {
                ++probes.singleErrors;
                if (probes.firstError.isEmpty())
                    probes.firstError = r.error().toString();
            } else if (r.rows() == 0) {
                probes.singlesExhausted = true;
                break;
            } else {
                probes.single.push_back(micros);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(singleMs));
        }
    });
    std::thread worker([&] {
        PgConnection conn;
        if (!conn.open(conninfo, QStringLiteral("bench-worker"))) {
            const std::lock_guard<std::mutex> guard(lock);
            probes.firstError = conn.openError().toString();
            return;
        }
        while (!stop && !interrupted) {
            const QString key = QStringLiteral("w-%1").arg(workerKey++);
            QElapsedTimer clock;
            clock.start();
            const PgResult claimed =
                conn.exec(QStringLiteral("SELECT run_id, lease_token, lease_secret::text FROM"
                                         " dedup.claim(p_scope => 'worker', p_key => $1,"
                                         " p_workflow => 'wf', p_fingerprint => 'fp',"
                                         " p_worker => 'bench-worker')"),
                          PgParams().add(key));
            const double claimMicros = elapsedMicros(clock);
            if (!claimed.ok() || claimed.rows() != 1) {
                const std::lock_guard<std::mutex> guard(lock);
                ++probes.workerErrors;
                if (probes.firstError.isEmpty() && !claimed.ok())
                    probes.firstError = claimed.error().toString();
                continue;
            }
            clock.restart();
            const PgResult done =
                conn.exec(QStringLiteral("SELECT dedup.succeed($1::bigint, $2::bigint, $3::uuid,"
                                         " '{\"status\": 201}'::jsonb)"),
                          PgParams()
                              .add(claimed.toInt64(0, 0))
                              .add(claimed.toInt64(0, 1))
                              .add(claimed.text(0, 2)));
            const double succeedMicros = elapsedMicros(clock);
            {
                const std::lock_guard<std::mutex> guard(lock);
                if (!done.ok()) {
                    ++probes.workerErrors;
                    if (probes.firstError.isEmpty())
                        probes.firstError = done.error().toString();
                } else {
                    probes.claim.push_back(claimMicros);
                    probes.succeed.push_back(succeedMicros);
                }
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(workerMs));
        }
    });
    singles.join();
    worker.join();
    return probes;
}

QJsonObject stats(const std::vector<double> &samples) {
    return Percentiles::of(samples).toJson();
}

void printRow(const QString &what, const std::vector<double> &samples) {
    const Percentiles p = Percentiles::of(samples);
    out() << QStringLiteral("  %1 %2 %3 %4 %5\n")
                 .arg(what, -46)
                 .arg(p.count, 7)
                 .arg(ms(p.p50), 9)
                 .arg(ms(p.p95), 9)
                 .arg(ms(p.max), 9)
          << Qt::flush;
}

void printHeader() {
    out() << QStringLiteral("  %1 %2 %3 %4 %5\n")
                 .arg(QString(), -46)
                 .arg(QStringLiteral("n"), 7)
                 .arg(QStringLiteral("p50 ms"), 9)
                 .arg(QStringLiteral("p95 ms"), 9)
                 .arg(QStringLiteral("max ms"), 9);
}

// One phase: the probes while `work` runs (or for `seconds` when there is none).
struct Phase {
    QString name;
    Probes probes;
    BulkResult bulk;
    bool hasBulk = false;
    int batch = 0;

    QJsonObject toJson() const {
        QJsonObject o{{QStringLiteral("name"), name},
                      {QStringLiteral("single_action_op_cancel"), stats(probes.single)},
                      {QStringLiteral("worker_claim"), stats(probes.claim)},
                      {QStringLiteral("worker_succeed"), stats(probes.succeed)},
                      {QStringLiteral("single_errors"), probes.singleErrors},
                      {QStringLiteral("worker_errors"), probes.workerErrors},
                      {QStringLiteral("singles_exhausted"), probes.singlesExhausted}};
        if (hasBulk) {
            o.insert(QStringLiteral("bulk"),
                     QJsonObject{{QStringLiteral("batch_asked"), batch},
                                 {QStringLiteral("items"), bulk.items},
                                 {QStringLiteral("batches"), bulk.batches},
                                 {QStringLiteral("seconds"), bulk.seconds},
                                 {QStringLiteral("items_per_s"),
                                  bulk.seconds > 0 ? double(bulk.items) / bulk.seconds : 0.0},
                                 {QStringLiteral("batch_statement"), stats(bulk.batchMicros)},
                                 {QStringLiteral("items_per_batch"), stats(bulk.itemsPerBatch)},
                                 {QStringLiteral("per_item"), stats(bulk.microsPerItem)},
                                 {QStringLiteral("error"), bulk.error}});
        }
        return o;
    }

    void print() const {
        out() << "\n" << name << "\n";
        printHeader();
        printRow(QStringLiteral("single action (op_cancel), ms"), probes.single);
        printRow(QStringLiteral("worker claim (new key), ms"), probes.claim);
        printRow(QStringLiteral("worker succeed, ms"), probes.succeed);
        if (hasBulk) {
            printRow(QStringLiteral("bulk batch statement (holds the head), ms"), bulk.batchMicros);
            const Percentiles items = Percentiles::of(bulk.itemsPerBatch);
            const Percentiles perItem = Percentiles::of(bulk.microsPerItem);
            out() << QStringLiteral("  bulk: %1 items in %2 batches (asked %3), %4 s, %5 items/s;"
                                    " items per batch p50 %6, max %7; per item p50 %8 ms\n")
                         .arg(bulk.items)
                         .arg(bulk.batches)
                         .arg(batch)
                         .arg(bulk.seconds, 0, 'f', 1)
                         .arg(bulk.seconds > 0 ? double(bulk.items) / bulk.seconds : 0.0, 0, 'f', 0)
                         .arg(items.p50, 0, 'f', 0)
                         .arg(items.max, 0, 'f', 0)
                         .arg(ms(perItem.p50));
            if (!bulk.error.isEmpty())
                out() << "  bulk error: " << bulk.error << "\n";
        }
        if (probes.singlesExhausted)
            out() << "  (the single-action runs ran out before the end of the phase)\n";
        if (!probes.firstError.isEmpty())
            out() << "  first error: " << probes.firstError << "\n";
        out() << Qt::flush;
    }
};

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Single actions and workers during a bulk"));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"),
                                        QStringLiteral("runs in the bulk (default 100000)"),
                                        QStringLiteral("n"), QStringLiteral("100000"));
    const QCommandLineOption batchOption(QStringLiteral("batch"),
                                         QStringLiteral("items asked per batch (default 50)"),
                                         QStringLiteral("n"), QStringLiteral("50"));
    const QCommandLineOption singlesOption(QStringLiteral("singles"),
                                           QStringLiteral("failed runs for single actions (10000)"),
                                           QStringLiteral("n"), QStringLiteral("10000"));
    const QCommandLineOption baselineOption(QStringLiteral("baseline-seconds"),
                                            QStringLiteral("no-bulk phase length (default 20)"),
                                            QStringLiteral("s"), QStringLiteral("20"));
    const QCommandLineOption singleMsOption(QStringLiteral("single-ms"),
                                            QStringLiteral("pause between single actions (50)"),
                                            QStringLiteral("ms"), QStringLiteral("50"));
    const QCommandLineOption workerMsOption(QStringLiteral("worker-ms"),
                                            QStringLiteral("pause between worker runs (20)"),
                                            QStringLiteral("ms"), QStringLiteral("20"));
    const QCommandLineOption legacyRunsOption(
        QStringLiteral("legacy-runs"),
        QStringLiteral("runs per comparison bulk with the 0006 batch body (default 5000; 0: none)"),
        QStringLiteral("n"), QStringLiteral("5000"));
    const QCommandLineOption legacyBatchesOption(
        QStringLiteral("legacy-batches"),
        QStringLiteral("batch sizes of the comparison (default 50,1000)"), QStringLiteral("list"),
        QStringLiteral("50,1000"));
    const QCommandLineOption bulkSecondsOption(
        QStringLiteral("bulk-seconds"),
        QStringLiteral("stop stepping the big bulk after this long (0: to its end)"),
        QStringLiteral("s"), QStringLiteral("0"));
    const QCommandLineOption noFsyncOption(QStringLiteral("no-fsync"),
                                           QStringLiteral("fsync off (not durable)"));
    const QCommandLineOption outOption(QStringLiteral("out"), QStringLiteral("JSON results file"),
                                       QStringLiteral("file"));
    parser.addOptions({runsOption, batchOption, singlesOption, baselineOption, singleMsOption,
                       workerMsOption, legacyRunsOption, legacyBatchesOption, bulkSecondsOption,
                       noFsyncOption, outOption});
    parser.process(app);
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const int batch = qMax(1, parser.value(batchOption).toInt());
    const int singles = qMax(10, parser.value(singlesOption).toInt());
    const int baselineSeconds = qMax(1, parser.value(baselineOption).toInt());
    const int singleMs = qMax(0, parser.value(singleMsOption).toInt());
    const int workerMs = qMax(0, parser.value(workerMsOption).toInt());
    const int legacyRuns = qMax(0, parser.value(legacyRunsOption).toInt());
    QList<int> legacyBatches;
    for (const QString &part : parser.value(legacyBatchesOption).split(QLatin1Char(',')))
        if (part.toInt() > 0)
            legacyBatches << part.toInt();
    const bool durable = !parser.isSet(noFsyncOption);
    const int bulkSeconds = qMax(0, parser.value(bulkSecondsOption).toInt());

    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    QTemporaryDir base(QDir::tempPath() + QStringLiteral("/dedup-bench-XXXXXX"));
    if (!base.isValid()) {
        out() << "bench_bulk_contention: cannot create a temporary directory" << Qt::endl;
        return 1;
    }
    LocalCluster::Options options;
    options.baseDir = base.path();
    options.durable = durable;
    options.settings << QStringLiteral("max_connections=50");
    LocalCluster cluster(options);
    QString error;
    out() << "starting a private PostgreSQL in " << base.path()
          << (durable ? " (fsync on)" : " (fsync off)") << Qt::endl;
    if (!cluster.start(&error)) {
        out() << "bench_bulk_contention: " << error << Qt::endl;
        LocalCluster::stopDataDir(cluster.dataDir(), nullptr);
        return 1;
    }
    const auto finish = [&](int code) {
        QString stopError;
        if (!cluster.stop(&stopError))
            out() << "bench_bulk_contention: " << stopError << Qt::endl;
        return code;
    };
    const auto fail = [&](const QString &message) {
        out() << "bench_bulk_contention: " << message << Qt::endl;
        return finish(1);
    };
    const QString conninfo = QStringLiteral("host=127.0.0.1 port=%1 user=%2 dbname=bench")
                                 .arg(cluster.port())
                                 .arg(cluster.superuser());
    PgConnection admin;
    if (!admin.open(cluster.conninfo()) ||
        !admin.exec(QStringLiteral("CREATE DATABASE bench")).ok())
        return fail(QStringLiteral("cannot create the bench database"));
    PgConnection conn;
    if (!conn.open(conninfo, QStringLiteral("bench-setup")))
        return fail(conn.openError().toString());
    Migrator migrator(conn);
    Migrator::Report report;
    if (!migrator.migrate(&report, &error))
        return fail(error);

    QElapsedTimer seeding;
    seeding.start();
    out() << "seeding " << runs << " failed runs for the bulk, " << singles
          << " for single actions, " << legacyRuns << " per comparison bulk..." << Qt::endl;
    if (!seed(conn, QStringLiteral("bulk"), runs, &error) ||
        !seed(conn, QStringLiteral("single"), singles, &error) ||
        !seed(conn, QStringLiteral("cheap"), 2000, &error))
        return fail(error);
    for (const int size : legacyBatches)
        if (legacyRuns > 0 && !seed(conn, QStringLiteral("legacy%1").arg(size), legacyRuns, &error))
            return fail(error);
    if (!conn.exec(QStringLiteral("VACUUM ANALYZE")).ok())
        return fail(QStringLiteral("VACUUM ANALYZE failed"));
    out() << "seeded in " << QString::number(seeding.elapsed() / 1000.0, 'f', 1) << " s; load "
          << QString::fromUtf8([] {
                 QFile f(QStringLiteral("/proc/loadavg"));
                 return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
             }())
          << Qt::endl;

    std::atomic<qint64> workerKey{0};
    const PgResult singleIds =
        conn.exec(QStringLiteral("SELECT min(id) FROM dedup.runs WHERE scope = 'single'"));
    if (!singleIds.ok())
        return fail(singleIds.error().toString());
    std::atomic<qint64> nextSingle{singleIds.toInt64(0, 0)};
    QList<Phase> phases;
    const auto runPhase = [&](const QString &name, const QString &bulkId, int size,
                              int maxSeconds) {
        Phase phase;
        phase.name = name;
        phase.batch = size;
        phase.hasBulk = !bulkId.isEmpty();
        std::atomic<bool> stop{false};
        std::thread stepper([&] {
            if (phase.hasBulk) {
                PgConnection bulkConn;
                if (!bulkConn.open(conninfo, QStringLiteral("bench-bulk")))
                    phase.bulk.error = bulkConn.openError().toString();
                else
                    phase.bulk = stepAll(bulkConn, bulkId, size, maxSeconds);
            } else {
                for (int i = 0; i < baselineSeconds * 10 && !interrupted; ++i)
                    std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
            stop = true;
        });
        phase.probes = probe(conninfo, singleMs, workerMs, stop, workerKey, nextSingle);
        stop = true;
        stepper.join();
        phase.print();
        phases.append(phase);
    };

    runPhase(QStringLiteral("No bulk running (%1 s)").arg(baselineSeconds), {}, 0, 0);

    // The cheapest item: the run's status differs from the one selected, so the batch
    // records 'changed' without calling the action (no audit row).
    const QString cheapId =
        createBulk(conn, QStringLiteral("cheap"), QStringLiteral("processing"), &error);
    if (cheapId.isEmpty())
        return fail(error);
    const BulkResult cheap = stepAll(conn, cheapId, 100);
    const Percentiles cheapItem = Percentiles::of(cheap.microsPerItem);
    out() << "\nCheapest item (skipped as changed, batches of 100): " << cheap.items << " items in "
          << cheap.batches << " batches, per item p50 " << ms(cheapItem.p50) << " ms, max "
          << ms(cheapItem.max) << " ms\n"
          << Qt::flush;

    // The bounded batch (0018) over the big set; then, for comparison, the 0006 body.
    const QString bulkId =
        createBulk(conn, QStringLiteral("bulk"), QStringLiteral("failed"), &error);
    if (bulkId.isEmpty())
        return fail(error);
    runPhase(
        QStringLiteral("Bulk cancel of %1 runs, batches of %2 (0018: 20 ms budget)%3")
            .arg(runs)
            .arg(batch)
            .arg(bulkSeconds > 0 ? QStringLiteral(", its first %1 s").arg(bulkSeconds) : QString()),
        bulkId, batch, bulkSeconds);

    if (legacyRuns > 0 && !legacyBatches.isEmpty() && !interrupted) {
        if (!conn.execScript(legacyStepSql).ok())
            return fail(QStringLiteral("cannot restore the 0006 batch body"));
        for (const int size : legacyBatches) {
            if (interrupted)
                break;
            const QString id = createBulk(conn, QStringLiteral("legacy%1").arg(size),
                                          QStringLiteral("failed"), &error);
            if (id.isEmpty())
                return fail(error);
            runPhase(QStringLiteral("Before 0018 (0006 batch body): bulk cancel of %1 runs,"
                                    " batches of %2")
                         .arg(legacyRuns)
                         .arg(size),
                     id, size, 0);
        }
    }
    if (interrupted)
        return fail(QStringLiteral("interrupted"));

    if (parser.isSet(outOption)) {
        QJsonArray phaseJson;
        for (const Phase &phase : phases)
            phaseJson.append(phase.toJson());
        const QJsonObject results{
            {QStringLiteral("settings"), QJsonObject{{QStringLiteral("runs"), runs},
                                                     {QStringLiteral("batch"), batch},
                                                     {QStringLiteral("singles"), singles},
                                                     {QStringLiteral("single_ms"), singleMs},
                                                     {QStringLiteral("worker_ms"), workerMs},
                                                     {QStringLiteral("legacy_runs"), legacyRuns},
                                                     {QStringLiteral("bulk_seconds"), bulkSeconds},
                                                     {QStringLiteral("durable"), durable}}},
            {QStringLiteral("phases"), phaseJson},
            {QStringLiteral("cheapest_item"),
             QJsonObject{{QStringLiteral("items"), cheap.items},
                         {QStringLiteral("batches"), cheap.batches},
                         {QStringLiteral("per_item"), cheapItem.toJson()}}},
        };
        QFile file(parser.value(outOption));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(QStringLiteral("cannot write %1").arg(file.fileName()));
        file.write(QJsonDocument(results).toJson());
        out() << "results written to " << file.fileName() << Qt::endl;
    }
    return finish(0);
}
