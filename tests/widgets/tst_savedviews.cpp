// Saved views against a private PostgreSQL (docs/CONSOLE.md "Saved views"): Save View… keeps
// the Runs, Stuck, Review or Audit view in front as a named dedup:// link of the attached
// profile; the side list shows that profile's views only; opening one restores the view's
// filter through LinkNavigator (and refuses one saved for another store); rename, remove,
// move and a name used twice behave as documented; they survive a new window (QSettings).
#include "TestDatabase.h"
#include "core/DedupLink.h"
#include "models/AuditLogModel.h"
#include "models/ReviewQueueModel.h"
#include "models/StuckRunsModel.h"
#include "store/PgConnection.h"
#include "store/StoreId.h"
#include "widgets/AuditLogView.h"
#include "widgets/DetailViews.h"
#include "widgets/LinkNavigator.h"
#include "widgets/MainWindow.h"
#include "widgets/OperatorViews.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/RunFilterBar.h"
#include "widgets/RunsView.h"
#include "widgets/SavedViewsDock.h"
#include "widgets/SavedViewsModel.h"
#include "widgets/StuckView.h"
#include "widgets/WorkflowsView.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QtTest>

#include <functional>

using namespace dedup;
using namespace Qt::StringLiterals;
using core::DedupLink;
using widgets::MainWindow;
using widgets::SavedViewsDock;
using widgets::SavedViewsModel;

namespace {

store::ConnectionReport reportFor(const TestDatabase &db, const QString &profile) {
    store::ConnectionReport report;
    report.conninfo = db.conninfo(u"t_operator"_s);
    report.profileName = profile;
    report.target = u"t_operator@test/"_s + db.name();
    report.currentUser = u"t_operator"_s;
    report.canOperate = true;
    report.canRead = true;
    auto conn = db.connect(u"t_operator"_s);
    if (conn)
        report.storeId = store::StoreId::read(*conn);
    return report;
}

SavedViewsDock *dockOf(const MainWindow &window) {
    return window.findChild<SavedViewsDock *>(u"savedViewsDock"_s);
}

QMessageBox *refusal(const MainWindow &window) {
    return window.findChild<QMessageBox *>(u"linkRefusedBox"_s);
}

QPushButton *okButton(QDialog *dialog) {
    auto *buttons = dialog->findChild<QDialogButtonBox *>();
    return buttons ? buttons->button(QDialogButtonBox::Ok) : nullptr;
}

QLineEdit *nameEdit(QDialog *dialog) {
    return dialog->findChild<QLineEdit *>(u"savedViewNameEdit"_s);
}

// Answers the modal dialogs a call opens, in order, from inside their exec(). A dialog with
// no step left is closed and counted, so a test fails instead of hanging.
class ModalScript : public QObject {
public:
    using Step = std::function<void(QWidget *)>;

    explicit ModalScript(QList<Step> steps)
        : m_steps(std::move(steps)) {
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, &ModalScript::tick);
        m_timer.start();
    }
    bool done() const { return m_steps.isEmpty() && m_unexpected == 0; }
    int unexpected() const { return m_unexpected; }

private:
    void tick() {
        QWidget *modal = QApplication::activeModalWidget();
        if (modal && modal == m_last && ++m_stillOpen > 50) {
            ++m_unexpected; // a step that failed left it open
            modal->close();
        }
        if (!modal || modal == m_last)
            return;
        m_stillOpen = 0;
        m_last = modal;
        if (m_steps.isEmpty()) {
            ++m_unexpected;
            modal->close();
            return;
        }
        m_steps.takeFirst()(modal);
    }

    QList<Step> m_steps;
    QPointer<QWidget> m_last;
    QTimer m_timer;
    int m_unexpected = 0;
    int m_stillOpen = 0;
};

// A name typed into the name dialog, then OK (clicked: a disabled OK does nothing).
ModalScript::Step typeName(const QString &name) {
    return [name](QWidget *modal) {
        auto *dialog = qobject_cast<QDialog *>(modal);
        QVERIFY(dialog);
        QCOMPARE(dialog->objectName(), u"savedViewNameDialog"_s);
        nameEdit(dialog)->setText(name);
        QVERIFY(okButton(dialog) && okButton(dialog)->isEnabled());
        okButton(dialog)->click();
    };
}

