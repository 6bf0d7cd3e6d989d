#pragma once

#include <QUuid>

namespace dedup::store {

class PgConnection;
class PgError;

// The store's id (dedup.store_settings.store_id, 0024_store_id.sql), which dedup:// links
// name so that a link never opens in another store (core::DedupLink).
class StoreId {
public:
    // A null QUuid when it cannot be read (a login without any grant may not read the
    // settings; *error then says why).
    static QUuid read(PgConnection &connection, PgError *error = nullptr);
};

} // namespace dedup::store
