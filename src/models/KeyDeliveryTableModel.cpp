#include "models/KeyDeliveryTableModel.h"

#include "models/TimeText.h"
#include "store/KeyHistoryQueries.h"

#include <QFont>
#include <QLocale>

#include <tuple>

namespace dedup::models {

using core::DeliveryOutcome;

KeyDeliveryTableModel::KeyDeliveryTableModel(QObject *parent)
    : TitledColumns(parent) {}

bool KeyDeliveryTableModel::lessThan(const store::KeyDelivery &a,
                                     const store::KeyDelivery &b) const {
    // Newest first; the rest only makes the order total (two deliveries in one instant).
    if (a.at != b.at)
        return a.at > b.at;
    return std::tie(a.outcome, a.worker, a.login, a.attempt, a.via, a.leaseOwner) <
           std::tie(b.outcome, b.worker, b.login, b.attempt, b.via, b.leaseOwner);
}

QString KeyDeliveryTableModel::outcomeLabel(DeliveryOutcome outcome) {
    switch (outcome) {
    case DeliveryOutcome::Acquired:
        return tr("acquired");
    case DeliveryOutcome::Replay:
        return tr("replay");
    case DeliveryOutcome::InProgress:
        return tr("in progress");
    case DeliveryOutcome::InReview:
        return tr("in review");
    case DeliveryOutcome::Mismatch:
        return tr("mismatch");
    }
    return core::toString(outcome);
}

QString KeyDeliveryTableModel::outcomeExplanation(DeliveryOutcome outcome) {
    switch (outcome) {
    case DeliveryOutcome::Acquired:
        return tr("The delivery ran the work: the first one, a retry of a failed attempt, or a "
                  "takeover of an expired lease.");
    case DeliveryOutcome::Replay:
        return tr("The run had finished: its recorded result was returned, nothing ran again.");
    case DeliveryOutcome::InProgress:
        return tr("Another worker held a live lease on the run: the delivery was turned away.");
    case DeliveryOutcome::InReview:
        return tr("The run waits for an operator (manual review): the delivery was turned away.");
    case DeliveryOutcome::Mismatch:
        return tr("The key was reused for another request (another fingerprint or workflow): "
                  "nothing of the run was returned.");
    }
    return {};
}

QString KeyDeliveryTableModel::answerLabel(DeliveryOutcome outcome) {
    // 409 stands for two outcomes: the words say which.
    if (core::httpStatus(outcome) == 0)
        return core::httpAnswer(outcome);
    return tr("%1 %2").arg(core::httpAnswer(outcome), outcomeLabel(outcome));
}

QString KeyDeliveryTableModel::detail(const store::KeyDelivery &delivery) {
    QStringList parts;
    if (delivery.via == QLatin1String("new"))
        parts << tr("via new");
    else if (delivery.via == QLatin1String("retry"))
        parts << tr("via retry");
    else if (delivery.via == QLatin1String("takeover"))
        parts << tr("via takeover");
    else if (!delivery.via.isEmpty())
        parts << tr("via %1").arg(delivery.via);
    if (!delivery.login.isEmpty())
        parts << tr("login %1").arg(delivery.login);
    if (!delivery.leaseOwner.isEmpty())
        parts << tr("lease held by %1").arg(delivery.leaseOwner);
    return parts.join(QStringLiteral(", "));
}

QString KeyDeliveryTableModel::summary(const store::KeyHistory &history) {
    const qint64 total = history.total();
    if (total == 0)
        return tr("No deliveries recorded for this key.");
    const QLocale locale;
    QStringList parts;
    QDateTime first;
    QDateTime last;
    for (const store::KeyDeliveryCount &count : history.counts) {
        parts << tr("%1 %2").arg(answerLabel(count.outcome), locale.toString(count.deliveries));
        if (count.firstAt.isValid() && (!first.isValid() || count.firstAt < first))
            first = count.firstAt;
        if (count.lastAt.isValid() && (!last.isValid() || count.lastAt > last))
            last = count.lastAt;
    }
    const QString deliveries =
        total == 1 ? tr("1 delivery") : tr("%1 deliveries").arg(locale.toString(total));
    QString text = tr("%1: %2").arg(deliveries, parts.join(QStringLiteral(" \u00b7 ")));
    if (first.isValid() && last.isValid())
        text = tr("%1; first %2, last %3").arg(text, TimeText::local(first), TimeText::local(last));
    return text;
}

QString KeyDeliveryTableModel::note(const store::KeyHistory &history) {
    // The number is in the words, for the translators; it is the store's (0025).
    static_assert(store::KeyHistoryQueries::KeptDuplicates == 3);
    QString text = tr("The store keeps counts and the last three duplicates (replayed or 409), "
                      "not each one.");
    const qint64 total = history.total();
    const qint64 listed = history.deliveries.size();
    if (listed < total) {
        const QLocale locale;
        text += QLatin1Char(' ') + tr("The table lists %1 of the %2 deliveries.")
                                       .arg(locale.toString(listed), locale.toString(total));
    }
    return text;
}

QVariant KeyDeliveryTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const store::KeyDelivery &delivery = rowAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case TimeColumn:
            return delivery.at.toLocalTime();
        case OutcomeColumn:
            return outcomeLabel(delivery.outcome);
        case HttpAnswerColumn:
            return core::httpAnswer(delivery.outcome);
        case WorkerColumn:
            return delivery.worker;
        case AttemptColumn:
            return delivery.attempt > 0 ? QVariant(delivery.attempt) : QVariant();
        case DetailColumn:
            return detail(delivery);
        }
        return {};
    case Qt::ToolTipRole:
        switch (column) {
        case OutcomeColumn:
        case HttpAnswerColumn:
            return tr("%1: %2").arg(answerLabel(delivery.outcome),
                                    outcomeExplanation(delivery.outcome));
        case WorkerColumn:
            return delivery.worker.isEmpty() ? tr("The claim named no worker.") : QVariant();
        }
        return {};
    case Qt::FontRole:
        // The turned-away answers stand out by weight too, not by colour alone.
        if (column == HttpAnswerColumn && core::httpStatus(delivery.outcome) != 0) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == AttemptColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OutcomeRole:
        return core::toString(delivery.outcome);
    case HttpAnswerRole:
        return core::httpAnswer(delivery.outcome);
    case TimeRole:
        return delivery.at;
    }
    return {};
}

} // namespace dedup::models