ModalScript::Step cancelName() {
    return [](QWidget *modal) {
        auto *dialog = qobject_cast<QDialog *>(modal);
        QVERIFY(dialog);
        QCOMPARE(dialog->objectName(), u"savedViewNameDialog"_s);
        dialog->reject();
    };
}

// A question (replace, remove): its accepting button, or Cancel.
ModalScript::Step answer(const QString &objectName, bool accept, QString *text = nullptr) {
    return [objectName, accept, text](QWidget *modal) {
        auto *box = qobject_cast<QMessageBox *>(modal);
        QVERIFY(box);
        QCOMPARE(box->objectName(), objectName);
        if (text)
            *text = box->text();
        for (QAbstractButton *button : box->buttons()) {
            const bool accepts = box->buttonRole(button) == QMessageBox::AcceptRole;
            if (accepts == accept) {
                button->click();
                return;
            }
        }
        QFAIL("no such button");
    };
}

} // namespace

class TestSavedViews : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void modelKeepsNamedLinksPerProfile();
    void modelRefusesBadNamesAndLinks_data();
    void modelRefusesBadNamesAndLinks();
    void saveAndOpen_data();
    void saveAndOpen();
    void reviewKeyPrefixIsNotSaved();
    void onlyFilteredViewsAreSaved();
    void listedPerProfile();
    void duplicateNameAsksToReplace();
    void renameRemoveAndMove();
    void savedLinkForAnotherStoreIsRefused();
    void survivesANewWindow();
    void dockShowsOnlyWithAProfile();
    void shortcutIsFree();
    void stuckThresholdRangeMatchesTheLinks();

private:
    // A window attached as `profile`, shown.
    std::unique_ptr<MainWindow> attached(const QString &profile);
    // Save View… on the view in front, answering the name dialog with `name`.
    bool saveAs(MainWindow &window, const QString &name);

    std::unique_ptr<TestDatabase> m_db;
    QUuid m_store;
};

void TestSavedViews::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"DedupConsoleSavedViewsTest"_s);
    QSettings().clear();
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    // A store of its own: databases made from one template share the template's id.
    QCOMPARE(m_db->exec(u"UPDATE dedup.store_settings SET store_id = gen_random_uuid()"_s),
             QString());
    QCOMPARE(
        m_db->exec(u"INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status)"
                   u" VALUES ('clinic-1', 'patient:MRN-1:lab:1', 'billing', 'fp', 'failed')"_s),
        QString());
    m_store = reportFor(*m_db, u"prod"_s).storeId;
    QVERIFY(!m_store.isNull());
}

void TestSavedViews::init() {
    QSettings settings;
    settings.remove(u"savedViews"_s);
    settings.remove(u"savedViewsDock"_s);
    settings.remove(u"mainWindow"_s);
    settings.remove(u"stuck"_s);
}

void TestSavedViews::cleanup() {
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (qobject_cast<QDialog *>(widget))
            widget->close();
    }
}

std::unique_ptr<MainWindow> TestSavedViews::attached(const QString &profile) {
    auto window = std::make_unique<MainWindow>();
    window->resize(1280, 720);
    window->attachStore(reportFor(*m_db, profile));
    window->show();
    window->activateWindow();
    if (!QTest::qWaitForWindowActive(window.get()))
        qWarning("the window did not become active");
    return window;
}

bool TestSavedViews::saveAs(MainWindow &window, const QString &name) {
    ModalScript script({typeName(name)});
    dockOf(window)->saveViewAction()->trigger();
    // The offscreen platform does not give the focus back to the window after a dialog.
    window.activateWindow();
    return QTest::qWaitForWindowActive(&window) && script.done();
}

