#pragma once

#include "store/PgParams.h"

#include <QString>

#include <utility>

namespace dedup::store {

// Collects the parameters of a statement built from optional criteria and hands out their
// placeholders ($1, $2, ...) in the order they are bound, so a criterion's text and its value
// are written in one place and the value never enters the SQL text.
class SqlBinder {
public:
    template <typename T>
    QString bind(const T &value) {
        m_params.add(value);
        return QStringLiteral("$%1").arg(m_params.size());
    }
    PgParams &params() { return m_params; }
    const PgParams &params() const { return m_params; }
    PgParams take() { return std::move(m_params); }

private:
    PgParams m_params;
};

} // namespace dedup::store
