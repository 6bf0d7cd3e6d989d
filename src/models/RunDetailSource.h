#pragma once

#include "lanes/QueryRunner.h"
#include "store/KeyHistory.h"
#include "store/RunDetailQueries.h"
#include "store/RunDetailSnapshot.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSet>
#include <QTimer>

#include <memory>
#include <optional>

namespace dedup::lanes {
class ChangeListener;
}
namespace dedup::models {

class AuditTableModel;
class EventTableModel;
class KeyDeliveryTableModel;
class StepTableModel;

// Everything the run detail shows about one run (docs/CONSOLE.md "Run detail"), loaded in the
// background on its own connection (QueryRunner): the run row, its steps, its newest events,
// its audit entries and its commands, in one read-only REPEATABLE READ transaction, so they
// are consistent with each other.
//
// setRunId() loads a run; the three table models it owns (steps(), events(), audit()) are
// reset for a new run and updated in place (no reset) when the same run is re-read, so a
// view's selection survives live updates. The run is re-read:
//   * when an attached ChangeListener reports it (or reports "more", or resynced);
//   * while it is `processing`, every DefaultPollIntervalMs (5 s): heartbeats write no
//     event, so the change feed does not name them;
//   * after the connection came back (connectionRestored).
// Requests coalesce: a reload asked for while one runs is made once, after it.
//
// A run that does not exist (purged, or a wrong id) ends in State::NotFound: the models are
// emptied, except audit(): the audit log outlives purged runs.
//
// Large values (a worker's 20 MB result, a context, a last error) are prepared for display
// with the read, on the loading thread (shown()): the first ShownChars characters with
// deceptive characters as markers, the UTF-8 size, the last error's "at" and "attempt". The
// UI thread only hands the prepared text to its widgets: it never parses, escapes, converts
// or compares megabytes while a run opens. A re-read whose value did not change shares the
// previous read's string (one copy in memory, and the views see it is the same at once).
// Another run, or none (setRunId(0): the detail closed), lets go of everything; with
// releaseMemory() the freed megabytes go back to the system.
//
// The history of the run's key (the Deliveries tab: dedup.key_history, KeyHistoryQueries) is
// read with the run, on the same connection, right after the snapshot: keyHistory() and
// deliveries(). Its failure (a store before 0025, say) does not fail the run's read:
// keyHistoryError() says why, and the history as last read of the same run stays.
//
// Events are shown one page of limits().events at a time, the newest first: showEvents()
// pages (older, newer, newest, oldest) and the snapshot says where the page is
// (eventCount, newerEvents, moreEvents). Re-reads keep the page; another run starts at the
// newest again.
class RunDetailSource : public QObject {
    Q_OBJECT
    Q_PROPERTY(qint64 runId READ runId WRITE setRunId NOTIFY runIdChanged)
    Q_PROPERTY(State state READ state NOTIFY stateChanged)

public:
    enum class State {
        Empty,    // no run chosen (runId 0)
        Loading,  // the first load of this run is under way (reloads keep State::Loaded)
        Loaded,   // detail() is the run as last read
        NotFound, // no such run (purged?)
        Failed,   // the last load failed: errorText(); detail() still holds the last good read
    };
    Q_ENUM(State)

    static constexpr int DefaultPollIntervalMs = 5000;
    // The most deliveries of the run's key listed (what dedup.key_history returns at most).
    static constexpr int DeliveriesListed = 100;
    // The most characters of a value prepared for display (the rest on request).
    static constexpr qsizetype ShownChars = 256 * 1024;
    // The most characters of one line shown (the rest of the line on request): laying out
    // one line costs about a microsecond a character, and a 20 MB result may be one line.
    static constexpr qsizetype LineChars = 16 * 1024;

    // A stored JSON value as the detail shows it.
    struct ShownJson {
        QString pretty; // the whole value (jsonb_pretty); null for SQL NULL
        // Its first ShownChars characters, deceptive ones as markers, lines longer than
        // LineChars cut (ending in "…").
        QString display;
        qint64 bytes = 0;      // the UTF-8 size of `pretty`
        bool cut = false;      // display holds only the start of `pretty` (ShownChars)
        bool linesCut = false; // display has lines cut at LineChars
        bool isWhole() const { return !cut && !linesCut; }

        bool isNull() const { return pretty.isNull(); }
    };
    // What a read shows, prepared with it.
    struct Shown {
        ShownJson result;
        ShownJson context;
        ShownJson lastError;
        QString lastErrorAt;       // last_error's "at" as stored; empty without
        int lastErrorAttempt = -1; // last_error's "attempt"; -1 without
    };
    // `pretty` prepared for display: the first `maxChars` characters made visible
    // (core::DisplayText, several lines), the UTF-8 size counted without converting. Costs
    // O(maxChars) plus one pass over the value: for the loading thread, or a value at hand.
    static ShownJson prepare(const QString &pretty, qsizetype maxChars = ShownChars,
                             qsizetype lineChars = LineChars);
    // The UTF-8 size of `text` (what toUtf8().size() answers), without a copy.
    static qint64 utf8Size(QStringView text);
    // Hands memory freed by closed details back to the system (glibc keeps freed blocks of
    // the loading thread's arena otherwise: hundreds of MB after a few large runs), on a
    // pool thread. `garbage` (the last references to a closed run's values, if given) is
    // dropped there first: freeing tens of MB takes the UI thread tens of ms.
    static void releaseMemory(std::shared_ptr<const void> garbage = {});
    // Destroys `source` on a thread of its own: its loading thread's shutdown and its
    // connection's close (libpq frees an input buffer as large as the largest row read) never
    // hold up the UI thread. The caller has let go of its models; its signals are not
    // delivered any more.
    static void dispose(std::unique_ptr<RunDetailSource> source);

