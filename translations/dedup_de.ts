<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ActionAvailability</name>
    <message>
        <source>The run is %1; this action applies to %2 runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lease is live: its worker is still heartbeating. Only an expired lease can be cleared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A continuation is already queued for this run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ActionDialog</name>
    <message>
        <source>&amp;Look again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the run as it is now and show what the action would do to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-run &amp;uncertain steps (I checked: their side effect did not happen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Assignee:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required: goes into the audit log (e.g. a ticket number)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ActionIntent</name>
    <message>
        <source>A reason is required: it goes into the audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The action has no action key; confirm it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run is selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The note is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the step to settle.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ActionPreview</name>
    <message>
        <source>the provider&apos;s reference %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the request with idempotency key %1 at the provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the provider&apos;s log for this run (no reference was recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot;: the side effect may already have happened (the worker started it and never recorded the outcome). Check %2 before deciding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 does not exist any more (purged?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease cleared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run goes to manual review: its attempts are used up (%1 of %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run becomes failed (retryable): a redelivery or a continuation resumes it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routed to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run waits in the manual review queue; workers leave it alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is finished as succeeded; duplicates get its stored result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is %2: marking the run succeeded says it is not needed or did happen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is cancelled for good: it never runs again and duplicates are answered with its stored result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets who works on the review (now unassigned).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets who works on the review (now %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaces the review note (the audit log keeps the earlier ones).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queued continuation (command %1) is cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lease token goes from %1 to %2: worker %3 is fenced, every further call it makes is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps in progress become uncertain (%1): %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A continuation is queued; every step is done, so the worker that takes it only finishes the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A continuation is queued: of %1 steps, %2 will run, %3 are skipped as done and %4 are uncertain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run stays %1 until a worker takes the continuation; then it is processing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; has no downstream key: the continuation stops there and the run goes back to manual review, unless you settle the step first or confirm that it did not happen (rerun uncertain steps).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; runs again although its outcome is unknown: if it did happen, it happens twice. You vouch that it did not.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; runs again with downstream key %2: the provider deduplicates it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has no step &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is %2; it cannot be settled as %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is recorded as done: a continuation skips it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is skipped: a continuation never runs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run changed since you looked at it (you saw it %1 with lease token %2; it is now %3 with token %4). Look at it again before deciding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (unchanged until a worker takes the continuation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (unchanged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ActionResult</name>
    <message>
        <source>%1 applied to run %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 had already been applied to run %2 by an earlier send of the same request; nothing was done twice (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was done to run %1: it changed since you looked at it (%2). Look at it again before deciding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your database role may not change runs (read-only access). Nothing was done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database could not be reached (%1 attempts). It is not known whether the action reached it; sending the same action again is safe: it is never applied twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The action took too long (the run may be held by a worker) and was stopped. Nothing was done; try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This action key was already used for another action. Nothing was done; confirm the action again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run has no such step. Nothing was done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database refused the action: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The action failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditLogView</name>
    <message>
        <source>R&amp;un:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Action:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;ole:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;utcome:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;When:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an entry to see its parameters and the run before and after</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AuditVerifier</name>
    <message>
        <source>the audit chain head is missing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BulkActionDialog</name>
    <message>
        <source>Re-run &amp;uncertain steps (I checked: their side effect did not happen)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Assignee:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required: goes into every run&apos;s audit entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Confirm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;bort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BulkOperations</name>
    <message>
        <source>A reason is required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs to add.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no bulk operation %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BulkPlan</name>
    <message>
        <source>A reason is required: every run&apos;s audit entry carries it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs are selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the selected runs is in a state this action applies to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The filter&apos;s statuses do not include any this action applies to.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BulkPreview</name>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More than %1 runs match; the exact number is known once the operation is prepared (the planner estimates %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the runs are in a state this action does not apply to; they are left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs changed since you selected them (or are gone); they will be skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs have a step whose side effect may already have happened; check the provider before acting on them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs have such a step without a downstream key: a continuation stops there and sends them back to review unless uncertain steps are rerun.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BulkReport</name>
    <message>
        <source>%1 runs: %2 applied, %3 skipped because they changed, %4 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 were not applied (the operation was aborted).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CliCommand</name>
    <message>
        <source>Database to use: a libpq connection string or URI, or service=NAME. Without it, the PG* environment variables, pg_service.conf and .pgpass apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conninfo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print machine-readable JSON instead of text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl: cannot connect: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionCheck</name>
    <message>
        <source>the local socket (port %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the socket in %1 (port %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server asks for a password for role %1. Type it in the password field (store it in the keychain to connect without typing), or put it in ~/.pgpass.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server has no role called %1. Check the user name, or ask the database administrator to create the role.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not let role %1 connect to database %2 from this host (pg_hba.conf). Ask the database administrator for an entry, or check whether sslmode must be require.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the login of role %1. Check the user name and the password (a password remembered in the keychain or ~/.pgpass may be out of date).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no database called %1 at %2. Check the database name; a new store is created with CREATE DATABASE and then `dedupctl migrate --db ...`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role %1 may not connect to database %2 (no CONNECT privilege). Ask the database administrator: GRANT CONNECT ON DATABASE %2 TO %1;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server at %1 does not offer TLS, but this connection requires it (sslmode=%2). Enable ssl on the server, or choose a weaker sslmode only if the network is trusted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The root certificate needed to verify the server (sslmode=%1) is missing or unreadable. Choose the certificate of the authority that signed the server&apos;s certificate under &quot;Root certificate&quot;, or install it as ~/.postgresql/root.crt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not issued for the host name used (sslmode=verify-full). Connect with the name the certificate names, or ask for a certificate that includes this name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not signed by the given root certificate. Check that &quot;Root certificate&quot; is the authority that issued the server&apos;s certificate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The encrypted connection to %1 could not be set up (sslmode=%2). Check the TLS settings and certificates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service named in these settings is not defined. Check its name against pg_service.conf (~/.pg_service.conf, the file in PGSERVICEFILE, or the system-wide one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libpq cannot use these settings as written: see the details, correct the profile and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host name in %1 cannot be resolved. Check its spelling and the network&apos;s name service (DNS, /etc/hosts).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer within the connect timeout. Check the host and port, the network (VPN, firewall) and that the server is up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something answered at %1, but it is not a PostgreSQL server. Check the port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No PostgreSQL server listens on %1. Check that the server runs on this machine and that the socket directory and port match its unix_socket_directories and port settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No PostgreSQL server answers at %1. Check the host and port, that the server is running and accepts TCP connections (listen_addresses), and that no firewall is in the way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to %1: see the details. If the server is starting, shutting down or full, try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection settings cannot be read: write a postgresql:// URI or key=value pairs (values with spaces in single quotes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected, but could not read the role&apos;s privileges: see the details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database %1 holds no dedup store (schema dedup is missing). Check the database name; to create the store there, run as its owner: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role %1 may not read the dedup store: it is in neither dedup_viewer nor dedup_operator. Ask the database administrator for GRANT dedup_viewer TO %1; (read-only) or GRANT dedup_operator TO %1;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected, but could not read the store&apos;s schema version: see the details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database %1 holds an empty dedup schema (no migration recorded). To create the store, run as its owner: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is at schema version %1; this console needs version %2. Upgrade it, as its owner: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The store is at schema version %1, newer than this console (version %2). Install a newer Dedup Console; this one could misread the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected as %1 (%2) to %3, PostgreSQL %4, schema v%5, TLS %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>Connect to a dedup store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new, empty profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A copy of the selected profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the selected profile and its keychain entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile na&amp;me:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name this profile is saved under (and its keychain entry)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection strin&amp;g</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name or address; empty: PGHOST or the local socket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: PGPORT or 5432</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data&amp;base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: PGDATABASE or the user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use&amp;r:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: PGUSER or your login name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ser&amp;vice:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a section of pg_service.conf (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>postgresql://user@host:5432/dbname</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anything libpq accepts: a postgresql:// URI, key=value pairs (host=db dbname=dedup user=alice) or service=name from pg_service.conf. Leave the password out: choose how it is given below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS (ss&amp;lmode):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;oot certificate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: PGSSLROOTCERT or ~/.postgresql/root.crt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect t&amp;imeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in the system &amp;keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Ask each time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No password h&amp;ere (.pgpass, PGPASSWORD, peer or certificate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remember in ke&amp;ychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this profile (never its password; that goes to the keychain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop waiting for this attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection string cannot be read (%1). Write a postgresql:// URI or key=value pairs, with values containing spaces in single quotes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection string contains a password. Passwords are never saved with a profile: remove it from the string, then choose &quot;System keychain&quot; or &quot;Ask each time&quot; and type it in the password field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connect timeout cannot be negative (0 waits as long as the system does).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These settings do not make a valid connection string (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a port number: use 1 to 65535 (PostgreSQL listens on 5432 unless configured otherwise).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connect_timeout must be a whole number of seconds, not &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sslmode &quot;%1&quot; is not one of %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The root certificate file %1 does not exist. Choose the certificate of the authority that signed the server&apos;s certificate, or clear the field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sslmode %1 checks the server&apos;s certificate, so it needs the root certificate of the authority that signed it: choose it under &quot;Root certificate&quot;, or install it as %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>service %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>service %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local socket</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionProfiles</name>
    <message>
        <source>A profile needs a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another profile is already called &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionReport</name>
    <message>
        <source>operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>viewer (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CorrelationView</name>
    <message>
        <source>Correlation &amp;id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run sharing this correlation id, e.g. one patient visit (Return shows them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CrashTestCommand</name>
    <message>
        <source>Kill worker processes with SIGKILL at random moments and check that no intent was lost or duplicated.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intents to enqueue (default 200); more are added while kills remain and the queue ran dry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each intent is delivered 1 to this many times (default 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker processes (default 3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SIGKILLs to deliver (default 50).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the traffic and the kills (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workers&apos; run lease (default 500).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait between a provider call&apos;s return and its recording (default 20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds to wait for the queue to drain after the last kill (default 120).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the worker processes&apos; error output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl crash-test: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid number in the options (see --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dedup schema is at version %1, this dedupctl needs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crash test %1: %2 intents, %3 deliveries, %4 workers, %5 SIGKILLs (%6 during a delivery, %7 during a step, %8 of them after the provider committed) in %9 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side effects %1; duplicates: deduplicating steps %2, other steps %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs: %1 succeeded, %2 manual review (%3 with an uncertain step), %4 failed, %5 lost; worker processes that died by themselves: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl crash-test: the queue did not drain within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DemoCommand</name>
    <message>
        <source>Directory of the demo cluster (default: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl demo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo store ready: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>press Ctrl-C to stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the demo store (a private PostgreSQL under your data directory) with live traffic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start and migrate, print the connection string, and leave the server running (no traffic).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New business intents per second of the demo traffic (default: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the traffic&apos;s mix of workflows, duplicates and faults (default: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only run the store; send no traffic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs: %2 succeeded, %3 failed, %4 in manual review, %5 stuck, %6 processing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> | %1 deliveries, %2 duplicates, %3 crashes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl demo: --rate must be a number above 0 and at most 10000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl demo: --seed must be a non-negative integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl demo: the demo traffic did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo traffic: %1 intents/s over five workflows, with duplicates, provider faults and crashed workers (seed %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo traffic stopped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DurationText</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JsonSummary</name>
    <message>
        <source>step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LocalCluster</name>
    <message>
        <source>running as root, but there is no &apos;postgres&apos; user to run the server as (install postgresql-15)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create directory %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot hand %1 to the postgres user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not finish in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no free TCP port on loopback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server started but accepts no connections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>server %1 does not stop</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Dedup Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Dedup Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a dedup store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a Store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to a dedup store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Disconnect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light or dark, as the desktop is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MigrateCommand</name>
    <message>
        <source>Create or upgrade the dedup schema (safe to run again).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only print the database&apos;s and this program&apos;s versions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl migrate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database schema version %1, this program&apos;s %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>schema already at version %1, nothing to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>schema now at version %1 (was %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Migrator</name>
    <message>
        <source>this build contains no migrations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the database schema is version %1, newer than this program&apos;s %2; use a newer dedup-console/dedupctl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migration %1 was changed after it was applied to this database (checksum mismatch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>migration %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperatorActionText</name>
    <message>
        <source>Clear stale lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue (targeted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route to manual review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve: mark succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve: cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve: continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assign</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settle step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear stale leases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue runs (targeted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route runs to manual review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve reviews</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperatorActions</name>
    <message>
        <source>A reason is required for every action.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The action key is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unexpected answer from the database to an action on run %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Query time limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server stops a view&apos;s query that takes longer (statement_timeout).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Runs kept in the list:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Beyond this many rows the list asks you to narrow the filter; memory stays bounded.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PurgeCommand</name>
    <message>
        <source>Delete expired finished runs (retention), in short batches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs deleted per transaction (1-%1, default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after this many batches even if expired runs remain (default: no limit).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only count the expired runs that would be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeeded %1, failed %2, cancelled %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl purge: invalid --batch &apos;%1&apos;: use a number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl purge: invalid --max-batches &apos;%1&apos;: use a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl purge: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl purge: purged before the error: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1: purged %2 (%3) in %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to purge: no expired runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total purged: %1 (%2); batches: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped at --max-batches %1: expired runs may remain; run purge again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: nothing to purge: no expired runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dry run: expired runs: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>would purge: %1 (batches: %2 of up to %3 runs); nothing was deleted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewQueueView</name>
    <message>
        <source>&amp;Workflow:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Key starts with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ass&amp;igned to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assign to &amp;me…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Note…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resolve</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunDetailView</name>
    <message>
        <source>&amp;Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;try</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workflow:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correlation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept until:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last heartbeat:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Class:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retryable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assignee:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunFilter</name>
    <message>
        <source>The workflow filter is empty: enter a workflow name or clear the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The workflow contains a NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scope filter is empty: enter a scope or clear the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scope contains a NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key to search for is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key contains a NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key prefix must not be empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key prefix contains a NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The correlation id to search for is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The correlation id contains a NUL character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search by exact key or by key prefix, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time range starts (%1) after it ends (%2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunFilterBar</name>
    <message>
        <source>What the search text is matched against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key prefix</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correlation id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search by idempotency key or correlation id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;reated:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm:ss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Workflow:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sco&amp;pe:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every run again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunStatusStyle</name>
    <message>
        <source>Processing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manual review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunsView</name>
    <message>
        <source>Runs matching the filter: exact up to 10,000, above that the planner&apos;s estimate</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunsViewActions</name>
    <message>
        <source>&amp;Find Runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Live Updates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show changes as they happen (pause to read a list that holds still)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the queries of the list that are still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run that shares the selected run&apos;s correlation id</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SimulateCommand</name>
    <message>
        <source>Run the simulator: field scenarios, or mixed traffic with faults through the duplicate-handling strategies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a named scenario under the full protocol and check its expected outcome, or &apos;all&apos; (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the same traffic, with the same faults, through every strategy and print a comparison table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The strategy for the traffic (default full): %1. Several may be given, separated by commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Business intents in the traffic (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each intent is delivered 1 to this many times (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent workers, each with its own connections (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New intents per second (default: as fast as the workers take them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>r</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread the traffic over this many seconds; with --rate, the number of intents is rate x duration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fault rates per provider call, e.g. timeout=0.1,outage=0.05,validation=0.02,duplication=0.01,crash=0.02 (also timeout_before; &apos;none&apos; for no faults; default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the traffic and the faults (default 1): the same seed gives the same traffic and the same faults.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl simulate: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--scenario runs a fixed delivery plan; --%1 does not apply to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown scenario &apos;%1&apos; (known: %2, or all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--compare runs every strategy; leave out --strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown strategy &apos;%1&apos; (known: no-key, key-per-attempt, first-step-only, full)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --intents &apos;%1&apos;: use a whole number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --duplicates &apos;%1&apos;: use a whole number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --workers &apos;%1&apos;: use a whole number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --rate &apos;%1&apos;: use a number of intents per second above 0 and up to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --duration &apos;%1&apos;: use a number of seconds above 0 and up to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give at most two of --intents, --rate and --duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--rate x --duration asks for more than %1 intents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --faults: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --seed &apos;%1&apos;: use a whole number from 0 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl simulate: the dedup schema is at version %1, this dedupctl needs %2: run &apos;dedupctl migrate&apos; first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl simulate: the dedup schema is at version %1, newer than this dedupctl (%2): use a newer dedupctl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl simulate: cannot install the simulator&apos;s schema: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running %1 ...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl simulate: scenario %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all %1 scenario(s) passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>some scenarios FAILED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 intents, each delivered 1-%2 times, %3 workers, faults %4, seed %5 (runs under scope sim/%6/...)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl simulate: the full protocol let %1 duplicate side effect(s) through; see the ledger under label %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StaleCommand</name>
    <message>
        <source>List processing runs whose lease expired (stuck runs), oldest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also list runs processing for longer than this, live lease or not (e.g. 15m, 2h, 1d; units s, m, h, d, w).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show at most this many runs (1-%1, default %2); the count covers all of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the query plans (EXPLAIN ANALYZE) instead of the runs, to check that the store&apos;s indexes serve them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl stale: invalid --older-than &apos;%1&apos;: use a positive whole number and a unit s, m, h, d or w (e.g. 15m, 2h, 1d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl stale: invalid --limit &apos;%1&apos;: use a number from 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl stale: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WORKFLOW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SCOPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KEY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CORRELATION ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TOKEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LEASE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PROCESSING FOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ATTEMPT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live, %1 left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease expired, or processing for more than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lease expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale runs: %1, showing the oldest %2 (%3); use --limit to see more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stale runs: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StepStatusStyle</name>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncertain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StuckView</name>
    <message>
        <source>Processing runs whose lease expired (the worker died or hangs, and nobody took the run over), or that have been processing for longer than the threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also stuck after &amp;processing for:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run whose lease is kept alive but that has been processing (this attempt) for longer than this is stuck too. Off: only expired leases.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VerifyAuditCommand</name>
    <message>
        <source>Verify the audit log&apos;s hash chain (exit 1 if it was tampered with).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl verify-audit: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit chain intact: %1 rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row %1 was changed after it was written: its hash does not match its content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the link into row %1 is broken: a row before it was removed, inserted or re-hashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rows were removed from the end of the chain: the head names row %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>problem &apos;%1&apos; at row %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>audit chain BROKEN at row %1 (%2 rows present)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actual:   %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chain head: row %1, hash %2 (keep it outside the database to detect a rewritten chain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chain head: missing</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkCommand</name>
    <message>
        <source>Run one crash-test worker process: take deliveries from the queue table and process them with the worker protocol.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queue label (and ledger label) to work on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease owner name (default work-&lt;pid&gt;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run lease in ms (default 500).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a taken delivery stays hidden (default 2000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider latency, lower bound (default 20).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider latency, upper bound (default 60).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait after each provider call returned, before recording it (default 0): widens the window between the provider&apos;s commit and complete_step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the provider latencies (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kill this process with SIGKILL right after its n-th provider call (also DEDUP_CRASH_AFTER_PROVIDER).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit once the label has no deliveries left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl work: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--label is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid number in the options (see --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid --crash-after-provider &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl work: giving up on delivery %1 after %2 takes: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl work: unknown workflow %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::app::DemoSession</name>
    <message>
        <source>The demo store did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo store started but does not accept connections: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo store does not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::core::CanonicalJson</name>
    <message>
        <source>The payload is not valid JSON: %1 at byte %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload is not valid JSON: it holds %1 values instead of one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The JSON document is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload contains a number that is not finite.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload contains an undefined JSON value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload contains an object key that is not valid Unicode text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload has the key &quot;%1&quot; twice in one object (keys are compared after Unicode normalisation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The payload contains a string that is not valid Unicode text.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::core::IdempotencyKey</name>
    <message>
        <source>The idempotency key scope is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idempotency key derivation version is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key derivation version &quot;%1&quot; may contain only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An idempotency key needs at least one field; without one every request in the scope would be a duplicate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idempotency key scope is not valid Unicode text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An idempotency key field has an empty name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idempotency key field &quot;%1&quot; has an empty value; is an input missing?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idempotency key field &quot;%1&quot; is not valid Unicode text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The idempotency key field &quot;%1&quot; is given more than once (names are compared after Unicode normalisation).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::core::RetryPolicy</name>
    <message>
        <source>Attempt %1 failed with a %2 error, which is not retried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt %1 of %2 failed with a %3 error and no attempts are left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt %1 of %2 failed with a %3 error; retrying in %4 ms.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::ActionWorker</name>
    <message>
        <source>Unknown action.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::AuditLogModel</name>
    <message>
        <source>Applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused (run had changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database role %1; OS user %2; host %3; address %4; application %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::AuditTableModel</name>
    <message>
        <source>%1 as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused (run had changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database role %1; OS user %2; host %3; address %4; application %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::BulkRunner</name>
    <message>
        <source>%1@%2 (pid %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This runner is busy with operation %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reason is required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bulk operation to control.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::BulkWorker</name>
    <message>
        <source>No bulk operation to control.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation could not be changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The bulk operation could not be created: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs could not be added: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation could not be started: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run is in a state this action applies to: nothing was done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A batch failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This operation was interrupted while its runs were being selected; abort it and start it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::CorrelationModel</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 done</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, %n uncertain</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n running</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>open for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (last error: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope / key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::EventTableModel</name>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::ListenerConnection</name>
    <message>
        <source>The notification connection was lost.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::QueryWorker</name>
    <message>
        <source>The connection was closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the database; the next attempt is in %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to the database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query took longer than %1 s and was stopped (statement timeout).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::ReviewQueueModel</name>
    <message>
        <source>%1+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unassigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A continuation is queued; a worker will take it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) with an unknown outcome: check the provider first.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In review for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assignee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::RunDetailSource</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::RunListModel</name>
    <message>
        <source>%1 (last error: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in scope %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correlation id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>~%1 (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1+</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::RunPageLoader</name>
    <message>
        <source>Not connected to the database; the next attempt is in %1 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot connect to the database: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query took longer than %1 s and was stopped (statement timeout). Narrow the filter, or raise the timeout.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::StepTableModel</name>
    <message>
        <source>Outcome unknown: the side effect may have happened (the worker stopped, or timed out, between calling the provider and recording its answer). Check with the provider before continuing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome unknown: the side effect may have happened (the worker stopped, or timed out, between calling the provider and recording its answer). Check with the provider before continuing (its reference: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A continuation re-sends it with downstream key %1: safe only if the provider deduplicates by that key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It has no downstream key, so a continuation stops on it: resolve it as done (with the provider&apos;s reference) or skipped, or continue with &quot;re-run uncertain steps&quot; only if you know it did not happen.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The side effect did not happen; a continuation runs the step again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Side-effect ref</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downstream key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::models::StuckRunsModel</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1+</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live (expires in %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lease of %1 expired at %2 (server time) and nobody took the run over: the worker died or hangs. Clearing the stale lease fences it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lease is kept alive, but the run has been processing for longer than the stuck threshold (%1): a worker that heartbeats without getting anywhere. Created %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope / key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processing for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::DemoTraffic</name>
    <message>
        <source>the demo traffic was already started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid demo traffic options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot install the simulator&apos;s schema: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the demo traffic was stopped before it started</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::Provider</name>
    <message>
        <source>the provider connection is not open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider %1 is not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no operation &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a simulated call needs the intent it serves (for the ledger)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is unavailable (503)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rejected the request (422)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not answer in time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the idempotency key was already used for a different request</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::ProviderConfig</name>
    <message>
        <source>provider name &quot;%1&quot; must be a lower-case identifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reference prefix &quot;%1&quot; must be a lower-case identifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider %1 accepts no operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operation &quot;%1&quot; must be a lower-case identifier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency range %1..%2 ms is invalid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timeout %1 ms is negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault rates must each be in [0, 1] and add up to at most 1 (they add up to %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::ScenarioCatalog</name>
    <message>
        <source>Lab results ready: webhook delivered twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A &quot;lab results ready&quot; webhook triggers a patient notification. The webhook arrives twice: once again after the first answer was lost, and once as two copies at the same moment. The key is patientId + reportId + notificationType.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exactly one patient message per report; duplicates get the stored result or are told the first delivery is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the lab system&apos;s webhook for report r-77 arrives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it arrives again (the first 2xx was lost): the stored result is returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the webhook for report r-78 is delivered twice at the same moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>... its simultaneous copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a third copy of r-78 arrives after both finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appointment confirmation: the scheduler redelivers after its 504</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scheduling system sends an appointment status webhook; the handler updates the appointment and sends a confirmation message. The scheduler gives up after 30 s (here 300 ms), answers itself a 504 and redelivers the event while the first handler is still working. The key is eventId + patientId + statusType.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The status is updated once and one confirmation is sent; the redelivery during the run does nothing, a later one gets the stored result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the webhook arrives: update the status, send the confirmation (slower than the scheduler&apos;s 300 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scheduler got its 504 and redelivers while the first handler runs: nothing is done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a later redelivery gets the stored result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invoice and payment intent: manual re-run after a partial failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A billing workflow drafts an invoice, then asks the payment provider for a payment intent. The draft succeeds; the payment provider creates the intent but its answer times out. An operator reruns the automation. The key is patientId + billingPeriod + invoiceType.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rerun reuses the draft (one draft) and retries only the payment intent, with the same downstream key, which the payment provider deduplicates (one payment intent). A worker&apos;s own retry does the same.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the invoice is drafted; the payment provider creates the intent but the answer times out: the run fails</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the operator reruns it from the console (op_request_continuation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a worker takes the continuation: the draft is skipped, only the payment intent is retried with the same downstream key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a late duplicate of the billing trigger gets the stored result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another invoice meets the same timeout; the worker retries by itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appointment scheduling: browser retries with the same key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A patient&apos;s browser books an appointment with an idempotency key kept in session storage. It times out before the answer arrives and retries with the same key. Then the patient edits the time slot and submits again: a new logical action, so a new key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One appointment for the first slot, and every retry returns the same appointment id; the edited slot books a second appointment, correctly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the patient books 09:00; the browser gives up after 100 ms, the booking goes on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the browser retries with the same key while the booking runs: &quot;still processing&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the browser retries again: the same appointment id, no second booking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the patient edits the slot to 09:30: a new key books a second appointment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lab sample sync: the queue redelivers after a consumer restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A &quot;new sample&quot; event is queued; a background job updates the patient&apos;s lab record. The consumer is restarted right after the update, before it could record it, and the queue delivers the event again. The key is the sample id + the integration run date, derivation pinned to v1.3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The redelivery takes the expired lease over, finds the step uncertain with a downstream key and repeats it; the record system recognises the key: one record update.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the consumer updates the lab record and is restarted before it records that</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the queue redelivers once the lease (300 ms) has expired: the new consumer takes the run over and repeats the uncertain step with its downstream key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a further redelivery gets the stored result</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::ScenarioReport</name>
    <message>
        <source>PASS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  %1. +%2 ms  %3 -&gt; %4 (%5 provider calls, %6 ms)
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (expected %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::ScenarioRunner</name>
    <message>
        <source>run %1 not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outcomes of all actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side effects in the ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate side effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run status of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event %1 recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 returns the result of action %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 (%2) calls no provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>action %1 outlasts the sender&apos;s %2 ms timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no (%1 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>actions %1 and %2 return different results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimSchema</name>
    <message>
        <source>this build contains no simulator schema</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>installing the simulator schema failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the simulator schema &quot;sim&quot; is not installed in this database</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::Simulation</name>
    <message>
        <source>no strategy to simulate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number of intents must be at least 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every intent is delivered at least once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number of workers must be from 1 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rate must not be negative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid fault rates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the lease must be positive</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimulationFaults</name>
    <message>
        <source>&quot;%1&quot; is not NAME=RATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown fault &quot;%1&quot; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault &quot;%1&quot; is given twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the rate of &quot;%1&quot; must be a number from 0 to 1, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the provider fault rates add up to %1; at most 1 is possible</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimulationProviders</name>
    <message>
        <source>no simulated provider named %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimulationResult</name>
    <message>
        <source>strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>intents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deliveries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>side effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate side effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>manual_review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider duplicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 intents, %3 deliveries, %4 side effects, %5 duplicate side effects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (+%1 made by the providers themselves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; runs: %1 succeeded, %2 failed, %3 manual_review, %4 in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 s)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::Strategy</name>
    <message>
        <source>no dedup record: every delivery and every retry repeats every side effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key includes a per-delivery id: every redelivery is a new run and repeats every side effect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a unique dedup record at claim, steps not tracked: a retry after a later step failed repeats the earlier steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the full protocol: claim, per-step status, downstream keys, uncertain steps to review</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::sim::StrategyWorker</name>
    <message>
        <source>unknown workflow %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::store::RunProtocol</name>
    <message>
        <source>%1 returned an unexpected answer: &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ActionDialog</name>
    <message>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skip (done)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uncertain: stops for review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: run %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continuation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-running an uncertain step repeats its side effect if it did happen (a second payment, a second message). Tick this only after checking at the provider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading run %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 · %2 · %3 / %4 · attempt %5 of %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 step(s) to run, %2 skipped as done, %3 uncertain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look again to see the run as it is now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run changed since you looked at it: nothing was done.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::AuditLogView</name>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused (the run had changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 24 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action key: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(unchanged: refused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n newest entries (scroll for older)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>(loading…)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::BulkActionDialog</name>
    <message>
        <source>  run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  … and more (see the audit log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the runs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selecting the runs: %1 so far…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection lost, reconnecting: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting the runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By status: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By workflow: %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Will be applied to %1 runs; %2 left out (the action does not apply to their status).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With uncertain steps: %1 (%2 without a downstream key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed since you selected them: %1 (skipped); gone: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type %1 to confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied %1 · skipped because changed %2 · failed %3 · pending %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(paused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped because the run changed since it was selected:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ConnectionBanner</name>
    <message>
        <source>&amp;Retry now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection to %1 lost: %2 Reconnecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection to %1 lost: %2. Reconnecting…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ConnectionDialog</name>
    <message>
        <source>libpq default (PGSSLMODE, else prefer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disable: never encrypted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allow: encrypted only if the server insists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prefer: encrypted when the server offers it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>require: encrypted, server not verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verify-ca: encrypted, certificate verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verify-full: certificate and host name verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libpq default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check these settings without connecting the console (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a profile, or create one with New.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a connection string, or choose Fields.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another profile is already called &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connects to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot;? Its password, if the keychain holds one, is deleted too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Root certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Certificates (*.crt *.pem *.cer);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No system keychain here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the system keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system keychain is not available here (%1). Type the password: it is used for this connection only and not stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password from the keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the password from the keychain…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No password in the keychain for this profile yet: type it; it is stored there when the connection succeeds or the profile is saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typed for this connection only, never stored. Left empty, ~/.pgpass and PGPASSWORD still apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libpq finds the password itself (~/.pgpass, PGPASSWORD) or needs none (peer, trust, client certificate).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing the connection to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server wants a password: type it and connect again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the password from the keychain: type the current one.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::CorrelationTimelineModel</name>
    <message>
        <source>Run %1 (%2): started %3, still open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 (%2): started %3, finished %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each run from its start to its end (or to now while it is open), on one time axis, local time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::CorrelationView</name>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find Correlation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the query that is still running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manual review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/%2 done, %3 uncertain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 over %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the oldest %1; the correlation has more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a correlation id to see every run that shares it on one timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run has the correlation id “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::DetailViews</name>
    <message>
        <source>Run detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stuck</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::JsonPane</name>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the whole value to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::MainWindow</name>
    <message>
        <source>Not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Dedup Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Dedup Console %1&lt;/h3&gt;&lt;p&gt;Operations console for a PostgreSQL idempotency (dedup) store: run history by idempotency key and correlation id, stuck runs, safe operator actions and audit reports.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This role is not a member of dedup_operator: the console only shows the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>as %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – Dedup Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a dedup store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dedup Console</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::OperatorViews</name>
    <message>
        <source>&amp;Actions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run or runs first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read-only: this role cannot act</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;view queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;udit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 (in the detail)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run selected in the Runs list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs selected in the Runs list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run matching the Runs list&apos;s filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 by %2, %3: %4 of %5 done%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (last batch by %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bulk: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bulk: %1 operations active</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::PasswordVault</name>
    <message>
        <source>The system keychain is not available: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keychain did not answer within %1 seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain refused to give the password: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain did not store the password: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain did not remove the password: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ReviewQueueView</name>
    <message>
        <source>anyone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(loading…)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::RunDetailView</name>
    <message>
        <source>&amp;Reload Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Correlation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run that shares this run&apos;s correlation id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a run from the runs, Stuck or correlation list (Return or a double click) to see its steps, events, result, lease and audit trail here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 no longer exists (purged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retention deleted it, or the id is wrong. Its audit entries remain in the audit log (%1 of them).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retention deleted it, or the id is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not refresh (what is shown was read at %1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (version %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (key %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every run with this correlation id (Ctrl+Shift+K)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept while active (never purged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fencing token: +1 on every acquisition, takeover and operator action that removes a lease. An operator action names the token it saw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lease (the run is not processing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1 (server time). Nobody renewed or took over the lease: the worker died or hangs. Clearing the stale lease fences it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1 (counted by the server&apos;s clock, not this computer&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stuck: the lease expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ago (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a continuation is queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps (%1, %2 uncertain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest %1 events; older ones are not listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest %1 audit entries; older ones are in the audit report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run succeeded without storing a result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No result stored: a run stores its result when it succeeds, and duplicates get it replayed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes: a retry or a continuation may succeed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: retrying the same request fails the same way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attempt %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No error recorded for this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last Error (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run is in manual review: an operator decides how it ends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in review now. These are the last review&apos;s fields, kept as history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run was never routed to manual review.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unassigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review (open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::RunFilterBar</name>
    <message>
        <source>Show %1 runs (none selected: every status)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::RunsView</name>
    <message>
        <source>not counted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>~%1 runs (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>more than %1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>showing the newest %1; narrow the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused, many changes waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused, 1 change waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused, %1 changes waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>updating live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live updates reconnecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs in this store yet. Workers create them with dedup.claim().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs match this filter.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the filter fields, Return applies the filter at once and Esc clears the field. A double click on a run opens it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::StuckCountLabel</name>
    <message>
        <source>Stuck: …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting stuck runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck runs could not be counted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stuck: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processing runs whose lease expired, or that have been processing for more than %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processing runs whose lease expired.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click to open the Stuck list.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::widgets::StuckView</name>
    <message>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off (expired leases only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live (expires in %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counting stuck runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 stuck run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stuck runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the first %1 are listed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for stuck runs…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No stuck runs: every processing run holds a live lease.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No stuck runs: every processing run holds a live lease, and none has been processing for more than %1 min.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedup::worker::Worker</name>
    <message>
        <source>held by %1 until %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key was first used with a different payload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the outcome of step %1 is unknown and its provider does not deduplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no definition for workflow %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>dedupctl</name>
    <message>
        <source>Usage: dedupctl &lt;command&gt; [options]

Command-line tool for the Dedup Console idempotency store.

Commands:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
Options:
  -h, --help     Show this help.
  -v, --version  Show the version.

Run &apos;dedupctl &lt;command&gt; --help&apos; for a command&apos;s options.
Exit codes: 0 success, 1 the command found a problem, 2 usage error,
3 cannot connect, 4 database error or schema mismatch.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl: unknown command &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dedupctl %1: unexpected argument &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Operations console for a PostgreSQL idempotency (dedup) store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start (or reuse) the private demo store and use it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --demo: send no demo traffic to the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to the store at &lt;uri&gt; (a libpq connection URI or string, e.g. service=name).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uri</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use --demo or --connect, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the demo store…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
