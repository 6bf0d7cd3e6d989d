#pragma once

#include "core/Result.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace dedup::store {
class PgConnection;
}

namespace dedup::sim {

// Narrows a ledger query; an unset field matches everything (an empty string is a value:
// the default label is "").
struct LedgerFilter {
    std::optional<QString> label;
    std::optional<QString> provider;
    std::optional<QString> operation;
    std::optional<QString> intent;
};

// One side effect, as `sim.ledger` recorded it.
struct LedgerEntry {
    qint64 id = 0;
    QString label;
    QString provider;
    QString operation;
    QString intent;
    std::optional<QString> downstreamKey;
    QString ref;
    QJsonObject payload;
    QString fault; // empty for a clean call
    bool providerCopy = false;
    QDateTime at;
};

// Side effects of one (label, provider, operation), or of everything a filter matched
// (totals(): then label, provider and operation are empty).
//
// A duplicate is a side effect beyond the first for the same (label, provider, operation,
// intent): the second patient message, the second invoice. `providerDuplicates` is the part
// of them the provider made by itself (the duplication fault), which no caller-side protocol
// can prevent; the rest is what a strategy let through.
struct EffectCount {
    QString label;
    QString provider;
    QString operation;
    qint64 sideEffects = 0;
    qint64 intents = 0; // distinct intents with at least one side effect
    qint64 duplicates = 0;
    qint64 providerDuplicates = 0;
};

// An intent with more than one side effect of one operation.
struct DuplicateGroup {
    QString label;
    QString provider;
    QString operation;
    QString intent;
    qint64 sideEffects = 0;
    QStringList refs; // in the order they were made
};

// Reads the side-effect ledger of the simulated providers: the ground truth that tests and
// reports compare against ("exactly one patient message"), counted, not assumed.
class Ledger {
    Q_DECLARE_TR_FUNCTIONS(dedup::sim::Ledger)

public:
    enum class Error { None, Database };
    template <typename T>
    using Result = core::Result<T, Error>;

    explicit Ledger(store::PgConnection &connection);

    // Per (label, provider, operation), in that order.
    Result<QList<EffectCount>> counts(const LedgerFilter &filter = {});
    // Everything the filter matches, summed.
    Result<EffectCount> totals(const LedgerFilter &filter = {});
    // The intents that got more than one side effect, ordered by label, provider, operation,
    // intent.
    Result<QList<DuplicateGroup>> duplicates(const LedgerFilter &filter = {});
    // The rows themselves, oldest first, at most `limit`.
    Result<QList<LedgerEntry>> entries(const LedgerFilter &filter = {}, int limit = 1000);
    // What happened for one intent, oldest first.
    Result<QList<LedgerEntry>> byIntent(const QString &intent, const LedgerFilter &filter = {});

private:
    store::PgConnection &m_conn;
};

} // namespace dedup::sim
