#pragma once

#include <QList>
#include <QString>

namespace dedup::store {

// The figures `dedupctl metrics` exports (docs/CLI.md), as the login may read them: a login
// limited to workflows or scope prefixes gets the figures of its own runs only.
struct StoreMetrics {
    struct Figure {
        QString workflow; // '' for duplicates (counted store-wide by outcome)
        QString series;   // runs: status; duplicates: outcome; failures: error class;
                          // pauses: scope prefix ('' = every scope)
        qint64 n = 0;
    };
    qint64 stuck = 0;           // processing runs whose lease has expired
    qint64 reviewRuns = 0;      // runs in manual_review
    double reviewOldestAge = 0; // seconds since the oldest of them went to review; 0: none
    QList<Figure> runs;         // by workflow and status
    QList<Figure> duplicates;   // duplicate deliveries by outcome
    QList<Figure> failures;     // failed or in-review runs by workflow and last error class
    QList<Figure> pauses;       // one per pause the login may read (n = 1), by workflow and prefix
};

} // namespace dedup::store
