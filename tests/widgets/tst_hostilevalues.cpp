// Every value in the store is hostile (docs/SECURITY.md, "Hostile values"): runs written
// through the real protocol with markup, `<img src=...>`, a provider's HTML error page, bidi
// overrides, zero-width and control characters and 10,000-character values, opened in the
// console's views as the store owner (who reads them raw). The test walks every label, tooltip
// and item view and fails on anything Qt would interpret as rich text, on a deceptive
// character left invisible, and on a value that widens the window.
#include "DetailTestRuns.h"
#include "TestDatabase.h"
#include "core/DisplayText.h"
#include "models/RunDetailSource.h"
#include "store/AccessQueries.h"
#include "store/RunFailure.h"
#include "widgets/JsonPane.h"
#include "widgets/MainWindow.h"
#include "widgets/PlainTextDelegate.h"
#include "widgets/RunDetailView.h"
#include "widgets/SafeText.h"
#include "widgets/StoreConnections.h"

#include <QAbstractItemView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QtTest>

using namespace dedup;
using namespace DetailTestRuns;
using widgets::PlainTextDelegate;
using widgets::RunDetailView;
using widgets::SafeText;
using widgets::StoreConnections;

namespace {

// Markup that, interpreted, would load a file, draw a heading or a table.
const QStringList kMarkup{QStringLiteral("<img"), QStringLiteral("<h1"), QStringLiteral("<table"),
                          QStringLiteral("<b>cls")};
// Characters that must never reach the screen as they are.
const QList<QChar> kDeceptive{QChar(0x202E), QChar(0x200B), QChar(0x1B), QChar(0x08),
                              QChar(0xFEFF)};

const QString kImgKey = QStringLiteral("devzero-<img src=\"/dev/zero\">");
const QString kHtmlPage =
    QStringLiteral("<html><body><h1>502 Bad Gateway</h1><table><tr><td>nginx</td></tr></table>"
                   "<img src=\"/etc/passwd\"></body></html>");
const QString kBidiKey = QStringLiteral("\u202Eevil\u200B-\x1b[31m\b\b");

// Every failure of the walk, as text: empty when the widget tree shows everything safely.
QStringList walk(QWidget *root, int maxLabelChars) {
    QStringList problems;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *widget : widgets) {
        const QString name = widget->objectName().isEmpty()
                                 ? QString::fromLatin1(widget->metaObject()->className())
                                 : widget->objectName();
        const QString tip = widget->toolTip();
        if (Qt::mightBeRichText(tip)) {
            for (const QString &markup : kMarkup) {
                if (tip.contains(markup))
                    problems << QStringLiteral("%1: tooltip interprets %2").arg(name, markup);
            }
        }
        if (auto *label = qobject_cast<QLabel *>(widget)) {
            const QString text = label->text();
            const bool rich = label->textFormat() == Qt::RichText ||
                              (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(text));
            for (const QString &markup : kMarkup) {
                if (rich && text.contains(markup))
                    problems << QStringLiteral("%1: label interprets %2").arg(name, markup);
            }
            for (const QChar c : kDeceptive) {
                if (text.contains(c))
                    problems << QStringLiteral("%1: U+%2 shown as is")
                                    .arg(name)
                                    .arg(c.unicode(), 4, 16, QLatin1Char('0'));
            }
            if (text.size() > maxLabelChars)
                problems << QStringLiteral("%1: %2 characters").arg(name).arg(text.size());
        }
        auto *view = qobject_cast<QAbstractItemView *>(widget);
        // Headers show the console's own titles; a combo box's popup its own choices.
        if (view && !qobject_cast<QHeaderView *>(view) && !view->inherits("QComboBoxListView")) {
            auto *delegate = qobject_cast<PlainTextDelegate *>(view->itemDelegate());
            if (!delegate) {
                problems << QStringLiteral("%1: not the plain-text delegate").arg(name);
                continue;
            }
            QAbstractItemModel *model = view->model();
            for (int row = 0; model && row < model->rowCount(); ++row) {
                for (int column = 0; column < model->columnCount(); ++column) {
                    const QModelIndex index = model->index(row, column);
                    QAbstractItemDelegate *cellDelegate = view->itemDelegateForIndex(index);
                    auto *styled = qobject_cast<QStyledItemDelegate *>(cellDelegate);
                    const QString shown =
                        styled ? styled->displayText(index.data(), QLocale()) : QString();
                    for (const QChar c : kDeceptive) {
                        if (shown.contains(c))
                            problems << QStringLiteral("%1 (%2, %3): U+%4 shown as is")
                                            .arg(name)
                                            .arg(row)
                                            .arg(column)
                                            .arg(c.unicode(), 4, 16, QLatin1Char('0'));
                    }
                    if (!qobject_cast<PlainTextDelegate *>(cellDelegate))
                        problems << QStringLiteral("%1: column %2 delegate").arg(name).arg(column);
                }
            }
        }
    }
    return problems;
}

} // namespace

