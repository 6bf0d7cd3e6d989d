#include "models/RunCells.h"

namespace dedup::models {

QString RunCells::scopeKey(const QString &scope, const QString &idemKey) {
    return tr("%1 / %2").arg(scope, idemKey);
}

QString RunCells::attempts(int attempt, int maxAttempts) {
    return tr("%1/%2").arg(attempt).arg(maxAttempts);
}

} // namespace dedup::models
