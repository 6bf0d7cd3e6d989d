#include "widgets/SavedViewsDock.h"

#include "core/DedupLink.h"
#include "widgets/LinkNavigator.h"
#include "widgets/MainWindow.h"
#include "widgets/PlainTextDelegate.h"
#include "widgets/SavedViewsModel.h"
#include "widgets/StoreSession.h"
#include "widgets/ViewAction.h"

#include <QAction>
#include <QClipboard>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>

namespace dedup::widgets {

using core::DedupLink;

namespace {

const QString ShownKey = QStringLiteral("savedViewsDock/shown");

// The views a saved view may hold: those with a filter of their own.
bool isSavable(DedupLink::Target target) {
    return target == DedupLink::Target::Runs || target == DedupLink::Target::Stuck ||
           target == DedupLink::Target::Review || target == DedupLink::Target::Audit;
}

// A question about a saved view; its names are the operator's text, never markup.
bool confirm(QWidget *parent, const QString &objectName, const QString &title, const QString &text,
             const QString &yes) {
    QMessageBox box(QMessageBox::Question, title, text, QMessageBox::NoButton, parent);
    box.setObjectName(objectName);
    box.setTextFormat(Qt::PlainText);
    QPushButton *accept = box.addButton(yes, QMessageBox::AcceptRole);
    box.setDefaultButton(box.addButton(QMessageBox::Cancel));
    box.exec();
    return box.clickedButton() == accept;
}

} // namespace

SavedViewsDock::SavedViewsDock(MainWindow *window)
    : QDockWidget(tr("Saved Views"), window)
    , m_window(window)
    , m_model(new SavedViewsModel(this))
    , m_list(new QListView(this))
    , m_emptyLabel(new QLabel(this))
    , m_save(new QAction(tr("&Save View…"), this)) {
    setObjectName(QStringLiteral("savedViewsDock"));
    m_wanted = QSettings().value(ShownKey, true).toBool();
    m_list->setObjectName(QStringLiteral("savedViewsList"));
    PlainTextDelegate::installOn(m_list); // names are typed text: controls shown, never run
    m_list->setModel(m_model);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setUniformItemSizes(true);
    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    m_emptyLabel->setObjectName(QStringLiteral("savedViewsEmptyLabel"));
    m_emptyLabel->setWordWrap(true);
    m_emptyLabel->setTextFormat(Qt::PlainText); // names a profile: the operator's text
    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_emptyLabel);
    layout->addWidget(m_list, 1);
    // Wide enough for a name and the hint to read as sentences, not a word per line.
    content->setMinimumWidth(fontMetrics().averageCharWidth() * 24);
    setWidget(content);
    setFocusProxy(m_list);

    m_save->setObjectName(QStringLiteral("actionSaveView"));
    m_save->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_save->setToolTip(tr("Save the view in front, with its filter, under a name"));
    window->addAction(m_save); // its shortcut works wherever the focus is
    connect(m_save, &QAction::triggered, this, &SavedViewsDock::saveCurrentView);
    // The list's own keys (while the focus is in it), and its context menu.
    m_open = makeViewAction(m_list, QStringLiteral("actionOpenSavedView"), tr("&Open"),
                            {QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)},
                            QStringLiteral("document-open"), Qt::WidgetShortcut);
    m_copy = makeViewAction(m_list, QStringLiteral("actionCopySavedViewLink"), tr("Copy &Link"),
                            {QKeySequence(Qt::CTRL | Qt::Key_C)}, QStringLiteral("edit-copy"),
                            Qt::WidgetShortcut);
    m_rename = makeViewAction(m_list, QStringLiteral("actionRenameSavedView"), tr("&Rename…"),
                              {QKeySequence(Qt::Key_F2)}, QStringLiteral("edit-rename"),
                              Qt::WidgetShortcut);
    m_remove = makeViewAction(m_list, QStringLiteral("actionRemoveSavedView"), tr("Re&move"),
                              {QKeySequence(Qt::Key_Delete)}, QStringLiteral("edit-delete"),
                              Qt::WidgetShortcut);
    m_moveUp = makeViewAction(m_list, QStringLiteral("actionMoveSavedViewUp"), tr("Move &Up"),
                              {QKeySequence(Qt::ALT | Qt::Key_Up)}, QStringLiteral("go-up"),
                              Qt::WidgetShortcut);
    m_moveDown = makeViewAction(m_list, QStringLiteral("actionMoveSavedViewDown"), tr("Move &Down"),
                                {QKeySequence(Qt::ALT | Qt::Key_Down)}, QStringLiteral("go-down"),
                                Qt::WidgetShortcut);
    connect(m_open, &QAction::triggered, this, [this] { openView(currentRow()); });
    connect(m_copy, &QAction::triggered, this, [this] { copyLink(currentRow()); });
    connect(m_rename, &QAction::triggered, this, [this] { renameView(currentRow()); });
    connect(m_remove, &QAction::triggered, this, [this] { removeView(currentRow()); });
    connect(m_moveUp, &QAction::triggered, this, [this] { moveView(currentRow(), -1); });
    connect(m_moveDown, &QAction::triggered, this, [this] { moveView(currentRow(), 1); });
    connect(m_list, &QListView::doubleClicked, this,
            [this](const QModelIndex &index) { openView(index.row()); });
    connect(m_list, &QWidget::customContextMenuRequested, this, &SavedViewsDock::showContextMenu);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &SavedViewsDock::updateActions);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &SavedViewsDock::updateActions);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &SavedViewsDock::updateActions);
    connect(m_model, &QAbstractItemModel::rowsMoved, this, &SavedViewsDock::updateActions);
    connect(m_model, &QAbstractItemModel::modelReset, this, &SavedViewsDock::updateActions);
    // The operator's choice: the menu's check box, or the dock's close button (closeEvent).
    connect(toggleViewAction(), &QAction::triggered, this, &SavedViewsDock::setWanted);

    connect(window, &MainWindow::storeAttached, this,
            [this](StoreSession *session) { setProfile(session->report().profileName); });
    connect(window, &MainWindow::storeAboutToDetach, this, [this] { setProfile({}); });
    setProfile(window->session() ? window->session()->report().profileName : QString());
}