void TestSavedViews::modelKeepsNamedLinksPerProfile() {
    SavedViewsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QString runs = DedupLink::view(m_store, DedupLink::Target::Runs).toString();
    const QString stuck = DedupLink::view(m_store, DedupLink::Target::Stuck).toString();
    const QString audit = DedupLink::view(m_store, DedupLink::Target::Audit).toString();
    // Without a profile nothing is saved.
    QCOMPARE(model.save(u"a"_s, runs).error(), SavedViewsModel::Problem::NoProfile);
    model.setProfile(u"prod"_s);
    QCOMPARE(model.rowCount(), 0);
    const auto saved = model.save(u"  Failed billing  "_s, runs);
    QVERIFY2(saved.ok(), qPrintable(saved.errorMessage()));
    QCOMPARE(saved.value(), 0);
    QCOMPARE(model.save(u"Stuck hour"_s, stuck).value(), 1);
    QCOMPARE(model.save(u"Audit"_s, audit).value(), 2);
    QCOMPARE(model.index(0).data().toString(), u"Failed billing"_s); // trimmed
    QCOMPARE(model.index(1).data(SavedViewsModel::LinkRole).toString(), stuck);
    QVERIFY(model.index(1).data(Qt::ToolTipRole).toString().contains(u"the Stuck list"_s));
    // The same name in another case replaces that view in its row.
    QCOMPARE(model.find(u"STUCK HOUR"_s), 1);
    QCOMPARE(model.save(u"STUCK HOUR"_s, audit).value(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(1).data().toString(), u"STUCK HOUR"_s);
    QCOMPARE(model.index(1).data(SavedViewsModel::LinkRole).toString(), audit);
    // Rename: to another view's name (any case) refused; to its own in another case allowed.
    QCOMPARE(model.rename(2, u"failed BILLING"_s).error(), SavedViewsModel::Problem::DuplicateName);
    QVERIFY(model.rename(2, u"AUDIT"_s).ok());
    QCOMPARE(model.index(2).data().toString(), u"AUDIT"_s);
    QCOMPARE(model.rename(7, u"x"_s).error(), SavedViewsModel::Problem::NoSuchRow);
    // Move and remove.
    QVERIFY(model.move(2, 0));
    QVERIFY(!model.move(0, 3));
    QVERIFY(!model.move(-1, 0));
    QCOMPARE(model.index(0).data().toString(), u"AUDIT"_s);
    QCOMPARE(model.index(1).data().toString(), u"Failed billing"_s);
    QVERIFY(model.move(0, 2));
    QCOMPARE(model.index(2).data().toString(), u"AUDIT"_s);
    QVERIFY(model.remove(0));
    QVERIFY(!model.remove(5));
    const QList<SavedViewsModel::Entry> kept = model.entries();
    QCOMPARE(kept.size(), 2);

    // Kept in QSettings: another model of the profile reads them in their order; another
    // profile has its own (a "/" in a profile's name is no settings group).
    SavedViewsModel again;
    again.setProfile(u"prod"_s);
    QCOMPARE(again.entries(), kept);
    again.setProfile(u"prod/eu"_s);
    QCOMPARE(again.rowCount(), 0);
    QVERIFY(again.save(u"EU"_s, runs).ok());
    model.setProfile(u"prod"_s);
    QCOMPARE(model.entries(), kept);
    model.setProfile(u"Prod"_s); // profile names are not folded
    QCOMPARE(model.rowCount(), 0);
    model.setProfile(u"prod/eu"_s);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(QSettings().value(u"savedViews/prod%2Feu/views/1/name"_s).toString(), u"EU"_s);
    // A list shortened leaves no old tail behind.
    model.setProfile(u"prod"_s);
    QVERIFY(model.remove(1));
    QVERIFY(!QSettings().contains(u"savedViews/prod/views/2/name"_s));
    again.setProfile(u"prod"_s);
    QCOMPARE(again.rowCount(), 1);
    model.setProfile(QString());
    QCOMPARE(model.rowCount(), 0);
}

void TestSavedViews::modelRefusesBadNamesAndLinks_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("link");
    QTest::addColumn<SavedViewsModel::Problem>("problem");
    const QString good = u"dedup://0b6c4f7e-2d1a-4c55-9e61-3f0a9b8c7d11/runs"_s;
    using P = SavedViewsModel::Problem;
    QTest::newRow("empty name") << QString() << good << P::BadName;
    QTest::newRow("blank name") << u"   "_s << good << P::BadName;
    QTest::newRow("81 characters") << QString(81, u'x') << good << P::BadName;
    QTest::newRow("80 characters") << QString(80, u'x') << good << P::None;
    QTest::newRow("80 characters and blanks")
        << u"  "_s + QString(80, u'x') + u"  "_s << good << P::None;
    QTest::newRow("not a link") << u"a"_s << u"https://example.org"_s << P::BadLink;
    QTest::newRow("a key in the link") << u"a"_s << good + u"?key=patient:MRN-1"_s << P::BadLink;
}

