#include "widgets/MainWindow.h"

#include "ui_MainWindow.h"

#include <QApplication>
#include <QCloseEvent>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace dedup::widgets {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_ui(std::make_unique<Ui::MainWindow>()) {
    m_ui->setupUi(this);
    m_ui->actionQuit->setShortcut(QKeySequence::Quit);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::showAbout);
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
    statusBar()->showMessage(tr("Not connected"));

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::setStoreDescription(const QString &description) {
    statusBar()->showMessage(description);
    m_ui->welcomeLabel->setText(
        tr("<h2>Dedup Console</h2><p>%1</p><p>From a terminal, <tt>dedupctl stale</tt> lists the "
           "stuck runs of this store and <tt>dedupctl verify-audit</tt> checks its audit "
           "chain.</p>")
            .arg(description.toHtmlEscaped()));
}

void MainWindow::closeEvent(QCloseEvent *event) {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    event->accept();
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, tr("About Dedup Console"),
        tr("<h3>Dedup Console %1</h3>"
           "<p>Operations console for a PostgreSQL idempotency (dedup) store: run history by "
           "idempotency key and correlation id, stuck runs, safe operator actions and audit "
           "reports.</p>")
            .arg(QApplication::applicationVersion()));
}

} // namespace dedup::widgets
