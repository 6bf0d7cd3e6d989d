#pragma once

namespace dedup::widgets {

// The console's tunables, saved in QSettings ("preferences/..."), applied to every model of
// the attached store (StoreSession).
struct Preferences {
    static constexpr int DefaultStatementTimeoutSeconds = 30;
    static constexpr int DefaultMaxRows = 20000;
    static constexpr bool DefaultAlertsEnabled = true;
    static constexpr int DefaultStuckAlertRuns = 1;
    static constexpr int MaxStuckAlertRuns = 1000000;
    static constexpr int DefaultReviewAlertMinutes = 60;
    static constexpr int MaxReviewAlertMinutes = 10080; // a week

    // statement_timeout of the views' queries: a query that takes longer is stopped by the
    // server, so a forgotten filter over millions of runs cannot keep a backend busy.
    int statementTimeoutSeconds = DefaultStatementTimeoutSeconds;
    // Rows the runs list keeps in memory (then: "narrow the filter").
    int maxRows = DefaultMaxRows;
    // Alerts (docs/CONSOLE.md "Alerts"): the tray (or, without one, the status bar) says when
    // the stuck count reaches stuckAlertRuns or the oldest run in review has waited
    // reviewAlertMinutes.
    bool alertsEnabled = DefaultAlertsEnabled;
    int stuckAlertRuns = DefaultStuckAlertRuns;
    int reviewAlertMinutes = DefaultReviewAlertMinutes;

    static Preferences load();
    void save() const;

    friend bool operator==(const Preferences &, const Preferences &) = default;
};

} // namespace dedup::widgets
