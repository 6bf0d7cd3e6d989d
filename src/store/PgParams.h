#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace dedup::store {

// Positional parameters ($1, $2, ...) for PQexecParams, in text format. Values are sent
// separately from the statement text, so nothing a user types is ever spliced into SQL.
class PgParams {
public:
    PgParams() = default;

    PgParams &add(const QString &value);
    PgParams &add(const char *value) { return add(QString::fromUtf8(value)); }
    PgParams &add(qint64 value);
    PgParams &add(int value) { return add(qint64(value)); }
    PgParams &add(bool value);
    PgParams &add(const QDateTime &value); // NULL when invalid
    PgParams &add(const QJsonObject &value);
    PgParams &add(const QJsonArray &value);
    PgParams &add(const QStringList &value); // as a text[] literal
    PgParams &add(const std::optional<QString> &value);
    PgParams &add(const std::optional<qint64> &value);
    PgParams &addNull();

    int size() const { return int(m_values.size()); }
    // Pointers stay valid as long as this object is alive and unchanged.
    std::vector<const char *> pointers() const;

private:
    PgParams &addRaw(QByteArray value);

    std::vector<std::optional<QByteArray>> m_values;
};

} // namespace dedup::store
