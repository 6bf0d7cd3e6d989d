#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace dedup::store {

// What dedup.begin_step tells the worker to do before a side effect.
enum class StepAnswer {
    Run,       // "run": do the side effect now (send the downstream key to the provider)
    Skip,      // "skip": already done or skipped; do not repeat it
    Uncertain, // "uncertain": outcome unknown, not safe to repeat; the run went to
               // manual_review and the lease is gone: stop working on the run
    Paused,    // "paused": the workflow is paused with "stop before the next step"; nothing of
               // the step happened, the run was released (a retryable failure that costs no
               // attempt) and the lease is gone: stop, deliver the job again later
};

inline QString toString(StepAnswer answer) {
    switch (answer) {
    case StepAnswer::Run:
        return QStringLiteral("run");
    case StepAnswer::Skip:
        return QStringLiteral("skip");
    case StepAnswer::Uncertain:
        return QStringLiteral("uncertain");
    case StepAnswer::Paused:
        return QStringLiteral("paused");
    }
    return {};
}

inline std::optional<StepAnswer> stepAnswerFromString(QStringView text) {
    for (StepAnswer a :
         {StepAnswer::Run, StepAnswer::Skip, StepAnswer::Uncertain, StepAnswer::Paused}) {
        if (text == toString(a))
            return a;
    }
    return std::nullopt;
}

} // namespace dedup::store
