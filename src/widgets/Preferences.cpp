#include "widgets/Preferences.h"

#include <QSettings>

namespace dedup::widgets {

namespace {
const QString TimeoutKey = QStringLiteral("preferences/statementTimeoutSeconds");
const QString MaxRowsKey = QStringLiteral("preferences/maxRows");
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
    return preferences;
}

void Preferences::save() const {
    QSettings settings;
    settings.setValue(TimeoutKey, statementTimeoutSeconds);
    settings.setValue(MaxRowsKey, maxRows);
}

} // namespace dedup::widgets
