#include "LiveWriter.h"

#include "store/PgConnection.h"
#include "store/PgParams.h"

#include <chrono>
#include <deque>

using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;

namespace bench {

namespace {

const QString kClaim =
    QStringLiteral("SELECT run_id, lease_token, lease_secret::text"
                   " FROM dedup.claim(p_scope => $1, p_key => $2,"
                   " p_workflow => 'live-bench', p_fingerprint => 'fp', p_worker => 'bench-live',"
                   " p_lease => interval '10 minutes')");
const QString kSucceed = QStringLiteral("SELECT dedup.succeed(p_run_id => $1, p_lease_token => $2,"
                                        " p_lease_secret => $3::uuid)");

struct Lease {
    qint64 runId = 0;
    qint64 token = 0;
    QString secret;
};

} // namespace

LiveWriter::LiveWriter(QString conninfo, QString tag, int changesPerSecond, int threads)
    : m_conninfo(std::move(conninfo))
    , m_tag(std::move(tag))
    , m_rate(qMax(1, changesPerSecond))
    , m_threads(qMax(1, threads))
    , m_errorTexts(size_t(m_threads)) {}

LiveWriter::~LiveWriter() {
    stop();
}

void LiveWriter::start() {
    m_stop = false;
    for (int i = 0; i < m_threads; ++i)
        m_workers.emplace_back([this, i] { run(i); });
}

void LiveWriter::stop() {
    m_stop = true;
    for (std::thread &worker : m_workers)
        worker.join();
    m_workers.clear();
}

QString LiveWriter::firstError() const {
    for (const QString &text : m_errorTexts)
        if (!text.isEmpty())
            return text;
    return {};
}

void LiveWriter::run(int index) {
    PgConnection conn;
    if (!conn.open(m_conninfo, QStringLiteral("bench-live-writer"))) {
        m_errorTexts[size_t(index)] = conn.openError().toString();
        ++m_errors;
        return;
    }
    using Clock = std::chrono::steady_clock;
    // Each thread keeps its share of the rate on a fixed schedule (not "sleep after each
    // call"), so slow calls are caught up instead of lowering the rate unnoticed.
    const auto interval = std::chrono::nanoseconds(1'000'000'000LL * m_threads / m_rate);
    auto due = Clock::now();
    std::deque<Lease> open;
    long long serial = 0;
    while (!m_stop) {
        std::this_thread::sleep_until(due);
        if (Clock::now() - due > std::chrono::milliseconds(100))
            ++m_late;
        due += interval;
        PgParams params;
        PgResult result;
        const bool succeedOne = !open.empty() && (serial % 2 == 1 || open.size() > 200);
        if (succeedOne) {
            const Lease lease = open.front();
            open.pop_front();
            params.add(lease.runId).add(lease.token).add(lease.secret);
            result = conn.exec(kSucceed, params);
        } else {
            params.add(QStringLiteral("live-%1").arg(serial % 2 == 0 ? 0 : 1))
                .add(QStringLiteral("%1-%2-%3").arg(m_tag).arg(index).arg(serial));
            result = conn.exec(kClaim, params);
            if (result.ok() && result.rows() == 1)
                open.push_back({result.toInt64(0, 0), result.toInt64(0, 1), result.text(0, 2)});
        }
        ++serial;
        if (result.ok()) {
            ++m_changes;
        } else {
            ++m_errors;
            if (m_errorTexts[size_t(index)].isEmpty())
                m_errorTexts[size_t(index)] = result.error().toString();
            if (!conn.isOpen())
                return;
        }
    }
}

} // namespace bench
