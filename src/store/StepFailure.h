#pragma once

#include <QString>

namespace dedup::store {

// Why a step did not complete (dedup.fail_step). `uncertain`: the outcome is unknown (a
// timeout after the request was sent), so the step becomes `uncertain`, not `failed`.
struct StepFailure {
    QString errorClass;
    QString message;
    bool uncertain = false;
};

} // namespace dedup::store
