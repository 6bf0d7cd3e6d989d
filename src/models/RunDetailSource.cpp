#include "models/RunDetailSource.h"

#include "core/DisplayText.h"
#include "lanes/ChangeListener.h"
#include "models/AuditTableModel.h"
#include "models/EventTableModel.h"
#include "models/KeyDeliveryTableModel.h"
#include "models/ListPageStep.h"
#include "models/StepTableModel.h"
#include "store/KeyHistoryQueries.h"
#include "store/PgConnection.h"

#include <QJsonObject>
#include <QThread>
#include <QThreadPool>

#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace dedup::models {

using store::RunDetailSnapshot;

namespace {

// One value of a read, prepared for display on the loading thread. A value equal to the one
// read before takes that read's strings: one copy stays in memory, and the views see at once
// that nothing changed (no comparison of megabytes on the UI thread).
void prepareValue(store::StoredJson &json, const store::StoredJson &before,
                  const RunDetailSource::ShownJson &shownBefore, RunDetailSource::ShownJson *out) {
    if (!before.isNull() && json.text == before.text && json.pretty == before.pretty) {
        json = before;
        *out = shownBefore;
        out->pretty = json.pretty;
        return;
    }
    *out = RunDetailSource::prepare(json.pretty);
}

// Everything of `snapshot` the detail shows that costs more than a glance: on the loading
// thread. `before`: the run as last read (the same run), or an empty one.
void prepareRead(RunDetailSnapshot &snapshot, const store::RunDetail &before,
                 const RunDetailSource::Shown &shownBefore, RunDetailSource::Shown *out) {
    if (!snapshot.found)
        return;
    store::RunDetail &run = snapshot.run;
    prepareValue(run.result, before.result, shownBefore.result, &out->result);
    prepareValue(run.context, before.context, shownBefore.context, &out->context);
    const bool sameError =
        !before.lastError.isNull() && run.lastError.text == before.lastError.text;
    prepareValue(run.lastError, before.lastError, shownBefore.lastError, &out->lastError);
    if (sameError) {
        out->lastErrorAt = shownBefore.lastErrorAt;
        out->lastErrorAttempt = shownBefore.lastErrorAttempt;
    } else if (!run.lastError.isNull()) {
        // Parsing a 20 MB error takes a while: here, not on the UI thread.
        const QJsonObject error = run.lastError.value().toObject();
        out->lastErrorAt = error.value(QLatin1String("at")).toString();
        if (error.contains(QLatin1String("attempt")))
            out->lastErrorAttempt = qMax(0, error.value(QLatin1String("attempt")).toInt());
    }
}

} // namespace

namespace {

// `text` with every line longer than `lineChars` cut to that many characters and "…";
// `cut` says whether any was.
QString cutLines(const QString &text, qsizetype lineChars, bool *cut) {
    *cut = false;
    const qsizetype limit = qMax<qsizetype>(1, lineChars);
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = text.indexOf(QLatin1Char('\n'), start);
        if ((end < 0 ? text.size() : end) - start > limit) {
            *cut = true;
            break;
        }
        if (end < 0)
            return text; // the usual case: no copy
        start = end + 1;
    }
    QString out;
    out.reserve(text.size());
    for (start = 0; start <= text.size();) {
        qsizetype end = text.indexOf(QLatin1Char('\n'), start);
        if (end < 0)
            end = text.size();
        const QStringView line = QStringView(text).mid(start, end - start);
        if (line.size() > limit) {
            qsizetype keep = limit - 1;
            if (keep > 0 && line.at(keep - 1).isHighSurrogate())
                --keep; // never half a character
            out.append(line.left(keep));
            out.append(QChar(0x2026));
        } else {
            out.append(line);
        }
        if (end < text.size())
            out.append(QLatin1Char('\n'));
        start = end + 1;
    }
    return out;
}

} // namespace

