#include "store/PgResult.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <libpq-fe.h>

namespace dedup::store {

void PgResult::Deleter::operator()(pg_result *result) const {
    PQclear(result);
}

PgResult PgResult::fromError(PgError error) {
    PgResult result;
    result.m_error = std::move(error);
    if (result.m_error.message.isEmpty())
        result.m_error.message = QStringLiteral("unknown error");
    return result;
}

static QString field(const PGresult *result, int code) {
    return QString::fromUtf8(PQresultErrorField(result, code)).trimmed();
}

PgResult PgResult::take(pg_result *raw, bool connectionLost) {
    PgResult result;
    result.m_result.reset(raw, Deleter{});
    const ExecStatusType status = raw ? PQresultStatus(raw) : PGRES_FATAL_ERROR;
    const bool success = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK ||
                         status == PGRES_SINGLE_TUPLE || status == PGRES_COPY_OUT ||
                         status == PGRES_COPY_IN || status == PGRES_EMPTY_QUERY;
    if (success)
        return result;
    PgError error;
    if (raw) {
        error.sqlState = field(raw, PG_DIAG_SQLSTATE);
        error.message = field(raw, PG_DIAG_MESSAGE_PRIMARY);
        error.detail = field(raw, PG_DIAG_MESSAGE_DETAIL);
        error.hint = field(raw, PG_DIAG_MESSAGE_HINT);
        if (error.message.isEmpty())
            error.message = QString::fromUtf8(PQresultErrorMessage(raw)).trimmed();
    }
    error.connectionLost = connectionLost;
    return fromError(std::move(error));
}

int PgResult::rows() const {
    return m_result ? PQntuples(m_result.get()) : 0;
}

int PgResult::columns() const {
    return m_result ? PQnfields(m_result.get()) : 0;
}

int PgResult::column(const char *name) const {
    return m_result ? PQfnumber(m_result.get(), name) : -1;
}

int PgResult::checked(const char *name) const {
    const int col = column(name);
    Q_ASSERT_X(col >= 0, "PgResult", name);
    return col;
}

qint64 PgResult::affectedRows() const {
    return m_result ? QByteArray(PQcmdTuples(m_result.get())).toLongLong() : 0;
}

bool PgResult::isNull(int row, int col) const {
    return !m_result || col < 0 || row >= rows() || PQgetisnull(m_result.get(), row, col);
}

QString PgResult::text(int row, int col) const {
    if (isNull(row, col))
        return {};
    return QString::fromUtf8(PQgetvalue(m_result.get(), row, col),
                             PQgetlength(m_result.get(), row, col));
}

qint64 PgResult::toInt64(int row, int col, qint64 fallback) const {
    if (isNull(row, col))
        return fallback;
    bool ok = false;
    const qint64 value = QByteArray(PQgetvalue(m_result.get(), row, col)).toLongLong(&ok);
    return ok ? value : fallback;
}

bool PgResult::toBool(int row, int col) const {
    return !isNull(row, col) && PQgetvalue(m_result.get(), row, col)[0] == 't';
}

double PgResult::toDouble(int row, int col) const {
    return isNull(row, col) ? 0.0 : QByteArray(PQgetvalue(m_result.get(), row, col)).toDouble();
}

QDateTime PgResult::toDateTime(int row, int col) const {
    if (isNull(row, col))
        return {};
    // Sessions run with DateStyle ISO, so values look like "2026-11-29 14:08:26.123+00".
    QString value = text(row, col);
    value.replace(10, 1, QLatin1Char('T'));
    if (value.size() >= 3 && (value.at(value.size() - 3) == QLatin1Char('+') ||
                              value.at(value.size() - 3) == QLatin1Char('-')))
        value += QStringLiteral(":00");
    QDateTime parsed = QDateTime::fromString(value, Qt::ISODateWithMs);
    return parsed.isValid() ? parsed.toUTC() : parsed;
}

QJsonValue PgResult::toJson(int row, int col) const {
    if (isNull(row, col))
        return QJsonValue(QJsonValue::Undefined);
    const QByteArray raw(PQgetvalue(m_result.get(), row, col),
                         PQgetlength(m_result.get(), row, col));
    // QJsonDocument only parses objects and arrays at top level; wrap to accept scalars too.
    const QJsonDocument doc = QJsonDocument::fromJson("[" + raw + "]");
    if (!doc.isArray() || doc.array().isEmpty())
        return QJsonValue(QJsonValue::Undefined);
    return doc.array().first();
}

} // namespace dedup::store
