#pragma once

#include <QCoreApplication>
#include <QJsonValue>
#include <QString>

namespace dedup::models {

// One-line renderings of the store's jsonb values for table cells (the full value goes in
// the tooltip / detail pane as the server's pretty text).
class JsonSummary {
    Q_DECLARE_TR_FUNCTIONS(JsonSummary)

public:
    // An object as "key: value, key: value" (nulls left out), an array as its items, a
    // scalar as itself; cut to `maxLength` characters with an ellipsis. Empty for undefined.
    static QString compact(const QJsonValue &value, int maxLength = 200);

    // What an audited action changed, from the run state before and after it
    // (dedup._run_state): "status: processing → failed; lease_token: 1 → 2;
    // step send: in_progress → uncertain". updated_at is left out (it changes with every
    // action). Empty when `after` is undefined (a refused action changed nothing) or equal.
    static QString describeChange(const QJsonValue &before, const QJsonValue &after);

private:
    static QString scalar(const QJsonValue &value);
};

} // namespace dedup::models
