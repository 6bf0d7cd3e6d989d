#pragma once

#include "store/StoreMetrics.h"

#include <QString>

namespace dedup::cli {

// The Prometheus text exposition format (version 0.0.4) of the store's figures, as
// `dedupctl metrics` prints and serves them (docs/CLI.md lists the metrics).
class MetricsText {
public:
    static QString format(const store::StoreMetrics &metrics);
    // A label value as the format wants it: backslash, double quote and line feed escaped.
    static QString labelValue(const QString &value);
};

} // namespace dedup::cli
