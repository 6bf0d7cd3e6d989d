#include "store/StoreError.h"

#include <QHash>

namespace dedup::store {

StoreErrorKind classify(const PgError &error) {
    if (error.isEmpty())
        return StoreErrorKind::None;
    if (error.connectionLost)
        return StoreErrorKind::ConnectionLost;
    static const QHash<QString, StoreErrorKind> codes{
        {QStringLiteral("DD001"), StoreErrorKind::Fenced},
        {QStringLiteral("DD002"), StoreErrorKind::IllegalTransition},
        {QStringLiteral("DD003"), StoreErrorKind::RunNotFound},
        {QStringLiteral("DD004"), StoreErrorKind::InvalidArgument},
        {QStringLiteral("DD005"), StoreErrorKind::ActionKeyConflict},
        {QStringLiteral("DD006"), StoreErrorKind::LeaseExpired},
        {QStringLiteral("DD007"), StoreErrorKind::UnknownStep},
        {QStringLiteral("DD008"), StoreErrorKind::AppendOnly},
        {QStringLiteral("DD009"), StoreErrorKind::LimitExceeded},
        {QStringLiteral("DD010"), StoreErrorKind::PermissionDenied},
        {QStringLiteral("DD011"), StoreErrorKind::Fenced},
        {QStringLiteral("42501"), StoreErrorKind::PermissionDenied},
        {QStringLiteral("40001"), StoreErrorKind::SerializationFailure},
        {QStringLiteral("40P01"), StoreErrorKind::SerializationFailure},
        {QStringLiteral("57014"), StoreErrorKind::QueryCanceled},
    };
    // Class 08 is "connection exception"; 57P01..57P03 are admin shutdown / crash.
    if (error.sqlState.startsWith(QLatin1String("08")) ||
        error.sqlState == QLatin1String("57P01") || error.sqlState == QLatin1String("57P02") ||
        error.sqlState == QLatin1String("57P03"))
        return StoreErrorKind::ConnectionLost;
    return codes.value(error.sqlState, StoreErrorKind::Other);
}

bool isTransient(StoreErrorKind kind) {
    return kind == StoreErrorKind::SerializationFailure || kind == StoreErrorKind::ConnectionLost;
}

} // namespace dedup::store
