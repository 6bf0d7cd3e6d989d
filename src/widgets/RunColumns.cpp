#include "widgets/RunColumns.h"

#include "models/RunListModel.h"
#include "models/RunStatusStyle.h"

#include <QHeaderView>
#include <QMenu>

namespace dedup::widgets {

using models::RunListModel;

void RunColumns::applyDefaults(QHeaderView *header) {
    const QAbstractItemModel *model = header->model();
    if (!model)
        return;
    // Wide enough for typical values of the demo and of real stores (longer ones end in "…";
    // attempts are sized to their contents by RunsView), measured in the current font.
    const QFontMetrics metrics = header->fontMetrics();
    const int padding = metrics.averageCharWidth() * 3;
    const QString statusSample = models::RunStatusStyle::label(core::RunStatus::ManualReview);
    const struct {
        int column;
        QString sample;
        int extra;
    } widths[] = {
        {RunListModel::IdColumn, QStringLiteral("0000000"), 0},
        {RunListModel::StatusColumn, statusSample, metrics.height() * 2}, // with the dot
        {RunListModel::WorkflowColumn, QStringLiteral("appointment-confirmation"), 0},
        {RunListModel::ScopeColumn, QStringLiteral("clinic-42/notificati"), 0},
        {RunListModel::KeyColumn, QStringLiteral("v1.3:0123456789abcdef01234567890"), 0},
        {RunListModel::CorrelationColumn, QStringLiteral("visit-mx23mbee-000"), 0},
        {RunListModel::AttemptColumn, QStringLiteral("10/10"), 0},
        {RunListModel::LeaseOwnerColumn, QStringLiteral("demo-mx23mbee-w4/d-123"), 0},
        {RunListModel::LeaseExpiresColumn, QStringLiteral("2025-12-31 23:59:59"), 0},
        {RunListModel::CreatedColumn, QStringLiteral("2025-12-31 23:59:59"), 0},
        {RunListModel::UpdatedColumn, QStringLiteral("2025-12-31 23:59:59"), 0},
    };
    for (const auto &width : widths) {
        const QString title = model->headerData(width.column, Qt::Horizontal).toString();
        const int text = qMax(metrics.horizontalAdvance(width.sample) + width.extra,
                              metrics.horizontalAdvance(title));
        header->resizeSection(width.column, text + padding);
    }
    // When a run was created matters for every run, its lease only while it is processing:
    // the time comes first, so it is on screen in a window of any width.
    header->moveSection(header->visualIndex(RunListModel::CreatedColumn),
                        header->visualIndex(RunListModel::StatusColumn) + 1);
    // Shown on demand (header menu): it repeats Created for most runs.
    header->setSectionHidden(RunListModel::UpdatedColumn, true);
}

void RunColumns::showMenu(QHeaderView *header, const QPoint &position) {
    const QAbstractItemModel *model = header->model();
    if (!model)
        return;
    QMenu menu(header);
    for (int column = 0; column < model->columnCount(); ++column) {
        QAction *toggle = menu.addAction(model->headerData(column, Qt::Horizontal).toString());
        toggle->setCheckable(true);
        toggle->setChecked(!header->isSectionHidden(column));
        // The run id and status always stay: without them a row means nothing.
        toggle->setEnabled(column != RunListModel::IdColumn &&
                           column != RunListModel::StatusColumn);
        QObject::connect(toggle, &QAction::toggled, header, [header, column](bool shown) {
            header->setSectionHidden(column, !shown);
        });
    }
    menu.exec(header->mapToGlobal(position));
}

} // namespace dedup::widgets
