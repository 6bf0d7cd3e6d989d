#pragma once

#include "lanes/QueryRunner.h"

#include <QObject>
#include <QString>
#include <QVariant>

#include <functional>

namespace dedup::lanes {

// The request bookkeeping of a view that shows the answer of one read, re-read now and then
// (StuckRunsModel, ReviewQueueModel, CorrelationModel, DashboardLoader): at most one read is
// in flight on the owner's QueryRunner, and a re-read asked for meanwhile is remembered and
// sent once that one is answered (however many were asked for: they coalesce). Only the
// latest request's answer counts; an older one (discarded) is ignored.
//
// The owner supplies its read (`read`: submit it to the runner, return the request id, or 0
// when there is nothing to read) and what to do with an answer (`apply`). It forwards the
// signals below as its own (forwardSignalsTo: signal to signal, so they keep their order):
//   * loadingChanged on the edges only (a read sent while idle, the last answer taken);
//   * errorOccurred after a failure, errorText() already set; a wanted re-read is then sent
//     at once, unless the connection was lost: the runner reconnects by itself and
//     connectionRestored re-reads;
//   * connectionLost / connectionRestored from the runner; after connectionRestored the
//     tracker re-reads (the owner's view may have missed changes while disconnected).
// On an answer: loadingChanged(false), errorText() cleared, `apply`, then the wanted re-read.
class PendingQuery : public QObject {
    Q_OBJECT

public:
    using Read = std::function<int()>;
    using Apply = std::function<void(const QVariant &value)>;

    // `runner` must outlive the tracker (declare the runner first).
    PendingQuery(QueryRunner &runner, Read read, Apply apply, QObject *parent = nullptr);

    // Reads now, or right after the read in flight.
    void refresh();
    // Reads now, whatever is in flight: an earlier read's answer is then ignored (discard()
    // first to stop that read as well).
    void request();
    // Drops the read in flight and any wanted re-read: the owner's subject changed.
    void discard();
    // Stops the read in flight (PQcancel) and reports `message` as the error; false (and
    // nothing happens) when no read was in flight.
    bool cancel(const QString &message);

    bool isLoading() const { return m_pending != 0; }
    QString errorText() const { return m_errorText; }
    // For an owner that starts over (a new subject): the old error no longer applies.
    void clearError() { m_errorText.clear(); }

    // Connects this tracker's signals to the owner's signals of the same names, so the
    // owner's observers see them exactly when the tracker emits them.
    template <typename Owner>
    void forwardSignalsTo(Owner *owner) {
        connect(this, &PendingQuery::loadingChanged, owner, &Owner::loadingChanged);
        connect(this, &PendingQuery::errorOccurred, owner, &Owner::errorOccurred);
        connect(this, &PendingQuery::connectionLost, owner, &Owner::connectionLost);
        connect(this, &PendingQuery::connectionRestored, owner, &Owner::connectionRestored);
    }

signals:
    void loadingChanged(bool loading);
    void errorOccurred(const QString &message);
    void connectionLost(const QString &message);
    void connectionRestored();

private:
    void onFinished(int requestId, const QVariant &value);
    void onFailed(int requestId, const QString &message, Failure failure);
    void setPending(int requestId);

    QueryRunner &m_runner;
    Read m_read;
    Apply m_apply;
    int m_pending = 0; // request id of the read in flight, 0 when idle
    bool m_readWanted = false;
    QString m_errorText;
};

} // namespace dedup::lanes
