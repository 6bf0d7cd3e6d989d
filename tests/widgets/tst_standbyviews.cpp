// Standby reads in the console (docs/SCALING.md section 1), offscreen, against a real primary +
// streaming standby on loopback (TestStandby): the connection dialog's "Read from standby" field
// and its Test, the session's read/primary split, the status bar's lag label, and the action
// dialog that blocks a decision based on a row the standby showed.
#include "TestStandby.h"
#include "lanes/ChangeListener.h"
#include "models/ReviewQueueModel.h"
#include "models/RunListModel.h"
#include "models/StandbyLagPoller.h"
#include "store/ConnectionCheck.h"
#include "store/ConnectionProfile.h"
#include "store/ConnectionProfiles.h"
#include "widgets/ActionDialog.h"
#include "widgets/ConnectionDialog.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/StandbyLagLabel.h"
#include "widgets/StoreConnections.h"
#include "widgets/StoreSession.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTableView>
#include <QtTest>

#include <memory>

using namespace dedup;
using namespace Qt::StringLiterals;
using store::ConnectionProfile;

namespace {

template <typename T>
T *child(const QWidget &parent, const QString &name) {
    T *widget = parent.findChild<T *>(name);
    if (!widget)
        qWarning("no %s named %s", T::staticMetaObject.className(), qPrintable(name));
    return widget;
}

QString value(const QString &conninfo, const QString &key) {
    return ConnectionProfile::effectiveValue(conninfo, key);
}

} // namespace

class TestStandbyViews : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void dialogTestCoversTheStandby();
    void sessionSplitsReadsAndActions();
    void lagLabel();
    void actionDialogBlocksWhatTheStandbyShowed();
    void reviewQueueActionNamesTheStandby();
    void runsListConvergesAfterReplay();

private:
    void fillPrimary(widgets::ConnectionDialog &dialog) const;
    // A failed run (token 1) on both servers; its id.
    qint64 seedFailedRun(const QString &key) const;

    std::unique_ptr<TestStandby> m_pair;
};

void TestStandbyViews::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleTest"_s);
    QCoreApplication::setApplicationName(u"tst_standbyviews"_s);
    qunsetenv("DBUS_SESSION_BUS_ADDRESS");
    for (const char *name : {"PGHOST", "PGPORT", "PGDATABASE", "PGUSER", "PGPASSWORD", "PGSERVICE",
                             "PGSSLMODE", "PGSSLROOTCERT"})
        qunsetenv(name);
    m_pair = std::make_unique<TestStandby>();
    QVERIFY2(m_pair->isValid(), qPrintable(m_pair->error()));
    QCOMPARE(m_pair->grantTestLogins(), QString());
    QVERIFY(m_pair->waitForReplay());
}

void TestStandbyViews::init() {
    QSettings().clear();
}

void TestStandbyViews::cleanup() {
    m_pair->execStandby(u"SELECT pg_wal_replay_resume() WHERE pg_is_wal_replay_paused()"_s);
    QVERIFY(m_pair->waitForReplay());
}

void TestStandbyViews::fillPrimary(widgets::ConnectionDialog &dialog) const {
    const QString primary = m_pair->primaryConninfo();
    child<QRadioButton>(dialog, u"fieldsRadio"_s)->setChecked(true);
    child<QLineEdit>(dialog, u"nameEdit"_s)->setText(u"pair"_s);
    child<QLineEdit>(dialog, u"hostEdit"_s)->setText(value(primary, u"host"_s));
    child<QLineEdit>(dialog, u"portEdit"_s)->setText(value(primary, u"port"_s));
    child<QLineEdit>(dialog, u"dbnameEdit"_s)->setText(TestStandby::databaseName());
    child<QLineEdit>(dialog, u"userEdit"_s)->setText(u"t_operator"_s);
    child<QRadioButton>(dialog, u"noPasswordRadio"_s)->setChecked(true);
}

