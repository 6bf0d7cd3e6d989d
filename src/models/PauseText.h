#pragma once

#include "store/WorkflowPause.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>

namespace dedup::models {

// The words for a workflow's pause (docs/CONSOLE.md "Workflows"), one wording for the
// Workflows view's State column and the window's pause banner. Store values (workflow,
// prefix, login, reason) come out as core::DisplayText::shown() makes them: markers for
// deceptive characters, bounded.
class PauseText {
    Q_DECLARE_TR_FUNCTIONS(PauseText)

public:
    // "all scopes", or "scopes eu-*".
    static QString scope(const QString &prefix);
    // When it was paused, by the console's clock and time zone: "03:12" today, else
    // "2026-12-03 03:12".
    static QString since(const QDateTime &pausedAt, const QDateTime &now);
    // The State cell: "Paused (all scopes) since 03:12 by alice — provider outage", with
    // ", stops before the next step" after the scope when stop_steps; several pauses of one
    // workflow joined by "; ".
    static QString state(const QList<store::WorkflowPause> &pauses, const QDateTime &now);
    // One pause in the banner: "billing (all scopes) since 03:12 by alice — provider outage".
    static QString banner(const store::WorkflowPause &pause, const QDateTime &now);
    // Everything about one pause, on lines, for a tooltip: also the retry-after hint and what
    // it does to runs in flight.
    static QString details(const store::WorkflowPause &pause);
};

} // namespace dedup::models
