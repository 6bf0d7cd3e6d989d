#include "store/PgParams.h"

#include <QJsonDocument>

namespace dedup::store {

PgParams &PgParams::addRaw(QByteArray value) {
    m_values.emplace_back(std::move(value));
    return *this;
}

PgParams &PgParams::add(const QString &value) {
    if (value.isNull())
        return addNull();
    return addRaw(value.toUtf8());
}

PgParams &PgParams::add(qint64 value) {
    return addRaw(QByteArray::number(value));
}

PgParams &PgParams::add(bool value) {
    return addRaw(value ? "true" : "false");
}

PgParams &PgParams::add(const QDateTime &value) {
    if (!value.isValid())
        return addNull();
    // ISO 8601 with an explicit offset: independent of the session's TimeZone setting.
    return addRaw(value.toUTC().toString(Qt::ISODateWithMs).toUtf8());
}

PgParams &PgParams::add(const QJsonObject &value) {
    return addRaw(QJsonDocument(value).toJson(QJsonDocument::Compact));
}

PgParams &PgParams::add(const QJsonArray &value) {
    return addRaw(QJsonDocument(value).toJson(QJsonDocument::Compact));
}

PgParams &PgParams::add(const QStringList &value) {
    // Array literal with every element quoted, so commas, braces and quotes in names survive.
    QByteArray literal = "{";
    for (qsizetype i = 0; i < value.size(); ++i) {
        if (i > 0)
            literal += ',';
        QByteArray element = value.at(i).toUtf8();
        element.replace('\\', "\\\\").replace('"', "\\\"");
        literal += '"' + element + '"';
    }
    literal += '}';
    return addRaw(literal);
}

PgParams &PgParams::add(const std::optional<QString> &value) {
    return value ? add(*value) : addNull();
}

PgParams &PgParams::add(const std::optional<qint64> &value) {
    return value ? add(*value) : addNull();
}

PgParams &PgParams::addNull() {
    m_values.emplace_back(std::nullopt);
    return *this;
}

std::vector<const char *> PgParams::pointers() const {
    std::vector<const char *> result;
    result.reserve(m_values.size());
    for (const auto &value : m_values)
        result.push_back(value ? value->constData() : nullptr);
    return result;
}

} // namespace dedup::store
