#pragma once

namespace dedup::widgets {

// The console's tunables, saved in QSettings ("preferences/..."), applied to every model of
// the attached store (StoreSession).
struct Preferences {
    static constexpr int DefaultStatementTimeoutSeconds = 30;
    static constexpr int DefaultMaxRows = 20000;

    // statement_timeout of the views' queries: a query that takes longer is stopped by the
    // server, so a forgotten filter over millions of runs cannot keep a backend busy.
    int statementTimeoutSeconds = DefaultStatementTimeoutSeconds;
    // Rows the runs list keeps in memory (then: "narrow the filter").
    int maxRows = DefaultMaxRows;

    static Preferences load();
    void save() const;

    friend bool operator==(const Preferences &, const Preferences &) = default;
};

} // namespace dedup::widgets
