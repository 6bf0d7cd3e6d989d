#include "models/StepTableModel.h"

#include "models/StepStatusStyle.h"

#include <QBrush>
#include <QFont>

#include <algorithm>

namespace dedup::models {

StepTableModel::StepTableModel(QObject *parent)
    : TitledColumns(parent) {}

int StepTableModel::uncertainCount() const {
    return int(std::count_if(rows().cbegin(), rows().cend(),
                             [](const store::StepRow &s) { return s.isUncertain(); }));
}

QString StepTableModel::why(const store::StepRow &step) {
    if (step.isUncertain()) {
        // Whole sentences per variant: translators get no fragments to glue together.
        QString text =
            step.sideEffectRef.isEmpty()
                ? tr("Outcome unknown: the side effect may have happened (the worker stopped, "
                     "or timed out, between calling the provider and recording its answer). "
                     "Check with the provider before continuing.")
                : tr("Outcome unknown: the side effect may have happened (the worker stopped, "
                     "or timed out, between calling the provider and recording its answer). "
                     "Check with the provider before continuing (its reference: %1).")
                      .arg(step.sideEffectRef);
        if (!step.downstreamKey.isEmpty()) {
            text += QLatin1Char(' ') +
                    tr("A continuation re-sends it with downstream key %1: safe only if the "
                       "provider deduplicates by that key.")
                        .arg(step.downstreamKey);
        } else {
            text += QLatin1Char(' ') +
                    tr("It has no downstream key, so a continuation stops on it: resolve it "
                       "as done (with the provider's reference) or skipped, or continue with "
                       "\"re-run uncertain steps\" only if you know it did not happen.");
        }
        if (!step.errorMessage.isEmpty())
            text += QLatin1Char(' ') + tr("Recorded: %1").arg(step.errorMessage);
        return text;
    }
    if (step.statusName == QLatin1String("failed")) {
        return tr("The side effect did not happen; a continuation runs the step again.");
    }
    return {};
}

QVariant StepTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const store::StepRow &step = rowAt(index.row());
    const int column = index.column();
    const bool uncertain = step.isUncertain();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case OrdinalColumn:
            return step.ordinal;
        case NameColumn:
            return step.name;
        case StatusColumn:
            return StepStatusStyle::label(step.statusName);
        case AttemptsColumn:
            return step.attempts;
        case SideEffectRefColumn:
            return step.sideEffectRef;
        case DownstreamKeyColumn:
            return step.downstreamKey;
        case ErrorColumn:
            if (step.errorClass.isEmpty())
                return step.errorMessage;
            return step.errorMessage.isEmpty()
                       ? step.errorClass
                       : tr("%1: %2").arg(step.errorClass, step.errorMessage);
        case StartedColumn:
            return step.startedAt.isValid() ? QVariant(step.startedAt.toLocalTime()) : QVariant();
        case FinishedColumn:
            return step.finishedAt.isValid() ? QVariant(step.finishedAt.toLocalTime()) : QVariant();
        case WhyColumn:
            return why(step);
        }
        return {};
    case Qt::BackgroundRole:
        if (uncertain)
            return QBrush(StepStatusStyle::uncertainBackground());
        return {};
    case Qt::ForegroundRole:
        if (uncertain)
            return QBrush(StepStatusStyle::uncertainForeground());
        if (column == StatusColumn)
            return QBrush(StepStatusStyle::color(step.statusName));
        return {};
    case Qt::DecorationRole:
        if (column == StatusColumn)
            return StepStatusStyle::color(step.statusName);
        return {};
    case Qt::FontRole:
        if (uncertain) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole: {
        const QString explanation = why(step);
        if (!explanation.isEmpty())
            return explanation;
        if (column == ErrorColumn && !step.error.isNull())
            return step.error.pretty;
        return {};
    }
    case Qt::TextAlignmentRole:
        if (column == OrdinalColumn || column == AttemptsColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case StepNameRole:
        return step.name;
    case StatusNameRole:
        return step.statusName;
    case UncertainRole:
        return uncertain;
    case OrdinalRole:
        return step.ordinal;
    case ErrorJsonRole:
        return step.error.pretty;
    }
    return {};
}

} // namespace dedup::models
