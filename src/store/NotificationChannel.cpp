#include "store/NotificationChannel.h"

#include "store/PgConnection.h"
#include "store/PgError.h"

#include <QRegularExpression>

namespace dedup::store {

PgResult NotificationChannel::listen(PgConnection &connection, const QString &channel) {
    static const QRegularExpression plain(QStringLiteral("^[a-z_][a-z0-9_]{0,62}$"));
    if (!plain.match(channel).hasMatch()) {
        PgError error;
        error.message = QStringLiteral("not a plain channel name: %1").arg(channel);
        return PgResult::fromError(error);
    }
    return connection.exec(QStringLiteral("LISTEN ") + channel);
}

PgResult NotificationChannel::ping(PgConnection &connection) {
    return connection.exec(QStringLiteral("SELECT 1"));
}

} // namespace dedup::store
