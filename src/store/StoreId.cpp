#include "store/StoreId.h"

#include "store/PgConnection.h"

namespace dedup::store {

QUuid StoreId::read(PgConnection &connection, PgError *error) {
    const PgResult result =
        connection.exec(QStringLiteral("SELECT store_id::text FROM dedup.store_settings"));
    if (!result.ok()) {
        if (error)
            *error = result.error();
        return {};
    }
    return result.rows() == 1 ? QUuid::fromString(result.text(0, 0)) : QUuid();
}

} // namespace dedup::store