void TestSavedViews::modelRefusesBadNamesAndLinks() {
    QFETCH(QString, name);
    QFETCH(QString, link);
    QFETCH(SavedViewsModel::Problem, problem);
    SavedViewsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(u"prod"_s);
    const auto saved = model.save(name, link);
    QCOMPARE(saved.error(), problem);
    QCOMPARE(model.rowCount(), problem == SavedViewsModel::Problem::None ? 1 : 0);
    if (problem != SavedViewsModel::Problem::None)
        QVERIFY(!saved.errorMessage().isEmpty());
}

void TestSavedViews::saveAndOpen_data() {
    QTest::addColumn<int>("target");
    QTest::newRow("runs") << int(DedupLink::Target::Runs);
    QTest::newRow("stuck") << int(DedupLink::Target::Stuck);
    QTest::newRow("review") << int(DedupLink::Target::Review);
    QTest::newRow("audit") << int(DedupLink::Target::Audit);
}

void TestSavedViews::saveAndOpen() {
    QFETCH(int, target);
    const auto window = attached(u"prod"_s);
    widgets::RunFilterBar *bar = window->runsView()->filterBar();
    widgets::StuckView *stuck = window->detailViews()->stuck();
    widgets::ReviewQueueView *review = window->operatorViews()->review();
    widgets::AuditLogView *audit = window->operatorViews()->audit();
    DedupLink expected = DedupLink::view(m_store, DedupLink::Target(target));
    QWidget *view = nullptr;
    // The operator sets the view's filter in its own fields.
    switch (DedupLink::Target(target)) {
    case DedupLink::Target::Runs: {
        view = window->runsView();
        expected.statuses = {core::RunStatus::Failed};
        expected.workflow = u"billing"_s;
        expected.scope = u"clinic-1"_s;
        expected.range = DedupLink::Range::Last24Hours;
        bar->showLink(expected);
        break;
    }
    case DedupLink::Target::Stuck:
        view = stuck;
        stuck->setThresholdMinutes(60);
        expected.stuckThreshold = 60;
        break;
    case DedupLink::Target::Review:
        view = review;
        review->findChild<QLineEdit *>(u"workflowEdit"_s)->setText(u"billing"_s);
        review->findChild<QLineEdit *>(u"scopeEdit"_s)->setText(u" clinic-1 "_s);
        review->findChild<QComboBox *>(u"assigneeCombo"_s)->setCurrentIndex(2); // nobody
        review->applyFilter();
        expected.workflow = u"billing"_s;
        expected.scope = u"clinic-1"_s;
        expected.assignee = DedupLink::Assignee::Nobody;
        break;
    case DedupLink::Target::Audit: {
        view = audit;
        audit->findChild<QLineEdit *>(u"runEdit"_s)->setText(u"42"_s);
        auto *action = audit->findChild<QComboBox *>(u"actionCombo"_s);
        action->setCurrentIndex(action->findData(u"op_cancel"_s));
        QVERIFY(action->currentIndex() > 0);
        audit->findChild<QLineEdit *>(u"roleEdit"_s)->setText(u"t_operator"_s);
        audit->findChild<QComboBox *>(u"outcomeCombo"_s)->setCurrentIndex(1); // applied
        audit->setTimeRange(widgets::AuditLogView::TimeRange::LastMonth);
        audit->applyFilter();
        expected.auditRun = 42;
        expected.action = u"op_cancel"_s;
        expected.role = u"t_operator"_s;
        expected.outcome = u"applied"_s;
        expected.auditRange = DedupLink::AuditRange::Last30Days;
        break;
    }
    default:
        QFAIL("not a saved view's target");
    }
    window->showView(view);
    SavedViewsDock *dock = dockOf(*window);
    QVERIFY(saveAs(*window, u"Mine"_s));
    QCOMPARE(dock->model()->rowCount(), 1);
    QCOMPARE(dock->model()->entries().at(0).name, u"Mine"_s);
    QCOMPARE(dock->model()->entries().at(0).link, expected.toString());
    QVERIFY2(window->statusBar()->currentMessage().startsWith(u"Saved "_s),
             qPrintable(window->statusBar()->currentMessage()));

    // Elsewhere, with the view's filter back to its default: opening the saved view (Return in
    // the list) brings the view to the front with its filter.
    const DedupLink plain = DedupLink::view(m_store, DedupLink::Target(target));
    bar->showLink(DedupLink::view(m_store, DedupLink::Target::Runs));
    bar->findChild<QLineEdit *>(u"searchEdit"_s)->setText(u"something"_s);
    stuck->showLink(plain);
    review->showLink(plain);
    review->findChild<QLineEdit *>(u"keyEdit"_s)->setText(u"patient:"_s);
    audit->showLink(plain);
    window->showView(window->workflowsView());
    dock->list()->setFocus();
    dock->list()->setCurrentIndex(dock->model()->index(0));
    QTRY_VERIFY(dock->list()->hasFocus());
    QTest::keyClick(dock->list(), Qt::Key_Return);
    QVERIFY(!refusal(*window));
    QCOMPARE(window->currentView(), view);
    QVERIFY(window->statusBar()->currentMessage().startsWith(u"Opened the link to "_s));
    switch (DedupLink::Target(target)) {
    case DedupLink::Target::Runs: {
        const store::RunFilter filter = bar->filter();
        QCOMPARE(filter.statuses.size(), 1);
        QVERIFY(filter.statuses.first() == core::RunStatus::Failed);
        QCOMPARE(filter.workflow, std::optional<QString>(u"billing"_s));
        QCOMPARE(filter.scope, std::optional<QString>(u"clinic-1"_s));
        QVERIFY(filter.createdFrom.isValid()); // the last 24 hours
        QVERIFY(!filter.exactKey && !filter.keyPrefix && !filter.correlationId);
        QTRY_COMPARE_WITH_TIMEOUT(window->runsView()->table()->model()->rowCount(), 1, 15000);
        break;
    }
    case DedupLink::Target::Stuck:
        QCOMPARE(stuck->thresholdMinutes(), 60);
        QVERIFY(stuck->model()->threshold() == std::chrono::minutes(60));
        break;
    case DedupLink::Target::Review: {
        store::ReviewQueueFilter wanted;
        wanted.workflow = u"billing"_s;
        wanted.scope = u"clinic-1"_s;
        wanted.assignee = store::ReviewQueueFilter::Assignee::Unassigned;
        QVERIFY(review->model()->filter() == wanted); // the key prefix cleared too
        QVERIFY(review->findChild<QLineEdit *>(u"keyEdit"_s)->text().isEmpty());
        break;
    }
    case DedupLink::Target::Audit: {
        const store::AuditLogFilter filter = audit->model()->filter();
        QCOMPARE(filter.runId, std::optional<qint64>(42));
        QCOMPARE(filter.action, std::optional<QString>(u"op_cancel"_s));
        QCOMPARE(filter.role, std::optional<QString>(u"t_operator"_s));
        QCOMPARE(filter.outcome, std::optional<QString>(u"applied"_s));
        // The last 30 days, counted from now.
        QVERIFY(filter.from.isValid());
        QVERIFY(filter.from < QDateTime::currentDateTimeUtc().addDays(-29));
        QVERIFY(filter.from > QDateTime::currentDateTimeUtc().addDays(-31));
        break;
    }
    default:
        break;
    }
    // And Copy Link to View gives the saved link back: the view shows just what it holds.
    window->links()->copyViewLinkAction()->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), expected.toString());
}

