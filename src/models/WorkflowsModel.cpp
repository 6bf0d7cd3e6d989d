#include "models/WorkflowsModel.h"

#include "core/RunStatus.h"
#include "models/PauseText.h"
#include "models/WorkflowOverviewLoader.h"

#include <QFont>
#include <QLocale>

namespace dedup::models {

namespace {

bool samePause(const store::WorkflowPause &a, const store::WorkflowPause &b) {
    return a.workflow == b.workflow && a.scopePrefix == b.scopePrefix &&
           a.stopSteps == b.stopSteps && a.retryAfterSeconds == b.retryAfterSeconds &&
           a.reason == b.reason && a.pausedBy == b.pausedBy && a.pausedAt == b.pausedAt;
}

} // namespace

bool operator==(const WorkflowsModelRow &a, const WorkflowsModelRow &b) {
    const store::WorkflowOverviewRow &x = a.overview;
    const store::WorkflowOverviewRow &y = b.overview;
    return a.id == b.id && x.runs == y.runs && x.lastHour == y.lastHour && x.stuck == y.stuck &&
           std::equal(x.pauses.cbegin(), x.pauses.cend(), y.pauses.cbegin(), y.pauses.cend(),
                      samePause);
}

WorkflowsModel::WorkflowsModel(QObject *parent)
    : TitledColumns(parent) {}

WorkflowsModel::~WorkflowsModel() = default;

void WorkflowsModel::setLoader(WorkflowOverviewLoader *loader) {
    if (m_loader)
        disconnect(m_loader, nullptr, this, nullptr);
    m_loader = loader;
    if (!loader) {
        resetRows({});
        return;
    }
    connect(loader, &WorkflowOverviewLoader::loaded, this,
            [this, loader] { apply(loader->overview()); });
    connect(loader, &QObject::destroyed, this, [this] {
        m_loader = nullptr;
        setLoader(nullptr);
    });
    if (loader->hasOverview())
        apply(loader->overview());
}

void WorkflowsModel::apply(const store::WorkflowOverview &overview) {
    QList<WorkflowsModelRow> rows;
    rows.reserve(overview.workflows.size());
    for (const store::WorkflowOverviewRow &row : overview.workflows)
        rows.append({row.workflow, row});
    // The store sorts by name too, but by its collation: the model's order is its own.
    std::sort(
        rows.begin(), rows.end(),
        [this](const WorkflowsModelRow &a, const WorkflowsModelRow &b) { return lessThan(a, b); });
    const bool clockMoved = overview.serverNow != m_serverNow;
    m_serverNow = overview.serverNow;
    m_since = overview.since;
    updateRows(rows);
    // "since 03:12" becomes a date after midnight.
    if (clockMoved && rowCount() > 0)
        emit dataChanged(index(0, StateColumn), index(rowCount() - 1, StateColumn));
}

int WorkflowsModel::rowOfWorkflow(const QString &workflow) const {
    for (int i = 0; i < rowCount(); ++i) {
        if (rowAt(i).id == workflow)
            return i;
    }
    return -1;
}

qint64 WorkflowsModel::countOf(const store::WorkflowOverviewRow &row, int column) const {
    switch (column) {
    case ProcessingColumn:
        return row.count(core::RunStatus::Processing);
    case StuckColumn:
        return row.stuck;
    case FailedColumn:
        return row.count(core::RunStatus::Failed);
    case InReviewColumn:
        return row.count(core::RunStatus::ManualReview);
    case LastHourColumn:
        return row.recent();
    }
    return 0;
}

QVariant WorkflowsModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const store::WorkflowOverviewRow &row = workflowAt(index.row());
    const int column = index.column();
    const bool isCount = column >= ProcessingColumn;
    switch (role) {
    case Qt::DisplayRole:
        if (column == WorkflowColumn)
            return row.workflow;
        if (column == StateColumn)
            return PauseText::state(row.pauses, m_serverNow);
        return QLocale().toString(countOf(row, column));
    case Qt::ToolTipRole:
        if (column == WorkflowColumn)
            return row.workflow;
        if (column == StateColumn) {
            if (!row.paused())
                return tr("Running: workers start new runs and continue those in flight.");
            QStringList parts;
            for (const store::WorkflowPause &pause : row.pauses)
                parts.append(PauseText::details(pause));
            return parts.join(QStringLiteral("\n\n"));
        }
        return {};
    case Qt::TextAlignmentRole:
        if (isCount)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole:
        if ((column == StateColumn && row.paused()) || (column == StuckColumn && row.stuck > 0)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case WorkflowRole:
        return row.workflow;
    case PausedRole:
        return row.paused();
    case StopStepsRole:
        return std::any_of(row.pauses.cbegin(), row.pauses.cend(),
                           [](const store::WorkflowPause &p) { return p.stopSteps; });
    case PauseCountRole:
        return int(row.pauses.size());
    case CountRole:
        return isCount ? QVariant(countOf(row, column)) : QVariant();
    }
    return {};
}

QVariant WorkflowsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case ProcessingColumn:
            return tr("Runs being worked on now");
        case StuckColumn:
            return tr("Processing runs whose lease has expired");
        case FailedColumn:
            return tr("Failed runs the store holds");
        case InReviewColumn:
            return tr("Runs waiting in the manual review queue");
        case LastHourColumn:
            return m_since.isValid()
                       ? tr("Runs created since %1")
                             .arg(m_since.toLocalTime().toString(QStringLiteral("HH:mm")))
                       : tr("Runs created in the last hour");
        }
    }
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole &&
        section >= ProcessingColumn && section < ColumnCount)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return TitledColumns::headerData(section, orientation, role);
}

} // namespace dedup::models