qint64 TestStandbyViews::seedFailedRun(const QString &key) const {
    const QString error = m_pair->execPrimary(
        QStringLiteral("DO $$ DECLARE c record; BEGIN"
                       " SELECT * INTO c FROM dedup.claim(p_scope => 'views', p_key => '%1',"
                       "   p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w1',"
                       "   p_steps => '{a,b}');"
                       " PERFORM dedup.fail(c.run_id, c.lease_token, c.lease_secret,"
                       "  'timeout', 'seeded', true);"
                       " END $$")
            .arg(key));
    if (!error.isEmpty() || !m_pair->waitForReplay())
        return 0;
    auto conn = m_pair->connectPrimary();
    store::PgParams params;
    params.add(key);
    const auto id =
        conn->exec(u"SELECT id FROM dedup.runs WHERE scope = 'views' AND idem_key = $1"_s, params);
    return id.ok() && id.rows() == 1 ? id.toInt64(0, 0) : 0;
}

void TestStandbyViews::dialogTestCoversTheStandby() {
    widgets::ConnectionDialog dialog;
    dialog.show();
    fillPrimary(dialog);
    const QString standby = m_pair->standbyConninfo();
    auto *standbyEdit = child<QLineEdit>(dialog, u"standbyEdit"_s);
    auto *result = child<QLabel>(dialog, u"resultLabel"_s);
    auto *test = child<QPushButton>(dialog, u"testButton"_s);

    // The primary named as its own standby: refused, and said so.
    standbyEdit->setText(QStringLiteral("host='%1' port=%2")
                             .arg(value(m_pair->primaryConninfo(), u"host"_s),
                                  value(m_pair->primaryConninfo(), u"port"_s)));
    QVERIFY(test->isEnabled());
    QTest::mouseClick(test, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(u"is not a standby: it is not in recovery"_s),
                             20000);

    // The real standby: only where it is; user and dbname come from the fields.
    standbyEdit->setText(QStringLiteral("host='%1' port=%2")
                             .arg(value(standby, u"host"_s), value(standby, u"port"_s)));
    QTest::mouseClick(test, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(u"Lists, dashboards and reports read from "
                                                     "the standby t_operator@"_s),
                             20000);
    QVERIFY2(result->text().contains(u"run detail and actions use the primary"_s),
             qPrintable(result->text()));

    // Saved with the profile, and the report carries it after Connect.
    QTest::mouseClick(child<QPushButton>(dialog, u"saveButton"_s), Qt::LeftButton);
    {
        QSettings settings;
        const auto saved = store::ConnectionProfiles(settings).find(u"pair"_s);
        QVERIFY(saved);
        QCOMPARE(saved->standbyConnectionString, standbyEdit->text());
    }
    dialog.connectNow();
    QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), 20000);
    QVERIFY(!dialog.report().standbyConninfo.isEmpty());
    QCOMPARE(value(dialog.report().standbyConninfo, u"port"_s), value(standby, u"port"_s));
    QCOMPARE(value(dialog.report().standbyConninfo, u"user"_s), u"t_operator"_s);
}

void TestStandbyViews::sessionSplitsReadsAndActions() {
    const store::ConnectionReport report =
        store::ConnectionCheck::run(m_pair->primaryConninfo(u"t_operator"_s),
                                    m_pair->standbyConninfo(u"t_operator"_s), u"pair"_s, QString());
    QVERIFY2(report.ok(), qPrintable(report.message));
    widgets::StoreSession session(report, widgets::Preferences());
    QVERIFY(session.readsFromStandby());
    QCOMPARE(session.readConninfo(), m_pair->standbyConninfo(u"t_operator"_s));
    QCOMPARE(session.conninfo(), m_pair->primaryConninfo(u"t_operator"_s));
    QVERIFY(session.standbyLag());
    QTRY_VERIFY_WITH_TIMEOUT(session.standbyLag()->latest(), 45000);
    QTRY_COMPARE_WITH_TIMEOUT(session.standbyLagText(), u"caught up"_s, 45000);

    store::ConnectionReport primaryOnly = report;
    primaryOnly.standbyConninfo.clear();
    widgets::StoreSession plain(primaryOnly, widgets::Preferences());
    QVERIFY(!plain.readsFromStandby());
    QCOMPARE(plain.readConninfo(), plain.conninfo());
    QVERIFY(!plain.standbyLag());
    QCOMPARE(plain.standbyLagText(), QString());
}

