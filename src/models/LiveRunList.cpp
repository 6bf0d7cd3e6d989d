#include "models/LiveRunList.h"

#include "lanes/ChangeListener.h"

#include <QLocale>

namespace dedup::models {

LiveRunList::LiveRunList(const QString &conninfo, const Setup &setup, QObject *parent)
    : QAbstractTableModel(parent)
    , m_setup(setup)
    , m_runner(conninfo, setup.connectionName)
    , m_query(
          m_runner,
          [this] {
              m_schedule.readStarting();
              return submitRead();
          },
          [this](const QVariant &value) { applied(value); })
    , m_schedule(
          this, [this] { refresh(); }, setup.refreshIntervalMs, setup.coalesceMs) {
    m_query.forwardSignalsTo(this);
    // Queued: settings made right after construction apply to the first read (and the
    // subclass is complete by then).
    QMetaObject::invokeMethod(this, &LiveRunList::refresh, Qt::QueuedConnection);
}

LiveRunList::~LiveRunList() = default;

void LiveRunList::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &LiveRunList::onRunsChanged);
    connect(listener, &lanes::ChangeListener::resynced, this, &LiveRunList::refresh);
}

void LiveRunList::onRunsChanged(const QSet<qint64> &, bool) {
    m_schedule.notified();
}

void LiveRunList::refresh() {
    m_query.refresh();
}

void LiveRunList::setReadState(const store::RunCount &count, const QDateTime &serverNow) {
    const bool countChange =
        !m_countKnown || count.value != m_count.value || count.exact != m_count.exact;
    m_count = count;
    m_countKnown = true;
    m_serverNow = serverNow;
    m_countChanged = m_countChanged || countChange;
}

void LiveRunList::applied(const QVariant &value) {
    m_countChanged = false;
    applyRead(value);
    // Durations are relative to the server's now, which moved: every row's changed.
    if (rowCount() > 0) {
        emit dataChanged(index(0, m_setup.firstClockColumn),
                         index(rowCount() - 1, m_setup.lastClockColumn), {Qt::DisplayRole});
    }
    if (m_countChanged)
        emit countChanged(m_count.value, m_count.exact);
    emit refreshed();
}

QString LiveRunList::countText() const {
    if (!m_countKnown)
        return {};
    const QLocale locale;
    if (!m_count.exact)
        return tr("%1+").arg(locale.toString(m_count.cap));
    return locale.toString(m_count.value);
}

} // namespace dedup::models
