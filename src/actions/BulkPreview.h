#pragma once

#include "actions/BulkTarget.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace dedup::actions {

// Runs per status or per workflow.
struct BulkCount {
    QString name;
    qint64 runs = 0;

    friend bool operator==(const BulkCount &, const BulkCount &) = default;
};

// The impact preview of a bulk action (docs/CONSOLE.md "Actions", issue 6 "Bulk actions"),
// computed by the server (BulkPreviewLoader): how many runs, which statuses and workflows, how
// many have steps with an unknown outcome, how many changed since they were selected, and whether
// the operator must type a confirmation.
class BulkPreview {
    Q_DECLARE_TR_FUNCTIONS(BulkPreview)

public:
    static constexpr qint64 DefaultConfirmationThreshold = 100;

    BulkTarget::Kind kind = BulkTarget::Kind::Selection;
    // Selection: the distinct selected runs that still exist; filter: the runs matching it
    // (at most cap + 1 counted: then exact is false).
    qint64 matched = 0;
    bool exact = true;
    qint64 cap = 0;              // filter: where counting stopped
    qint64 estimated = -1;       // filter, !exact: the planner's estimate of the matching runs
    QList<BulkCount> byStatus;   // current status, most runs first
    QList<BulkCount> byWorkflow; // most runs first, at most the loader's workflow limit
    bool moreWorkflows = false;  // more workflows than listed

    // The runs the operation will be applied to (status applicable: as seen for a selection,
    // as it is now for a filter); the others are left out.
    qint64 applicable = 0;
    qint64 notApplicable = 0; // matched runs in a status the action does not apply to
    // Selection: applicable runs whose token or status changed since they were selected, or
    // that are gone; the operation skips them ('changed') unless they are back as seen.
    qint64 changedSinceSelection = 0;
    qint64 missing = 0; // selection: selected runs that no longer exist (purged)
    // Of the applicable runs: those with a step whose outcome is unknown (uncertain, or in
    // progress under a lease the action ends), and those of them without a downstream key
    // (a continuation stops there unless uncertain steps are rerun).
    qint64 withUncertainSteps = 0;
    qint64 uncertainWithoutKey = 0;

    qint64 confirmationThreshold = DefaultConfirmationThreshold;

    bool canStart() const { return applicable > 0; }
    // From `confirmationThreshold` runs on (or when the count is not exact) the operator
    // must type confirmationText().
    bool requiresTypedConfirmation() const;
    // The number of runs ("3000"), or, when the count is not exact, the word "all"
    // (translated).
    QString confirmationText() const;
    // Whether `typed` confirms: the number (group separators and surrounding spaces
    // ignored) or the word (case-insensitive). Always true when no typed confirmation is
    // required.
    bool confirmationMatches(const QString &typed) const;

    // What the operator should know before confirming, one sentence each.
    QStringList warnings() const;
    // "3,000 runs: 2,900 failed, 100 manual_review", for the dialog's first line.
    QString summary() const;
};

} // namespace dedup::actions

Q_DECLARE_METATYPE(dedup::actions::BulkPreview)