class TestHostileValues : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void safeTextHelpers();
    void longValuesAreShownCut();
    void runDetailShowsEverythingAsText_data();
    void runDetailShowsEverythingAsText();
    void everyListUsesThePlainDelegate();
    void oversizedGeometryIsNotRestored();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<store::PgConnection> m_super, m_worker;
    QHash<QString, qint64> m_runs;
};

void TestHostileValues::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DedupConsoleTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_hostilevalues"));
    QSettings().clear();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_super = m_db->connect();
    m_worker = m_db->connect(QStringLiteral("t_worker"));
    QVERIFY(m_super && m_worker);
    store::RunProtocol worker(*m_worker);

    // A failed run: markup in the key, the workflow, the worker id and the error class, and a
    // provider's HTML error page as the message.
    ClaimRequest markup = request(kImgKey, {QStringLiteral("send")}, QStringLiteral("<h1>c</h1>"));
    markup.workflow = QStringLiteral("<h1>Huge</h1>");
    markup.worker = QStringLiteral("<table><tr><td>w</td></tr></table>");
    const RunLease failed = claim(*m_worker, markup);
    QVERIFY(failed.runId > 0);
    QVERIFY(worker.beginStep(failed, QStringLiteral("send")).ok());
    QVERIFY(
        worker.fail(failed, store::RunFailure{QStringLiteral("<b>cls</b>"), kHtmlPage, true}).ok());
    m_runs.insert(QStringLiteral("markup"), failed.runId);

    // Deceptive characters in the key, the workflow and the message.
    ClaimRequest bidi = request(kBidiKey, {QStringLiteral("send")});
    bidi.workflow = QStringLiteral("wf\u200B-a");
    const RunLease deceptive = claim(*m_worker, bidi);
    QVERIFY(deceptive.runId > 0);
    QVERIFY(worker.beginStep(deceptive, QStringLiteral("send")).ok());
    QVERIFY(
        worker
            .fail(deceptive, store::RunFailure{QStringLiteral("timeout"),
                                               QStringLiteral("line one\n\u202Eenil owt"), true})
            .ok());
    m_runs.insert(QStringLiteral("deceptive"), deceptive.runId);

    // A processing run with the longest key, workflow and worker id the protocol takes.
    ClaimRequest longOne = request(QString(512, u'k'), {QStringLiteral("send")});
    longOne.workflow = QString(100, u'f');
    longOne.worker = QString(200, u'w');
    longOne.fingerprint = QString(200, u'p');
    const RunLease processing = claim(*m_worker, longOne);
    QVERIFY(processing.runId > 0);
    m_runs.insert(QStringLiteral("long"), processing.runId);

    // A failed run whose error message (a provider's page) is as long as the protocol takes (4,096
    // bytes).
    const RunLease wordy =
        claim(*m_worker, request(QStringLiteral("wordy"), {QStringLiteral("send")}));
    QVERIFY(wordy.runId > 0);
    QVERIFY(worker.beginStep(wordy, QStringLiteral("send")).ok());
    QVERIFY(
        worker.fail(wordy, store::RunFailure{QString(100, u'c'), QString(4096, u'm'), true}).ok());
    m_runs.insert(QStringLiteral("wordy"), wordy.runId);
}

void TestHostileValues::safeTextHelpers() {
    const QString tip = SafeText::toolTip(kImgKey);
    QVERIFY(Qt::mightBeRichText(tip)); // rich on purpose: Qt never guesses
    QVERIFY(!tip.contains(QStringLiteral("<img")));
    QTextDocument document;
    document.setHtml(tip);
    QCOMPARE(document.toPlainText(), kImgKey); // reads as typed
    QVERIFY(SafeText::toolTip(QString(100000, u'x')).size() <
            core::DisplayText::ToolTipChars + 100);

    QLabel label;
    SafeText::setValue(&label, kBidiKey);
    QCOMPARE(label.textFormat(), Qt::PlainText);
    QVERIFY(!label.text().contains(QChar(0x202E)));
    QVERIFY(label.text().contains(QStringLiteral("\u2039U+202E\u203A")));
    QCOMPARE(SafeText::valueOf(&label), kBidiKey); // Copy Value copies the data
    SafeText::setValue(&label, QString(10000, u'w'));
    QCOMPARE(label.text().size(), core::DisplayText::LabelChars);
    QVERIFY(label.text().endsWith(QChar(0x2026)));
    // In a layout, the label takes what it gets: the value never sets the width.
    QWidget box;
    auto *layout = new QHBoxLayout(&box);
    auto *inBox = new QLabel;
    layout->addWidget(inBox);
    SafeText::setValue(inBox, QString(10000, u'w'));
    QVERIFY2(box.minimumSizeHint().width() < 200,
             qPrintable(QString::number(box.minimumSizeHint().width())));
}

