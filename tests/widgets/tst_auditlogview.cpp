// The audit log view against a private PostgreSQL: the entries shown are the database's,
// newest first; each filter (run, outcome, role, action, time range) narrows them to the
// database's answer; new entries appear at the top without a reload; the selected entry's
// before / after state shows below.
#include "ActionTestRuns.h"
#include "lanes/QueryRunner.h"
#include "models/AuditLogModel.h"
#include "widgets/AuditLogView.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace dedup;
using models::AuditLogModel;
using store::PgConnection;
using store::PgParams;
using widgets::AuditLogView;

namespace {

QString act(PgConnection &conn, const QString &action, const optest::PreparedRun &run,
            const QString &key) {
    PgParams p;
    p.add(run.id).add(run.token).add(QStringLiteral("audit view test")).add(key);
    const store::PgResult r = conn.exec(optest::sqlFor(action), p);
    return r.ok() ? QString() : r.error().toString();
}

QList<qint64> shownIds(const AuditLogModel &model) {
    QList<qint64> ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.index(row, 0).data(AuditLogModel::AuditIdRole).toLongLong();
    return ids;
}

QList<qint64> dbIds(PgConnection &su, const QString &where = QStringLiteral("true")) {
    const store::PgResult r = su.exec(
        QStringLiteral("SELECT id FROM dedup.audit_log WHERE %1 ORDER BY id DESC").arg(where));
    QList<qint64> ids;
    for (int row = 0; r.ok() && row < r.rows(); ++row)
        ids << r.toInt64(row, 0);
    return ids;
}

} // namespace

class TestAuditLogView : public QObject {
    Q_OBJECT

private slots:
    void showsAndFilters();
    void saysWhatTheChainWasVerifiedAgainst();
};

void TestAuditLogView::showsAndFilters() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    auto su = db.connect();
    auto op = db.connect(QStringLiteral("t_operator"));
    QVERIFY(su && op);
    const optest::PreparedRun one =
        optest::prepareRun(*su, QStringLiteral("failed"), QStringLiteral("k-1"));
    const optest::PreparedRun two =
        optest::prepareRun(*su, QStringLiteral("failed"), QStringLiteral("k-2"));
    const optest::PreparedRun three =
        optest::prepareRun(*su, QStringLiteral("manual_review"), QStringLiteral("k-3"));
    for (const auto *run : {&one, &two, &three})
        QVERIFY2(run->error.isEmpty(), qPrintable(run->error));
    QCOMPARE(act(*op, QStringLiteral("op_cancel"), one, QStringLiteral("a1")), QString());
    QCOMPARE(act(*op, QStringLiteral("op_route_to_review"), two, QStringLiteral("a2")), QString());
    // Refused: run one was cancelled meanwhile.
    QCOMPARE(act(*op, QStringLiteral("op_cancel"), one, QStringLiteral("a3")), QString());
    QCOMPARE(act(*su, QStringLiteral("op_assign_review"), three, QStringLiteral("a4")), QString());
    QCOMPARE(dbIds(*su).size(), 4);

    AuditLogModel model(db.conninfo());
    model.setRefreshInterval(200);
    AuditLogView view;
    view.setModel(&model);
    view.show();
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su), 10000);

    view.setRunFilter(one.id);
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model),
                              dbIds(*su, QStringLiteral("run_id = %1").arg(one.id)), 10000);
    QCOMPARE(model.rowCount(), 2);

    auto *outcome = view.findChild<QComboBox *>(QStringLiteral("outcomeCombo"));
    outcome->setCurrentIndex(outcome->findData(QStringLiteral("changed")));
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su, QStringLiteral("outcome = 'changed'")),
                              10000);
    QCOMPARE(model.rowCount(), 1);

    view.setRunFilter(0);
    outcome->setCurrentIndex(0);
    auto *role = view.findChild<QLineEdit *>(QStringLiteral("roleEdit"));
    role->setText(QStringLiteral("t_operator"));
    emit role->editingFinished();
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su, QStringLiteral("db_role = 't_operator'")),
                              10000);
    QCOMPARE(model.rowCount(), 3);

    auto *action = view.findChild<QComboBox *>(QStringLiteral("actionCombo"));
    action->setCurrentIndex(action->findData(QStringLiteral("op_route_to_review")));
    QTRY_COMPARE_WITH_TIMEOUT(
        shownIds(model),
        dbIds(*su, QStringLiteral("db_role = 't_operator' AND action = 'op_route_to_review'")),
        10000);
    QCOMPARE(model.rowCount(), 1);

    // The detail pane: before → after of the selected entry.
    view.table()->setCurrentIndex(model.index(0, 0));
    const QString detail =
        view.findChild<QPlainTextEdit *>(QStringLiteral("detailText"))->toPlainText();
    QVERIFY2(detail.contains(QLatin1String("manual_review")), qPrintable(detail));
    QVERIFY(detail.contains(QLatin1String("Before:")));

    // Back to everything in the last hour; a new action shows up at the top by itself.
    action->setCurrentIndex(0);
    role->clear();
    emit role->editingFinished();
    view.setTimeRange(AuditLogView::TimeRange::LastHour);
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su), 10000);
    const optest::PreparedRun four =
        optest::prepareRun(*su, QStringLiteral("failed"), QStringLiteral("k-4"));
    QVERIFY2(four.error.isEmpty(), qPrintable(four.error));
    QCOMPARE(act(*op, QStringLiteral("op_cancel"), four, QStringLiteral("a5")), QString());
    QTRY_COMPARE_WITH_TIMEOUT(shownIds(model), dbIds(*su), 10000);
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.index(0, 0).data(AuditLogModel::RunIdRole).toLongLong(), four.id);

    view.setModel(nullptr);
}

