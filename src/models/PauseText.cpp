#include "models/PauseText.h"

#include "core/DisplayText.h"

#include <QLocale>

namespace dedup::models {

using core::DisplayText;

namespace {

// Names and logins are short; a reason may be a paragraph (the cell and the banner end it in
// "…", the tooltip has more).
constexpr int NameChars = 60;
constexpr int ReasonChars = 120;

QString name(const QString &value) {
    return DisplayText::shown(value, NameChars);
}

} // namespace

QString PauseText::scope(const QString &prefix) {
    return prefix.isEmpty() ? tr("all scopes") : tr("scopes %1*").arg(name(prefix));
}

QString PauseText::since(const QDateTime &pausedAt, const QDateTime &now) {
    const QDateTime local = pausedAt.toLocalTime();
    const bool today = now.isValid() && local.date() == now.toLocalTime().date();
    return local.toString(today ? QStringLiteral("HH:mm") : QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString PauseText::state(const QList<store::WorkflowPause> &pauses, const QDateTime &now) {
    if (pauses.isEmpty())
        return tr("Running");
    QStringList parts;
    for (const store::WorkflowPause &pause : pauses) {
        const QString what =
            pause.stopSteps ? tr("%1, stops before the next step").arg(scope(pause.scopePrefix))
                            : scope(pause.scopePrefix);
        parts.append(tr("Paused (%1) since %2 by %3 — %4")
                         .arg(what, since(pause.pausedAt, now), name(pause.pausedBy),
                              DisplayText::shown(pause.reason, ReasonChars)));
    }
    return parts.join(QStringLiteral("; "));
}

QString PauseText::banner(const store::WorkflowPause &pause, const QDateTime &now) {
    return tr("%1 (%2) since %3 by %4 — %5")
        .arg(name(pause.workflow), scope(pause.scopePrefix), since(pause.pausedAt, now),
             name(pause.pausedBy), DisplayText::shown(pause.reason, ReasonChars));
}

QString PauseText::details(const store::WorkflowPause &pause) {
    QStringList lines{
        tr("%1 paused for %2").arg(pause.workflow, scope(pause.scopePrefix)),
        tr("Since %1 by %2")
            .arg(QLocale().toString(pause.pausedAt.toLocalTime(), QLocale::LongFormat),
                 pause.pausedBy),
        tr("Reason: %1").arg(pause.reason),
        pause.stopSteps ? tr("Runs in flight stop before their next step.")
                        : tr("Runs in flight finish; new runs are not started."),
        tr("Workers are told to ask again after %1 s.").arg(pause.retryAfterSeconds),
    };
    return lines.join(QLatin1Char('\n'));
}

} // namespace dedup::models
