#include "widgets/ReviewQueueView.h"

#include "actions/ActionCatalogue.h"
#include "actions/ActionExecutor.h" // ReviewQueueModel.h needs it complete (QPointer)
#include "actions/ActionResult.h"
#include "models/ReviewQueueModel.h"
#include "ui_ReviewQueueView.h"
#include "widgets/ActionDialog.h"
#include "widgets/ContentsColumn.h"
#include "widgets/ListTableFrame.h"

#include <QHeaderView>
#include <QMenu>

namespace dedup::widgets {

using actions::OperatorAction;
using models::ReviewQueueModel;
using store::ReviewQueueFilter;

namespace {

std::optional<QString> optionalText(const QLineEdit *edit) {
    const QString text = edit->text().trimmed();
    return text.isEmpty() ? std::nullopt : std::optional<QString>(text);
}

} // namespace

ReviewQueueView::ReviewQueueView(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::ReviewQueueView>()) {
    m_ui->setupUi(this);
    m_frame = new ListTableFrame(m_ui->table, ReviewQueueModel::RunIdRole, this);
    m_ui->assigneeCombo->addItem(tr("anyone"), int(ReviewQueueFilter::Assignee::Anyone));
    m_ui->assigneeCombo->addItem(tr("me"), int(ReviewQueueFilter::Assignee::Me));
    m_ui->assigneeCombo->addItem(tr("nobody"), int(ReviewQueueFilter::Assignee::Unassigned));
    m_frame->setErrorRow(m_ui->errorLabel, nullptr, m_ui->errorLabel);
    m_ui->errorLabel->setTextFormat(Qt::PlainText);
    m_ui->table->horizontalHeader()->setStretchLastSection(true);
    m_ui->table->verticalHeader()->hide();

    auto *resolveMenu = new QMenu(m_ui->resolveButton);
    // The review resolutions: the catalogue's rows that resolve a review, in its order.
    for (const actions::ActionRow &row : actions::ActionCatalogue::rows()) {
        if (!row.resolution)
            continue;
        const OperatorAction action = row.action;
        resolveMenu->addAction(row.translatedTitle() + QStringLiteral("…"), this,
                               [this, action] { openAction(action); });
    }
    m_ui->resolveButton->setMenu(resolveMenu);
    connect(m_ui->assignButton, &QPushButton::clicked, this,
            [this] { openAction(OperatorAction::AssignReview); });
    connect(m_ui->noteButton, &QPushButton::clicked, this,
            [this] { openAction(OperatorAction::ReviewNote); });
    for (QLineEdit *edit : {m_ui->workflowEdit, m_ui->scopeEdit, m_ui->keyEdit})
        connect(edit, &QLineEdit::editingFinished, this, &ReviewQueueView::applyFilter);
    connect(m_ui->assigneeCombo, &QComboBox::currentIndexChanged, this,
            &ReviewQueueView::applyFilter);
    connect(m_frame, &ListTableFrame::runActivated, this, &ReviewQueueView::runActivated);
    updateButtons();
    updateCount();
}

ReviewQueueView::~ReviewQueueView() = default;

QTableView *ReviewQueueView::table() const {
    return m_ui->table;
}

void ReviewQueueView::setModel(ReviewQueueModel *model) {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_frame->setModel(model);
    if (model) {
        // Attempts are never cut: the column follows its widest value ("2501/100000").
        ContentsColumn::keepFitted(m_ui->table, ReviewQueueModel::AttemptColumn);
        connect(model, &ReviewQueueModel::countChanged, this, &ReviewQueueView::updateCount);
        connect(model, &ReviewQueueModel::loadingChanged, this, &ReviewQueueView::updateCount);
        connect(model, &ReviewQueueModel::refreshed, this, [this] {
            m_frame->hideError();
            updateCount();
            updateButtons();
        });
        connect(model, &ReviewQueueModel::errorOccurred, this,
                [this](const QString &message) { m_frame->showError(message); });
        connect(model, &QAbstractItemModel::rowsRemoved, this, &ReviewQueueView::updateButtons);
        connect(m_ui->table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &ReviewQueueView::updateButtons);
        applyFilter();
    }
    updateButtons();
    updateCount();
}

void ReviewQueueView::setActionSource(const StoreConnections &connections, bool canOperate) {
    m_connections = connections;
    m_canOperate = canOperate && !connections.isEmpty();
    updateButtons();
}

qint64 ReviewQueueView::currentRunId() const {
    const QModelIndex index = m_ui->table->currentIndex();
    return index.isValid() ? index.data(ReviewQueueModel::RunIdRole).toLongLong() : 0;
}

void ReviewQueueView::writeLink(core::DedupLink &link) const {
    link.workflow = m_ui->workflowEdit->text().trimmed();
    link.scope = m_ui->scopeEdit->text().trimmed();
    switch (ReviewQueueFilter::Assignee(m_ui->assigneeCombo->currentData().toInt())) {
    case ReviewQueueFilter::Assignee::Anyone:
        link.assignee = core::DedupLink::Assignee::Anyone;
        break;
    case ReviewQueueFilter::Assignee::Me:
        link.assignee = core::DedupLink::Assignee::Me;
        break;
    case ReviewQueueFilter::Assignee::Unassigned:
        link.assignee = core::DedupLink::Assignee::Nobody;
        break;
    }
}

void ReviewQueueView::showLink(const core::DedupLink &link) {
    ReviewQueueFilter::Assignee assignee = ReviewQueueFilter::Assignee::Anyone;
    switch (link.assignee) {
    case core::DedupLink::Assignee::Anyone:
        break;
    case core::DedupLink::Assignee::Me:
        assignee = ReviewQueueFilter::Assignee::Me;
        break;
    case core::DedupLink::Assignee::Nobody:
        assignee = ReviewQueueFilter::Assignee::Unassigned;
        break;
    }
    {
        // One read for the whole filter, not one per field.
        const QSignalBlocker blocker(m_ui->assigneeCombo);
        m_ui->workflowEdit->setText(link.workflow);
        m_ui->scopeEdit->setText(link.scope);
        m_ui->keyEdit->clear();
        m_ui->assigneeCombo->setCurrentIndex(m_ui->assigneeCombo->findData(int(assignee)));
    }
    applyFilter();
}

bool ReviewQueueView::hasKeyPrefix() const {
    return !m_ui->keyEdit->text().trimmed().isEmpty();
}

void ReviewQueueView::applyFilter() {
    if (!m_model)
        return;
    ReviewQueueFilter filter;
    filter.workflow = optionalText(m_ui->workflowEdit);
    filter.scope = optionalText(m_ui->scopeEdit);
    filter.keyPrefix = optionalText(m_ui->keyEdit);
    filter.assignee = ReviewQueueFilter::Assignee(m_ui->assigneeCombo->currentData().toInt());
    if (filter != m_model->filter())
        m_model->setFilter(filter);
}

ActionDialog *ReviewQueueView::openAction(OperatorAction action) {
    const QModelIndex index = m_ui->table->currentIndex();
    if (!m_model || !m_canOperate || !index.isValid())
        return nullptr;
    auto *dialog = new ActionDialog(m_connections, action,
                                    index.data(ReviewQueueModel::RunIdRole).toLongLong(),
                                    index.data(ReviewQueueModel::LeaseTokenRole).toLongLong(),
                                    core::RunStatus::ManualReview, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_standbyLag)
        dialog->setSeenOnStandby(m_standbyLag());
    // From the review queue an assignee is asked for when assigning: "me" is the usual answer.
    if (actions::ActionCatalogue::row(action).inputs.testFlag(actions::ActionInput::Assignee))
        dialog->setAssignee(m_model->me());
    connect(dialog, &ActionDialog::actionFinished, this,
            [this](const actions::ActionResult &result) {
                if (m_model)
                    m_model->refresh();
                emit actionFinished(result);
            });
    dialog->show();
    return dialog;
}

void ReviewQueueView::updateButtons() {
    for (QPushButton *button : {m_ui->assignButton, m_ui->noteButton, m_ui->resolveButton}) {
        button->setVisible(m_canOperate);
        button->setEnabled(m_canOperate && m_ui->table->currentIndex().isValid());
    }
}

void ReviewQueueView::updateCount() {
    if (!m_model) {
        m_ui->countLabel->clear();
        return;
    }
    const QString count = m_model->countText();
    QString text = count.isEmpty() ? QString() : tr("%1 in review").arg(count);
    if (m_model->isLoading())
        text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + tr("(loading…)");
    m_ui->countLabel->setText(text);
}

} // namespace dedup::widgets
