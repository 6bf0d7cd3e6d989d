// Reveal… in the run detail against a private PostgreSQL: an operator sees a run's key and
// last error as keyed hashes, reveals them with a reason (the dialog's OK waits for one), sees
// the raw values in place as plain text, marked revealed, with one op_reveal audit row in the
// store, and hides them again; a viewer is not offered the action; the owner reads raw values
// and has nothing to reveal; a refusal by the store is shown in the dialog.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "models/RunDetailSource.h"
#include "store/AccessQueries.h"
#include "store/RunFailure.h"
#include "widgets/JsonPane.h"
#include "widgets/RevealDialog.h"
#include "widgets/RunDetailView.h"
#include "widgets/StoreConnections.h"

#include <QAction>
#include <QCheckBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QToolButton>
#include <QtTest>

using namespace dedup;
using namespace DetailTestRuns;
using widgets::RevealDialog;
using widgets::RunDetailView;
using widgets::StoreConnections;

namespace {

template <typename T = QLabel>
T *child(const QWidget &view, const char *name) {
    auto *widget = view.findChild<T *>(QLatin1String(name));
    if (!widget)
        qFatal("no child %s", name);
    return widget;
}

QString text(const QWidget &view, const char *name) {
    return child(view, name)->text();
}

// A key with markup in it: shown revealed, it must read as typed.
const QString kRawKey = QStringLiteral("patient:P9:<b>report</b>:R2");
const QString kRawMessage = QStringLiteral("SMS to +41 79 555 01 01 bounced");

} // namespace

class TestRunDetailReveal : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void operatorRevealsKeyAndLastError();
    void viewerIsNotOffered();
    void ownerReadsRawValues();
    void refusalIsShownInTheDialog();

private:
    // A view of its own source as `login`, with the login's grants, showing run `runId`.
    bool open(RunDetailView &view, const QString &login, qint64 runId);
    QJsonArray revealRows();

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_super, m_worker;
    qint64 m_runId = 0;
};

void TestRunDetailReveal::initTestCase() {
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_super = m_db->connect();
    m_worker = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(m_super && m_worker);
    // A failed run: its key and its error message are what a viewer must not read raw.
    store::RunProtocol worker(*m_worker);
    const RunLease lease =
        claim(*m_worker, request(kRawKey, {QStringLiteral("send")}, QStringLiteral("visit-77")));
    QVERIFY(lease.runId > 0);
    QVERIFY(worker.beginStep(lease, QStringLiteral("send")).ok());
    const auto failed =
        worker.fail(lease, store::RunFailure{QStringLiteral("provider"), kRawMessage, false});
    QVERIFY2(failed.ok(), qPrintable(failed.error().toString()));
    m_runId = lease.runId;
}

bool TestRunDetailReveal::open(RunDetailView &view, const QString &login, qint64 runId) {
    auto conn = m_db->connect(login);
    if (!conn)
        return false;
    const std::optional<store::AccessScope> access = store::AccessQueries::mine(*conn);
    if (!access)
        return false;
    view.setStore(StoreConnections(m_db->conninfo(login)), nullptr);
    view.setAccess(*access);
    view.resize(1100, 720);
    view.show();
    view.setRunId(runId);
    return QTest::qWaitFor([&] { return view.hasRun(); }, 10000);
}

QJsonArray TestRunDetailReveal::revealRows() {
    const auto result = m_super->exec(
        QStringLiteral("SELECT COALESCE(json_agg(a ORDER BY a.id), '[]') FROM dedup.audit_log a"
                       " WHERE a.action = 'op_reveal'"));
    return result.ok() ? result.toJson(0, 0).toArray() : QJsonArray{};
}

