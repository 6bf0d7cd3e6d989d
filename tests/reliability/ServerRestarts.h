#pragma once

#include "LineReport.h"

// docs/RELIABILITY.md "Fault-injection suite", line 7: the whole PostgreSQL server crashed
// and restarted under traffic, again and again.
//
// A server of the line's own (TestServer: synchronous commits, so an acknowledged commit
// survives; the shared test cluster is never killed) runs the demo's traffic (DemoTraffic:
// patients' visits across the five workflows, a quarter of the intents delivered twice,
// 3 worker threads, lease 2 s, no provider faults and no worker crashes, so that whatever
// goes wrong is the crashes'). Each trial lets it run for `upMs`, kills the server with
// SIGKILL (the postmaster and every process it started) and starts it again `downMs` later.
// The traffic's connections (workers, heartbeats, providers and their ledger) must come back
// by themselves.
//
// Afterwards, from the store and the providers' ledger: a crash counts as survived when every
// run created between its restart and one second before the next crash (or the end)
// succeeded; runs in flight at a crash may end in review when a non-deduplicating step's
// outcome became unknown (counted, not a failure). Lost: runs left `processing` after
// recovery. Duplicated: side effects beyond the first per intent and operation.
class ServerRestarts {
public:
    struct Options {
        int restarts = 10;
        quint32 seed = 1;
        int upMs = 4000;
        int downMs = 2000;
    };

    static LineReport run(const Options &options);
};
