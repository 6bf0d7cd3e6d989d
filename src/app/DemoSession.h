#pragma once

#include "store/ConnectionReport.h"

#include <QObject>
#include <QString>

#include <memory>

class QThread;

namespace dedup::sim {
class DemoTraffic;
}
namespace dedup::store {
class DemoDatabase;
}

namespace dedup::app {

// `dedup-console --demo`: the private demo store, started (initdb and migrations take a few
// seconds the first time) on a helper thread so that the window shows and stays responsive
// meanwhile; then the report to attach the window to, and the demo's live traffic.
class DemoSession : public QObject {
    Q_OBJECT

public:
    explicit DemoSession(bool withTraffic, QObject *parent = nullptr);
    ~DemoSession() override; // stop()

    // Starts the store in the background: ready() or failed() follow on this thread.
    void start();
    // Waits for a start in progress, stops the traffic, then the server if start() started it.
    void stop();

signals:
    void ready(const dedup::store::ConnectionReport &report);
    void failed(const QString &message);

private:
    void onStarted();
    // On the helper thread.
    void startStore();

    const bool m_withTraffic;
    std::unique_ptr<store::DemoDatabase> m_database;
    std::unique_ptr<sim::DemoTraffic> m_traffic;
    QThread *m_starter = nullptr;
    // Written by the helper thread, read after it finished.
    store::ConnectionReport m_report;
    QString m_error;
};

} // namespace dedup::app
