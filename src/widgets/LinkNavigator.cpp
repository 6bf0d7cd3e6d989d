#include "widgets/LinkNavigator.h"

#include "models/RunRoles.h"
#include "widgets/AuditLogView.h"
#include "widgets/CorrelationView.h"
#include "widgets/DetailViews.h"
#include "widgets/MainWindow.h"
#include "widgets/OperatorViews.h"
#include "widgets/ReviewQueueView.h"
#include "widgets/RunDetailView.h"
#include "widgets/RunFilterBar.h"
#include "widgets/RunsView.h"
#include "widgets/StoreSession.h"
#include "widgets/StuckView.h"
#include "widgets/WorkflowsView.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTableView>

namespace dedup::widgets {

using core::DedupLink;

namespace {

// The profile each store id was last attached under, so a link to another store can say
// which one it is ("production", not a UUID).
QString knownStoreKey(const QUuid &store) {
    return QStringLiteral("links/stores/%1").arg(store.toString(QUuid::WithoutBraces));
}

// Whether the focus is in `widget` (or is it).
bool hasFocusIn(const QWidget *widget) {
    const QWidget *focus = QApplication::focusWidget();
    return widget && focus && (focus == widget || widget->isAncestorOf(focus));
}

} // namespace

LinkNavigator::LinkNavigator(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_copyLink(new QAction(tr("Copy &Link"), this))
    , m_copyViewLink(new QAction(tr("Copy Link to &View"), this))
    , m_openLink(new QAction(tr("Open L&ink…"), this)) {
    m_copyLink->setObjectName(QStringLiteral("actionCopyLink"));
    m_copyLink->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_copyLink->setToolTip(tr("Copy a dedup:// link to the run in focus, or to the view in front"));
    m_copyViewLink->setObjectName(QStringLiteral("actionCopyViewLink"));
    m_copyViewLink->setToolTip(tr("Copy a dedup:// link to the view in front, with its filter"));
    m_openLink->setObjectName(QStringLiteral("actionOpenLink"));
    m_openLink->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    m_openLink->setToolTip(tr("Go to a dedup:// link pasted from a ticket, a chat or an alert"));
    for (QAction *action : {m_copyLink, m_copyViewLink, m_openLink})
        window->addAction(action); // their shortcuts work wherever the focus is
    connect(m_copyLink, &QAction::triggered, this, [this] {
        QString leftOut;
        const std::optional<DedupLink> link = linkHere(&leftOut);
        copy(link, leftOut);
    });
    connect(m_copyViewLink, &QAction::triggered, this, [this] {
        QString leftOut;
        const std::optional<DedupLink> link = linkToView(&leftOut);
        copy(link, leftOut);
    });
    connect(m_openLink, &QAction::triggered, this, &LinkNavigator::askForLink);
    connect(window, &MainWindow::storeAttached, this, &LinkNavigator::onStoreAttached);
    connect(this, &LinkNavigator::refused, window, &MainWindow::showStatusMessage);
    // The run detail's Copy Link button: with the Deliveries tab in front, to the key's history.
    connect(window->detailViews()->detail(), &RunDetailView::copyLinkRequested, this,
            [this](qint64 runId) {
                if (storeId().isNull())
                    copy(std::nullopt);
                else if (m_window->detailViews()->detail()->deliveriesInFront())
                    copy(DedupLink::keyOf(storeId(), runId));
                else
                    copy(DedupLink::run(storeId(), runId));
            });
    // The runs list's context menu: a link to the clicked run.
    connect(window->runsView(), &RunsView::contextMenuAboutToShow, this, [this](QMenu *menu) {
        const qint64 runId = m_window->runsView()->currentRunId();
        if (storeId().isNull() || runId <= 0)
            return;
        QAction *action = menu->addAction(tr("Copy &Link"));
        action->setObjectName(QStringLiteral("actionCopyRunLink"));
        connect(action, &QAction::triggered, this,
                [this, runId] { copy(DedupLink::run(storeId(), runId)); });
    });
}

QUuid LinkNavigator::storeId() const {
    return m_window->session() ? m_window->session()->report().storeId : QUuid();
}

void LinkNavigator::onStoreAttached(StoreSession *session) {
    const QUuid id = session->report().storeId;
    if (!id.isNull())
        QSettings().setValue(knownStoreKey(id), session->report().profileName);
    if (m_pending) {
        const DedupLink link = *std::exchange(m_pending, std::nullopt);
        if (link.store == id)
            navigate(link);
        else
            open(link.toString()); // says which store it names
    }
}

void LinkNavigator::open(const QString &text) {
    // Brought to the front first: a link handed over by another start of the console must
    // show where it went.
    m_window->show();
    m_window->raise();
    m_window->activateWindow();
    const auto parsed = DedupLink::parse(text);
    if (!parsed.ok()) {
        refuse(parsed.errorMessage());
        return;
    }
    const DedupLink &link = parsed.value();
    if (!m_window->session()) {
        m_pending = link;
        const QString message =
            tr("Connect to the store to open the link to %1.").arg(link.description());
        m_window->showStatusMessage(message);
        m_window->showPlaceholderMessage(message);
        return;
    }
    const QUuid here = storeId();
    if (here.isNull()) {
        refuse(tr("The link to %1 cannot be opened: login %2 cannot read this store's id, so "
                  "the console cannot tell whether the link is for this store.")
                   .arg(link.description(), m_window->session()->report().currentUser));
        return;
    }
    if (link.store != here) {
        const QString known = QSettings().value(knownStoreKey(link.store)).toString();
        const QString attached = m_window->session()->report().profileName;
        refuse(
            known.isEmpty()
                ? tr("The link to %1 is for another store (id %2), which this console has "
                     "not been attached to. The console is attached to %3. Connect to the "
                     "store the link was copied from to open it.")
                      .arg(link.description(), link.store.toString(QUuid::WithoutBraces), attached)
                : tr("The link to %1 is for the store %2, not for %3, which the console is "
                     "attached to. Connect to %2 to open it.")
                      .arg(link.description(), known, attached));
        return;
    }
    navigate(link);
}

void LinkNavigator::navigate(const DedupLink &link) {
    disconnect(m_correlationWait); // a correlation link still waiting for its run is replaced
    DetailViews *details = m_window->detailViews();
    switch (link.target) {
    case DedupLink::Target::Run:
        details->showRun(link.runId);
        break;
    case DedupLink::Target::Key:
        // The run's detail on its Deliveries tab (before the read: it shows once it comes).
        details->detail()->showDeliveries();
        details->showRun(link.runId);
        break;
    case DedupLink::Target::Correlation: {
        // The link names the correlation by a run: the run's read gives the id (as this
        // login reads it, maybe hashed), and the detail asks for its correlation as the
        // detail's own link does. A run without one just stays open in the detail.
        RunDetailView *detail = details->detail();
        details->showRun(link.runId);
        m_correlationWait = connect(detail, &RunDetailView::runLoaded, this,
                                    [this, detail, runId = link.runId](qint64 loaded) {
                                        disconnect(m_correlationWait);
                                        if (loaded == runId)
                                            detail->requestCorrelation();
                                    });
        break;
    }
    case DedupLink::Target::Runs:
        m_window->runsView()->filterBar()->showLink(link);
        m_window->showView(m_window->runsView());
        break;
    case DedupLink::Target::Stuck:
        details->stuck()->showLink(link);
        details->showStuck();
        break;
    case DedupLink::Target::Review:
        m_window->operatorViews()->review()->showLink(link);
        m_window->showView(m_window->operatorViews()->review());
        break;
    case DedupLink::Target::Audit:
        m_window->operatorViews()->audit()->showLink(link);
        m_window->showView(m_window->operatorViews()->audit());
        break;
    case DedupLink::Target::Workflows:
        m_window->showView(m_window->workflowsView());
        break;
    }
    m_window->showStatusMessage(tr("Opened the link to %1.").arg(link.description()));
}

void LinkNavigator::refuse(const QString &why) {
    emit refused(why);
    // Not modal: a link handed over while the operator types elsewhere must not block them.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot Open Link"), why, QMessageBox::Ok,
                                m_window);
    box->setObjectName(QStringLiteral("linkRefusedBox"));
    box->setTextFormat(Qt::PlainText); // the link's text is not markup
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

std::optional<DedupLink> LinkNavigator::runsLink(QString *leftOut) const {
    DedupLink link = DedupLink::view(storeId(), DedupLink::Target::Runs);
    if (!m_window->runsView()->filterBar()->writeLink(link) && leftOut)
        *leftOut = tr("The link leaves out the search: keys and correlation ids are patient data "
                      "and never go into a link.");
    return link;
}

std::optional<DedupLink> LinkNavigator::linkToView(QString *leftOut) const {
    const QUuid store = storeId();
    if (store.isNull())
        return std::nullopt;
    QWidget *view = m_window->currentView();
    if (view == m_window->runsView())
        return runsLink(leftOut);
    if (view == m_window->detailViews()->stuck()) {
        DedupLink link = DedupLink::view(store, DedupLink::Target::Stuck);
        m_window->detailViews()->stuck()->writeLink(link);
        return link;
    }
    if (view == m_window->operatorViews()->review()) {
        DedupLink link = DedupLink::view(store, DedupLink::Target::Review);
        m_window->operatorViews()->review()->writeLink(link);
        if (m_window->operatorViews()->review()->hasKeyPrefix() && leftOut)
            *leftOut = tr("The link leaves out the key prefix: keys are patient data and never "
                          "go into a link.");
        return link;
    }
    if (view == m_window->operatorViews()->audit()) {
        DedupLink link = DedupLink::view(store, DedupLink::Target::Audit);
        m_window->operatorViews()->audit()->writeLink(link);
        return link;
    }
    if (view == m_window->workflowsView())
        return DedupLink::view(store, DedupLink::Target::Workflows);
    if (view == m_window->detailViews()->correlation()) {
        // A correlation is named by one of its runs (the id is patient data).
        const CorrelationView *correlation = m_window->detailViews()->correlation();
        qint64 run = correlation->currentRunId();
        const QAbstractItemModel *model = correlation->table()->model();
        if (run <= 0 && model && model->rowCount() > 0)
            run = model->index(0, 0).data(models::RunRoles::RunIdRole).toLongLong();
        if (run > 0)
            return DedupLink::correlationOf(store, run);
    }
    return std::nullopt;
}

std::optional<DedupLink> LinkNavigator::linkHere(QString *leftOut) const {
    const QUuid store = storeId();
    if (store.isNull())
        return std::nullopt;
    const RunDetailView *detail = m_window->detailViews()->detail();
    if (hasFocusIn(detail) && detail->runId() > 0)
        return detail->deliveriesInFront() ? DedupLink::keyOf(store, detail->runId())
                                           : DedupLink::run(store, detail->runId());
    DetailViews *details = m_window->detailViews();
    const std::pair<const QTableView *, qint64> lists[] = {
        {m_window->runsView()->table(), m_window->runsView()->currentRunId()},
        {details->stuck()->table(), details->stuck()->currentRunId()},
        {m_window->operatorViews()->review()->table(),
         m_window->operatorViews()->review()->currentRunId()},
        {details->correlation()->table(), details->correlation()->currentRunId()},
    };
    for (const auto &[table, runId] : lists) {
        if (runId > 0 && hasFocusIn(table))
            return DedupLink::run(store, runId);
    }
    return linkToView(leftOut);
}

void LinkNavigator::copy(const std::optional<DedupLink> &link, const QString &leftOut) {
    if (!link) {
        emit refused(storeId().isNull() && m_window->session()
                         ? tr("No link: this login cannot read the store's id.")
                         : tr("No link: open a run or a list first."));
        return;
    }
    const QString text = link->toString();
    QGuiApplication::clipboard()->setText(text);
    const QString &note = leftOut;
    m_window->showStatusMessage(tr("Copied the link to %1: %2").arg(link->description(), text) +
                                (note.isEmpty() ? QString() : QLatin1Char(' ') + note));
}

void LinkNavigator::askForLink() {
    bool ok = false;
    const QString text =
        QInputDialog::getText(m_window, tr("Open Link"), tr("A dedup:// link:"), QLineEdit::Normal,
                              QGuiApplication::clipboard()->text().trimmed().startsWith(
                                  QStringLiteral("dedup:"), Qt::CaseInsensitive)
                                  ? QGuiApplication::clipboard()->text().trimmed()
                                  : QString(),
                              &ok);
    if (ok && !text.trimmed().isEmpty())
        open(text);
}

} // namespace dedup::widgets