void TestStandbyViews::lagLabel() {
    widgets::StandbyLagLabel label;
    QVERIFY(label.isHidden()); // no standby: nothing to show
    models::StandbyLagPoller poller(m_pair->primaryConninfo(u"t_viewer"_s),
                                    m_pair->standbyConninfo(u"t_viewer"_s));
    poller.setInterval(200);
    label.setPoller(&poller);
    QVERIFY(!label.isHidden());
    QCOMPARE(label.text(), u"Standby: …"_s);
    poller.start();
    QTRY_COMPARE_WITH_TIMEOUT(label.text(), u"Standby: caught up"_s, 45000);
    QVERIFY(!label.isWarning());
    QVERIFY(label.toolTip().contains(u"run detail, previews and actions read and write the "
                                     "primary"_s));

    QCOMPARE(m_pair->execStandby(u"SELECT pg_wal_replay_pause()"_s), QString());
    QCOMPARE(m_pair->execPrimary(u"SELECT dedup.claim(p_scope => 'views', p_key => 'label',"
                                 " p_workflow => 'wf', p_fingerprint => 'fp')"_s),
             QString());
    QTRY_VERIFY_WITH_TIMEOUT(label.text().startsWith(u"Standby: replay paused, "_s), 15000);
    QVERIFY(label.isWarning());
    QVERIFY(label.font().bold());

    models::StandbyLagPoller down(m_pair->primaryConninfo(u"t_viewer"_s),
                                  u"host=127.0.0.1 port=1 connect_timeout=5 dbname=dedup"_s);
    down.setInterval(200);
    label.setPoller(&down);
    down.start();
    QTRY_COMPARE_WITH_TIMEOUT(label.text(), u"Standby: unreachable"_s, 15000);
    QVERIFY(label.isWarning());
    QVERIFY(label.toolTip().startsWith(u"The standby cannot be read: "_s));
    label.setPoller(nullptr);
    QVERIFY(label.isHidden());
}

void TestStandbyViews::actionDialogBlocksWhatTheStandbyShowed() {
    const qint64 runId = seedFailedRun(u"dialog"_s);
    QVERIFY(runId > 0);
    QCOMPARE(m_pair->execStandby(u"SELECT pg_wal_replay_pause()"_s), QString());
    // A redelivery takes the run over on the primary (processing, token 2).
    QCOMPARE(m_pair->execPrimary(u"SELECT dedup.claim(p_scope => 'views', p_key => 'dialog',"
                                 " p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w2',"
                                 " p_steps => '{a,b}')"_s),
             QString());

    // What the list (reading the standby) showed: failed, token 1.
    widgets::ActionDialog dialog(
        widgets::StoreConnections(m_pair->primaryConninfo(u"t_operator"_s)),
        actions::OperatorAction::RouteToReview, runId, 1, core::RunStatus::Failed);
    dialog.setSeenOnStandby(u"replay paused, 1 kB behind (3.0 s)"_s);
    dialog.setReason(u"OPS-7"_s);
    dialog.show();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.preview().has_value(), 15000);
    auto *blocked = child<QLabel>(dialog, u"blockedLabel"_s);
    QVERIFY2(blocked->text().startsWith(u"Changed since you looked: the list you acted from "
                                        "reads from the standby (replay paused, 1 kB behind "
                                        "(3.0 s))"_s),
             qPrintable(blocked->text()));
    QVERIFY(blocked->isVisible());
    QVERIFY(!dialog.okButton()->isEnabled());
    QVERIFY(dialog.lookAgainButton()->isEnabled());

    // Look again: the primary's state is what the operator now sees; the action may proceed.
    QTest::mouseClick(dialog.lookAgainButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(
        !dialog.isLoading() && dialog.preview() && !dialog.preview()->changedSinceSeen, 15000);
    QCOMPARE(dialog.preview()->leaseToken, qint64(2));
    QVERIFY(!dialog.preview()->request.seenOnStandby);
    QVERIFY(dialog.okButton()->isEnabled());
    QCOMPARE(blocked->text(), QString());
}