SavedViewsDock::~SavedViewsDock() = default;

QList<QAction *> SavedViewsDock::itemActions() const {
    return {m_open, m_copy, m_rename, m_remove, m_moveUp, m_moveDown};
}

void SavedViewsDock::setProfile(const QString &profile) {
    m_model->setProfile(profile);
    m_available = !profile.isEmpty();
    m_save->setEnabled(m_available);
    toggleViewAction()->setEnabled(m_available);
    QDockWidget::setVisible(m_available && m_wanted);
    updateActions();
}

void SavedViewsDock::setVisible(bool visible) {
    QDockWidget::setVisible(visible && m_available);
}

void SavedViewsDock::setWanted(bool shown) {
    if (!m_available)
        return;
    m_wanted = shown;
    QSettings().setValue(ShownKey, shown);
}

void SavedViewsDock::closeEvent(QCloseEvent *event) {
    QDockWidget::closeEvent(event);
    if (event->isAccepted())
        setWanted(false);
}

int SavedViewsDock::currentRow() const {
    const QModelIndex index = m_list->currentIndex();
    return index.isValid() ? index.row() : -1;
}

void SavedViewsDock::updateActions() {
    const int row = currentRow();
    for (QAction *action : {m_open, m_copy, m_rename, m_remove})
        action->setEnabled(row >= 0);
    m_moveUp->setEnabled(row > 0);
    m_moveDown->setEnabled(row >= 0 && row + 1 < m_model->rowCount());
    const bool empty = m_model->rowCount() == 0;
    m_emptyLabel->setVisible(empty);
    if (empty && m_available) {
        m_emptyLabel->setText(
            tr("No saved views for %1. View > Save View… (%2) saves the view "
               "in front with its filter.")
                .arg(m_model->profile(), m_save->shortcut().toString(QKeySequence::NativeText)));
    }
}

void SavedViewsDock::showContextMenu(const QPoint &pos) {
    const QModelIndex index = m_list->indexAt(pos);
    if (!index.isValid())
        return;
    m_list->setCurrentIndex(index);
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->addAction(m_open);
    menu->addAction(m_copy);
    menu->addSeparator();
    menu->addAction(m_rename);
    menu->addAction(m_remove);
    menu->addSeparator();
    menu->addAction(m_moveUp);
    menu->addAction(m_moveDown);
    menu->popup(m_list->viewport()->mapToGlobal(pos));
}

