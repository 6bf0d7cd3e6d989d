#include "widgets/ConnectionCheckRunner.h"

#include "store/ConnectionCheck.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

#include <memory>

namespace dedup::widgets {

ConnectionCheckRunner::ConnectionCheckRunner(QObject *parent)
    : QObject(parent) {}

ConnectionCheckRunner::~ConnectionCheckRunner() = default;

void ConnectionCheckRunner::start(const QString &conninfo, const QString &profileName,
                                  const QString &applicationName, const QString &standbyConninfo) {
    const quint64 id = ++m_current;
    m_running = true;
    auto report = std::make_shared<store::ConnectionReport>();
    QThread *thread =
        QThread::create([report, conninfo, standbyConninfo, profileName, applicationName] {
            *report = store::ConnectionCheck::run(conninfo, standbyConninfo, profileName,
                                                  applicationName);
        });
    thread->setObjectName(QStringLiteral("connection-check"));
    // Delivered on this object's thread after the check's thread has finished: `report` is
    // complete by then. With this object gone, the connection is gone too.
    connect(thread, &QThread::finished, this, [this, id, report] {
        if (id != m_current)
            return; // abandoned
        m_running = false;
        emit finished(*report);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    // The thread has no parent (a parent would delete it while it runs); at exit, give an
    // abandoned check a moment to end rather than tearing the process down under it.
    if (QCoreApplication *app = QCoreApplication::instance())
        connect(app, &QCoreApplication::aboutToQuit, thread,
                [thread] { thread->wait(QDeadlineTimer(3000)); });
    thread->start();
}

void ConnectionCheckRunner::cancel() {
    ++m_current;
    m_running = false;
}

} // namespace dedup::widgets