void TestHostileValues::longValuesAreShownCut() {
    widgets::JsonPane pane;
    // A 2 MB result: shown cut, with its size; the whole value is one action away.
    const QString big =
        QStringLiteral("\"\u202E") + QString(2 * 1024 * 1024, u'r') + QStringLiteral("\"");
    pane.setJson(big);
    QVERIFY(pane.isCut());
    QVERIFY(pane.editor()->toPlainText().size() <= widgets::JsonPane::ShownChars + 16);
    QVERIFY(pane.editor()->toPlainText().contains(QStringLiteral("\u2039U+202E\u203A")));
    QCOMPARE(pane.json(), big);
    auto *note = pane.findChild<QLabel *>(QStringLiteral("cutNote"));
    QVERIFY(note && note->isVisibleTo(&pane));
    QVERIFY2(note->text().contains(QStringLiteral("2.00 MiB")), qPrintable(note->text()));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("result.json"));
    QString error;
    QVERIFY2(pane.saveToFile(path, &error), qPrintable(error));
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(saved.readAll()), big);
    QCOMPARE(saved.permissions() & (QFile::ReadGroup | QFile::ReadOther), QFile::Permissions{});
    pane.showAll();
    QVERIFY(!pane.isCut());
    QCOMPARE(pane.editor()->toPlainText().size(), big.size() + 7); // the marker
    // Another, short value: shown whole, no note.
    pane.setJson(QStringLiteral("{}"));
    QVERIFY(!pane.isCut());
    QVERIFY(!note->isVisibleTo(&pane));
}

void TestHostileValues::runDetailShowsEverythingAsText_data() {
    QTest::addColumn<QString>("run");
    QTest::newRow("markup") << QStringLiteral("markup");
    QTest::newRow("deceptive") << QStringLiteral("deceptive");
    QTest::newRow("long") << QStringLiteral("long");
    QTest::newRow("wordy") << QStringLiteral("wordy");
}

void TestHostileValues::runDetailShowsEverythingAsText() {
    QFETCH(QString, run);
    RunDetailView view;
    const std::optional<store::AccessScope> access = store::AccessQueries::mine(*m_super);
    QVERIFY(access);
    view.setStore(StoreConnections(m_db->conninfo()), nullptr);
    view.setAccess(*access);
    view.resize(1100, 720);
    view.show();
    view.setRunId(m_runs.value(run));
    QVERIFY(QTest::qWaitFor([&] { return view.hasRun(); }, 10000));
    QTRY_VERIFY(!view.source()->isLoading());
    // Every tab once, so that its widgets are laid out with the values.
    auto *tabs = view.findChild<QTabWidget *>(QStringLiteral("tabs"));
    QVERIFY(tabs);
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QTest::qWait(20);
        QVERIFY(!tabs->tabText(i).contains(QChar(0x202E)));
        QVERIFY(tabs->tabText(i).size() < 80);
    }
    const QStringList problems = walk(&view, 4 * core::DisplayText::LabelChars);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    // The owner reads raw: the values are there, as text.
    if (run == QLatin1String("markup")) {
        auto *key = view.findChild<QLabel *>(QStringLiteral("keyValue"));
        QVERIFY(key->text().contains(kImgKey));
        QCOMPARE(SafeText::valueOf(key), kImgKey);
        auto *message = view.findChild<QLabel *>(QStringLiteral("errorMessageValue"));
        QVERIFY(message->text().startsWith(QStringLiteral("<html><body><h1>502")));
    }
    // No value widens the view.
    QVERIFY2(view.minimumSizeHint().width() < 1100,
             qPrintable(QString::number(view.minimumSizeHint().width())));
    QCOMPARE(view.width(), 1100);
}

void TestHostileValues::everyListUsesThePlainDelegate() {
    widgets::MainWindow window;
    window.show();
    const QStringList problems = walk(&window, 4 * core::DisplayText::LabelChars);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    QVERIFY(!window.findChildren<QAbstractItemView *>().isEmpty());
}

void TestHostileValues::oversizedGeometryIsNotRestored() {
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    {
        widgets::MainWindow window;
        window.show();
        window.setGeometry(0, 0, available.width() * 20, available.height());
        QCOMPARE(window.width(), available.width() * 20);
        window.close(); // saves the geometry
    }
    QVERIFY(!QSettings().value(QStringLiteral("mainWindow/geometry")).toByteArray().isEmpty());
    widgets::MainWindow again;
    QVERIFY2(again.width() <= available.width(), qPrintable(QString::number(again.width())));
    QVERIFY(again.height() <= available.height());
    again.show();
    // Shown, no wider than the screen or the window's own minimum (without store values).
    QVERIFY(again.width() <= qMax(available.width(), again.minimumSizeHint().width()));
}

QTEST_MAIN(TestHostileValues)
#include "tst_hostilevalues.moc"