void TestSavedViews::reviewKeyPrefixIsNotSaved() {
    const auto window = attached(u"prod"_s);
    widgets::ReviewQueueView *review = window->operatorViews()->review();
    review->findChild<QLineEdit *>(u"workflowEdit"_s)->setText(u"billing"_s);
    review->findChild<QLineEdit *>(u"keyEdit"_s)->setText(u"patient:MRN-1"_s);
    review->applyFilter();
    window->showView(review);
    QVERIFY(saveAs(*window, u"Billing review"_s));
    const QString link = dockOf(*window)->model()->entries().value(0).link;
    DedupLink expected = DedupLink::view(m_store, DedupLink::Target::Review);
    expected.workflow = u"billing"_s;
    QCOMPARE(link, expected.toString());
    QVERIFY(!link.contains(u"MRN"_s));
    QVERIFY2(window->statusBar()->currentMessage().contains(u"leaves out the key prefix"_s),
             qPrintable(window->statusBar()->currentMessage()));
}

void TestSavedViews::onlyFilteredViewsAreSaved() {
    const auto window = attached(u"prod"_s);
    window->showView(window->workflowsView());
    ModalScript script({}); // no dialog may open
    dockOf(*window)->saveViewAction()->trigger();
    QVERIFY(script.done());
    QCOMPARE(dockOf(*window)->model()->rowCount(), 0);
    QVERIFY(window->statusBar()->currentMessage().contains(
        u"saves the Runs, Stuck, Review or Audit view"_s));
}

