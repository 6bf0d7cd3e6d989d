#include "store/PgError.h"

namespace dedup::store {

QString PgError::toString() const {
    QString text = message;
    if (!sqlState.isEmpty())
        text += QStringLiteral(" (%1)").arg(sqlState);
    if (!detail.isEmpty())
        text += QStringLiteral(": ") + detail;
    return text;
}

} // namespace dedup::store
