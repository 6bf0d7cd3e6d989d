#include "models/EventTableModel.h"

#include "models/JsonSummary.h"

#include <QFont>

namespace dedup::models {

EventTableModel::EventTableModel(QObject *parent)
    : TitledColumns(parent) {}

QVariant EventTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const store::EventRow &event = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TimeColumn:
            return event.at.toLocalTime();
        case KindColumn:
            return event.kind;
        case ActorColumn:
            return event.actor;
        case AttemptColumn:
            return event.attempt ? QVariant(*event.attempt) : QVariant();
        case StepColumn:
            return event.step;
        case DetailColumn:
            return JsonSummary::compact(event.detail.value());
        }
        return {};
    case Qt::ToolTipRole:
        if (column == DetailColumn && !event.detail.isNull())
            return event.detail.pretty;
        if (event.derived)
            return event.step.isEmpty()
                       ? tr("Read from the run's row: the store records no event for a success.")
                       : tr("Read from the step's row: the store records no event for a step's "
                            "routine start or finish.");
        return {};
    case Qt::FontRole:
        if (event.derived) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == AttemptColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case EventIdRole:
        return event.id;
    case KindRole:
        return event.kind;
    case DetailJsonRole:
        return event.detail.pretty;
    case TimeRole:
        return event.at;
    case DerivedRole:
        return event.derived;
    }
    return {};
}

} // namespace dedup::models