RunDetailSource::ShownJson RunDetailSource::prepare(const QString &pretty, qsizetype maxChars,
                                                    qsizetype lineChars) {
    ShownJson shown;
    shown.pretty = pretty;
    if (pretty.isNull())
        return shown;
    shown.bytes = utf8Size(pretty);
    qsizetype keep = pretty.size();
    if (keep > maxChars) {
        shown.cut = true;
        keep = qMax<qsizetype>(0, maxChars);
        if (keep > 0 && pretty.at(keep - 1).isHighSurrogate())
            --keep; // never half a character
    }
    // Only what is shown is made visible: never a copy of the whole value.
    shown.display = cutLines(core::DisplayText::visible(shown.cut ? pretty.left(keep) : pretty,
                                                        core::DisplayText::Lines::Multi),
                             lineChars, &shown.linesCut);
    return shown;
}

qint64 RunDetailSource::utf8Size(QStringView text) {
    qint64 bytes = 0;
    const qsizetype n = text.size();
    const char16_t *data = text.utf16();
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = data[i];
        if (c < 0x80) {
            bytes += 1;
        } else if (c < 0x800) {
            bytes += 2;
        } else if (QChar::isHighSurrogate(c) && i + 1 < n && QChar::isLowSurrogate(data[i + 1])) {
            bytes += 4;
            ++i;
        } else {
            bytes += 3; // lone surrogates are written as U+FFFD, 3 bytes too
        }
    }
    return bytes;
}

void RunDetailSource::releaseMemory(std::shared_ptr<const void> garbage) {
    // Large blocks freed on the loading thread stay in its malloc arena until trimmed. Off
    // the UI thread: trimming walks every arena (a few ms to tens of ms after a large run).
    auto held = std::make_shared<std::shared_ptr<const void>>(std::move(garbage));
    QThreadPool::globalInstance()->start([held] {
        held->reset(); // the values' memory is freed here, before the trim
#if defined(__GLIBC__)
        malloc_trim(0);
#endif
    });
}

void RunDetailSource::dispose(std::unique_ptr<RunDetailSource> source) {
    if (!source)
        return;
    RunDetailSource *old = source.release();
    old->disconnect(); // nothing it still emits reaches anyone
    old->blockSignals(true);
    old->m_runner.discardPending();
    old->m_poll.stop();
    old->m_runId = 0; // a late notification (queued to it) reads nothing
    // ~QueryRunner waits for its thread to finish and the connection to close: on a thread
    // made for it. The runner is a member, not a child: it moves on its own.
    // Trimmed after: libpq's buffer is freed here, after closeRun()'s trims have run.
    QThread *thread = QThread::create([old] {
        delete old;
        releaseMemory();
    });
    thread->setObjectName(QStringLiteral("RunDetailSource-dispose"));
    old->m_poll.moveToThread(thread);
    old->m_runner.moveToThread(thread);
    old->moveToThread(thread);
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start(QThread::LowPriority);
}