void TestRunDetailReveal::operatorRevealsKeyAndLastError() {
    RunDetailView view;
    QVERIFY(open(view, QStringLiteral("t_operator"), m_runId));
    // Redacted: 'h:' and 16 hex digits, for the key and the error's message; the class stays.
    const QString hashedKey = text(view, "keyValue");
    QVERIFY2(hashedKey.startsWith(QStringLiteral("h:")), qPrintable(hashedKey));
    QVERIFY(!hashedKey.contains(QStringLiteral("P9")));
    QVERIFY(text(view, "errorMessageValue").startsWith(QStringLiteral("h:")));
    QCOMPARE(text(view, "errorClassValue"), QStringLiteral("provider"));
    QVERIFY(view.valuesRedacted());
    QVERIFY(view.canReveal());
    QVERIFY(!view.isRevealed());
    QVERIFY(!child<QWidget>(view, "revealedRow")->isVisible());
    auto *button = child<QToolButton>(view, "revealButton");
    QVERIFY(button->isVisible());
    QVERIFY(button->isEnabled());
    QVERIFY(child<QToolButton>(view, "errorRevealButton")->defaultAction() == view.revealAction());

    button->click();
    RevealDialog *dialog = view.revealDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->runId(), m_runId);
    QCOMPARE(dialog->fields(),
             (QStringList{QStringLiteral("idem_key"), QStringLiteral("last_error")}));
    // A reason is required: OK waits for one that is not blank.
    QVERIFY(!dialog->okButton()->isEnabled());
    dialog->setReason(QStringLiteral("   "));
    QVERIFY(!dialog->okButton()->isEnabled());
    dialog->setReason(QStringLiteral("ticket 4711: patient asked"));
    QVERIFY(dialog->okButton()->isEnabled());
    // No field, no reveal.
    child<QCheckBox>(*dialog, "keyCheck")->setChecked(false);
    child<QCheckBox>(*dialog, "lastErrorCheck")->setChecked(false);
    QVERIFY(!dialog->okButton()->isEnabled());
    child<QCheckBox>(*dialog, "keyCheck")->setChecked(true);
    child<QCheckBox>(*dialog, "lastErrorCheck")->setChecked(true);
    dialog->okButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(view.isRevealed(), 10000);
    QTRY_VERIFY(!view.revealDialog()); // closed (and deleted) after the answer

    // The raw values in place, as typed (plain text: the markup in the key stays text).
    QVERIFY2(text(view, "keyValue").contains(kRawKey), qPrintable(text(view, "keyValue")));
    QCOMPARE(child(view, "keyValue")->textFormat(), Qt::PlainText);
    QCOMPARE(text(view, "errorMessageValue"), kRawMessage);
    QCOMPARE(child(view, "errorMessageValue")->textFormat(), Qt::PlainText);
    QVERIFY(child<widgets::JsonPane>(view, "errorPane")->json().contains(kRawMessage));
    QCOMPARE(text(view, "keyCaption"), QStringLiteral("Key (revealed):"));
    QCOMPARE(text(view, "errorMessageCaption"), QStringLiteral("Message (revealed):"));
    QVERIFY(child<QWidget>(view, "revealedRow")->isVisible());
    QVERIFY(text(view, "revealedLabel").contains(QStringLiteral("key, last error")));
    QCOMPARE(view.revealedFields(),
             (QStringList{QStringLiteral("idem_key"), QStringLiteral("last_error")}));
    // Only what was revealed: the fingerprint is still a hash.
    QVERIFY(text(view, "fingerprintValue").startsWith(QStringLiteral("h:")));

    // One audit row: who, which run, why, which fields.
    const QJsonArray rows = revealRows();
    QCOMPARE(rows.size(), 1);
    const QJsonObject row = rows.at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("db_role")).toString(), QStringLiteral("t_operator"));
    QCOMPARE(row.value(QStringLiteral("run_id")).toInteger(), m_runId);
    QCOMPARE(row.value(QStringLiteral("reason")).toString(),
             QStringLiteral("ticket 4711: patient asked"));
    QCOMPARE(row.value(QStringLiteral("params")).toObject().value(QStringLiteral("fields")),
             QJsonValue(QJsonArray{QStringLiteral("idem_key"), QStringLiteral("last_error")}));

    // A reload of the same run keeps them (the redacted values did not change).
    view.reload();
    QTRY_VERIFY(!view.source()->isLoading());
    QVERIFY(text(view, "keyValue").contains(kRawKey));

    // Hidden again: the hashes, no mark.
    child<QPushButton>(view, "hideRevealedButton")->click();
    QVERIFY(!view.isRevealed());
    QCOMPARE(text(view, "keyValue"), hashedKey);
    QVERIFY(text(view, "errorMessageValue").startsWith(QStringLiteral("h:")));
    QCOMPARE(text(view, "keyCaption"), QStringLiteral("Key:"));
    QVERIFY(!child<QWidget>(view, "revealedRow")->isVisible());
    QCOMPARE(revealRows().size(), 1);
}

void TestRunDetailReveal::viewerIsNotOffered() {
    RunDetailView view;
    QVERIFY(open(view, QStringLiteral("t_viewer"), m_runId));
    QVERIFY(view.valuesRedacted());
    QVERIFY(!view.canReveal());
    QVERIFY(!view.revealAction()->isEnabled());
    QVERIFY(!view.revealAction()->toolTip().isEmpty()); // why not
    view.openReveal();
    QVERIFY(!view.revealDialog());
}

void TestRunDetailReveal::ownerReadsRawValues() {
    RunDetailView view;
    QVERIFY(open(view, QString(), m_runId));
    QVERIFY(text(view, "keyValue").contains(kRawKey));
    QCOMPARE(text(view, "errorMessageValue"), kRawMessage);
    QVERIFY(!view.valuesRedacted());
    QVERIFY(!view.canReveal());
    QVERIFY(!child<QToolButton>(view, "revealButton")->isVisible());
}

void TestRunDetailReveal::refusalIsShownInTheDialog() {
    // The console believes the viewer may operate (stale grants): the store refuses.
    RunDetailView view;
    QVERIFY(open(view, QStringLiteral("t_viewer"), m_runId));
    store::AccessGrant grant;
    grant.capability = QStringLiteral("operator");
    view.setAccess(store::AccessScope::fromGrants({grant}));
    QVERIFY(view.canReveal());
    view.openReveal();
    RevealDialog *dialog = view.revealDialog();
    QVERIFY(dialog);
    dialog->setReason(QStringLiteral("trying"));
    dialog->okButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isSending(), 10000);
    QVERIFY(dialog->isVisible());
    QCOMPARE(int(dialog->lastErrorKind()), int(store::StoreErrorKind::PermissionDenied));
    const QString shown = text(*dialog, "statusLabel");
    QVERIFY2(shown.contains(QStringLiteral("Your login may not reveal values of this run")),
             qPrintable(shown));
    QVERIFY(!view.isRevealed());
    QVERIFY(text(view, "keyValue").startsWith(QStringLiteral("h:")));
    dialog->reject();
}

QTEST_MAIN(TestRunDetailReveal)
#include "tst_rundetailreveal.moc"
