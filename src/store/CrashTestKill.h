#pragma once

namespace dedup::store {

// What a killed worker left: a step in progress, and whether the provider had already
// recorded the step's side effect (the kill fell between its commit and complete_step).
struct CrashTestKill {
    bool midStep = false;
    bool afterCommit = false;
};

} // namespace dedup::store