RunDetailSource::RunDetailSource(const QString &conninfo, QObject *parent)
    : QObject(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-detail"))
    , m_steps(new StepTableModel(this))
    , m_events(new EventTableModel(this))
    , m_audit(new AuditTableModel(this))
    , m_deliveries(new KeyDeliveryTableModel(this)) {
    qRegisterMetaType<RunDetailSnapshot>();
    connect(&m_runner, &lanes::QueryRunner::finished, this, &RunDetailSource::onFinished);
    connect(&m_runner, &lanes::QueryRunner::failed, this, &RunDetailSource::onFailed);
    connect(&m_runner, &lanes::QueryRunner::connectionLost, this, &RunDetailSource::connectionLost);
    connect(&m_runner, &lanes::QueryRunner::connectionRestored, this, [this] {
        emit connectionRestored();
        reload(); // re-read what is on screen: changes in between were not seen
    });
    m_poll.setSingleShot(true);
    connect(&m_poll, &QTimer::timeout, this, &RunDetailSource::reload);
}

RunDetailSource::~RunDetailSource() = default;

void RunDetailSource::setRunId(qint64 runId) {
    if (runId == m_runId) {
        reload();
        return;
    }
    m_runner.discardPending();
    setPending(0);
    m_reloadWanted = false;
    m_runId = runId;
    m_shownRunLoaded = false;
    m_eventPage = {};
    m_eventPageChanged = false;
    m_snapshot = {};
    m_shown = {}; // the previous run's values go now, not with the next read
    m_pendingShown.reset();
    m_pendingHistory.reset();
    m_keyHistory = {};
    m_keyHistoryError.clear();
    m_errorText.clear();
    m_poll.stop();
    // Another run: nothing of the previous one may stay on screen under the new id.
    m_steps->resetRows({});
    m_events->resetRows({});
    m_audit->resetRows({});
    m_deliveries->resetRows({});
    emit runIdChanged(runId);
    if (runId <= 0) {
        setState(State::Empty);
        return;
    }
    setState(State::Loading);
    request();
}

void RunDetailSource::reload() {
    if (m_runId <= 0)
        return;
    if (m_pending != 0) {
        m_reloadWanted = true;
        return;
    }
    request();
}

void RunDetailSource::showEvents(store::ListPage::Step step) {
    if (m_runId <= 0)
        return;
    // Events are paged by id alone, from the recorded ones shown (not the derived entries).
    QList<store::EventRow> recorded = m_events->rows();
    recorded.removeIf([](const store::EventRow &e) { return e.derived; });
    const std::optional<store::ListPage> page =
        ListPageStep::after(step, recorded, [](const store::EventRow &) { return qint64(0); });
    if (!page)
        return;
    // A read in flight is for the page shown so far: its answer no longer applies.
    m_runner.discardPending();
    setPending(0);
    m_eventPage = *page;
    m_eventPageChanged = true;
    request();
}

void RunDetailSource::request() {
    m_reloadWanted = false;
    const qint64 runId = m_runId;
    const store::RunDetailQueries::Limits limits = m_limits;
    const store::ListPage page = m_eventPage;
    // The run as shown (shared strings, read-only on both threads): an unchanged value is
    // not prepared again.
    const store::RunDetail before = m_shownRunLoaded ? m_snapshot.run : store::RunDetail();
    const Shown shownBefore = m_shownRunLoaded ? m_shown : Shown();
    auto shown = std::make_shared<Shown>();
    auto history = std::make_shared<HistoryRead>();
    const int id = m_runner.submit([runId, limits, page, before, shownBefore, shown,
                                    history](store::PgConnection &conn, store::PgError *error) {
        auto snapshot = store::RunDetailQueries::readSnapshot(conn, runId, limits, page, error);
        if (!snapshot)
            return QVariant();
        if (snapshot->found) {
            // In a snapshot of its own, after the run's: a delivery in between shows in the
            // history before the run's next read, which is all it may change.
            store::PgError historyError;
            history->history =
                store::KeyHistoryQueries::read(conn, runId, DeliveriesListed, &historyError);
            if (!history->history) {
                // A lost connection or a cancel is the read's: the lane reconnects and reads
                // again, or reports the cancel. Anything else stays in the Deliveries tab.
                if (historyError.connectionLost ||
                    historyError.sqlState == QLatin1String("57014")) {
                    *error = historyError;
                    return QVariant();
                }
                history->error =
                    historyError.sqlState == QLatin1String("42883")
                        ? tr("This store keeps no key histories yet (its schema is older than "
                             "migration 0025).")
                        : historyError.toString();
            }
        }
        prepareRead(*snapshot, before, shownBefore, shown.get());
        return QVariant::fromValue(std::move(*snapshot));
    });
    m_pendingShown = std::move(shown);
    m_pendingHistory = std::move(history);
    setPending(id);
    emit loading(runId);
}

void RunDetailSource::cancel() {
    if (m_pending == 0)
        return;
    // Stale for the runner: a running statement gets PQcancel, the answer is never read.
    m_runner.discardPending();
    setPending(0);
    m_reloadWanted = false;
    m_errorText = tr("Loading was cancelled.");
    m_lastFailure = lanes::Failure::Cancelled;
    setState(State::Failed);
    emit failed(m_runId, m_errorText);
}

void RunDetailSource::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &RunDetailSource::onRunsChanged);
    connect(listener, &lanes::ChangeListener::resynced, this, &RunDetailSource::reload);
}

void RunDetailSource::onRunsChanged(const QSet<qint64> &ids, bool more) {
    if (m_runId > 0 && (more || ids.contains(m_runId)))
        reload();
}

