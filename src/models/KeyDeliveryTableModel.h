#pragma once

#include "models/SortedRowsModel.h"
#include "models/TitledColumns.h"
#include "store/KeyDelivery.h"
#include "store/KeyHistory.h"

namespace dedup::models {

// The deliveries of a run's idempotency key (the run detail's Deliveries tab; docs/CONSOLE.md
// "Run detail"): each claim that found or made the run, newest first, with what it got from
// the store and the answer an HTTP API following the Idempotency-Key header draft gives for
// the same situation (core::httpAnswer: first, replayed, 409, 422). The rows are the store's
// newest deliveries (dedup.key_history): duplicates (replay, in progress, in review) are only
// counted by the store, one by one only for the last three (summary() says so).
//
// The outcome is always in words (and the 409 and 422 answers in bold), never told by colour
// alone. Worker ids, logins and lease owners are store values: plain text for the view's
// PlainTextDelegate.
class KeyDeliveryTableModel
    : public TitledColumns<KeyDeliveryTableModel, SortedRowsModel<store::KeyDelivery>> {
    Q_OBJECT

public:
    enum Column {
        TimeColumn,       // when the delivery came (server time, shown in local time)
        OutcomeColumn,    // what claim answered: "replay", "in progress", …
        HttpAnswerColumn, // first, replayed, 409, 422 (contract strings, never translated)
        WorkerColumn,     // the worker id the claim named
        AttemptColumn,    // the run's attempt when it came
        DetailColumn,     // via new/retry/takeover, login, lease owner
        ColumnCount
    };
    Q_ENUM(Column)
    // The titles in the order of Column (TitledColumns).
    static constexpr const char *ColumnTitles[] = {
        QT_TR_NOOP("Time"),   QT_TR_NOOP("Outcome"), QT_TR_NOOP("HTTP answer"),
        QT_TR_NOOP("Worker"), QT_TR_NOOP("Attempt"), QT_TR_NOOP("Detail"),
    };

    enum Role {
        OutcomeRole = Qt::UserRole, // QString: the store's name, e.g. "in_progress"
        HttpAnswerRole,             // QString: core::httpAnswer
        TimeRole,                   // QDateTime (UTC)
    };

    explicit KeyDeliveryTableModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    // An outcome in words ("in progress").
    static QString outcomeLabel(core::DeliveryOutcome outcome);
    // What the outcome means, for a tooltip.
    static QString outcomeExplanation(core::DeliveryOutcome outcome);
    // The HTTP answer with the outcome where the answer alone is ambiguous: "first",
    // "replayed", "409 in progress", "409 in review", "422 mismatch".
    static QString answerLabel(core::DeliveryOutcome outcome);
    // The Detail column: "via retry", "login app_worker", "lease held by worker-7".
    static QString detail(const store::KeyDelivery &delivery);
    // The line above the table: "9 deliveries: first 1 · replayed 6 · 409 in progress 1 ·
    // 422 mismatch 1; first 2025-03-01 14:05:09, last 2025-03-01 14:07:12".
    static QString summary(const store::KeyHistory &history);
    // What the table lists of them: the store keeps counts and the last three duplicates,
    // not each one; and the table's own cap.
    static QString note(const store::KeyHistory &history);

protected:
    bool lessThan(const store::KeyDelivery &a, const store::KeyDelivery &b) const override;
};

} // namespace dedup::models
