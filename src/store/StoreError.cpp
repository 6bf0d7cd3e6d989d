#include "store/StoreError.h"

#include <QHash>
#include <QStringList>

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
        {QStringLiteral("55P03"), StoreErrorKind::LockNotAvailable},
    };
    // Class 08 is "connection exception"; 57P01..57P03 are admin shutdown / crash, 57P05
    // idle_session_timeout and 25P03 idle_in_transaction_session_timeout: the server ended
    // the session (and rolled back its open transaction).
    static const QStringList sessionEnded{QStringLiteral("57P01"), QStringLiteral("57P02"),
                                          QStringLiteral("57P03"), QStringLiteral("57P05"),
                                          QStringLiteral("25P03")};
    if (error.sqlState.startsWith(QLatin1String("08")) || sessionEnded.contains(error.sqlState))
        return StoreErrorKind::ConnectionLost;
    return codes.value(error.sqlState, StoreErrorKind::Other);
}

bool isStoppedByServer(StoreErrorKind kind) {
    return kind == StoreErrorKind::QueryCanceled || kind == StoreErrorKind::LockNotAvailable;
}

bool isTransient(StoreErrorKind kind) {
    return kind == StoreErrorKind::SerializationFailure || kind == StoreErrorKind::ConnectionLost;
}

} // namespace dedup::store