void RunDetailSource::setPollInterval(int milliseconds) {
    m_pollIntervalMs = qMax(0, milliseconds);
    updatePolling();
}

QDateTime RunDetailSource::estimatedServerNow() const {
    if (!m_snapshot.run.serverNow.isValid() || !m_sinceRead.isValid())
        return {};
    return m_snapshot.run.serverNow.addMSecs(m_sinceRead.elapsed());
}

qint64 RunDetailSource::leaseRemainingMs() const {
    if (!m_snapshot.found || !m_snapshot.run.hasLease() || !m_sinceRead.isValid())
        return 0;
    return m_snapshot.run.leaseRemainingMs() - m_sinceRead.elapsed();
}

void RunDetailSource::onFinished(int requestId, const QVariant &value) {
    if (requestId != m_pending)
        return;
    setPending(0);
    const RunDetailSnapshot snapshot = value.value<RunDetailSnapshot>();
    // Written by the loading thread before it answered (the queued answer orders it).
    Shown shown = m_pendingShown ? std::move(*m_pendingShown) : Shown();
    m_pendingShown.reset();
    const HistoryRead history = m_pendingHistory ? std::move(*m_pendingHistory) : HistoryRead();
    m_pendingHistory.reset();
    const bool sameRun = m_shownRunLoaded;
    m_shownRunLoaded = true;
    m_errorText.clear();
    applyHistory(history, sameRun && snapshot.found);
    apply(snapshot, std::move(shown), sameRun);
    if (m_reloadWanted)
        request();
}

void RunDetailSource::apply(const RunDetailSnapshot &snapshot, Shown shown, bool sameRun) {
    m_snapshot = snapshot;
    m_shown = std::move(shown);
    m_sinceRead.start();
    // Re-reads ask for the page this one resolved to (Newer and Oldest become a fixed page).
    m_eventPage = snapshot.eventPage;
    const bool otherEvents = std::exchange(m_eventPageChanged, false);
    // Same run: in place, so the views keep selection and scroll position.
    if (sameRun) {
        m_steps->updateRows(snapshot.steps);
        if (otherEvents)
            m_events->resetRows(snapshot.events); // another page: a selection would mislead
        else
            m_events->updateRows(snapshot.events);
        m_audit->updateRows(snapshot.audit);
    } else {
        m_steps->resetRows(snapshot.steps);
        m_events->resetRows(snapshot.events);
        m_audit->resetRows(snapshot.audit);
    }
    updatePolling();
    if (!snapshot.found) {
        setState(State::NotFound);
        emit notFound(m_runId);
        return;
    }
    setState(State::Loaded);
    emit loaded(m_runId);
}

void RunDetailSource::applyHistory(const HistoryRead &read, bool sameRun) {
    m_keyHistoryError = read.error;
    if (!read.history) {
        // Failed: the same run's history as last read stays, with the error; none otherwise.
        if (!sameRun) {
            m_keyHistory = {};
            m_deliveries->resetRows({});
        }
        return;
    }
    m_keyHistory = *read.history;
    if (sameRun)
        m_deliveries->updateRows(m_keyHistory.deliveries);
    else
        m_deliveries->resetRows(m_keyHistory.deliveries);
}

void RunDetailSource::onFailed(int requestId, const QString &message, lanes::Failure failure) {
    if (requestId != m_pending)
        return;
    setPending(0);
    m_errorText = message;
    m_lastFailure = failure;
    setState(State::Failed);
    emit failed(m_runId, message);
    // A lost connection is re-read on connectionRestored; anything else on the next change.
    if (m_reloadWanted && failure != lanes::Failure::ConnectionLost)
        request();
}

void RunDetailSource::setState(State state) {
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void RunDetailSource::setPending(int requestId) {
    const bool was = m_pending != 0;
    m_pending = requestId;
    if (was != (requestId != 0))
        emit loadingChanged(requestId != 0);
}

void RunDetailSource::updatePolling() {
    const bool processing =
        m_snapshot.found && m_snapshot.run.statusName == QLatin1String("processing");
    if (processing && m_pollIntervalMs > 0)
        m_poll.start(m_pollIntervalMs);
    else
        m_poll.stop();
}

} // namespace dedup::models
