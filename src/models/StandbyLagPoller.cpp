#include "models/StandbyLagPoller.h"

#include "store/PgConnection.h"
#include "store/PgError.h"

namespace dedup::models {

using store::ReplicationStatus;

StandbyLagPoller::StandbyLagPoller(const QString &primaryConninfo, const QString &standbyConninfo,
                                   QObject *parent)
    : QObject(parent)
    , m_primary(primaryConninfo, QStringLiteral("dedup-console-lag"))
    , m_standby(standbyConninfo, QStringLiteral("dedup-console-lag")) {
    qRegisterMetaType<ReplicationStatus>();
    m_primary.setStatementTimeout(StatementTimeoutMs);
    m_standby.setStatementTimeout(StatementTimeoutMs);
    m_timer.setInterval(DefaultIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &StandbyLagPoller::pollNow);

    connect(&m_primary, &lanes::QueryRunner::finished, this, [this](int id, const QVariant &value) {
        if (id != m_primaryRequest)
            return;
        m_primaryRequest = 0;
        const auto position = value.value<ReplicationStatus::PrimaryPosition>();
        readStandby(position.lsn);
    });
    connect(&m_primary, &lanes::QueryRunner::failed, this,
            [this](int id, const QString &, lanes::Failure) {
                if (id != m_primaryRequest)
                    return;
                m_primaryRequest = 0;
                // The primary's own loss shows in the session's banner; the standby's state
                // is still worth showing, without the comparison.
                readStandby(QString());
            });
    connect(&m_standby, &lanes::QueryRunner::finished, this, [this](int id, const QVariant &value) {
        if (id != m_standbyRequest)
            return;
        m_standbyRequest = 0;
        m_latest = value.value<ReplicationStatus>();
        m_reachable = true;
        m_unreachableReason.clear();
        emit updated(*m_latest);
    });
    connect(&m_standby, &lanes::QueryRunner::failed, this,
            [this](int id, const QString &message, lanes::Failure) {
                if (id != m_standbyRequest)
                    return;
                m_standbyRequest = 0;
                standbyFailed(message);
            });
}

StandbyLagPoller::~StandbyLagPoller() = default;

void StandbyLagPoller::setInterval(int milliseconds) {
    m_timer.setInterval(milliseconds);
}

void StandbyLagPoller::start() {
    m_timer.start();
    pollNow();
}

void StandbyLagPoller::stop() {
    m_timer.stop();
    m_primary.discardPending();
    m_standby.discardPending();
    m_primaryRequest = m_standbyRequest = 0;
}

void StandbyLagPoller::pollNow() {
    if (m_primaryRequest != 0 || m_standbyRequest != 0)
        return;
    m_primaryRequest = m_primary.submit([](store::PgConnection &conn, store::PgError *error) {
        const auto position = ReplicationStatus::readPrimary(conn, error);
        return position ? QVariant::fromValue(*position) : QVariant();
    });
}

void StandbyLagPoller::readStandby(const QString &primaryLsn) {
    m_standbyRequest =
        m_standby.submit([primaryLsn](store::PgConnection &conn, store::PgError *error) {
            const auto status = ReplicationStatus::read(conn, primaryLsn, error);
            return status ? QVariant::fromValue(*status) : QVariant();
        });
}

void StandbyLagPoller::standbyFailed(const QString &why) {
    m_reachable = false;
    m_unreachableReason = why;
    emit standbyUnreachable(why);
}

} // namespace dedup::models
