#include "store/SessionSettings.h"

#include "store/PgConnection.h"

namespace dedup::store {

void SessionSettings::quietNotices(PgConnection &connection) {
    (void)connection.exec(QStringLiteral("SET client_min_messages = warning"));
}

} // namespace dedup::store