    explicit RunDetailSource(const QString &conninfo, QObject *parent = nullptr);
    ~RunDetailSource() override;

    // Shows another run (0: none). Drops any answer still coming for the previous one.
    void setRunId(qint64 runId);
    qint64 runId() const { return m_runId; }
    // Re-reads the current run (coalesced with one in flight).
    void reload();
    // Shows another page of the run's events: Older / Newer than the page shown, the
    // Newest or the Oldest (a reset of events(); the rest is updated in place). Drops a
    // read in flight; nothing without a run.
    void showEvents(store::ListPage::Step step);
    // The page of events asked for (the last read's, once it came).
    const store::ListPage &eventPage() const { return m_eventPage; }
    // Stops the load in progress (PQcancel): State::Failed with "Loading was cancelled.";
    // the last good read stays.
    void cancel();

    // Live updates: runsChanged -> reload when it names this run (or "more"); resynced ->
    // reload.
    void attachListener(lanes::ChangeListener *listener);

    const store::RunDetailQueries::Limits &limits() const { return m_limits; }
    // 0 turns polling off.
    void setPollInterval(int milliseconds);
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }

    State state() const { return m_state; }
    bool isLoading() const { return m_pending != 0; }
    QString errorText() const { return m_errorText; }
    lanes::Failure lastFailure() const { return m_lastFailure; }

    // The last successful read (found == false in State::NotFound, empty in State::Empty).
    const store::RunDetailSnapshot &snapshot() const { return m_snapshot; }
    const store::RunDetail &detail() const { return m_snapshot.run; }
    // detail()'s large values prepared for display (empty without a read).
    const Shown &shown() const { return m_shown; }
    bool hasDetail() const { return m_snapshot.found; }

    // The server's clock now, estimated from its now() at the last read plus the time
    // elapsed since (a monotonic clock): for "lease expires in", which must follow the
    // server, not this machine's clock. Invalid before the first read.
    QDateTime estimatedServerNow() const;
    // Milliseconds until the lease expires by that clock (negative: expired that long ago);
    // 0 when the run has no lease.
    qint64 leaseRemainingMs() const;

    StepTableModel *steps() const { return m_steps; }
    EventTableModel *events() const { return m_events; }
    AuditTableModel *audit() const { return m_audit; }
    // The newest deliveries of the run's key, newest first (keyHistory().deliveries).
    KeyDeliveryTableModel *deliveries() const { return m_deliveries; }
    // The history of the run's key as last read (found == false before the first read, for a
    // run that is gone, or when its read failed for this run).
    const store::KeyHistory &keyHistory() const { return m_keyHistory; }
    // Why the last read of the key's history failed; empty when it did not.
    QString keyHistoryError() const { return m_keyHistoryError; }

    // The loading connection's server process (tests, pg_stat_activity).
    int backendPid() const { return m_runner.backendPid(); }

public slots:
    void onRunsChanged(const QSet<qint64> &ids, bool more);

signals:
    void runIdChanged(qint64 runId);
    void stateChanged(dedup::models::RunDetailSource::State state);
    void loadingChanged(bool loading);
    // A load of `runId` started.
    void loading(qint64 runId);
    // snapshot() / detail() now hold the run as just read (first load or reload).
    void loaded(qint64 runId);
    // The run does not exist (any more).
    void notFound(qint64 runId);
    void failed(qint64 runId, const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    void request();
    void onFinished(int requestId, const QVariant &value);
    void onFailed(int requestId, const QString &message, lanes::Failure failure);
    // The key's history read with a snapshot, by the loading thread.
    struct HistoryRead {
        std::optional<store::KeyHistory> history;
        QString error; // why `history` is missing
    };
    void apply(const store::RunDetailSnapshot &snapshot, Shown shown, bool sameRun);
    void applyHistory(const HistoryRead &read, bool sameRun);
    void setState(State state);
    void setPending(int requestId);
    void updatePolling();

    lanes::QueryRunner m_runner;
    qint64 m_runId = 0;
    store::RunDetailQueries::Limits m_limits;
    int m_pending = 0;
    bool m_reloadWanted = false;
    bool m_shownRunLoaded = false;   // the models show m_runId (not a previous run)
    store::ListPage m_eventPage;     // the events' page to read
    bool m_eventPageChanged = false; // the next answer shows another page of events: a reset
    State m_state = State::Empty;
    QString m_errorText;
    lanes::Failure m_lastFailure = lanes::Failure::QueryFailed;
    store::RunDetailSnapshot m_snapshot;
    Shown m_shown;
    // Filled by the loading thread for the request in flight (m_pending), read once its
    // answer came.
    std::shared_ptr<Shown> m_pendingShown;
    std::shared_ptr<HistoryRead> m_pendingHistory; // likewise
    store::KeyHistory m_keyHistory;
    QString m_keyHistoryError;
    QElapsedTimer m_sinceRead;
    int m_pollIntervalMs = DefaultPollIntervalMs;
    QTimer m_poll;
    StepTableModel *m_steps = nullptr;
    EventTableModel *m_events = nullptr;
    AuditTableModel *m_audit = nullptr;
    KeyDeliveryTableModel *m_deliveries = nullptr;
};

} // namespace dedup::models