// The chain line: verified by the store, from the first row to the head, and not against a
// signed checkpoint; a broken chain is shown as broken after "Verify chain".
void TestAuditLogView::saysWhatTheChainWasVerifiedAgainst() {
    TestDatabase db;
    QVERIFY2(db.isValid(), qPrintable(db.error()));
    QCOMPARE(db.grantTestLogins(), QString());
    QCOMPARE(
        db.exec(QStringLiteral("SELECT dedup.op_report_reveal('view test', '{}'::jsonb, 'v-1');"
                               " SELECT dedup.op_report_reveal('view test', '{}'::jsonb, 'v-2');")),
        QString());
    auto su = db.connect();
    QVERIFY(su);
    const store::PgResult head =
        su->exec(QStringLiteral("SELECT last_id, last_hash FROM dedup.audit_head"));
    QVERIFY(head.ok());

    AuditLogView view;
    QVERIFY(view.chainText().contains(QLatin1String("not verified yet")));
    QSignalSpy verified(&view, &AuditLogView::chainVerified);
    lanes::QueryRunner runner(db.conninfo(QStringLiteral("t_viewer")));
    view.setChainRunner(&runner);
    QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 1, 10000);
    QVERIFY(verified.at(0).at(0).toBool());
    const QString text = view.chainText();
    QVERIFY2(text.contains(QStringLiteral("verified by the store")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("to row %1 (head hash %2")
                               .arg(head.text(0, 0), head.text(0, 1).left(16))),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Not checked against a checkpoint signed outside the "
                                          "database")),
             qPrintable(text));

    QCOMPARE(db.exec(QStringLiteral(
                 "ALTER TABLE dedup.audit_log DISABLE TRIGGER audit_log_append_only;"
                 " UPDATE dedup.audit_log SET reason = 'edited'"
                 "  WHERE id = (SELECT min(id) FROM dedup.audit_log);"
                 " ALTER TABLE dedup.audit_log ENABLE TRIGGER audit_log_append_only;")),
             QString());
    view.findChild<QPushButton *>(QStringLiteral("chainButton"))->click();
    QTRY_COMPARE_WITH_TIMEOUT(verified.size(), 2, 10000);
    QVERIFY(!verified.at(1).at(0).toBool());
    QVERIFY2(view.chainText().startsWith(QStringLiteral("AUDIT CHAIN BROKEN at row ")),
             qPrintable(view.chainText()));
    view.setChainRunner(nullptr);
}

QTEST_MAIN(TestAuditLogView)
#include "tst_auditlogview.moc"
