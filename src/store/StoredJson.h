#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QMetaType>
#include <QString>

namespace dedup::store {

// A jsonb column as the detail views show it: the server's text of the value (jsonb keeps no
// original formatting: this is its canonical form, one line) and jsonb_pretty()'s indented
// form, both as the server rendered them, so what the operator sees is exactly what is
// stored (no client-side re-ordering of keys or re-rounding of numbers). Null for SQL NULL.
struct StoredJson {
    QString text;   // e.g. {"id": "inv-1", "status": 201}; null QString for SQL NULL
    QString pretty; // jsonb_pretty(value); null QString for SQL NULL

    bool isNull() const { return text.isNull(); }
    // The parsed value; Undefined for SQL NULL (scalars parse too).
    QJsonValue value() const {
        if (text.isNull())
            return QJsonValue(QJsonValue::Undefined);
        // Wrapped in an array so that a scalar parses too; exactly one element, or the text
        // was not one JSON value ("1,2" must not read as 1).
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray("[") + text.toUtf8() + QByteArray("]"));
        return doc.isArray() && doc.array().size() == 1 ? doc.array().first()
                                                        : QJsonValue(QJsonValue::Undefined);
    }

    friend bool operator==(const StoredJson &, const StoredJson &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::StoredJson)