void TestStandbyViews::reviewQueueActionNamesTheStandby() {
    // A run in manual review (one attempt allowed, failed), on both servers.
    QCOMPARE(m_pair->execPrimary(
                 u"DO $$ DECLARE c record; BEGIN"
                 " SELECT * INTO c FROM dedup.claim(p_scope => 'views', p_key => 'review',"
                 "   p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w1',"
                 "   p_max_attempts => 1);"
                 " PERFORM dedup.fail(c.run_id, c.lease_token, c.lease_secret,"
                 "  'timeout', 'seeded', true);"
                 " END $$"_s),
             QString());
    QVERIFY(m_pair->waitForReplay());
    auto primary = m_pair->connectPrimary();
    const auto run = primary->exec(u"SELECT id, lease_token FROM dedup.runs"
                                   " WHERE scope = 'views' AND idem_key = 'review'"_s);
    QVERIFY(run.ok() && run.rows() == 1);
    const qint64 runId = run.toInt64(0, 0);

    models::ReviewQueueModel model(m_pair->standbyConninfo(u"t_operator"_s));
    widgets::ReviewQueueView view;
    view.setActionSource(widgets::StoreConnections(m_pair->primaryConninfo(u"t_operator"_s)), true);
    view.setStandbyLag([] { return u"replay paused, 2 kB behind (1.0 s)"_s; });
    view.setModel(&model);
    view.show();
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 1, 15000);

    // The primary cancels it while the standby's replay is paused.
    QCOMPARE(m_pair->execStandby(u"SELECT pg_wal_replay_pause()"_s), QString());
    store::PgParams params;
    params.add(runId);
    params.add(run.toInt64(0, 1));
    const auto cancelled = primary->exec(
        u"SELECT dedup.op_cancel($1, $2, 'elsewhere', 'standby-views-cancel')"_s, params);
    QVERIFY2(cancelled.ok(), qPrintable(cancelled.error().toString()));

    view.table()->setCurrentIndex(model.index(0, 0));
    QCOMPARE(view.currentRunId(), runId);
    widgets::ActionDialog *dialog = view.openAction(actions::OperatorAction::AssignReview);
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->preview().has_value(), 15000);
    auto *blocked = child<QLabel>(*dialog, u"blockedLabel"_s);
    QVERIFY2(blocked->text().startsWith(u"Changed since you looked: the list you acted from "
                                        "reads from the standby (replay paused, 2 kB behind "
                                        "(1.0 s)), and the run you saw there (manual_review"_s),
             qPrintable(blocked->text()));
    QVERIFY(!dialog->okButton()->isEnabled());
    dialog->close();
    view.setModel(nullptr);
}

void TestStandbyViews::runsListConvergesAfterReplay() {
    const qint64 runId = seedFailedRun(u"converge"_s);
    QVERIFY(runId > 0);
    const store::ConnectionReport report =
        store::ConnectionCheck::run(m_pair->primaryConninfo(u"t_operator"_s),
                                    m_pair->standbyConninfo(u"t_operator"_s), u"pair"_s, QString());
    QVERIFY2(report.ok(), qPrintable(report.message));
    widgets::StoreSession session(report, widgets::Preferences());
    session.standbyLag()->setInterval(200);
    models::RunListModel *runs = session.runs();
    QVERIFY(runs->setFilter({}));
    auto statusOf = [runs, runId] {
        const int row = runs->rowOfRun(runId);
        return row < 0 ? QString() : runs->runAt(row).statusName;
    };
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(), u"failed"_s, 15000);
    QTRY_VERIFY_WITH_TIMEOUT(session.listener()->isConnected(), 15000);

    // The primary's notification arrives while the standby cannot show the change yet.
    QCOMPARE(m_pair->execStandby(u"SELECT pg_wal_replay_pause()"_s), QString());
    QCOMPARE(m_pair->execPrimary(u"SELECT dedup.claim(p_scope => 'views', p_key => 'converge',"
                                 " p_workflow => 'wf', p_fingerprint => 'fp', p_worker => 'w2',"
                                 " p_steps => '{a,b}')"_s),
             QString());
    QTRY_VERIFY_WITH_TIMEOUT(
        session.standbyLag()->latest() && !session.standbyLag()->latest()->caughtUp(), 15000);
    QTest::qWait(500); // the live refresh has read the standby by now
    QCOMPARE(statusOf(), u"failed"_s);

    // Replay resumes: no new notification comes, yet the list converges on the primary's state.
    QCOMPARE(m_pair->execStandby(u"SELECT pg_wal_replay_resume()"_s), QString());
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(), u"processing"_s, 15000);
}

QTEST_MAIN(TestStandbyViews)
#include "tst_standbyviews.moc"