void TestSavedViews::listedPerProfile() {
    {
        const auto prod = attached(u"prod"_s);
        prod->showView(prod->detailViews()->stuck());
        QVERIFY(saveAs(*prod, u"Stuck in prod"_s));
        QCOMPARE(dockOf(*prod)->list()->model()->rowCount(), 1);
    }
    // The same store under another profile: its own (empty) list.
    const auto staging = attached(u"staging"_s);
    SavedViewsDock *dock = dockOf(*staging);
    QCOMPARE(dock->model()->profile(), u"staging"_s);
    QCOMPARE(dock->list()->model()->rowCount(), 0);
    auto *empty = dock->findChild<QLabel *>(u"savedViewsEmptyLabel"_s);
    QVERIFY(empty->isVisible());
    QVERIFY(empty->text().contains(u"No saved views for staging"_s));
    staging->showView(staging->runsView());
    QVERIFY(saveAs(*staging, u"Runs in staging"_s));
    QVERIFY(!empty->isVisible());
    // Attached again as prod: prod's views.
    staging->attachStore(reportFor(*m_db, u"prod"_s));
    QCOMPARE(dock->model()->rowCount(), 1);
    QCOMPARE(dock->model()->index(0).data().toString(), u"Stuck in prod"_s);
}

void TestSavedViews::duplicateNameAsksToReplace() {
    const auto window = attached(u"prod"_s);
    SavedViewsDock *dock = dockOf(*window);
    window->showView(window->detailViews()->stuck());
    QVERIFY(saveAs(*window, u"Mine"_s));
    QVERIFY(saveAs(*window, u"Other"_s));
    const QString stuckLink = dock->model()->entries().at(0).link;
    window->showView(window->operatorViews()->audit());
    const QString auditLink = DedupLink::view(m_store, DedupLink::Target::Audit).toString();
    // The same name in another case: asked; not replaced, the name is asked again; cancelled.
    QString question;
    {
        ModalScript script({typeName(u"MINE"_s), answer(u"replaceSavedViewBox"_s, false, &question),
                            cancelName()});
        QVERIFY(!dock->saveCurrentView());
        QVERIFY(script.done());
    }
    QCOMPARE(question, u"prod already has a saved view named \"Mine\". Replace it with the "
                       u"audit log?"_s);
    QCOMPARE(dock->model()->rowCount(), 2);
    QCOMPARE(dock->model()->entries().at(0).link, stuckLink);
    // Not replaced, then saved under another name.
    {
        ModalScript script(
            {typeName(u"mine"_s), answer(u"replaceSavedViewBox"_s, false), typeName(u"Audit"_s)});
        QVERIFY(dock->saveCurrentView());
        QVERIFY(script.done());
    }
    QCOMPARE(dock->model()->rowCount(), 3);
    QCOMPARE(dock->model()->entries().at(2).link, auditLink);
    // Replaced: in its row, with the spelling typed.
    {
        ModalScript script({typeName(u"mine "_s), answer(u"replaceSavedViewBox"_s, true)});
        QVERIFY(dock->saveCurrentView());
        QVERIFY(script.done());
    }
    QCOMPARE(dock->model()->rowCount(), 3);
    QCOMPARE(dock->model()->entries().at(0), (SavedViewsModel::Entry{u"mine"_s, auditLink}));
}

