#pragma once

#include "store/PgError.h"

#include <QDateTime>
#include <QJsonValue>
#include <QString>

#include <memory>

struct pg_result;

namespace dedup::store {

// Owns one PGresult (freed with PQclear). Either a successful result with rows, or an error.
class PgResult {
public:
    PgResult() = default;
    static PgResult fromError(PgError error);
    // Takes ownership; reads the error fields from the result when its status is a failure.
    static PgResult take(pg_result *result, bool connectionLost);

    bool ok() const { return m_error.isEmpty(); }
    const PgError &error() const { return m_error; }

    int rows() const;
    int columns() const;
    int column(const char *name) const; // -1 when the column does not exist
    qint64 affectedRows() const;

    bool isNull(int row, int col) const;
    QString text(int row, int col) const;
    qint64 toInt64(int row, int col, qint64 fallback = 0) const;
    bool toBool(int row, int col) const;
    double toDouble(int row, int col) const;
    QDateTime toDateTime(int row, int col) const; // invalid for NULL
    QJsonValue toJson(int row, int col) const;    // Undefined for NULL or invalid JSON

    // By column name; the name must exist (asserted in debug builds).
    bool isNull(int row, const char *name) const { return isNull(row, checked(name)); }
    QString text(int row, const char *name) const { return text(row, checked(name)); }
    qint64 toInt64(int row, const char *name, qint64 fallback = 0) const {
        return toInt64(row, checked(name), fallback);
    }
    bool toBool(int row, const char *name) const { return toBool(row, checked(name)); }
    QDateTime toDateTime(int row, const char *name) const { return toDateTime(row, checked(name)); }
    QJsonValue toJson(int row, const char *name) const { return toJson(row, checked(name)); }

    pg_result *raw() const { return m_result.get(); }

private:
    int checked(const char *name) const;

    struct Deleter {
        void operator()(pg_result *result) const;
    };
    std::shared_ptr<pg_result> m_result; // shared: results are cheap to pass around
    PgError m_error;
};

} // namespace dedup::store
