#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

// docs/RELIABILITY.md "Fault-injection suite", line 5b: audit rows cannot be changed.
//
// In each round the operator appends audit rows (real actions, as t_operator), then every
// role (t_viewer, t_worker, t_operator and the owner) tries to rewrite the log: UPDATE of a
// row's reason and of every hash, DELETE of one row and of all, TRUNCATE, and for the
// non-owners also INSERT of a forged row, UPDATE of the chain head and disabling the
// append-only trigger; the operator also resends an applied action with its key and another
// reason. Non-owners must be refused by privilege (42501), the owner by the append-only
// triggers (DD008), the resend must replay; after each attempt the log must be unchanged and
// dedup.verify_audit() must find the chain intact. Once per run it also checks the other
// side: an owner that bypasses the triggers (session_replication_role, in a transaction that
// is rolled back) is caught by verify_audit().
class AuditImmutability {
public:
    struct Options {
        int rounds = 20;
        quint32 seed = 1;
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
