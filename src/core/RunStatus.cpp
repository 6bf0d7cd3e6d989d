#include "RunStatus.h"

#include <QtGlobal>

#include <algorithm>
#include <iterator>

namespace dedup::core {

namespace {

struct StatusInfo {
    RunStatus status;
    const char16_t *name;
    bool terminal;
};

// Declaration order; the names are the database contract.
constexpr StatusInfo kStatuses[] = {
    {RunStatus::Processing, u"processing", false},
    {RunStatus::Succeeded, u"succeeded", true},
    {RunStatus::Failed, u"failed", false},
    {RunStatus::ManualReview, u"manual_review", false},
    {RunStatus::Cancelled, u"cancelled", true},
};

struct Transition {
    std::optional<RunStatus> from; // std::nullopt: the row does not exist yet
    RunStatus to;
};

// The one place that defines the run lifecycle. The SQL protocol functions enforce the same
// table; keep them in step.
constexpr Transition kTransitions[] = {
    {std::nullopt, RunStatus::Processing},            // claim acquired
    {RunStatus::Processing, RunStatus::Processing},   // lease takeover (token bump)
    {RunStatus::Processing, RunStatus::Succeeded},    // worker succeeded
    {RunStatus::Processing, RunStatus::Failed},       // worker failed (retryable or not)
    {RunStatus::Processing, RunStatus::ManualReview}, // attempts exhausted, or routed
    {RunStatus::Processing, RunStatus::Cancelled},    // operator cancelled
    {RunStatus::Failed, RunStatus::Processing},       // retry claim or continuation taken
    {RunStatus::Failed, RunStatus::ManualReview},     // routed to review
    {RunStatus::Failed, RunStatus::Cancelled},        // operator cancelled
    {RunStatus::ManualReview, RunStatus::Processing}, // continuation taken
    {RunStatus::ManualReview, RunStatus::Succeeded},  // resolved manually
    {RunStatus::ManualReview, RunStatus::Cancelled},  // resolved by cancelling
};

constexpr const StatusInfo &info(RunStatus status) {
    const auto *it = std::find_if(std::begin(kStatuses), std::end(kStatuses),
                                  [status](const StatusInfo &s) { return s.status == status; });
    Q_ASSERT(it != std::end(kStatuses));
    return *it;
}

// The tables must agree with each other: a terminal status with a way out would be a
// contradiction, so it fails the build rather than a test.
constexpr bool terminalStatusesHaveNoExit() {
    return std::none_of(std::begin(kTransitions), std::end(kTransitions), [](const Transition &t) {
        return t.from.has_value() && info(*t.from).terminal;
    });
}
static_assert(terminalStatusesHaveNoExit());

bool inTable(std::optional<RunStatus> from, RunStatus to) {
    return std::any_of(std::begin(kTransitions), std::end(kTransitions),
                       [&](const Transition &t) { return t.from == from && t.to == to; });
}

} // namespace

QList<RunStatus> allRunStatuses() {
    QList<RunStatus> result;
    for (const StatusInfo &s : kStatuses)
        result.append(s.status);
    return result;
}

QString toString(RunStatus status) {
    return QStringView(info(status).name).toString();
}

std::optional<RunStatus> runStatusFromString(QStringView name) {
    for (const StatusInfo &s : kStatuses) {
        if (name == QStringView(s.name))
            return s.status;
    }
    return std::nullopt;
}

bool isTerminal(RunStatus status) {
    return info(status).terminal;
}

bool canTransition(RunStatus from, RunStatus to) {
    return inTable(from, to);
}

bool canStartAs(RunStatus status) {
    return inTable(std::nullopt, status);
}

QList<RunStatus> allowedTransitions(RunStatus from) {
    QList<RunStatus> result;
    for (const StatusInfo &s : kStatuses) {
        if (canTransition(from, s.status))
            result.append(s.status);
    }
    return result;
}

} // namespace dedup::core