QString SavedViewsDock::askName(const QString &title, const QString &label, const QString &text,
                                int exceptRow) {
    // A dialog of its own rather than QInputDialog, which enables OK for any text.
    QDialog dialog(m_window);
    dialog.setObjectName(QStringLiteral("savedViewNameDialog"));
    dialog.setWindowTitle(title);
    auto *prompt = new QLabel(&dialog);
    prompt->setObjectName(QStringLiteral("savedViewNameLabel"));
    prompt->setTextFormat(Qt::PlainText); // names are the operator's text, never markup
    prompt->setWordWrap(true);
    auto *edit = new QLineEdit(text, &dialog);
    edit->setObjectName(QStringLiteral("savedViewNameEdit"));
    edit->setMaxLength(SavedViewsModel::MaxNameLength);
    prompt->setBuddy(edit);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(prompt);
    layout->addWidget(edit);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    // OK only for a name that can be used.
    const auto check = [this, prompt, ok, label, exceptRow](const QString &name) {
        QString problem = name.trimmed().isEmpty() ? QString() : SavedViewsModel::nameProblem(name);
        const int existing = m_model->find(name);
        const bool taken = exceptRow >= 0 && existing >= 0 && existing != exceptRow;
        if (taken)
            problem =
                tr("Another saved view is named \"%1\".").arg(m_model->entries().at(existing).name);
        prompt->setText(problem.isEmpty() ? label : label + u'\n' + problem);
        ok->setEnabled(SavedViewsModel::nameProblem(name).isEmpty() && !taken);
    };
    connect(edit, &QLineEdit::textChanged, &dialog, check);
    check(text);
    edit->selectAll();
    if (dialog.exec() != QDialog::Accepted)
        return {};
    return edit->text().trimmed();
}

bool SavedViewsDock::saveCurrentView() {
    if (!m_available)
        return false;
    // What the link leaves out (a search, a key prefix): said with what was saved.
    QString leftOut;
    const std::optional<DedupLink> link = m_window->links()->linkToView(&leftOut);
    if (!link || !isSavable(link->target)) {
        m_window->showStatusMessage(
            !link && m_window->session() && m_window->session()->report().storeId.isNull()
                ? tr("Cannot save the view: this login cannot read the store's id, which a "
                     "saved view's link names.")
                : tr("Save View saves the Runs, Stuck, Review or Audit view with its filter: "
                     "bring one of them to the front."));
        return false;
    }
    const QString profile = m_model->profile();
    QString name;
    for (;;) {
        name = askName(tr("Save View"),
                       tr("Save %1, with its filter, for %2 as:").arg(link->description(), profile),
                       name, -1);
        if (name.isEmpty())
            return false;
        const int existing = m_model->find(name);
        if (existing >= 0 &&
            !confirm(m_window, QStringLiteral("replaceSavedViewBox"), tr("Replace Saved View"),
                     tr("%1 already has a saved view named \"%2\". Replace it with %3?")
                         .arg(profile, m_model->entries().at(existing).name, link->description()),
                     tr("&Replace"))) {
            continue; // another name, then
        }
        const auto saved = m_model->save(name, link->toString());
        if (!saved.ok()) {
            m_window->showStatusMessage(saved.errorMessage());
            return false;
        }
        m_list->setCurrentIndex(m_model->index(saved.value()));
        const QString message =
            tr("Saved %1 as \"%2\" for %3.").arg(link->description(), name, profile);
        m_window->showStatusMessage(leftOut.isEmpty() ? message : message + u' ' + leftOut);
        return true;
    }
}

void SavedViewsDock::openView(int row) {
    if (row < 0 || row >= m_model->rowCount())
        return;
    // Like any link: opened only in the store it names (the profile may now point elsewhere).
    m_window->links()->open(m_model->entries().at(row).link);
}

void SavedViewsDock::copyLink(int row) {
    if (row < 0 || row >= m_model->rowCount())
        return;
    const SavedViewsModel::Entry &entry = m_model->entries().at(row);
    QGuiApplication::clipboard()->setText(entry.link);
    m_window->showStatusMessage(
        tr("Copied the link of the saved view \"%1\": %2").arg(entry.name, entry.link));
}

bool SavedViewsDock::renameView(int row) {
    if (row < 0 || row >= m_model->rowCount())
        return false;
    const QString old = m_model->entries().at(row).name;
    const QString name = askName(tr("Rename Saved View"),
                                 tr("New name of the saved view \"%1\":").arg(old), old, row);
    if (name.isEmpty())
        return false;
    const auto renamed = m_model->rename(row, name);
    if (!renamed.ok()) {
        m_window->showStatusMessage(renamed.errorMessage());
        return false;
    }
    return true;
}

bool SavedViewsDock::removeView(int row) {
    if (row < 0 || row >= m_model->rowCount())
        return false;
    const QString name = m_model->entries().at(row).name;
    if (!confirm(m_window, QStringLiteral("removeSavedViewBox"), tr("Remove Saved View"),
                 tr("Remove the saved view \"%1\" of %2? Links copied from it still work.")
                     .arg(name, m_model->profile()),
                 tr("&Remove")))
        return false;
    m_model->remove(row);
    m_window->showStatusMessage(tr("Removed the saved view \"%1\".").arg(name));
    return true;
}

bool SavedViewsDock::moveView(int row, int step) {
    if (!m_model->move(row, row + step))
        return false;
    m_list->setCurrentIndex(m_model->index(row + step));
    return true;
}

} // namespace dedup::widgets
