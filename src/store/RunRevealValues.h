#pragma once

#include "store/StoredJson.h"

#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace dedup::store {

// One step as dedup.op_reveal returns it under "steps": its raw side-effect fields.
struct RevealedStep {
    int ordinal = 0;
    QString name;
    QString downstreamKey; // null QString for NULL
    QString sideEffectRef; // null QString for NULL
    StoredJson error;      // null for NULL

    friend bool operator==(const RevealedStep &, const RevealedStep &) = default;
};

// One event as dedup.op_reveal returns it under "events" (newest first).
struct RevealedEvent {
    qint64 id = 0;
    StoredJson detail;

    friend bool operator==(const RevealedEvent &, const RevealedEvent &) = default;
};

// The raw values of one audited reveal. A field that was not asked for is nullopt; one that
// was asked for and is NULL in the store holds a null QString / a null StoredJson.
struct RunRevealValues {
    qint64 runId = 0;
    std::optional<QString> idemKey;
    std::optional<QString> correlationId;
    std::optional<QString> fingerprint;
    std::optional<StoredJson> context;
    std::optional<StoredJson> result;
    std::optional<StoredJson> lastError;
    std::optional<QString> reviewReason;
    std::optional<QList<RevealedStep>> steps;
    std::optional<QList<RevealedEvent>> events;

    friend bool operator==(const RunRevealValues &, const RunRevealValues &) = default;
};

} // namespace dedup::store

Q_DECLARE_METATYPE(dedup::store::RunRevealValues)
