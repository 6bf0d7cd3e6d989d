#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// One dedup.commands row: a continuation an operator queued for a run and what became of it
// (pending -> taken -> done, or cancelled).
struct CommandRow {
    qint64 id = 0;
    qint64 runId = 0;
    QString actionKey;
    QString kind;   // "continue"
    QString status; // pending, taken, done, cancelled
    QString requestedBy;
    QString reason;
    QString fromStep; // the first step not done when it was queued; null when none
    bool rerunUncertain = false;
    QDateTime createdAt;
    QString takenBy; // worker; null until taken
    QDateTime takenAt;
    std::optional<qint64> takenToken;
    QDateTime finishedAt;
    QString resultStatus; // run status when the command closed; null while open
    QString note;

    bool isPending() const { return status == QLatin1String("pending"); }

    friend bool operator==(const CommandRow &, const CommandRow &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::CommandRow)
