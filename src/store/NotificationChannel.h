#pragma once

#include "store/PgResult.h"

#include <QString>

namespace dedup::store {

class PgConnection;

// The statements of a LISTEN connection (docs/PROTOCOL.md "Notifications"), so the lane that
// holds it (lanes::ListenerConnection) writes no SQL of its own.
class NotificationChannel {
public:
    // LISTEN on `channel`. LISTEN takes no parameters, so the channel must be a plain
    // lower-case identifier (the store's channels are); anything else is refused unsent.
    static PgResult listen(PgConnection &connection, const QString &channel);
    // The cheapest round trip: proves the connection alive and reads the notifications
    // waiting on its socket.
    static PgResult ping(PgConnection &connection);
};

} // namespace dedup::store
