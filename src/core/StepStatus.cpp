#include "StepStatus.h"

#include <QtGlobal>

#include <algorithm>
#include <iterator>

namespace dedup::core {

namespace {

struct StatusInfo {
    StepStatus status;
    const char16_t *name;
    bool terminal;
};

// Declaration order; the names are the database contract.
constexpr StatusInfo kStatuses[] = {
    {StepStatus::Pending, u"pending", false},
    {StepStatus::InProgress, u"in_progress", false},
    {StepStatus::Done, u"done", true},
    {StepStatus::Failed, u"failed", false},
    {StepStatus::Uncertain, u"uncertain", false},
    {StepStatus::Skipped, u"skipped", true},
};

struct Transition {
    StepStatus from;
    StepStatus to;
};

// The one place that defines the step lifecycle. The SQL protocol functions enforce the same
// table; keep them in step.
constexpr Transition kTransitions[] = {
    {StepStatus::Pending, StepStatus::InProgress},   // begin_step
    {StepStatus::Pending, StepStatus::Skipped},      // not needed for this run
    {StepStatus::InProgress, StepStatus::Done},      // complete_step
    {StepStatus::InProgress, StepStatus::Failed},    // fail_step
    {StepStatus::InProgress, StepStatus::Uncertain}, // owner lost its lease mid-step
    {StepStatus::Failed, StepStatus::InProgress},    // retry
    {StepStatus::Failed, StepStatus::Skipped},       // operator decided it is not needed
    {StepStatus::Uncertain, StepStatus::InProgress}, // re-executed with its downstream key
    {StepStatus::Uncertain, StepStatus::Done},       // operator confirmed it happened
    {StepStatus::Uncertain, StepStatus::Skipped},    // operator decided it is not needed
};

constexpr const StatusInfo &info(StepStatus status) {
    const auto *it = std::find_if(std::begin(kStatuses), std::end(kStatuses),
                                  [status](const StatusInfo &s) { return s.status == status; });
    Q_ASSERT(it != std::end(kStatuses));
    return *it;
}

// A final status with a way out would contradict the tables; fail the build, not a test.
constexpr bool terminalStatusesHaveNoExit() {
    return std::none_of(std::begin(kTransitions), std::end(kTransitions),
                        [](const Transition &t) { return info(t.from).terminal; });
}
static_assert(terminalStatusesHaveNoExit());

} // namespace

QList<StepStatus> allStepStatuses() {
    QList<StepStatus> result;
    for (const StatusInfo &s : kStatuses)
        result.append(s.status);
    return result;
}

QString toString(StepStatus status) {
    return QStringView(info(status).name).toString();
}

std::optional<StepStatus> stepStatusFromString(QStringView name) {
    for (const StatusInfo &s : kStatuses) {
        if (name == QStringView(s.name))
            return s.status;
    }
    return std::nullopt;
}

bool isTerminal(StepStatus status) {
    return info(status).terminal;
}

bool canTransition(StepStatus from, StepStatus to) {
    return std::any_of(std::begin(kTransitions), std::end(kTransitions),
                       [&](const Transition &t) { return t.from == from && t.to == to; });
}

QList<StepStatus> allowedTransitions(StepStatus from) {
    QList<StepStatus> result;
    for (const StatusInfo &s : kStatuses) {
        if (canTransition(from, s.status))
            result.append(s.status);
    }
    return result;
}

} // namespace dedup::core
