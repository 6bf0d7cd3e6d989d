#include "widgets/ConnectionCheckRunner.h"

#include "store/ConnectionCheck.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QMutex>
#include <QMutexLocker>
#include <QThreadPool>

namespace dedup::widgets {

namespace {

// Checks are short and rare, but an abandoned one keeps its thread until connect_timeout:
// room for several abandoned checks before a new one has to queue behind them.
constexpr int MaxChecksAtOnce = 8;

// The pool of every runner. Never deleted: ~QThreadPool waits for every check, and an
// abandoned one may still be connecting when the process ends. At quit, an abandoned check
// is given a moment to end rather than having the process torn down under it.
QThreadPool &checkPool() {
    static QThreadPool *const pool = [] {
        auto *created = new QThreadPool;
        created->setObjectName(QStringLiteral("connection-check"));
        created->setMaxThreadCount(MaxChecksAtOnce);
        if (QCoreApplication *app = QCoreApplication::instance())
            QObject::connect(app, &QCoreApplication::aboutToQuit, created,
                             [created] { created->waitForDone(3000); });
        return created;
    }();
    return *pool;
}

} // namespace

// How a check's result reaches its runner from a pool thread. The runner clears `runner`
// when it is destroyed; the mutex keeps it from going away while a result is being posted
// to it (a posted result that is not delivered yet is discarded with the runner).
struct ConnectionCheckRunner::WayBack {
    QMutex mutex;
    ConnectionCheckRunner *runner = nullptr;
};

ConnectionCheckRunner::ConnectionCheckRunner(QObject *parent)
    : QObject(parent)
    , m_wayBack(std::make_shared<WayBack>()) {
    m_wayBack->runner = this;
}

ConnectionCheckRunner::~ConnectionCheckRunner() {
    const QMutexLocker lock(&m_wayBack->mutex);
    m_wayBack->runner = nullptr;
}

void ConnectionCheckRunner::start(const QString &conninfo, const QString &profileName,
                                  const QString &applicationName, const QString &standbyConninfo) {
    const quint64 id = ++m_current;
    m_running = true;
    checkPool().start([wayBack = m_wayBack, id, conninfo, standbyConninfo, profileName,
                       applicationName] {
        store::ConnectionReport report =
            store::ConnectionCheck::run(conninfo, standbyConninfo, profileName, applicationName);
        const QMutexLocker lock(&wayBack->mutex);
        ConnectionCheckRunner *runner = wayBack->runner;
        if (!runner)
            return; // the runner is gone
        QMetaObject::invokeMethod(
            runner,
            [runner, id, report = std::move(report)] {
                if (id != runner->m_current)
                    return; // abandoned
                runner->m_running = false;
                emit runner->finished(report);
            },
            Qt::QueuedConnection);
    });
}

void ConnectionCheckRunner::cancel() {
    ++m_current;
    m_running = false;
}

} // namespace dedup::widgets
