#pragma once

#include "LineReport.h"
#include "ReliabilityTarget.h"

// docs/RELIABILITY.md "Fault-injection suite", line 5a: the viewer role cannot change anything
// through any path.
//
// Enumerates schema dedup from the catalog, so that functions and tables added by later
// migrations are covered without touching this file: every function in pg_proc (called as
// t_viewer with NULL arguments of its own types), every table, view and sequence in pg_class
// (INSERT, UPDATE of each column, DELETE, TRUNCATE, SELECT ... FOR UPDATE, LOCK, ALTER,
// nextval/setval), creating objects in the schema, and switching to a role with more rights.
// Every attempt must be refused with insufficient_privilege (42501), except the functions the
// viewer is granted, which must be SECURITY INVOKER (so they can do no more than the viewer
// itself, which the table attempts bound) or, if SECURITY DEFINER, not VOLATILE (PostgreSQL
// refuses any write inside a STABLE or IMMUTABLE function; the grant lookups of 0010 are
// such); and after every attempt the whole store (each table's contents, each sequence,
// every object and privilege) must be as before.
class ViewerPaths {
public:
    struct Options {
        QString role = QStringLiteral("t_viewer"); // the login role whose privileges are checked
    };

    static LineReport run(const ReliabilityTarget &target, const Options &options);
};