void TestSavedViews::renameRemoveAndMove() {
    const auto window = attached(u"prod"_s);
    SavedViewsDock *dock = dockOf(*window);
    QAbstractItemModelTester tester(dock->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    window->showView(window->runsView());
    for (const QString &name : {u"A"_s, u"B"_s, u"C"_s})
        QVERIFY(saveAs(*window, name));
    const auto names = [dock] {
        QStringList list;
        for (const auto &entry : dock->model()->entries())
            list << entry.name;
        return list;
    };
    // Rename… (F2): another view's name (any case) or a blank one cannot be confirmed.
    dock->list()->setFocus();
    dock->list()->setCurrentIndex(dock->model()->index(1));
    QTRY_VERIFY(dock->list()->hasFocus());
    {
        ModalScript script({[](QWidget *modal) {
            auto *dialog = qobject_cast<QDialog *>(modal);
            QVERIFY(dialog);
            QLineEdit *edit = nameEdit(dialog);
            auto *label = dialog->findChild<QLabel *>(u"savedViewNameLabel"_s);
            QCOMPARE(edit->text(), u"B"_s);
            edit->setText(u"c"_s);
            QVERIFY(!okButton(dialog)->isEnabled());
            QVERIFY(label->text().contains(u"Another saved view is named \"C\"."_s));
            edit->setText(u"  "_s);
            QVERIFY(!okButton(dialog)->isEnabled());
            edit->setText(QString(81, u'x'));
            QCOMPARE(int(edit->text().size()), int(SavedViewsModel::MaxNameLength));
            edit->setText(u" Renamed "_s);
            QVERIFY(okButton(dialog)->isEnabled());
            okButton(dialog)->click();
        }});
        QTest::keyClick(dock->list(), Qt::Key_F2);
        QVERIFY(script.done());
    }
    QCOMPARE(names(), (QStringList{u"A"_s, u"Renamed"_s, u"C"_s}));
    window->activateWindow(); // after the dialog
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    dock->list()->setFocus();
    QTRY_VERIFY(dock->list()->hasFocus());
    // Move Down / Move Up (Alt+Down, Alt+Up); the moved view stays current.
    QTest::keyClick(dock->list(), Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(names(), (QStringList{u"A"_s, u"C"_s, u"Renamed"_s}));
    QCOMPARE(dock->list()->currentIndex().row(), 2);
    QVERIFY(!dock->itemActions().at(5)->isEnabled()); // Move Down at the end
    dock->moveView(2, -1);
    dock->moveView(1, -1);
    QCOMPARE(names(), (QStringList{u"Renamed"_s, u"A"_s, u"C"_s}));
    QVERIFY(!dock->moveView(0, -1));
    // Remove (Delete): asked first; Cancel keeps it.
    dock->list()->setCurrentIndex(dock->model()->index(1));
    QString question;
    {
        ModalScript script({answer(u"removeSavedViewBox"_s, false, &question)});
        QTest::keyClick(dock->list(), Qt::Key_Delete);
        QVERIFY(script.done());
    }
    QVERIFY(question.startsWith(u"Remove the saved view \"A\" of prod?"_s));
    QCOMPARE(names().size(), 3);
    {
        ModalScript script({answer(u"removeSavedViewBox"_s, true)});
        QVERIFY(dock->removeView(1));
        QVERIFY(script.done());
    }
    QCOMPARE(names(), (QStringList{u"Renamed"_s, u"C"_s}));
    // Copy Link.
    dock->copyLink(1);
    QCOMPARE(QGuiApplication::clipboard()->text(), dock->model()->entries().at(1).link);
    // Kept: a model of the profile reads the same.
    SavedViewsModel again;
    again.setProfile(u"prod"_s);
    QCOMPARE(again.entries(), dock->model()->entries());
}

void TestSavedViews::savedLinkForAnotherStoreIsRefused() {
    const auto window = attached(u"prod"_s);
    SavedViewsDock *dock = dockOf(*window);
    // The profile once pointed at another store (or the settings were copied from one).
    const QUuid elsewhere = QUuid::createUuid();
    QVERIFY(
        dock->model()
            ->save(u"Old store"_s, DedupLink::view(elsewhere, DedupLink::Target::Stuck).toString())
            .ok());
    window->showView(window->runsView());
    dock->openView(0);
    QVERIFY(refusal(*window));
    QVERIFY2(refusal(*window)->text().contains(
                 u"is for another store (id %1)"_s.arg(elsewhere.toString(QUuid::WithoutBraces))),
             qPrintable(refusal(*window)->text()));
    QCOMPARE(window->currentView(), window->runsView()); // nothing opened
}

void TestSavedViews::survivesANewWindow() {
    {
        const auto window = attached(u"prod"_s);
        window->detailViews()->stuck()->setThresholdMinutes(90);
        window->showView(window->detailViews()->stuck());
        QVERIFY(saveAs(*window, u"Ninety"_s));
        window->detailViews()->stuck()->setThresholdMinutes(5);
    }
    const auto window = attached(u"prod"_s);
    SavedViewsDock *dock = dockOf(*window);
    QCOMPARE(dock->model()->rowCount(), 1);
    QCOMPARE(window->detailViews()->stuck()->thresholdMinutes(), 5);
    // Double click opens it.
    const QRect rect = dock->list()->visualRect(dock->model()->index(0));
    QVERIFY(rect.isValid());
    // A double click is a press, a release and a double-click press on the same row.
    QTest::mouseClick(dock->list()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(dock->list()->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(window->currentView(), window->detailViews()->stuck());
    QCOMPARE(window->detailViews()->stuck()->thresholdMinutes(), 90);
}

void TestSavedViews::dockShowsOnlyWithAProfile() {
    MainWindow window;
    window.resize(1280, 720);
    SavedViewsDock *dock = dockOf(window);
    QVERIFY(dock);
    QCOMPARE(dock->windowTitle(), u"Saved Views"_s);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->toggleViewAction()->isEnabled());
    QVERIFY(!dock->saveViewAction()->isEnabled());
    // A store attached without a profile (a connection string typed in): no list.
    window.attachStore(reportFor(*m_db, QString()));
    QVERIFY(!dock->isVisible());
    QVERIFY(!dock->saveViewAction()->isEnabled());
    window.attachStore(reportFor(*m_db, u"prod"_s));
    QVERIFY(dock->isVisible());
    QVERIFY(dock->toggleViewAction()->isEnabled());
    QVERIFY(dock->toggleViewAction()->isChecked());
    QVERIFY(dock->saveViewAction()->isEnabled());
    // The operator hides it (View > Saved Views): hidden until shown again, across attaches.
    dock->toggleViewAction()->trigger();
    QVERIFY(!dock->isVisible());
    window.detachStore();
    window.attachStore(reportFor(*m_db, u"prod"_s));
    QVERIFY(!dock->isVisible());
    dock->toggleViewAction()->trigger();
    QVERIFY(dock->isVisible());
    // The saved window layout does not show it without a store.
    window.saveSettings();
    window.detachStore();
    QVERIFY(!dock->isVisible());
    MainWindow next;
    next.show();
    QVERIFY(QTest::qWaitForWindowExposed(&next));
    QVERIFY(!dockOf(next)->isVisible());
    next.attachStore(reportFor(*m_db, u"prod"_s));
    QVERIFY(dockOf(next)->isVisible());
    // The close button hides it as the menu does.
    dockOf(next)->close();
    QVERIFY(!dockOf(next)->isVisible());
    QCOMPARE(QSettings().value(u"savedViewsDock/shown"_s).toBool(), false);
}

void TestSavedViews::shortcutIsFree() {
    MainWindow window;
    QAction *save = dockOf(window)->saveViewAction();
    QCOMPARE(save->shortcut(), QKeySequence(u"Ctrl+Shift+S"_s));
    // In the View menu, and no other action of the window has its key.
    bool inViewMenu = false;
    for (QMenu *menu : window.findChildren<QMenu *>()) {
        if (menu->actions().contains(save) && menu->title().remove(u'&') == u"View"_s)
            inViewMenu = true;
    }
    QVERIFY(inViewMenu);
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action != save)
            QVERIFY2(!action->shortcuts().contains(save->shortcut()),
                     qPrintable(action->objectName()));
    }
}

void TestSavedViews::stuckThresholdRangeMatchesTheLinks() {
    widgets::StuckView view;
    auto *spin = view.findChild<QSpinBox *>(u"thresholdSpin"_s);
    QVERIFY(spin);
    QCOMPARE(spin->minimum(), 0);
    QCOMPARE(spin->maximum(), DedupLink::MaxStuckThreshold);
}

QTEST_MAIN(TestSavedViews)
#include "tst_savedviews.moc"
