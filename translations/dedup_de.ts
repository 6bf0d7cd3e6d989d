<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
    <name>DemoCommand</name>
    <message>
        <source>Run the demo store: a private PostgreSQL under your data directory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Directory of the demo cluster (default: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dir</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start and migrate, print the connection string, and leave the server running.</source>
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
        <source>&lt;h2&gt;Dedup Console&lt;/h2&gt;&lt;p&gt;Not connected to a dedup store.&lt;/p&gt;&lt;p&gt;Start &lt;tt&gt;dedupctl migrate --db CONNINFO&lt;/tt&gt; to prepare a database.&lt;/p&gt;</source>
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
        <source>Demo store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo store did not start:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo store: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
