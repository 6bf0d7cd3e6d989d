#include "widgets/Preferences.h"

#include <QSettings>

namespace dedup::widgets {

namespace {
const QString TimeoutKey = QStringLiteral("preferences/statementTimeoutSeconds");
const QString MaxRowsKey = QStringLiteral("preferences/maxRows");
const QString AlertsEnabledKey = QStringLiteral("preferences/alertsEnabled");
const QString StuckAlertKey = QStringLiteral("preferences/stuckAlertRuns");
const QString ReviewAlertKey = QStringLiteral("preferences/reviewAlertMinutes");

// A whole number in [minimum, maximum]; anything else (text, out of range) is `fallback`.
int bounded(const QVariant &value, int minimum, int maximum, int fallback) {
    bool ok = false;
    const qint64 number = value.toLongLong(&ok);
    return ok && number >= minimum && number <= maximum ? int(number) : fallback;
}
} // namespace

Preferences Preferences::load() {
    const QSettings settings;
    Preferences preferences;
    // Out-of-range values (an edited settings file) fall back to the defaults.
    const int timeout = settings.value(TimeoutKey, DefaultStatementTimeoutSeconds).toInt();
    if (timeout >= 1 && timeout <= 3600)
        preferences.statementTimeoutSeconds = timeout;
    const int rows = settings.value(MaxRowsKey, DefaultMaxRows).toInt();
    if (rows >= 1000 && rows <= 1000000)
        preferences.maxRows = rows;
    // Only a stored boolean counts ("true" or "false"): an edited "banana" is not "off".
    const QString enabled = settings.value(AlertsEnabledKey).toString();
    if (enabled == QLatin1String("true") || enabled == QLatin1String("false"))
        preferences.alertsEnabled = enabled == QLatin1String("true");
    preferences.stuckAlertRuns =
        bounded(settings.value(StuckAlertKey), 1, MaxStuckAlertRuns, DefaultStuckAlertRuns);
    preferences.reviewAlertMinutes = bounded(settings.value(ReviewAlertKey), 1,
                                             MaxReviewAlertMinutes, DefaultReviewAlertMinutes);
    return preferences;
}

void Preferences::save() const {
    QSettings settings;
    settings.setValue(TimeoutKey, statementTimeoutSeconds);
    settings.setValue(MaxRowsKey, maxRows);
    settings.setValue(AlertsEnabledKey, alertsEnabled);
    settings.setValue(StuckAlertKey, stuckAlertRuns);
    settings.setValue(ReviewAlertKey, reviewAlertMinutes);
}

} // namespace dedup::widgets
