<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AccessCommand</name>
    <message>
        <source>Grant, revoke and list who may use this store (store owner only).</source>
        <translation>Vergeben, entziehen und auflisten, wer diesen Store verwenden darf (nur für den Eigentümer des Stores).</translation>
    </message>
    <message>
        <source>What to do: add grants, remove grants, or list them all.</source>
        <translation>Was zu tun ist: Berechtigungen hinzufügen, Berechtigungen entfernen oder alle auflisten.</translation>
    </message>
    <message>
        <source>The login (database role) whose grants change; grant and revoke only.</source>
        <translation>Das Login (Datenbankrolle), dessen Berechtigungen sich ändern; nur bei grant und revoke.</translation>
    </message>
    <message>
        <source>Capability: worker, operator or viewer. Required by grant; for revoke, only the grants of this capability go (default: any).</source>
        <translation>Befugnis: worker, operator oder viewer. Für grant erforderlich; bei revoke werden nur die Berechtigungen dieser Befugnis entfernt (Standard: jede).</translation>
    </message>
    <message>
        <source>capability</source>
        <translation>Befugnis</translation>
    </message>
    <message>
        <source>A workflow the grant covers (repeat for several; default: every workflow). For revoke, only grants naming one of these workflows go.</source>
        <translation>Ein Workflow, den die Berechtigung abdeckt (für mehrere wiederholen; Standard: jeder Workflow). Bei revoke werden nur Berechtigungen entfernt, die einen dieser Workflows nennen.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Runs whose scope starts with this (repeat for several; default: every scope). Each --workflow is granted with each --scope-prefix. For revoke, only grants naming one of these prefixes go.</source>
        <translation>Läufe, deren Bereich hiermit beginnt (für mehrere wiederholen; Standard: jeder Bereich). Jeder --workflow wird mit jedem --scope-prefix vergeben. Bei revoke werden nur Berechtigungen entfernt, die eines dieser Präfixe nennen.</translation>
    </message>
    <message>
        <source>prefix</source>
        <translation>Präfix</translation>
    </message>
    <message>
        <source>dedupctl access: missing subcommand: use grant, revoke or list (see dedupctl access --help)</source>
        <translation>dedupctl access: Unterbefehl fehlt: Verwenden Sie grant, revoke oder list (siehe dedupctl access --help)</translation>
    </message>
    <message>
        <source>dedupctl access list: unexpected argument &apos;%1&apos;</source>
        <translation>dedupctl access list: unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>dedupctl access list: --%1 applies to grant and revoke only; list shows every grant</source>
        <translation>dedupctl access list: --%1 gilt nur für grant und revoke; list zeigt alle Berechtigungen</translation>
    </message>
    <message>
        <source>dedupctl access: unknown subcommand &apos;%1&apos;: use grant, revoke or list</source>
        <translation>dedupctl access: unbekannter Unterbefehl &apos;%1&apos;: Verwenden Sie grant, revoke oder list</translation>
    </message>
    <message>
        <source>dedupctl access %1: missing ROLE: name the login whose grants change</source>
        <translation>dedupctl access %1: ROLE fehlt: Nennen Sie das Login, dessen Berechtigungen sich ändern</translation>
    </message>
    <message>
        <source>dedupctl access %1: unexpected argument &apos;%2&apos;</source>
        <translation>dedupctl access %1: unerwartetes Argument &apos;%2&apos;</translation>
    </message>
    <message>
        <source>dedupctl access %1: ROLE must not be empty</source>
        <translation>dedupctl access %1: ROLE darf nicht leer sein</translation>
    </message>
    <message>
        <source>dedupctl access %1: --json applies to list only</source>
        <translation>dedupctl access %1: --json gilt nur für list</translation>
    </message>
    <message>
        <source>dedupctl access %1: give --as once</source>
        <translation>dedupctl access %1: Geben Sie --as nur einmal an</translation>
    </message>
    <message>
        <source>dedupctl access grant: missing --as: use worker, operator or viewer</source>
        <translation>dedupctl access grant: --as fehlt: Verwenden Sie worker, operator oder viewer</translation>
    </message>
    <message>
        <source>dedupctl access %1: invalid --as &apos;%2&apos;: use worker, operator or viewer</source>
        <translation>dedupctl access %1: ungültiges --as &apos;%2&apos;: Verwenden Sie worker, operator oder viewer</translation>
    </message>
    <message>
        <source>dedupctl access %1: --workflow must not be empty; leave it out for every workflow</source>
        <translation>dedupctl access %1: --workflow darf nicht leer sein; lassen Sie es für alle Workflows weg</translation>
    </message>
    <message>
        <source>dedupctl access %1: --workflow &apos;*&apos; is not a workflow; leave --workflow out for every workflow</source>
        <translation>dedupctl access %1: --workflow &apos;*&apos; ist kein Workflow; lassen Sie --workflow für alle Workflows weg</translation>
    </message>
    <message>
        <source>dedupctl access %1: --scope-prefix must not be empty; leave it out for every scope</source>
        <translation>dedupctl access %1: --scope-prefix darf nicht leer sein; lassen Sie es für alle Bereiche weg</translation>
    </message>
    <message>
        <source>dedupctl access %1: --scope-prefix &apos;*&apos; is not a prefix; leave --scope-prefix out for every scope</source>
        <translation>dedupctl access %1: --scope-prefix &apos;*&apos; ist kein Präfix; lassen Sie --scope-prefix für alle Bereiche weg</translation>
    </message>
    <message>
        <source>dedupctl access %1: only the store owner manages grants (connect as the owner of schema dedup or a superuser): %2</source>
        <translation>dedupctl access %1: Nur der Eigentümer des Stores verwaltet Berechtigungen (verbinden Sie sich als Eigentümer des Schemas dedup oder als Superuser): %2</translation>
    </message>
    <message>
        <source>dedupctl access %1: %2</source>
        <translation>dedupctl access %1: %2</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>no new grants: %1 already had this %2 grant</source>
        <translation>keine neuen Berechtigungen: %1 hatte diese %2-Berechtigung bereits</translation>
    </message>
    <message>
        <source>no new grants: %1 already had all %2 of these %3 grants</source>
        <translation>keine neuen Berechtigungen: %1 hatte bereits alle %2 dieser %3-Berechtigungen</translation>
    </message>
    <message>
        <source>added 1 grant: %1 as %2</source>
        <translation>1 Berechtigung hinzugefügt: %1 als %2</translation>
    </message>
    <message>
        <source>added %1 grants: %2 as %3</source>
        <translation>%1 Berechtigungen hinzugefügt: %2 als %3</translation>
    </message>
    <message>
        <source> (%1 of the %2 existed already)</source>
        <translation> (%1 von %2 bestanden bereits)</translation>
    </message>
    <message>
        <source>no grant of %1 matched: nothing was removed</source>
        <translation>keine Berechtigung von %1 passte: nichts wurde entfernt</translation>
    </message>
    <message>
        <source>removed 1 grant of %1</source>
        <translation>1 Berechtigung von %1 entfernt</translation>
    </message>
    <message>
        <source>removed %1 grants of %2</source>
        <translation>%1 Berechtigungen von %2 entfernt</translation>
    </message>
    <message>
        <source>no grants: only the store owner and superusers may use this store</source>
        <translation>keine Berechtigungen: Nur der Eigentümer des Stores und Superuser dürfen diesen Store verwenden</translation>
    </message>
    <message>
        <source>LOGIN</source>
        <translation>LOGIN</translation>
    </message>
    <message>
        <source>CAPABILITY</source>
        <translation>BEFUGNIS</translation>
    </message>
    <message>
        <source>WORKFLOW</source>
        <translation>WORKFLOW</translation>
    </message>
    <message>
        <source>SCOPE PREFIX</source>
        <translation>BEREICHSPRÄFIX</translation>
    </message>
    <message>
        <source>GRANTED BY</source>
        <translation>VERGEBEN VON</translation>
    </message>
    <message>
        <source>GRANTED AT</source>
        <translation>VERGEBEN AM</translation>
    </message>
    <message>
        <source>1 grant; * means every workflow or every scope</source>
        <translation>1 Berechtigung; * bedeutet jeder Workflow bzw. jeder Bereich</translation>
    </message>
    <message>
        <source>%1 grants; * means every workflow or every scope</source>
        <translation>%1 Berechtigungen; * bedeutet jeder Workflow bzw. jeder Bereich</translation>
    </message>
</context>
<context>
    <name>AccessGrants</name>
    <message>
        <source>Unexpected answer from the database to access_grant.</source>
        <translation>Unerwartete Antwort der Datenbank auf access_grant.</translation>
    </message>
    <message>
        <source>Unexpected answer from the database to access_revoke.</source>
        <translation>Unerwartete Antwort der Datenbank auf access_revoke.</translation>
    </message>
</context>
<context>
    <name>AccessScope</name>
    <message>
        <source>everything</source>
        <translation>alles</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <comment>workflow in scope prefix</comment>
        <translation>%1 in %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <comment>grants not listed</comment>
        <translation>
            <numerusform>%1 und %n weitere</numerusform>
            <numerusform>%1 und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>every run</source>
        <translation>alle Läufe</translation>
    </message>
    <message>
        <source>the runs of %1</source>
        <translation>die Läufe von %1</translation>
    </message>
    <message>
        <source>owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>no access in this store</source>
        <translation>kein Zugriff in diesem Store</translation>
    </message>
    <message>
        <source>operator for %1</source>
        <translation>Operator für %1</translation>
    </message>
    <message>
        <source>viewer for %1</source>
        <translation>Betrachter für %1</translation>
    </message>
    <message>
        <source>worker for %1</source>
        <translation>Worker für %1</translation>
    </message>
    <message>
        <source>As the store&apos;s owner it sees every run and may act on any of them.</source>
        <translation>Als Eigentümer des Stores sieht dieses Login alle Läufe und darf an jedem davon Aktionen ausführen.</translation>
    </message>
    <message>
        <source>Its grants in this store are for a worker only (%1): the console will show no runs and offer no actions.</source>
        <translation>Die Berechtigungen dieses Logins in diesem Store gelten nur für einen Worker (%1): Die Konsole zeigt keine Läufe und bietet keine Aktionen an.</translation>
    </message>
    <message>
        <source>It has no grants in this store: the console will show no runs and offer no actions.</source>
        <translation>Dieses Login hat in diesem Store keine Berechtigungen: Die Konsole zeigt keine Läufe und bietet keine Aktionen an.</translation>
    </message>
    <message>
        <source>It sees %1 and may not act on any of them (read-only).</source>
        <translation>Dieses Login sieht %1 und darf an keinem davon Aktionen ausführen (schreibgeschützt).</translation>
    </message>
    <message>
        <source>It sees and may act on %1.</source>
        <translation>Dieses Login sieht %1 und darf Aktionen an ihnen ausführen.</translation>
    </message>
    <message>
        <source>It sees %1 and may act on %2 only; the others are read-only.</source>
        <translation>Dieses Login sieht %1; Aktionen darf es nur für %2 ausführen, die übrigen sind schreibgeschützt.</translation>
    </message>
</context>
<context>
    <name>ActionAvailability</name>
    <message>
        <source>The run is %1; this action applies to %2 runs.</source>
        <translation>Der Lauf ist %1; diese Aktion gilt für Läufe im Status %2.</translation>
    </message>
    <message>
        <source>The lease is live: its worker is still heartbeating. Only an expired lease can be cleared.</source>
        <translation>Die Lease ist aktiv: Ihr Worker sendet noch Heartbeats. Nur eine abgelaufene Lease kann freigegeben werden.</translation>
    </message>
    <message>
        <source>A continuation is already queued for this run.</source>
        <translation>Für diesen Lauf ist bereits eine Fortsetzung eingereiht.</translation>
    </message>
    <message>
        <source>Your grants in this store do not let you act on runs of %1 in scope %2 (you have: %3).</source>
        <translation>Ihre Berechtigungen in diesem Store erlauben Ihnen keine Aktionen an Läufen von %1 im Bereich %2 (Sie haben: %3).</translation>
    </message>
</context>
<context>
    <name>ActionDialog</name>
    <message>
        <source>&amp;Look again</source>
        <translation>Erneut &amp;ansehen</translation>
    </message>
    <message>
        <source>Read the run as it is now and show what the action would do to it</source>
        <translation>Den Lauf im aktuellen Zustand lesen und zeigen, was die Aktion mit ihm tun würde</translation>
    </message>
    <message>
        <source>Re-run &amp;uncertain steps (I checked: their side effect did not happen)</source>
        <translation>&amp;Ungewisse Schritte erneut ausführen (geprüft: ihr Seiteneffekt ist nicht eingetreten)</translation>
    </message>
    <message>
        <source>&amp;Assignee:</source>
        <translation>&amp;Bearbeiter:</translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation>Niemand</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Notiz:</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>Be&amp;gründung:</translation>
    </message>
    <message>
        <source>Required: goes into the audit log (e.g. a ticket number)</source>
        <translation>Pflichtfeld: wird ins Audit-Protokoll geschrieben (z. B. eine Ticketnummer)</translation>
    </message>
</context>
<context>
    <name>ActionIntent</name>
    <message>
        <source>A reason is required: it goes into the audit log.</source>
        <translation>Eine Begründung ist erforderlich: Sie wird ins Audit-Protokoll geschrieben.</translation>
    </message>
    <message>
        <source>The action has no action key; confirm it again.</source>
        <translation>Die Aktion hat keinen Aktionsschlüssel; bestätigen Sie sie erneut.</translation>
    </message>
    <message>
        <source>No run is selected.</source>
        <translation>Es ist kein Lauf ausgewählt.</translation>
    </message>
    <message>
        <source>The note is empty.</source>
        <translation>Die Notiz ist leer.</translation>
    </message>
    <message>
        <source>Choose the step to settle.</source>
        <translation>Wählen Sie den Schritt, der abgeschlossen werden soll.</translation>
    </message>
</context>
<context>
    <name>ActionPreview</name>
    <message>
        <source>the provider&apos;s reference %1</source>
        <translation>die Referenz %1 des Anbieters</translation>
    </message>
    <message>
        <source>the request with idempotency key %1 at the provider</source>
        <translation>die Anfrage mit dem Idempotenzschlüssel %1 beim Anbieter</translation>
    </message>
    <message>
        <source>the provider&apos;s log for this run (no reference was recorded)</source>
        <translation>das Protokoll des Anbieters zu diesem Lauf (es wurde keine Referenz erfasst)</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot;: the side effect may already have happened (the worker started it and never recorded the outcome). Check %2 before deciding.</source>
        <translation>Schritt „%1“: Der Seiteneffekt ist möglicherweise bereits eingetreten (der Worker hat ihn gestartet und das Ergebnis nie erfasst). Prüfen Sie %2, bevor Sie entscheiden.</translation>
    </message>
    <message>
        <source>Run %1 does not exist any more (purged?).</source>
        <translation>Lauf %1 existiert nicht mehr (bereinigt?).</translation>
    </message>
    <message>
        <source>lease cleared</source>
        <translation>Lease freigegeben</translation>
    </message>
    <message>
        <source>The run goes to manual review: its attempts are used up (%1 of %2).</source>
        <translation>Der Lauf geht in die manuelle Prüfung: Seine Versuche sind aufgebraucht (%1 von %2).</translation>
    </message>
    <message>
        <source>The run becomes failed (retryable): a redelivery or a continuation resumes it.</source>
        <translation>Der Lauf wird auf fehlgeschlagen (wiederholbar) gesetzt: Eine erneute Zustellung oder eine Fortsetzung setzt ihn fort.</translation>
    </message>
    <message>
        <source>routed to review</source>
        <translation>zur Prüfung weitergeleitet</translation>
    </message>
    <message>
        <source>The run waits in the manual review queue; workers leave it alone.</source>
        <translation>Der Lauf wartet in der Prüfwarteschlange; Worker lassen ihn in Ruhe.</translation>
    </message>
    <message>
        <source>The run is finished as succeeded; duplicates get its stored result.</source>
        <translation>Der Lauf wird als erfolgreich abgeschlossen; Duplikate erhalten sein gespeichertes Ergebnis.</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is %2: marking the run succeeded says it is not needed or did happen.</source>
        <translation>Schritt „%1“ ist %2: Den Lauf als erfolgreich zu markieren bedeutet, dass der Schritt nicht nötig ist oder ausgeführt wurde.</translation>
    </message>
    <message>
        <source>run cancelled</source>
        <translation>Lauf abgebrochen</translation>
    </message>
    <message>
        <source>The run is cancelled for good: it never runs again and duplicates are answered with its stored result.</source>
        <translation>Der Lauf wird endgültig abgebrochen: Er läuft nie wieder, und Duplikate werden mit seinem gespeicherten Ergebnis beantwortet.</translation>
    </message>
    <message>
        <source>Sets who works on the review (now unassigned).</source>
        <translation>Legt fest, wer die Prüfung bearbeitet (derzeit niemand).</translation>
    </message>
    <message>
        <source>Sets who works on the review (now %1).</source>
        <translation>Legt fest, wer die Prüfung bearbeitet (derzeit %1).</translation>
    </message>
    <message>
        <source>Replaces the review note (the audit log keeps the earlier ones).</source>
        <translation>Ersetzt die Prüfnotiz (das Audit-Protokoll behält die früheren).</translation>
    </message>
    <message>
        <source>The queued continuation (command %1) is cancelled.</source>
        <translation>Die eingereihte Fortsetzung (Befehl %1) wird abgebrochen.</translation>
    </message>
    <message>
        <source>The lease token goes from %1 to %2: worker %3 is fenced, every further call it makes is refused.</source>
        <translation>Das Lease-Token wechselt von %1 zu %2: Worker %3 wird ausgesperrt, jeder weitere Aufruf von ihm wird abgelehnt.</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(unbenannt)</translation>
    </message>
    <message>
        <source>Steps in progress become uncertain (%1): %2.</source>
        <translation>Laufende Schritte werden ungewiss (%1): %2.</translation>
    </message>
    <message>
        <source>A continuation is queued; every step is done, so the worker that takes it only finishes the run.</source>
        <translation>Eine Fortsetzung wird eingereiht; alle Schritte sind erledigt, daher schließt der Worker, der sie übernimmt, den Lauf nur ab.</translation>
    </message>
    <message>
        <source>A continuation is queued: of %1 steps, %2 will run, %3 are skipped as done and %4 are uncertain.</source>
        <translation>Eine Fortsetzung wird eingereiht: Von %1 Schritten werden %2 ausgeführt, %3 als erledigt übersprungen und %4 sind ungewiss.</translation>
    </message>
    <message>
        <source>The run stays %1 until a worker takes the continuation; then it is processing.</source>
        <translation>Der Lauf bleibt %1, bis ein Worker die Fortsetzung übernimmt; dann ist er in Bearbeitung (processing).</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; has no downstream key: the continuation stops there and the run goes back to manual review, unless you settle the step first or confirm that it did not happen (rerun uncertain steps).</source>
        <translation>Schritt „%1“ hat keinen Downstream-Schlüssel: Die Fortsetzung hält dort an und der Lauf geht zurück in die manuelle Prüfung, es sei denn, Sie schließen den Schritt vorher ab oder bestätigen, dass er nicht eingetreten ist (ungewisse Schritte erneut ausführen).</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; runs again although its outcome is unknown: if it did happen, it happens twice. You vouch that it did not.</source>
        <translation>Schritt „%1“ wird erneut ausgeführt, obwohl sein Ergebnis unbekannt ist: Falls er eingetreten ist, geschieht er zweimal. Sie bürgen dafür, dass er nicht eingetreten ist.</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; runs again with downstream key %2: the provider deduplicates it.</source>
        <translation>Schritt „%1“ wird mit dem Downstream-Schlüssel %2 erneut ausgeführt: Der Anbieter dedupliziert ihn.</translation>
    </message>
    <message>
        <source>The run has no step &quot;%1&quot;.</source>
        <translation>Der Lauf hat keinen Schritt „%1“.</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is %2; it cannot be settled as %3.</source>
        <translation>Schritt „%1“ ist %2; er kann nicht als %3 abgeschlossen werden.</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is recorded as done: a continuation skips it.</source>
        <translation>Schritt „%1“ ist als erledigt erfasst: Eine Fortsetzung überspringt ihn.</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is skipped: a continuation never runs it.</source>
        <translation>Schritt „%1“ wird übersprungen: Eine Fortsetzung führt ihn nie aus.</translation>
    </message>
    <message>
        <source>The run changed since you looked at it (you saw it %1 with lease token %2; it is now %3 with token %4). Look at it again before deciding.</source>
        <translation>Der Lauf hat sich geändert, seit Sie ihn angesehen haben (Sie sahen ihn %1 mit Lease-Token %2; jetzt ist er %3 mit Token %4). Sehen Sie ihn erneut an, bevor Sie entscheiden.</translation>
    </message>
    <message>
        <source>%1 (unchanged until a worker takes the continuation)</source>
        <translation>%1 (unverändert, bis ein Worker die Fortsetzung übernimmt)</translation>
    </message>
    <message>
        <source>%1 (unchanged)</source>
        <translation>%1 (unverändert)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Changed since you looked: the list you acted from reads from the standby (%1), and the run you saw there (%2, lease token %3) is not the run on the primary (%4, lease token %5). The action would be based on stale data: look again to decide on the primary&apos;s current state.</source>
        <translation>Geändert, seit Sie ihn angesehen haben: Die Liste, aus der Sie gehandelt haben, liest vom Standby (%1), und der Lauf, den Sie dort gesehen haben (%2, Lease-Token %3), ist nicht der Lauf auf dem Primärserver (%4, Lease-Token %5). Die Aktion würde auf veralteten Daten beruhen: Sehen Sie ihn erneut an, um auf Grundlage des aktuellen Zustands auf dem Primärserver zu entscheiden.</translation>
    </message>
    <message>
        <source>replay lag unknown</source>
        <translation>Replay-Verzögerung unbekannt</translation>
    </message>
</context>
<context>
    <name>ActionResult</name>
    <message>
        <source>%1 applied to run %2: %3</source>
        <translation>%1 auf Lauf %2 angewendet: %3</translation>
    </message>
    <message>
        <source>%1 had already been applied to run %2 by an earlier send of the same request; nothing was done twice (%3).</source>
        <translation>%1 wurde bereits durch ein früheres Senden derselben Anfrage auf Lauf %2 angewendet; nichts wurde doppelt ausgeführt (%3).</translation>
    </message>
    <message>
        <source>Nothing was done to run %1: it changed since you looked at it (%2). Look at it again before deciding.</source>
        <translation>An Lauf %1 wurde nichts geändert: Er hat sich geändert, seit Sie ihn angesehen haben (%2). Sehen Sie ihn erneut an, bevor Sie entscheiden.</translation>
    </message>
    <message>
        <source>The database could not be reached (%1 attempts). It is not known whether the action reached it; sending the same action again is safe: it is never applied twice.</source>
        <translation>Die Datenbank war nicht erreichbar (%1 Versuche). Es ist nicht bekannt, ob die Aktion sie erreicht hat; dieselbe Aktion erneut zu senden ist sicher: Sie wird nie zweimal angewendet.</translation>
    </message>
    <message>
        <source>The action took too long (the run may be held by a worker) and was stopped. Nothing was done; try again.</source>
        <translation>Die Aktion dauerte zu lange (der Lauf wird möglicherweise von einem Worker gehalten) und wurde gestoppt. Es wurde nichts geändert; versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>This action key was already used for another action. Nothing was done; confirm the action again.</source>
        <translation>Dieser Aktionsschlüssel wurde bereits für eine andere Aktion verwendet. Es wurde nichts geändert; bestätigen Sie die Aktion erneut.</translation>
    </message>
    <message>
        <source>The run has no such step. Nothing was done.</source>
        <translation>Der Lauf hat keinen solchen Schritt. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>The database refused the action: %1</source>
        <translation>Die Datenbank hat die Aktion abgelehnt: %1</translation>
    </message>
    <message>
        <source>The action failed: %1</source>
        <translation>Die Aktion ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>The store&apos;s grants for your login do not allow this action on this run (its workflow or scope is outside them, or the login is read-only). Nothing was done.</source>
        <translation>Die Berechtigungen Ihres Logins in diesem Store erlauben diese Aktion an diesem Lauf nicht (sein Workflow oder Bereich liegt außerhalb davon, oder das Login ist schreibgeschützt). Es wurde nichts geändert.</translation>
    </message>
</context>
<context>
    <name>AuditCheckpoint</name>
    <message>
        <source>last_id is negative</source>
        <translation>last_id ist negativ</translation>
    </message>
    <message>
        <source>last_hash is not 64 lower-case hex digits</source>
        <translation>last_hash besteht nicht aus 64 Hexadezimalziffern in Kleinbuchstaben</translation>
    </message>
    <message>
        <source>row_count is not between 0 and last_id</source>
        <translation>row_count liegt nicht zwischen 0 und last_id</translation>
    </message>
    <message>
        <source>server_time is not a UTC time like 2026-01-10T08:15:00.123456Z</source>
        <translation>server_time ist keine UTC-Zeit wie 2026-01-10T08:15:00.123456Z</translation>
    </message>
    <message>
        <source>key_id is not an Ed25519 key id like ed25519:0123456789abcdef0123456789abcdef</source>
        <translation>key_id ist keine Ed25519-Schlüssel-ID wie ed25519:0123456789abcdef0123456789abcdef</translation>
    </message>
    <message>
        <source>signature is not 64 bytes of base64</source>
        <translation>signature enthält nicht 64 Bytes in Base64</translation>
    </message>
    <message>
        <source>cannot sign a malformed checkpoint: %1</source>
        <translation>ein fehlerhafter Checkpoint kann nicht signiert werden: %1</translation>
    </message>
    <message>
        <source>signed with another key (%1) than the public key given (%2)</source>
        <translation>mit einem anderen Schlüssel (%1) signiert als dem angegebenen öffentlichen Schlüssel (%2)</translation>
    </message>
    <message>
        <source>the signature does not match the checkpoint&apos;s fields: the file was changed after it was signed</source>
        <translation>die Signatur passt nicht zu den Feldern des Checkpoints: Die Datei wurde nach dem Signieren geändert</translation>
    </message>
    <message>
        <source>%1 is not an audit checkpoint: %2</source>
        <translation>%1 ist kein Audit-Checkpoint: %2</translation>
    </message>
    <message>
        <source>not JSON (%1)</source>
        <translation>kein JSON (%1)</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>&quot;format&quot; is not &quot;%1&quot;</source>
        <translation>„format“ ist nicht „%1“</translation>
    </message>
    <message>
        <source>version %1 is not one this program reads (%2)</source>
        <translation>Version %1 wird von diesem Programm nicht gelesen (%2)</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>unbekanntes Feld „%1“</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; is missing</source>
        <translation>das Feld „%1“ fehlt</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole number of 0 or more</source>
        <translation>„%1“ ist keine ganze Zahl größer oder gleich 0</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a string</source>
        <translation>„%1“ ist keine Zeichenkette</translation>
    </message>
    <message>
        <source>&quot;signature&quot; is not base64</source>
        <translation>„signature“ ist kein Base64</translation>
    </message>
    <message>
        <source>Cannot read the checkpoint %1: %2</source>
        <translation>Der Checkpoint %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 is not an audit checkpoint: larger than %2 bytes</source>
        <translation>%1 ist kein Audit-Checkpoint: größer als %2 Bytes</translation>
    </message>
</context>
<context>
    <name>AuditCheckpointKey</name>
    <message>
        <source>Cannot read the key file %1: %2</source>
        <translation>Die Schlüsseldatei %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 is encrypted with a passphrase; checkpoints are signed unattended, with an unencrypted key in a file only its owner can read (mode 0600)</source>
        <translation>%1 ist mit einer Passphrase verschlüsselt; Checkpoints werden unbeaufsichtigt signiert, mit einem unverschlüsselten Schlüssel in einer Datei, die nur ihr Eigentümer lesen kann (Modus 0600)</translation>
    </message>
    <message>
        <source>%1 holds a public key: signing a checkpoint needs the private key (openssl genpkey -algorithm ed25519 -out KEY.pem)</source>
        <translation>%1 enthält einen öffentlichen Schlüssel: Zum Signieren eines Checkpoints wird der private Schlüssel benötigt (openssl genpkey -algorithm ed25519 -out KEY.pem)</translation>
    </message>
    <message>
        <source>%1 is not a PEM private key (as openssl genpkey -algorithm ed25519 writes it): %2</source>
        <translation>%1 ist kein privater PEM-Schlüssel (wie ihn openssl genpkey -algorithm ed25519 schreibt): %2</translation>
    </message>
    <message>
        <source>%1 holds a private key: verify with its public key, and keep the private key away from the machines that verify (openssl pkey -in KEY.pem -pubout -out PUB.pem)</source>
        <translation>%1 enthält einen privaten Schlüssel: Prüfen Sie mit seinem öffentlichen Schlüssel und halten Sie den privaten Schlüssel von den prüfenden Rechnern fern (openssl pkey -in KEY.pem -pubout -out PUB.pem)</translation>
    </message>
    <message>
        <source>%1 is not a PEM public key (as openssl pkey -pubout writes it): %2</source>
        <translation>%1 ist kein öffentlicher PEM-Schlüssel (wie ihn openssl pkey -pubout schreibt): %2</translation>
    </message>
    <message>
        <source>%1 holds a key of type %2: audit checkpoints are signed with Ed25519 (openssl genpkey -algorithm ed25519 -out KEY.pem)</source>
        <translation>%1 enthält einen Schlüssel vom Typ %2: Audit-Checkpoints werden mit Ed25519 signiert (openssl genpkey -algorithm ed25519 -out KEY.pem)</translation>
    </message>
    <message>
        <source>%1: cannot read the public half of the key: %2</source>
        <translation>%1: Der öffentliche Teil des Schlüssels kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>a checkpoint is signed with a private key</source>
        <translation>ein Checkpoint wird mit einem privaten Schlüssel signiert</translation>
    </message>
    <message>
        <source>cannot sign the checkpoint: %1</source>
        <translation>der Checkpoint kann nicht signiert werden: %1</translation>
    </message>
</context>
<context>
    <name>AuditCommand</name>
    <message>
        <source>Sign the audit chain&apos;s head with a key kept outside the database (checkpoint).</source>
        <translation>Den Kopf der Audit-Kette mit einem außerhalb der Datenbank aufbewahrten Schlüssel signieren (Checkpoint).</translation>
    </message>
    <message>
        <source>Write a signed checkpoint of the audit chain&apos;s head.</source>
        <translation>Einen signierten Checkpoint des Kopfs der Audit-Kette schreiben.</translation>
    </message>
    <message>
        <source>The Ed25519 private key to sign with, PEM, unencrypted (openssl genpkey -algorithm ed25519 -out KEY.pem). Keep it away from the database server and its owner.</source>
        <translation>Der private Ed25519-Schlüssel zum Signieren, PEM, unverschlüsselt (openssl genpkey -algorithm ed25519 -out KEY.pem). Halten Sie ihn vom Datenbankserver und dessen Eigentümer fern.</translation>
    </message>
    <message>
        <source>KEY.pem</source>
        <translation>KEY.pem</translation>
    </message>
    <message>
        <source>The checkpoint file to write (via FILE.part, mode 0600, renamed when complete).</source>
        <translation>Die zu schreibende Checkpoint-Datei (über FILE.part, Modus 0600, nach Fertigstellung umbenannt).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>dedupctl audit: missing subcommand: use checkpoint (see dedupctl audit --help)</source>
        <translation>dedupctl audit: Unterbefehl fehlt: Verwenden Sie checkpoint (siehe dedupctl audit --help)</translation>
    </message>
    <message>
        <source>dedupctl audit: unknown subcommand &apos;%1&apos;: use checkpoint</source>
        <translation>dedupctl audit: unbekannter Unterbefehl &apos;%1&apos;: Verwenden Sie checkpoint</translation>
    </message>
    <message>
        <source>dedupctl audit checkpoint: unexpected argument &apos;%1&apos;</source>
        <translation>dedupctl audit checkpoint: unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--key KEY.pem is required (the Ed25519 private key to sign with)</source>
        <translation>--key KEY.pem ist erforderlich (der private Ed25519-Schlüssel zum Signieren)</translation>
    </message>
    <message>
        <source>--output FILE is required (where the checkpoint goes)</source>
        <translation>--output FILE ist erforderlich (wohin der Checkpoint geschrieben wird)</translation>
    </message>
    <message>
        <source>the audit chain is BROKEN at row %1 (%2): a checkpoint is not signed for a broken chain; see dedupctl verify-audit</source>
        <translation>die Audit-Kette ist in Zeile %1 BESCHÄDIGT (%2): Für eine beschädigte Kette wird kein Checkpoint signiert; siehe dedupctl verify-audit</translation>
    </message>
    <message>
        <source>audit checkpoint written to %1: row %2, hash %3, %4 rows, server time %5, signed with %6</source>
        <translation>Audit-Checkpoint nach %1 geschrieben: Zeile %2, Hash %3, %4 Zeilen, Serverzeit %5, signiert mit %6</translation>
    </message>
</context>
<context>
    <name>AuditLogView</name>
    <message>
        <source>R&amp;un:</source>
        <translation>La&amp;uf:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>&amp;Action:</source>
        <translation>&amp;Aktion:</translation>
    </message>
    <message>
        <source>R&amp;ole:</source>
        <translation>R&amp;olle:</translation>
    </message>
    <message>
        <source>O&amp;utcome:</source>
        <translation>&amp;Ergebnis:</translation>
    </message>
    <message>
        <source>&amp;When:</source>
        <translation>&amp;Wann:</translation>
    </message>
    <message>
        <source>Select an entry to see its parameters and the run before and after</source>
        <translation>Wählen Sie einen Eintrag, um seine Parameter und den Lauf davor und danach zu sehen</translation>
    </message>
    <message>
        <source>&amp;Verify chain</source>
        <translation>Kette &amp;prüfen</translation>
    </message>
    <message>
        <source>Ask the store to check the audit log&apos;s hash chain from its first row to its head (dedup.verify_audit)</source>
        <translation>Den Store die Hash-Kette des Audit-Protokolls von der ersten Zeile bis zum Kopf prüfen lassen (dedup.verify_audit)</translation>
    </message>
</context>
<context>
    <name>AuditVerifier</name>
    <message>
        <source>the audit chain head is missing</source>
        <translation>der Kopf der Audit-Kette fehlt</translation>
    </message>
</context>
<context>
    <name>BulkActionDialog</name>
    <message>
        <source>Re-run &amp;uncertain steps (I checked: their side effect did not happen)</source>
        <translation>&amp;Ungewisse Schritte erneut ausführen (geprüft: ihr Seiteneffekt ist nicht eingetreten)</translation>
    </message>
    <message>
        <source>&amp;Assignee:</source>
        <translation>&amp;Bearbeiter:</translation>
    </message>
    <message>
        <source>Nobody</source>
        <translation>Niemand</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>Be&amp;gründung:</translation>
    </message>
    <message>
        <source>Required: goes into every run&apos;s audit entry</source>
        <translation>Pflichtfeld: wird in den Audit-Eintrag jedes Laufs geschrieben</translation>
    </message>
    <message>
        <source>&amp;Confirm:</source>
        <translation>Bes&amp;tätigen:</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>A&amp;bort</source>
        <translation>Abb&amp;rechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>BulkOperations</name>
    <message>
        <source>A reason is required.</source>
        <translation>Eine Begründung ist erforderlich.</translation>
    </message>
    <message>
        <source>No runs to add.</source>
        <translation>Keine Läufe zum Hinzufügen.</translation>
    </message>
    <message>
        <source>There is no bulk operation %1.</source>
        <translation>Es gibt keine Massenaktion %1.</translation>
    </message>
</context>
<context>
    <name>BulkOperationsDialog</name>
    <message>
        <source>Unfinished Bulk Operations</source>
        <translation>Unfertige Massenaktionen</translation>
    </message>
    <message>
        <source>Bulk operations of every console that are neither finished nor aborted. One whose last batch is old was left by a console that closed or crashed: continue it here or abort it. No run is changed twice, whoever applies the batches.</source>
        <translation>Massenaktionen aller Konsolen, die weder fertig noch abgebrochen sind. Eine, deren letzter Stapel lange zurückliegt, hat eine Konsole hinterlassen, die geschlossen wurde oder abgestürzt ist: Führen Sie sie hier fort oder brechen Sie sie ab. Kein Lauf wird zweimal geändert, gleich wer die Stapel anwendet.</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>Be&amp;gründung:</translation>
    </message>
    <message>
        <source>&amp;Continue Here</source>
        <translation>&amp;Hier weiterführen</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>A&amp;bort</source>
        <translation>Abb&amp;rechen</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>A&amp;ktualisieren</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Required to continue here, pause, resume or abort: written to the audit log</source>
        <translation>Erforderlich, um hier fortzusetzen, anzuhalten, wieder aufzunehmen oder abzubrechen: wird ins Audit-Log geschrieben</translation>
    </message>
</context>
<context>
    <name>BulkPlan</name>
    <message>
        <source>A reason is required: every run&apos;s audit entry carries it.</source>
        <translation>Eine Begründung ist erforderlich: Der Audit-Eintrag jedes Laufs enthält sie.</translation>
    </message>
    <message>
        <source>No runs are selected.</source>
        <translation>Es sind keine Läufe ausgewählt.</translation>
    </message>
    <message>
        <source>None of the selected runs is in a state this action applies to.</source>
        <translation>Keiner der ausgewählten Läufe ist in einem Zustand, für den diese Aktion gilt.</translation>
    </message>
    <message>
        <source>The filter&apos;s statuses do not include any this action applies to.</source>
        <translation>Der Filter enthält keinen Status, für den diese Aktion gilt.</translation>
    </message>
</context>
<context>
    <name>BulkPreview</name>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>More than %1 runs match; the exact number is known once the operation is prepared (the planner estimates %2).</source>
        <translation>Mehr als %1 Läufe passen; die genaue Anzahl ist bekannt, sobald die Aktion vorbereitet ist (der Planer schätzt %2).</translation>
    </message>
    <message>
        <source>no number</source>
        <translation>keine Anzahl</translation>
    </message>
    <message>
        <source>%1 of the runs are in a state this action does not apply to; they are left out.</source>
        <translation>%1 der Läufe sind in einem Zustand, für den diese Aktion nicht gilt; sie werden ausgelassen.</translation>
    </message>
    <message>
        <source>%1 runs changed since you selected them (or are gone); they will be skipped.</source>
        <translation>%1 Läufe haben sich seit Ihrer Auswahl geändert (oder existieren nicht mehr); sie werden übersprungen.</translation>
    </message>
    <message>
        <source>%1 runs have a step whose side effect may already have happened; check the provider before acting on them.</source>
        <translation>%1 Läufe haben einen Schritt, dessen Seiteneffekt möglicherweise bereits eingetreten ist; prüfen Sie den Anbieter, bevor Sie auf sie einwirken.</translation>
    </message>
    <message>
        <source>%1 runs have such a step without a downstream key: a continuation stops there and sends them back to review unless uncertain steps are rerun.</source>
        <translation>%1 Läufe haben einen solchen Schritt ohne Downstream-Schlüssel: Eine Fortsetzung hält dort an und schickt sie zurück in die Prüfung, es sei denn, ungewisse Schritte werden erneut ausgeführt.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>more than %1</source>
        <translation>mehr als %1</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>%1 runs: %2</source>
        <translation>%1 Läufe: %2</translation>
    </message>
</context>
<context>
    <name>BulkProgressText</name>
    <message>
        <source>  run %1: %2</source>
        <translation>  Lauf %1: %2</translation>
    </message>
    <message>
        <source>  … and more (see the audit log)</source>
        <translation>  … und weitere (siehe Audit-Protokoll)</translation>
    </message>
    <message>
        <source>Applied %1 · skipped because changed %2 · failed %3 · pending %4</source>
        <translation>Angewendet %1 · übersprungen wegen Änderung %2 · fehlgeschlagen %3 · ausstehend %4</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>Fehlgeschlagen:</translation>
    </message>
    <message>
        <source>Skipped because the run changed since it was selected:</source>
        <translation>Übersprungen, weil sich der Lauf seit der Auswahl geändert hat:</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>BulkReport</name>
    <message>
        <source>%1 runs: %2 applied, %3 skipped because they changed, %4 failed.</source>
        <translation>%1 Läufe: %2 angewendet, %3 übersprungen, weil sie sich geändert haben, %4 fehlgeschlagen.</translation>
    </message>
    <message>
        <source>%1 were not applied (the operation was aborted).</source>
        <translation>%1 wurden nicht angewendet (die Aktion wurde abgebrochen).</translation>
    </message>
</context>
<context>
    <name>CappedCount</name>
    <message>
        <source>newest %1 of %2</source>
        <translation>die neuesten %1 von %2</translation>
    </message>
    <message>
        <source>oldest %1 of %2</source>
        <translation>die ältesten %1 von %2</translation>
    </message>
    <message>
        <source>%1–%2 of %3</source>
        <extracomment>A page of a list, numbered from its oldest entry: &quot;1,001–1,500 of 10,000&quot;.</extracomment>
        <translation>%1–%2 von %3</translation>
    </message>
</context>
<context>
    <name>CliCommand</name>
    <message>
        <source>Database to use: a libpq connection string or URI, or service=NAME. Without it, the PG* environment variables, pg_service.conf and .pgpass apply.</source>
        <translation>Zu verwendende Datenbank: ein libpq-Verbindungsstring oder -URI oder service=NAME. Ohne Angabe gelten die PG*-Umgebungsvariablen, pg_service.conf und .pgpass.</translation>
    </message>
    <message>
        <source>conninfo</source>
        <translation>conninfo</translation>
    </message>
    <message>
        <source>Print machine-readable JSON instead of text.</source>
        <translation>Maschinenlesbares JSON statt Text ausgeben.</translation>
    </message>
    <message>
        <source>dedupctl: cannot connect: %1</source>
        <translation>dedupctl: Verbindung nicht möglich: %1</translation>
    </message>
    <message>
        <source>--db holds a %1: a command line is visible to other users (ps, /proc) and stays in shell history. Put the password in ~/.pgpass (or the file PGPASSFILE names), in the PGPASSWORD environment variable, or in a service file (--db service=NAME).</source>
        <translation>--db enthält ein %1: Eine Befehlszeile ist für andere Benutzer sichtbar (ps, /proc) und bleibt in der Shell-History. Legen Sie das Passwort in ~/.pgpass (oder der Datei, die PGPASSFILE nennt), in der Umgebungsvariablen PGPASSWORD oder in einer Servicedatei (--db service=NAME) ab.</translation>
    </message>
    <message>
        <source>--db holds a %1: a command line is visible to other users (ps, /proc) and stays in shell history. Leave it out and type the client key&apos;s passphrase when asked, or put it in a service file (--db service=NAME).</source>
        <translation>--db enthält ein %1: Eine Befehlszeile ist für andere Benutzer sichtbar (ps, /proc) und bleibt in der Shell-History. Lassen Sie es weg und geben Sie die Passphrase des Client-Schlüssels ein, wenn Sie danach gefragt werden, oder legen Sie es in einer Servicedatei ab (--db service=NAME).</translation>
    </message>
    <message>
        <source>dedupctl: the server is reached over the network and no sslmode was given, so dedupctl uses sslmode=verify-full, which needs the certificate of the authority that signed the server&apos;s certificate: install it as ~/.postgresql/root.crt, or name it with sslrootcert=PATH in --db or PGSSLROOTCERT. Only on a network you trust, give a weaker sslmode explicitly (sslmode=require encrypts without verifying the server).</source>
        <translation>dedupctl: Der Server wird über das Netzwerk erreicht und es wurde kein sslmode angegeben, daher verwendet dedupctl sslmode=verify-full; dafür wird das Zertifikat der Zertifizierungsstelle benötigt, die das Serverzertifikat signiert hat: Installieren Sie es als ~/.postgresql/root.crt oder geben Sie es mit sslrootcert=PATH in --db oder PGSSLROOTCERT an. Geben Sie nur in einem vertrauenswürdigen Netzwerk ausdrücklich einen schwächeren sslmode an (sslmode=require verschlüsselt, ohne den Server zu prüfen).</translation>
    </message>
    <message>
        <source>dedupctl: --db reaches the server through a connection pooler (PgBouncer or similar). This command writes the audit log, which records who acted from the database session, and a pool in transaction mode does not keep a session: connect to the PostgreSQL server itself.</source>
        <translation>dedupctl: --db erreicht den Server über einen Verbindungspool (PgBouncer o. Ä.). Dieser Befehl schreibt ins Audit-Protokoll, das aus der Datenbanksitzung festhält, wer gehandelt hat, und ein Pool im Transaktionsmodus behält keine Sitzung: Verbinden Sie sich direkt mit dem PostgreSQL-Server.</translation>
    </message>
    <message>
        <source>dedupctl: %1</source>
        <translation>dedupctl: %1</translation>
    </message>
</context>
<context>
    <name>ConnectionCheck</name>
    <message>
        <source>the local socket (port %1)</source>
        <translation>der lokale Socket (Port %1)</translation>
    </message>
    <message>
        <source>the socket in %1 (port %2)</source>
        <translation>der Socket in %1 (Port %2)</translation>
    </message>
    <message>
        <source>The server asks for a password for role %1. Type it in the password field (store it in the keychain to connect without typing), or put it in ~/.pgpass.</source>
        <translation>Der Server verlangt ein Passwort für die Rolle %1. Geben Sie es in das Passwortfeld ein (speichern Sie es im Schlüsselbund, um sich ohne Eingabe zu verbinden) oder tragen Sie es in ~/.pgpass ein.</translation>
    </message>
    <message>
        <source>The server has no role called %1. Check the user name, or ask the database administrator to create the role.</source>
        <translation>Der Server hat keine Rolle namens %1. Prüfen Sie den Benutzernamen oder bitten Sie den Datenbankadministrator, die Rolle anzulegen.</translation>
    </message>
    <message>
        <source>The server does not let role %1 connect to database %2 from this host (pg_hba.conf). Ask the database administrator for an entry, or check whether sslmode must be require.</source>
        <translation>Der Server erlaubt der Rolle %1 nicht, sich von diesem Host aus mit der Datenbank %2 zu verbinden (pg_hba.conf). Bitten Sie den Datenbankadministrator um einen Eintrag oder prüfen Sie, ob sslmode require sein muss.</translation>
    </message>
    <message>
        <source>The server refused the login of role %1. Check the user name and the password (a password remembered in the keychain or ~/.pgpass may be out of date).</source>
        <translation>Der Server hat die Anmeldung der Rolle %1 abgelehnt. Prüfen Sie Benutzernamen und Passwort (ein im Schlüsselbund oder in ~/.pgpass gespeichertes Passwort ist möglicherweise veraltet).</translation>
    </message>
    <message>
        <source>There is no database called %1 at %2. Check the database name; a new store is created with CREATE DATABASE and then `dedupctl migrate --db ...`.</source>
        <translation>Es gibt keine Datenbank namens %1 auf %2. Prüfen Sie den Datenbanknamen; ein neuer Store wird mit CREATE DATABASE und anschließend `dedupctl migrate --db ...` angelegt.</translation>
    </message>
    <message>
        <source>Role %1 may not connect to database %2 (no CONNECT privilege). Ask the database administrator: GRANT CONNECT ON DATABASE %2 TO %1;</source>
        <translation>Die Rolle %1 darf sich nicht mit der Datenbank %2 verbinden (kein CONNECT-Recht). Fragen Sie den Datenbankadministrator: GRANT CONNECT ON DATABASE %2 TO %1;</translation>
    </message>
    <message>
        <source>The server at %1 does not offer TLS, but this connection requires it (sslmode=%2). Enable ssl on the server, or choose a weaker sslmode only if the network is trusted.</source>
        <translation>Der Server auf %1 bietet kein TLS an, diese Verbindung verlangt es aber (sslmode=%2). Aktivieren Sie ssl auf dem Server oder wählen Sie einen schwächeren sslmode nur, wenn das Netzwerk vertrauenswürdig ist.</translation>
    </message>
    <message>
        <source>The root certificate needed to verify the server (sslmode=%1) is missing or unreadable. Choose the certificate of the authority that signed the server&apos;s certificate under &quot;Root certificate&quot;, or install it as ~/.postgresql/root.crt.</source>
        <translation>Das zur Prüfung des Servers nötige Stammzertifikat (sslmode=%1) fehlt oder ist nicht lesbar. Wählen Sie unter „Stammzertifikat“ das Zertifikat der Zertifizierungsstelle, die das Serverzertifikat signiert hat, oder installieren Sie es als ~/.postgresql/root.crt.</translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not issued for the host name used (sslmode=verify-full). Connect with the name the certificate names, or ask for a certificate that includes this name.</source>
        <translation>Das Zertifikat des Servers ist nicht für den verwendeten Hostnamen ausgestellt (sslmode=verify-full). Verbinden Sie sich mit dem im Zertifikat genannten Namen oder fordern Sie ein Zertifikat an, das diesen Namen enthält.</translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not signed by the given root certificate. Check that &quot;Root certificate&quot; is the authority that issued the server&apos;s certificate.</source>
        <translation>Das Zertifikat des Servers ist nicht vom angegebenen Stammzertifikat signiert. Prüfen Sie, ob „Stammzertifikat“ die Zertifizierungsstelle ist, die das Serverzertifikat ausgestellt hat.</translation>
    </message>
    <message>
        <source>The encrypted connection to %1 could not be set up (sslmode=%2). Check the TLS settings and certificates.</source>
        <translation>Die verschlüsselte Verbindung zu %1 konnte nicht aufgebaut werden (sslmode=%2). Prüfen Sie die TLS-Einstellungen und Zertifikate.</translation>
    </message>
    <message>
        <source>The service named in these settings is not defined. Check its name against pg_service.conf (~/.pg_service.conf, the file in PGSERVICEFILE, or the system-wide one).</source>
        <translation>Der in diesen Einstellungen genannte Service ist nicht definiert. Prüfen Sie seinen Namen anhand von pg_service.conf (~/.pg_service.conf, die Datei in PGSERVICEFILE oder die systemweite Datei).</translation>
    </message>
    <message>
        <source>libpq cannot use these settings as written: see the details, correct the profile and try again.</source>
        <translation>libpq kann diese Einstellungen so nicht verwenden: Sehen Sie sich die Details an, korrigieren Sie das Profil und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The host name in %1 cannot be resolved. Check its spelling and the network&apos;s name service (DNS, /etc/hosts).</source>
        <translation>Der Hostname in %1 kann nicht aufgelöst werden. Prüfen Sie die Schreibweise und den Namensdienst des Netzwerks (DNS, /etc/hosts).</translation>
    </message>
    <message>
        <source>%1 did not answer within the connect timeout. Check the host and port, the network (VPN, firewall) and that the server is up.</source>
        <translation>%1 hat nicht innerhalb des Verbindungs-Timeouts geantwortet. Prüfen Sie Host und Port, das Netzwerk (VPN, Firewall) und ob der Server läuft.</translation>
    </message>
    <message>
        <source>Something answered at %1, but it is not a PostgreSQL server. Check the port.</source>
        <translation>Unter %1 hat etwas geantwortet, aber es ist kein PostgreSQL-Server. Prüfen Sie den Port.</translation>
    </message>
    <message>
        <source>No PostgreSQL server listens on %1. Check that the server runs on this machine and that the socket directory and port match its unix_socket_directories and port settings.</source>
        <translation>Auf %1 lauscht kein PostgreSQL-Server. Prüfen Sie, ob der Server auf diesem Rechner läuft und ob Socket-Verzeichnis und Port zu seinen Einstellungen unix_socket_directories und port passen.</translation>
    </message>
    <message>
        <source>No PostgreSQL server answers at %1. Check the host and port, that the server is running and accepts TCP connections (listen_addresses), and that no firewall is in the way.</source>
        <translation>Unter %1 antwortet kein PostgreSQL-Server. Prüfen Sie Host und Port, ob der Server läuft und TCP-Verbindungen annimmt (listen_addresses) und ob keine Firewall im Weg ist.</translation>
    </message>
    <message>
        <source>Could not connect to %1: see the details. If the server is starting, shutting down or full, try again in a moment.</source>
        <translation>Verbindung zu %1 nicht möglich: Siehe Details. Falls der Server gerade startet, herunterfährt oder voll ist, versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The connection settings cannot be read: write a postgresql:// URI or key=value pairs (values with spaces in single quotes).</source>
        <translation>Die Verbindungseinstellungen können nicht gelesen werden: Schreiben Sie eine postgresql://-URI oder key=value-Paare (Werte mit Leerzeichen in einfachen Anführungszeichen).</translation>
    </message>
    <message>
        <source>local socket</source>
        <translation>lokaler Socket</translation>
    </message>
    <message>
        <source>Connected, but could not read the role&apos;s privileges: see the details.</source>
        <translation>Verbunden, aber die Rechte der Rolle konnten nicht gelesen werden: Siehe Details.</translation>
    </message>
    <message>
        <source>Database %1 holds no dedup store (schema dedup is missing). Check the database name; to create the store there, run as its owner: %2</source>
        <translation>Die Datenbank %1 enthält keinen Dedup-Store (Schema dedup fehlt). Prüfen Sie den Datenbanknamen; um den Store dort anzulegen, führen Sie als dessen Eigentümer aus: %2</translation>
    </message>
    <message>
        <source>Connected, but could not read the store&apos;s schema version: see the details.</source>
        <translation>Verbunden, aber die Schemaversion des Stores konnte nicht gelesen werden: Siehe Details.</translation>
    </message>
    <message>
        <source>Database %1 holds an empty dedup schema (no migration recorded). To create the store, run as its owner: %2</source>
        <translation>Die Datenbank %1 enthält ein leeres Dedup-Schema (keine Migration erfasst). Um den Store anzulegen, führen Sie als dessen Eigentümer aus: %2</translation>
    </message>
    <message>
        <source>The store is at schema version %1; this console needs version %2. Upgrade it, as its owner: %3</source>
        <translation>Der Store hat die Schemaversion %1; diese Konsole benötigt Version %2. Aktualisieren Sie ihn als dessen Eigentümer: %3</translation>
    </message>
    <message>
        <source>The store is at schema version %1, newer than this console (version %2). Install a newer Dedup Console; this one could misread the store.</source>
        <translation>Der Store hat die Schemaversion %1, neuer als diese Konsole (Version %2). Installieren Sie eine neuere Dedup Console; diese könnte den Store falsch lesen.</translation>
    </message>
    <message>
        <source>The primary answers, but the standby named under &quot;Read from standby&quot; does not: %1 Fix or clear that field (lists then read from the primary).</source>
        <translation>Der Primärserver antwortet, aber der unter „Vom Standby lesen“ genannte Standby nicht: %1 Korrigieren oder leeren Sie dieses Feld (Listen lesen dann vom Primärserver).</translation>
    </message>
    <message>
        <source>The primary stopped answering while the standby was checked: try again.</source>
        <translation>Der Primärserver hat aufgehört zu antworten, während der Standby geprüft wurde: Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Could not read the primary&apos;s identity: see the details.</source>
        <translation>Die Identität des Primärservers konnte nicht gelesen werden: Siehe Details.</translation>
    </message>
    <message>
        <source>Connected to the standby %1, but could not read its replication state: see the details.</source>
        <translation>Mit dem Standby %1 verbunden, aber sein Replikationszustand konnte nicht gelesen werden: Siehe Details.</translation>
    </message>
    <message>
        <source>%1 is not a standby of this store: it belongs to another PostgreSQL cluster (system identifier %2; the primary&apos;s is %3). Lists read there would show another store&apos;s runs. Name a standby of %4 under &quot;Read from standby&quot;, or clear the field.</source>
        <translation>%1 ist kein Standby dieses Stores: Er gehört zu einem anderen PostgreSQL-Cluster (Systemkennung %2; die des Primärservers ist %3). Dort gelesene Listen würden die Läufe eines anderen Stores zeigen. Nennen Sie unter „Vom Standby lesen“ einen Standby von %4 oder leeren Sie das Feld.</translation>
    </message>
    <message>
        <source>%1 is not a standby: it is not in recovery (it is the primary itself, or a promoted standby that no longer follows it). Name a streaming standby under &quot;Read from standby&quot;, or clear the field.</source>
        <translation>%1 ist kein Standby: Er ist nicht im Recovery-Modus (er ist selbst der Primärserver oder ein hochgestufter Standby, der ihm nicht mehr folgt). Nennen Sie unter „Vom Standby lesen“ einen Streaming-Standby oder leeren Sie das Feld.</translation>
    </message>
    <message>
        <source>The standby connection opens database %1, but the store is database %2 on the primary. Set dbname=%2 in &quot;Read from standby&quot; (or leave dbname out: it is then taken from the primary&apos;s settings).</source>
        <translation>Die Standby-Verbindung öffnet die Datenbank %1, aber der Store ist die Datenbank %2 auf dem Primärserver. Setzen Sie dbname=%2 in „Vom Standby lesen“ (oder lassen Sie dbname weg: Es wird dann aus den Einstellungen des Primärservers übernommen).</translation>
    </message>
    <message>
        <source>Could not read the schema version on the standby %1: see the details.</source>
        <translation>Die Schemaversion auf dem Standby %1 konnte nicht gelesen werden: Siehe Details.</translation>
    </message>
    <message>
        <source>The standby %1 is at schema version %2, the primary at %3: it has not replayed the last migration yet. Wait and try again.</source>
        <translation>Der Standby %1 hat die Schemaversion %2, der Primärserver %3: Er hat die letzte Migration noch nicht eingespielt. Warten Sie und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Role %1 may not read the dedup store: it has no viewer or operator grant here. Ask the store&apos;s owner for one, e.g. SELECT dedup.access_grant(&apos;%1&apos;, &apos;viewer&apos;); (read-only, every workflow and scope) or &apos;operator&apos; with the workflows and scope prefixes it may act on.</source>
        <translation>Die Rolle %1 darf den Dedup-Store nicht lesen: Sie hat hier keine Betrachter- oder Operator-Berechtigung. Bitten Sie den Eigentümer des Stores um eine, z. B. SELECT dedup.access_grant(&apos;%1&apos;, &apos;viewer&apos;); (schreibgeschützt, alle Workflows und Bereiche) oder &apos;operator&apos; mit den Workflows und Bereichspräfixen, für die sie Aktionen ausführen darf.</translation>
    </message>
    <message>
        <source>Connected, but could not read this login&apos;s grants in the store (dedup.my_access()): see the details.</source>
        <translation>Verbunden, aber die Berechtigungen dieses Logins im Store konnten nicht gelesen werden (dedup.my_access()): Siehe Details.</translation>
    </message>
    <message>
        <source>Login %1 has no viewer or operator grant in this store: the console will show no runs and offer no actions. Ask the store&apos;s owner for one, e.g. SELECT dedup.access_grant(&apos;%1&apos;, &apos;viewer&apos;);</source>
        <translation>Das Login %1 hat in diesem Store keine Betrachter- oder Operator-Berechtigung: Die Konsole zeigt keine Läufe und bietet keine Aktionen an. Bitten Sie den Eigentümer des Stores um eine, z. B. SELECT dedup.access_grant(&apos;%1&apos;, &apos;viewer&apos;);</translation>
    </message>
    <message>
        <source>%1 Lists, dashboards and reports read from the standby %2 (%3); run detail and actions use the primary.</source>
        <translation>%1 Listen, Dashboards und Berichte lesen vom Standby %2 (%3); Laufdetails und Aktionen verwenden den Primärserver.</translation>
    </message>
    <message>
        <source>%1 is reached over the network, so sslmode is verify-full unless chosen otherwise, and the root certificate needed to verify the server is missing or unreadable. Choose the certificate of the authority that signed the server&apos;s certificate under &quot;Root certificate&quot;, or install it as ~/.postgresql/root.crt. Only on a network you trust, choose a weaker sslmode explicitly (require encrypts without verifying the server).</source>
        <translation>%1 wird über das Netzwerk erreicht, daher ist sslmode verify-full, sofern nicht anders gewählt, und das zur Prüfung des Servers nötige Stammzertifikat fehlt oder ist nicht lesbar. Wählen Sie unter „Stammzertifikat“ das Zertifikat der Zertifizierungsstelle, die das Serverzertifikat signiert hat, oder installieren Sie es als ~/.postgresql/root.crt. Wählen Sie nur in einem vertrauenswürdigen Netzwerk ausdrücklich einen schwächeren sslmode (require verschlüsselt, ohne den Server zu prüfen).</translation>
    </message>
    <message>
        <source>Connected as %1 (%2) to %3, PostgreSQL %4, schema v%5. %6.</source>
        <translation>Verbunden als %1 (%2) mit %3, PostgreSQL %4, Schema v%5. %6.</translation>
    </message>
    <message>
        <source>This address is a connection pooler (PgBouncer or similar), not the PostgreSQL server. The console needs a database session of its own: live updates (LISTEN), your user name and host in the audit log, and its time limits live in the session, and a pool in transaction mode does not keep them. Connect the console to the server directly; workers may keep using the pooler.</source>
        <translation>Diese Adresse ist ein Verbindungspool (PgBouncer o. Ä.), nicht der PostgreSQL-Server. Die Konsole braucht eine eigene Datenbanksitzung: Live-Aktualisierungen (LISTEN), Ihr Benutzername und Rechner im Audit-Protokoll und ihre Zeitlimits liegen in der Sitzung, und ein Pool im Transaktionsmodus behält sie nicht. Verbinden Sie die Konsole direkt mit dem Server; Worker können den Pool weiter nutzen.</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>Connect to a dedup store</source>
        <translation>Mit einem Dedup-Store verbinden</translation>
    </message>
    <message>
        <source>Saved profiles</source>
        <translation>Gespeicherte Profile</translation>
    </message>
    <message>
        <source>A new, empty profile</source>
        <translation>Ein neues, leeres Profil</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>A copy of the selected profile</source>
        <translation>Eine Kopie des ausgewählten Profils</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>D&amp;uplizieren</translation>
    </message>
    <message>
        <source>Delete the selected profile and its keychain entry</source>
        <translation>Das ausgewählte Profil und seinen Schlüsselbund-Eintrag löschen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Profile na&amp;me:</source>
        <translation>Profilna&amp;me:</translation>
    </message>
    <message>
        <source>The name this profile is saved under (and its keychain entry)</source>
        <translation>Der Name, unter dem dieses Profil gespeichert wird (und sein Schlüsselbund-Eintrag)</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>&amp;Fields</source>
        <translation>&amp;Felder</translation>
    </message>
    <message>
        <source>Connection strin&amp;g</source>
        <translation>Verbindungsstrin&amp;g</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>&amp;Host:</translation>
    </message>
    <message>
        <source>name or address; empty: PGHOST or the local socket</source>
        <translation>Name oder Adresse; leer: PGHOST oder der lokale Socket</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Port:</translation>
    </message>
    <message>
        <source>empty: PGPORT or 5432</source>
        <translation>leer: PGPORT oder 5432</translation>
    </message>
    <message>
        <source>Data&amp;base:</source>
        <translation>Daten&amp;bank:</translation>
    </message>
    <message>
        <source>empty: PGDATABASE or the user name</source>
        <translation>leer: PGDATABASE oder der Benutzername</translation>
    </message>
    <message>
        <source>Use&amp;r:</source>
        <translation>Benutze&amp;r:</translation>
    </message>
    <message>
        <source>empty: PGUSER or your login name</source>
        <translation>leer: PGUSER oder Ihr Anmeldename</translation>
    </message>
    <message>
        <source>Ser&amp;vice:</source>
        <translation>Servi&amp;ce:</translation>
    </message>
    <message>
        <source>a section of pg_service.conf (optional)</source>
        <translation>ein Abschnitt von pg_service.conf (optional)</translation>
    </message>
    <message>
        <source>Connection string</source>
        <translation>Verbindungsstring</translation>
    </message>
    <message>
        <source>postgresql://user@host:5432/dbname</source>
        <translation>postgresql://user@host:5432/dbname</translation>
    </message>
    <message>
        <source>Anything libpq accepts: a postgresql:// URI, key=value pairs (host=db dbname=dedup user=alice) or service=name from pg_service.conf. Leave the password out: choose how it is given below.</source>
        <translation>Alles, was libpq akzeptiert: eine postgresql://-URI, key=value-Paare (host=db dbname=dedup user=alice) oder service=name aus pg_service.conf. Lassen Sie das Passwort weg: Wählen Sie unten, wie es angegeben wird.</translation>
    </message>
    <message>
        <source>TLS (ss&amp;lmode):</source>
        <translation>TLS (sslmo&amp;de):</translation>
    </message>
    <message>
        <source>R&amp;oot certificate:</source>
        <translation>St&amp;ammzertifikat:</translation>
    </message>
    <message>
        <source>empty: PGSSLROOTCERT or ~/.postgresql/root.crt</source>
        <translation>leer: PGSSLROOTCERT oder ~/.postgresql/root.crt</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Connect t&amp;imeout:</source>
        <translation>Verbindungs-T&amp;imeout:</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Passwort</translation>
    </message>
    <message>
        <source>Stored in the system &amp;keychain</source>
        <translation>Im S&amp;ystem-Schlüsselbund gespeichert</translation>
    </message>
    <message>
        <source>&amp;Ask each time</source>
        <translation>&amp;Jedes Mal fragen</translation>
    </message>
    <message>
        <source>No password h&amp;ere (.pgpass, PGPASSWORD, peer or certificate)</source>
        <translation>Kein Passwort hi&amp;er (.pgpass, PGPASSWORD, peer oder Zertifikat)</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>Pass&amp;wort:</translation>
    </message>
    <message>
        <source>Remember in ke&amp;ychain</source>
        <translation>Im Schlüsselbund mer&amp;ken</translation>
    </message>
    <message>
        <source>Save this profile (never its password; that goes to the keychain)</source>
        <translation>Dieses Profil speichern (nie sein Passwort; das kommt in den Schlüsselbund)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Stop waiting for this attempt</source>
        <translation>Nicht länger auf diesen Versuch warten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>Read from stand&amp;by:</source>
        <translation>V&amp;om Standby lesen:</translation>
    </message>
    <message>
        <source>A streaming-replication standby of this store for lists, dashboards and reports; run detail and actions always use the primary. A URI or key=value pairs (host=replica1); what it leaves out (user, dbname, TLS) is taken from the settings above, the password too. Empty: everything reads from the primary.</source>
        <translation>Ein Streaming-Replikations-Standby dieses Stores für Listen, Dashboards und Berichte; Laufdetails und Aktionen verwenden immer den Primärserver. Eine URI oder key=value-Paare (host=replica1); was darin fehlt (user, dbname, TLS), wird aus den obigen Einstellungen übernommen, ebenso das Passwort. Leer: Alles wird vom Primärserver gelesen.</translation>
    </message>
    <message>
        <source>Read from standby</source>
        <translation>Vom Standby lesen</translation>
    </message>
    <message>
        <source>empty: read from the primary; e.g. host=replica1</source>
        <translation>leer: vom Primärserver lesen; z. B. host=replica1</translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>out of memory</source>
        <translation>kein Speicher mehr verfügbar</translation>
    </message>
    <message>
        <source>Give the profile a name.</source>
        <translation>Geben Sie dem Profil einen Namen.</translation>
    </message>
    <message>
        <source>The connection string cannot be read (%1). Write a postgresql:// URI or key=value pairs, with values containing spaces in single quotes.</source>
        <translation>Der Verbindungsstring kann nicht gelesen werden (%1). Schreiben Sie eine postgresql://-URI oder key=value-Paare, Werte mit Leerzeichen in einfachen Anführungszeichen.</translation>
    </message>
    <message>
        <source>The connect timeout cannot be negative (0 waits as long as the system does).</source>
        <translation>Der Verbindungs-Timeout darf nicht negativ sein (0 wartet so lange wie das System).</translation>
    </message>
    <message>
        <source>These settings do not make a valid connection string (%1).</source>
        <translation>Diese Einstellungen ergeben keinen gültigen Verbindungsstring (%1).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a port number: use 1 to 65535 (PostgreSQL listens on 5432 unless configured otherwise).</source>
        <translation>„%1“ ist keine Portnummer: Verwenden Sie 1 bis 65535 (PostgreSQL lauscht auf 5432, sofern nicht anders konfiguriert).</translation>
    </message>
    <message>
        <source>connect_timeout must be a whole number of seconds, not &quot;%1&quot;.</source>
        <translation>connect_timeout muss eine ganze Zahl von Sekunden sein, nicht „%1“.</translation>
    </message>
    <message>
        <source>sslmode &quot;%1&quot; is not one of %2.</source>
        <translation>sslmode „%1“ ist keiner von %2.</translation>
    </message>
    <message>
        <source>The root certificate file %1 does not exist. Choose the certificate of the authority that signed the server&apos;s certificate, or clear the field.</source>
        <translation>Die Stammzertifikatsdatei %1 existiert nicht. Wählen Sie das Zertifikat der Zertifizierungsstelle, die das Serverzertifikat signiert hat, oder leeren Sie das Feld.</translation>
    </message>
    <message>
        <source>sslmode %1 checks the server&apos;s certificate, so it needs the root certificate of the authority that signed it: choose it under &quot;Root certificate&quot;, or install it as %2.</source>
        <translation>sslmode %1 prüft das Zertifikat des Servers und benötigt daher das Stammzertifikat der Zertifizierungsstelle, die es signiert hat: Wählen Sie es unter „Stammzertifikat“ oder installieren Sie es als %2.</translation>
    </message>
    <message>
        <source>service %1</source>
        <translation>Service %1</translation>
    </message>
    <message>
        <source>service %1 (%2)</source>
        <translation>Service %1 (%2)</translation>
    </message>
    <message>
        <source>local socket</source>
        <translation>lokaler Socket</translation>
    </message>
    <message>
        <source>The standby&apos;s connection string cannot be read (%1). Write a postgresql:// URI or key=value pairs, e.g. host=replica1.</source>
        <translation>Der Verbindungsstring des Standbys kann nicht gelesen werden (%1). Schreiben Sie eine postgresql://-URI oder key=value-Paare, z. B. host=replica1.</translation>
    </message>
    <message>
        <source>The standby&apos;s connection string contains a password. Passwords are never saved with a profile: remove it; the standby is reached with the primary&apos;s password (a standby has the primary&apos;s roles).</source>
        <translation>Der Verbindungsstring des Standbys enthält ein Passwort. Passwörter werden nie mit einem Profil gespeichert: Entfernen Sie es; der Standby wird mit dem Passwort des Primärservers erreicht (ein Standby hat die Rollen des Primärservers).</translation>
    </message>
    <message>
        <source>%1 contains a password. Passwords are never saved with a profile: remove it from the string, then choose &quot;System keychain&quot; or &quot;Ask each time&quot; and type it in the password field (or keep it in ~/.pgpass or the PGPASSWORD environment variable and choose &quot;No password&quot;).</source>
        <translation>%1 enthält ein Passwort. Passwörter werden nie mit einem Profil gespeichert: Entfernen Sie es aus dem String, wählen Sie dann „System-Schlüsselbund“ oder „Jedes Mal fragen“ und geben Sie es in das Passwortfeld ein (oder belassen Sie es in ~/.pgpass oder der Umgebungsvariablen PGPASSWORD und wählen Sie „Kein Passwort“).</translation>
    </message>
    <message>
        <source>%1 contains an sslpassword (the passphrase of the client key). Secrets are never saved with a profile: remove it, and keep the client key (sslkey) in a file only you can read (chmod 600) without a passphrase.</source>
        <translation>%1 enthält ein sslpassword (die Passphrase des Client-Schlüssels). Geheimnisse werden nie mit einem Profil gespeichert: Entfernen Sie es und legen Sie den Client-Schlüssel (sslkey) ohne Passphrase in einer Datei ab, die nur Sie lesen können (chmod 600).</translation>
    </message>
    <message>
        <source>%1 contains %2, a secret. Secrets are never saved with a profile: remove it.</source>
        <translation>%1 enthält %2, ein Geheimnis. Geheimnisse werden nie mit einem Profil gespeichert: Entfernen Sie es.</translation>
    </message>
    <message>
        <source>The connection string</source>
        <translation>Der Verbindungsstring</translation>
    </message>
    <message>
        <source>The standby&apos;s connection string</source>
        <translation>Der Verbindungsstring des Standbys</translation>
    </message>
    <message>
        <source>The server is reached over the network, so sslmode is verify-full unless chosen otherwise: the server&apos;s certificate and host name are checked against the root certificate of the authority that signed it. Choose it under &quot;Root certificate&quot; or install it as %1. Only on a network you trust, choose a weaker sslmode explicitly (require encrypts without verifying the server).</source>
        <translation>Der Server wird über das Netzwerk erreicht, daher ist sslmode verify-full, sofern nicht anders gewählt: Zertifikat und Hostname des Servers werden anhand des Stammzertifikats der Zertifizierungsstelle geprüft, die es signiert hat. Wählen Sie es unter „Stammzertifikat“ oder installieren Sie es als %1. Wählen Sie nur in einem vertrauenswürdigen Netzwerk ausdrücklich einen schwächeren sslmode (require verschlüsselt, ohne den Server zu prüfen).</translation>
    </message>
</context>
<context>
    <name>ConnectionProfiles</name>
    <message>
        <source>A profile needs a name.</source>
        <translation>Ein Profil braucht einen Namen.</translation>
    </message>
    <message>
        <source>Another profile is already called &quot;%1&quot;.</source>
        <translation>Ein anderes Profil heißt bereits „%1“.</translation>
    </message>
    <message>
        <source>Profile &quot;%1&quot;: the settings file held its %2. It is not used and has been removed; everything else in the profile is kept. Passwords go in the system keychain, are typed when connecting, or come from ~/.pgpass or PGPASSWORD.</source>
        <translation>Profil „%1“: Die Einstellungsdatei enthielt sein %2. Es wird nicht verwendet und wurde entfernt; alles andere im Profil bleibt erhalten. Passwörter gehören in den System-Schlüsselbund, werden beim Verbinden eingegeben oder stammen aus ~/.pgpass oder PGPASSWORD.</translation>
    </message>
</context>
<context>
    <name>ConnectionReport</name>
    <message>
        <source>operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>viewer (read-only)</source>
        <translation>Betrachter (schreibgeschützt)</translation>
    </message>
    <message>
        <source>no access</source>
        <translation>kein Zugriff</translation>
    </message>
</context>
<context>
    <name>CorrelationCommand</name>
    <message>
        <source>!! FAILED</source>
        <translation>!! FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <source>?? UNCERTAIN</source>
        <translation>?? UNGEWISS</translation>
    </message>
    <message>
        <source>Show the runs sharing a run&apos;s correlation id, oldest first, with their steps.</source>
        <translation>Die Läufe mit derselben Korrelations-ID wie ein Lauf anzeigen, älteste zuerst, mit ihren Schritten.</translation>
    </message>
    <message>
        <source>The run whose correlation to show (its id); required.</source>
        <translation>Der Lauf, dessen Korrelation angezeigt werden soll (seine ID); erforderlich.</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>dedupctl correlation: give the run: --run ID</source>
        <translation>dedupctl correlation: Geben Sie den Lauf an: --run ID</translation>
    </message>
    <message>
        <source>dedupctl correlation: invalid --run &apos;%1&apos;: use a positive number</source>
        <translation>dedupctl correlation: ungültiges --run &apos;%1&apos;: Verwenden Sie eine positive Zahl</translation>
    </message>
    <message>
        <source>dedupctl correlation: %1</source>
        <translation>dedupctl correlation: %1</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>dedupctl correlation: there is no run %1 with a correlation id (or your grants do not cover it)</source>
        <translation>dedupctl correlation: Es gibt keinen Lauf %1 mit einer Korrelations-ID (oder Ihre Berechtigungen decken ihn nicht ab)</translation>
    </message>
    <message>
        <source>RUN</source>
        <translation>LAUF</translation>
    </message>
    <message>
        <source>WORKFLOW SCOPE / KEY, STEP</source>
        <translation>WORKFLOW BEREICH / SCHLÜSSEL, SCHRITT</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>STATUS</translation>
    </message>
    <message>
        <source>STARTED (UTC)</source>
        <translation>GESTARTET (UTC)</translation>
    </message>
    <message>
        <source>FINISHED (UTC)</source>
        <translation>BEENDET (UTC)</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>DAUER</translation>
    </message>
    <message>
        <source>ATTEMPT</source>
        <translation>VERSUCH</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>FEHLER</translation>
    </message>
    <message>
        <source>MARK</source>
        <translation>MARKIERUNG</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source> (open)</source>
        <translation> (offen)</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source> (running)</source>
        <translation> (läuft)</translation>
    </message>
    <message>
        <source>newest %1 of %2 runs</source>
        <translation>die neuesten %1 von %2 Läufen</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 Lauf</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>correlation of run %1: %2; %3 failed and %4 uncertain steps; server time %5</source>
        <translation>Korrelation von Lauf %1: %2; %3 fehlgeschlagene und %4 ungewisse Schritte; Serverzeit %5</translation>
    </message>
</context>
<context>
    <name>CorrelationView</name>
    <message>
        <source>Correlation &amp;id:</source>
        <translation>Korrelations-&amp;ID:</translation>
    </message>
    <message>
        <source>Every run sharing this correlation id, e.g. one patient visit (Return shows them)</source>
        <translation>Alle Läufe mit dieser Korrelations-ID, z. B. ein Patientenbesuch (Eingabe zeigt sie an)</translation>
    </message>
    <message>
        <source>&amp;Show</source>
        <translation>An&amp;zeigen</translation>
    </message>
</context>
<context>
    <name>CrashTestCommand</name>
    <message>
        <source>Kill worker processes with SIGKILL at random moments and check that no intent was lost or duplicated.</source>
        <translation>Worker-Prozesse zu zufälligen Zeitpunkten mit SIGKILL beenden und prüfen, dass keine Absicht verloren ging oder doppelt ausgeführt wurde.</translation>
    </message>
    <message>
        <source>Intents to enqueue (default 200); more are added while kills remain and the queue ran dry.</source>
        <translation>Einzureihende Absichten (Standard 200); weitere kommen hinzu, solange Kills ausstehen und die Warteschlange leer ist.</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Each intent is delivered 1 to this many times (default 3).</source>
        <translation>Jede Absicht wird ein- bis höchstens so oft zugestellt (Standard 3).</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Worker processes (default 3).</source>
        <translation>Worker-Prozesse (Standard 3).</translation>
    </message>
    <message>
        <source>w</source>
        <translation>w</translation>
    </message>
    <message>
        <source>SIGKILLs to deliver (default 50).</source>
        <translation>Zu sendende SIGKILLs (Standard 50).</translation>
    </message>
    <message>
        <source>Seed of the traffic and the kills (default 1).</source>
        <translation>Seed für Verkehr und Kills (Standard 1).</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>The workers&apos; run lease (default 500).</source>
        <translation>Die Lauf-Lease der Worker (Standard 500).</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Wait between a provider call&apos;s return and its recording (default 20).</source>
        <translation>Wartezeit zwischen der Rückkehr eines Anbieteraufrufs und seiner Erfassung (Standard 20).</translation>
    </message>
    <message>
        <source>Seconds to wait for the queue to drain after the last kill (default 120).</source>
        <translation>Sekunden, die nach dem letzten Kill auf das Leeren der Warteschlange gewartet wird (Standard 120).</translation>
    </message>
    <message>
        <source>Show the worker processes&apos; error output.</source>
        <translation>Die Fehlerausgabe der Worker-Prozesse anzeigen.</translation>
    </message>
    <message>
        <source>dedupctl crash-test: %1</source>
        <translation>dedupctl crash-test: %1</translation>
    </message>
    <message>
        <source>invalid number in the options (see --help)</source>
        <translation>ungültige Zahl in den Optionen (siehe --help)</translation>
    </message>
    <message>
        <source>the dedup schema is at version %1, this dedupctl needs %2</source>
        <translation>das dedup-Schema hat Version %1, dieses dedupctl benötigt %2</translation>
    </message>
    <message>
        <source>crash test %1: %2 intents, %3 deliveries, %4 workers, %5 SIGKILLs (%6 during a delivery, %7 during a step, %8 of them after the provider committed) in %9 s</source>
        <translation>Crash-Test %1: %2 Absichten, %3 Zustellungen, %4 Worker, %5 SIGKILLs (%6 während einer Zustellung, %7 während eines Schritts, %8 davon nach dem Commit des Anbieters) in %9 s</translation>
    </message>
    <message>
        <source>side effects %1; duplicates: deduplicating steps %2, other steps %3</source>
        <translation>Seiteneffekte %1; Duplikate: deduplizierende Schritte %2, andere Schritte %3</translation>
    </message>
    <message>
        <source>runs: %1 succeeded, %2 manual review (%3 with an uncertain step), %4 failed, %5 lost; worker processes that died by themselves: %6</source>
        <translation>Läufe: %1 erfolgreich, %2 manuelle Prüfung (%3 mit einem ungewissen Schritt), %4 fehlgeschlagen, %5 verloren; von selbst beendete Worker-Prozesse: %6</translation>
    </message>
    <message>
        <source>dedupctl crash-test: the queue did not drain within %1 s</source>
        <translation>dedupctl crash-test: Die Warteschlange wurde nicht innerhalb von %1 s geleert</translation>
    </message>
</context>
<context>
    <name>DedupLink</name>
    <message>
        <source>&quot;%1&quot; must be given once and not be empty</source>
        <translation>„%1“ muss genau einmal und nicht leer angegeben werden</translation>
    </message>
    <message>
        <source>unknown parameter &quot;%1&quot;: a link to the %2 view takes no parameters but %3 (a link from a newer console?)</source>
        <translation>unbekannter Parameter „%1“: Ein Link auf die Ansicht %2 nimmt keine Parameter außer %3 an (ein Link aus einer neueren Konsole?)</translation>
    </message>
    <message>
        <source>threshold must be a number of minutes from 0 to %1, given once</source>
        <translation>threshold muss eine Anzahl Minuten von 0 bis %1 sein, genau einmal angegeben</translation>
    </message>
    <message>
        <source>assignee must be me or nobody, given once</source>
        <translation>assignee muss me oder nobody sein, genau einmal angegeben</translation>
    </message>
    <message>
        <source>run must be one run id, given once</source>
        <translation>run muss eine einzelne Lauf-ID sein, genau einmal angegeben</translation>
    </message>
    <message>
        <source>outcome must be applied or changed, given once</source>
        <translation>outcome muss applied oder changed sein, genau einmal angegeben</translation>
    </message>
    <message>
        <source>range must be one of 1h, 24h, 7d or 30d, given once</source>
        <translation>range muss 1h, 24h, 7d oder 30d sein, genau einmal angegeben</translation>
    </message>
    <message>
        <source>unknown status &quot;%1&quot;</source>
        <translation>unbekannter Status „%1“</translation>
    </message>
    <message>
        <source>range must be one of 1h, 24h or 7d, given once</source>
        <translation>range muss 1h, 24h oder 7d sein, genau einmal angegeben</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be one time with its offset, e.g. 2026-12-04T06:00:00Z</source>
        <translation>„%1“ muss eine einzelne Zeitangabe mit Offset sein, z. B. 2026-12-04T06:00:00Z</translation>
    </message>
    <message>
        <source>unknown parameter &quot;%1&quot; (a link from a newer console?)</source>
        <translation>unbekannter Parameter „%1“ (ein Link aus einer neueren Konsole?)</translation>
    </message>
    <message>
        <source>a link has range or from/to, not both</source>
        <translation>ein Link hat range oder from/to, nicht beides</translation>
    </message>
    <message>
        <source>&quot;from&quot; is after &quot;to&quot;</source>
        <translation>„from“ liegt nach „to“</translation>
    </message>
    <message>
        <source>The link is longer than %1 characters.</source>
        <translation>Der Link ist länger als %1 Zeichen.</translation>
    </message>
    <message>
        <source>This is not a dedup:// link: %1</source>
        <translation>Dies ist kein dedup://-Link: %1</translation>
    </message>
    <message>
        <source>The link does not name a store: dedup:// must be followed by the store&apos;s id (a UUID).</source>
        <translation>Der Link nennt keinen Store: Auf dedup:// muss die ID des Stores folgen (eine UUID).</translation>
    </message>
    <message>
        <source>Unknown page of a run: &quot;%1&quot;.</source>
        <translation>Unbekannte Seite eines Laufs: „%1“.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a run id.</source>
        <translation>„%1“ ist keine Lauf-ID.</translation>
    </message>
    <message>
        <source>A link to a run takes no parameters.</source>
        <translation>Ein Link auf einen Lauf nimmt keine Parameter an.</translation>
    </message>
    <message>
        <source>A link to the %1 view takes no parameters.</source>
        <translation>Ein Link auf die Ansicht %1 nimmt keine Parameter an.</translation>
    </message>
    <message>
        <source>The link&apos;s filter cannot be used: %1.</source>
        <translation>Der Filter des Links kann nicht verwendet werden: %1.</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>the correlation of run %1</source>
        <translation>die Korrelation von Lauf %1</translation>
    </message>
    <message>
        <source>the runs list</source>
        <translation>die Läufe-Liste</translation>
    </message>
    <message>
        <source>the Stuck list</source>
        <translation>die Hängend-Liste</translation>
    </message>
    <message>
        <source>the review queue</source>
        <translation>die Prüfwarteschlange</translation>
    </message>
    <message>
        <source>the Workflows view</source>
        <translation>die Ansicht Workflows</translation>
    </message>
    <message>
        <source>the audit log</source>
        <translation>das Audit-Protokoll</translation>
    </message>
    <message>
        <source>The link names nothing this console knows: &quot;%1&quot; (expected run/ID, run/ID/correlation, run/ID/key, runs, stuck, review, audit or workflows).</source>
        <translation>Der Link nennt nichts, was diese Konsole kennt: „%1“ (erwartet: run/ID, run/ID/correlation, run/ID/key, runs, stuck, review, audit oder workflows).</translation>
    </message>
    <message>
        <source>the deliveries of run %1&apos;s key</source>
        <translation>die Zustellungen des Schlüssels von Lauf %1</translation>
    </message>
</context>
<context>
    <name>DemoCommand</name>
    <message>
        <source>Directory of the demo cluster (default: %1).</source>
        <translation>Verzeichnis des Demo-Clusters (Standard: %1).</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>Verzeichnis</translation>
    </message>
    <message>
        <source>dedupctl demo: %1</source>
        <translation>dedupctl demo: %1</translation>
    </message>
    <message>
        <source>demo store ready: %1</source>
        <translation>Demo-Store bereit: %1</translation>
    </message>
    <message>
        <source>press Ctrl-C to stop</source>
        <translation>Strg-C zum Beenden drücken</translation>
    </message>
    <message>
        <source>demo stopped</source>
        <translation>Demo beendet</translation>
    </message>
    <message>
        <source>Run the demo store (a private PostgreSQL under your data directory) with live traffic.</source>
        <translation>Den Demo-Store (ein privates PostgreSQL in Ihrem Datenverzeichnis) mit Live-Verkehr ausführen.</translation>
    </message>
    <message>
        <source>Start and migrate, print the connection string, and leave the server running (no traffic).</source>
        <translation>Starten und migrieren, den Verbindungsstring ausgeben und den Server laufen lassen (ohne Verkehr).</translation>
    </message>
    <message>
        <source>New business intents per second of the demo traffic (default: %1).</source>
        <translation>Neue Geschäftsabsichten pro Sekunde im Demo-Verkehr (Standard: %1).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Seed of the traffic&apos;s mix of workflows, duplicates and faults (default: %1).</source>
        <translation>Seed für die Mischung aus Workflows, Duplikaten und Fehlern im Verkehr (Standard: %1).</translation>
    </message>
    <message>
        <source>Only run the store; send no traffic.</source>
        <translation>Nur den Store ausführen; keinen Verkehr senden.</translation>
    </message>
    <message>
        <source>%1 s: </source>
        <translation>%1 s: </translation>
    </message>
    <message>
        <source>%1 runs: %2 succeeded, %3 failed, %4 in manual review, %5 stuck, %6 processing</source>
        <translation>%1 Läufe: %2 erfolgreich, %3 fehlgeschlagen, %4 in manueller Prüfung, %5 hängend, %6 in Bearbeitung</translation>
    </message>
    <message>
        <source> | %1 deliveries, %2 duplicates, %3 crashes</source>
        <translation> | %1 Zustellungen, %2 Duplikate, %3 Abstürze</translation>
    </message>
    <message>
        <source>dedupctl demo: --rate must be a number above 0 and at most 10000</source>
        <translation>dedupctl demo: --rate muss eine Zahl über 0 und höchstens 10000 sein</translation>
    </message>
    <message>
        <source>dedupctl demo: --seed must be a non-negative integer</source>
        <translation>dedupctl demo: --seed muss eine nicht negative ganze Zahl sein</translation>
    </message>
    <message>
        <source>dedupctl demo: the demo traffic did not start: %1</source>
        <translation>dedupctl demo: Der Demo-Verkehr ist nicht gestartet: %1</translation>
    </message>
    <message>
        <source>demo traffic: %1 intents/s over five workflows, with duplicates, provider faults and crashed workers (seed %2)</source>
        <translation>Demo-Verkehr: %1 Absichten/s über fünf Workflows, mit Duplikaten, Anbieterfehlern und abgestürzten Workern (Seed %2)</translation>
    </message>
    <message>
        <source>demo traffic stopped</source>
        <translation>Demo-Verkehr beendet</translation>
    </message>
    <message>
        <source>%1 s: the store is unreachable (%2); reconnecting</source>
        <translation>%1 s: Der Store ist nicht erreichbar (%2); Verbindung wird wiederhergestellt</translation>
    </message>
</context>
<context>
    <name>DurationText</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
</context>
<context>
    <name>JsonSummary</name>
    <message>
        <source>step %1: %2</source>
        <translation>Schritt %1: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>KeyCommand</name>
    <message>
        <source>in progress</source>
        <translation>in Bearbeitung</translation>
    </message>
    <message>
        <source>in review</source>
        <translation>in Prüfung</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>abweichende Anfrage</translation>
    </message>
    <message>
        <source>Show every delivery of an idempotency key: its time, worker and outcome, as the HTTP answer (first, replayed, 409, 422).</source>
        <translation>Alle Zustellungen eines Idempotenzschlüssels anzeigen: Zeit, Worker und Ergebnis, als HTTP-Antwort (first, replayed, 409, 422).</translation>
    </message>
    <message>
        <source>The key&apos;s scope.</source>
        <translation>Der Bereich des Schlüssels.</translation>
    </message>
    <message>
        <source>The idempotency key (sent to the store to find its run, never printed). After -- when it starts with a dash; - reads it from standard input (not in the process list or the shell history).</source>
        <translation>Der Idempotenzschlüssel (wird an den Store gesendet, um seinen Lauf zu finden, nie ausgegeben). Nach -- angeben, wenn er mit einem Bindestrich beginnt; - liest ihn von der Standardeingabe (nicht in der Prozessliste oder der Shell-History).</translation>
    </message>
    <message>
        <source>The run whose key to show (its id), instead of SCOPE KEY.</source>
        <translation>Der Lauf, dessen Schlüssel angezeigt werden soll (seine ID), statt SCOPE KEY.</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>List at most this many of the newest deliveries (1-%1, default %2); the counts cover all of them.</source>
        <translation>Höchstens so viele der neuesten Zustellungen auflisten (1-%1, Standard %2); die Zählungen umfassen alle.</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>dedupctl key: %1</source>
        <translation>dedupctl key: %1</translation>
    </message>
    <message>
        <source>give either SCOPE KEY or --run ID, not both</source>
        <translation>Geben Sie entweder SCOPE KEY oder --run ID an, nicht beides</translation>
    </message>
    <message>
        <source>give the key&apos;s scope and the key (SCOPE KEY), or its run (--run ID)</source>
        <translation>Geben Sie den Bereich des Schlüssels und den Schlüssel an (SCOPE KEY) oder seinen Lauf (--run ID)</translation>
    </message>
    <message>
        <source>give the key after its scope: SCOPE KEY</source>
        <translation>Geben Sie den Schlüssel nach seinem Bereich an: SCOPE KEY</translation>
    </message>
    <message>
        <source>too many arguments: give SCOPE KEY (quote a scope or key that holds spaces)</source>
        <translation>zu viele Argumente: Geben Sie SCOPE KEY an (Bereich oder Schlüssel mit Leerzeichen in Anführungszeichen setzen)</translation>
    </message>
    <message>
        <source>SCOPE is empty</source>
        <translation>SCOPE ist leer</translation>
    </message>
    <message>
        <source>KEY is empty</source>
        <translation>KEY ist leer</translation>
    </message>
    <message>
        <source>invalid --run &apos;%1&apos;: use a positive number</source>
        <translation>ungültiges --run &apos;%1&apos;: Verwenden Sie eine positive Zahl</translation>
    </message>
    <message>
        <source>invalid --limit &apos;%1&apos;: use a whole number from 1 to %2</source>
        <translation>ungültiges --limit &apos;%1&apos;: Verwenden Sie eine ganze Zahl von 1 bis %2</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>dedupctl key: run %1 not found or not readable by this login</source>
        <translation>dedupctl key: Lauf %1 nicht gefunden oder für dieses Login nicht lesbar</translation>
    </message>
    <message>
        <source>dedupctl key: no run of that key in scope &quot;%1&quot; that this login may read</source>
        <translation>dedupctl key: kein Lauf dieses Schlüssels im Bereich &quot;%1&quot;, den dieses Login lesen darf</translation>
    </message>
    <message>
        <source>run %1 (%2), workflow %3, scope %4</source>
        <translation>Lauf %1 (%2), Workflow %3, Bereich %4</translation>
    </message>
    <message>
        <source>deliveries: %1 = %2</source>
        <translation>Zustellungen: %1 = %2</translation>
    </message>
    <message>
        <source>first delivery %1, last %2; server time %3</source>
        <translation>erste Zustellung %1, letzte %2; Serverzeit %3</translation>
    </message>
    <message>
        <source>no deliveries recorded; server time %1</source>
        <translation>keine Zustellungen erfasst; Serverzeit %1</translation>
    </message>
    <message>
        <source>TIME (UTC)</source>
        <translation>ZEIT (UTC)</translation>
    </message>
    <message>
        <source>OUTCOME</source>
        <translation>ERGEBNIS</translation>
    </message>
    <message>
        <source>ANSWER</source>
        <translation>ANTWORT</translation>
    </message>
    <message>
        <source>WORKER</source>
        <translation>WORKER</translation>
    </message>
    <message>
        <source>ATTEMPT</source>
        <translation>VERSUCH</translation>
    </message>
    <message>
        <source>DETAIL</source>
        <translation>DETAIL</translation>
    </message>
    <message>
        <source>via %1</source>
        <translation>via %1</translation>
    </message>
    <message>
        <source>login %1</source>
        <translation>Login %1</translation>
    </message>
    <message>
        <source>lease owner %1</source>
        <translation>Lease-Inhaber %1</translation>
    </message>
    <message>
        <source>newest %1 of %2 deliveries listed</source>
        <translation>die neuesten %1 von %2 Zustellungen aufgeführt</translation>
    </message>
    <message>
        <source>; the store counts replayed and 409 deliveries and keeps only the last %1 of them, not each one</source>
        <translation>; der Store zählt replayed- und 409-Zustellungen und behält nur die letzten %1 davon, nicht jede einzelne</translation>
    </message>
    <message>
        <source>; --limit up to %1 lists more</source>
        <translation>; --limit bis %1 listet mehr auf</translation>
    </message>
</context>
<context>
    <name>LinkCommand</name>
    <message>
        <source>runs: only runs of this status (repeatable).</source>
        <translation>runs: nur Läufe mit diesem Status (wiederholbar).</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>runs: only this workflow.</source>
        <translation>runs: nur dieser Workflow.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>runs: only this scope.</source>
        <translation>runs: nur dieser Bereich.</translation>
    </message>
    <message>
        <source>scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>runs: created in the last 1h, 24h or 7d (counted when the link is opened).</source>
        <translation>runs: erstellt in den letzten 1h, 24h oder 7d (gerechnet ab dem Öffnen des Links).</translation>
    </message>
    <message>
        <source>range</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>runs: created at or after this time (ISO 8601 with offset).</source>
        <translation>runs: erstellt zu oder nach dieser Zeit (ISO 8601 mit Offset).</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>runs: created at or before this time (ISO 8601 with offset).</source>
        <translation>runs: erstellt zu oder vor dieser Zeit (ISO 8601 mit Offset).</translation>
    </message>
    <message>
        <source>dedupctl link: %1</source>
        <translation>dedupctl link: %1</translation>
    </message>
    <message>
        <source>give the link to check: check LINK</source>
        <translation>Geben Sie den zu prüfenden Link an: check LINK</translation>
    </message>
    <message>
        <source>give the run&apos;s id: %1 ID</source>
        <translation>Geben Sie die ID des Laufs an: %1 ID</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a run id</source>
        <translation>&apos;%1&apos; ist keine Lauf-ID</translation>
    </message>
    <message>
        <source>dedupctl link: cannot read the store&apos;s id (dedup.store_settings): %1</source>
        <translation>dedupctl link: Die ID des Stores kann nicht gelesen werden (dedup.store_settings): %1</translation>
    </message>
    <message>
        <source>another store: the link names store %1, this is store %2</source>
        <translation>anderer Store: Der Link nennt den Store %1, dies ist der Store %2</translation>
    </message>
    <message>
        <source>no run %1 in this store that login %2 may read</source>
        <translation>kein Lauf %1 in diesem Store, den Login %2 lesen darf</translation>
    </message>
    <message>
        <source>ok: %1 in this store</source>
        <translation>ok: %1 in diesem Store</translation>
    </message>
    <message>
        <source>stuck: also runs processing for longer than this (minutes, 0 to 10080).</source>
        <translation>stuck: auch Läufe, die länger als so viele Minuten in Bearbeitung sind (0 bis 10080).</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>review: runs assigned to the one who opens the link (me), or to nobody.</source>
        <translation>review: Läufe, die dem zugewiesen sind, der den Link öffnet (me), oder niemandem (nobody).</translation>
    </message>
    <message>
        <source>me|nobody</source>
        <translation>me|nobody</translation>
    </message>
    <message>
        <source>audit: only the entries of this run.</source>
        <translation>audit: nur die Einträge dieses Laufs.</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>audit: only this action (e.g. op_cancel).</source>
        <translation>audit: nur diese Aktion (z. B. op_cancel).</translation>
    </message>
    <message>
        <source>action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>audit: only actions of this login role.</source>
        <translation>audit: nur Aktionen dieser Login-Rolle.</translation>
    </message>
    <message>
        <source>role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>audit: only applied actions, or those refused because the run had changed.</source>
        <translation>audit: nur ausgeführte Aktionen, oder die, die abgelehnt wurden, weil sich der Lauf geändert hatte.</translation>
    </message>
    <message>
        <source>applied|changed</source>
        <translation>applied|changed</translation>
    </message>
    <message>
        <source>--%1 applies to %2 only</source>
        <translation>--%1 gilt nur für %2</translation>
    </message>
    <message>
        <source>Print a dedup:// link to a run, a correlation, a key&apos;s deliveries or a view of this store, or check one.</source>
        <translation>Einen dedup://-Link auf einen Lauf, eine Korrelation, die Zustellungen eines Schlüssels oder eine Ansicht dieses Stores ausgeben oder einen Link prüfen.</translation>
    </message>
    <message>
        <source>run ID | correlation RUN-ID | key RUN-ID | runs | stuck | review | audit | workflows | check LINK</source>
        <translation>run ID | correlation RUN-ID | key RUN-ID | runs | stuck | review | audit | workflows | check LINK</translation>
    </message>
    <message>
        <source>say what to link to: run ID, correlation RUN-ID, key RUN-ID, runs, stuck, review, audit, workflows, or check LINK</source>
        <translation>Geben Sie das Linkziel an: run ID, correlation RUN-ID, key RUN-ID, runs, stuck, review, audit, workflows oder check LINK</translation>
    </message>
    <message>
        <source>link key takes the run&apos;s id, never the key (dedupctl key SCOPE KEY shows the run&apos;s id)</source>
        <translation>link key nimmt die ID des Laufs an, nie den Schlüssel (dedupctl key SCOPE KEY zeigt die ID des Laufs)</translation>
    </message>
    <message>
        <source>unknown link target &apos;%1&apos; (run, correlation, key, runs, stuck, review, audit, workflows, check)</source>
        <translation>unbekanntes Linkziel &apos;%1&apos; (run, correlation, key, runs, stuck, review, audit, workflows, check)</translation>
    </message>
</context>
<context>
    <name>LocalCluster</name>
    <message>
        <source>running as root, but there is no &apos;postgres&apos; user to run the server as (install postgresql-15)</source>
        <translation>läuft als root, aber es gibt keinen Benutzer &apos;postgres&apos;, unter dem der Server laufen kann (installieren Sie postgresql-15)</translation>
    </message>
    <message>
        <source>cannot create directory %1</source>
        <translation>Verzeichnis %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>cannot hand %1 to the postgres user</source>
        <translation>%1 kann nicht an den Benutzer postgres übergeben werden</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>%1 kann nicht ausgeführt werden: %2</translation>
    </message>
    <message>
        <source>%1 did not finish in time</source>
        <translation>%1 wurde nicht rechtzeitig fertig</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>no free TCP port on loopback</source>
        <translation>kein freier TCP-Port auf Loopback</translation>
    </message>
    <message>
        <source>the server started but accepts no connections</source>
        <translation>der Server ist gestartet, nimmt aber keine Verbindungen an</translation>
    </message>
    <message>
        <source>server %1 does not stop</source>
        <translation>Server %1 hält nicht an</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Dedup Console</source>
        <translation>Dedup Console</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;About Dedup Console</source>
        <translation>Ü&amp;ber Dedup Console</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Not connected to a dedup store.</source>
        <translation>Nicht mit einem Dedup-Store verbunden.</translation>
    </message>
    <message>
        <source>Connect to a Store…</source>
        <translation>Mit einem Store verbinden…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Verbinden…</translation>
    </message>
    <message>
        <source>Connect to a dedup store</source>
        <translation>Mit einem Dedup-Store verbinden</translation>
    </message>
    <message>
        <source>&amp;Disconnect</source>
        <translation>&amp;Trennen</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Next View</source>
        <translation>&amp;Nächste Ansicht</translation>
    </message>
    <message>
        <source>&amp;Previous View</source>
        <translation>&amp;Vorherige Ansicht</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>Light or dark, as the desktop is</source>
        <translation>Hell oder dunkel, wie der Desktop</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>MetricsCommand</name>
    <message>
        <source>Print the store&apos;s figures in the Prometheus text format, or serve them.</source>
        <translation>Die Kennzahlen des Stores im Prometheus-Textformat ausgeben oder bereitstellen.</translation>
    </message>
    <message>
        <source>Serve them at http://HOST:PORT/metrics until stopped instead of printing them once (port 0: any free port, printed).</source>
        <translation>Sie unter http://HOST:PORT/metrics bereitstellen, bis zum Beenden, statt sie einmal auszugeben (Port 0: ein freier Port, wird ausgegeben).</translation>
    </message>
    <message>
        <source>host:port</source>
        <translation>host:port</translation>
    </message>
    <message>
        <source>dedupctl metrics: invalid --listen &apos;%1&apos;: use HOST:PORT with an IP address, e.g. 127.0.0.1:9187</source>
        <translation>dedupctl metrics: ungültiges --listen &apos;%1&apos;: HOST:PORT mit einer IP-Adresse angeben, z. B. 127.0.0.1:9187</translation>
    </message>
    <message>
        <source>dedupctl metrics: %1</source>
        <translation>dedupctl metrics: %1</translation>
    </message>
    <message>
        <source>cannot connect to the store
</source>
        <translation>keine Verbindung zum Store
</translation>
    </message>
    <message>
        <source>the store could not be read: %1
</source>
        <translation>der Store konnte nicht gelesen werden: %1
</translation>
    </message>
    <message>
        <source>dedupctl metrics: cannot listen on %1:%2: %3</source>
        <translation>dedupctl metrics: kann nicht auf %1:%2 lauschen: %3</translation>
    </message>
    <message>
        <source>serving http://%1:%2/metrics (Ctrl-C stops)</source>
        <translation>stelle http://%1:%2/metrics bereit (Strg-C beendet)</translation>
    </message>
</context>
<context>
    <name>MigrateCommand</name>
    <message>
        <source>Create or upgrade the dedup schema (safe to run again).</source>
        <translation>Das dedup-Schema anlegen oder aktualisieren (kann gefahrlos erneut ausgeführt werden).</translation>
    </message>
    <message>
        <source>Only print the database&apos;s and this program&apos;s versions.</source>
        <translation>Nur die Versionen der Datenbank und dieses Programms ausgeben.</translation>
    </message>
    <message>
        <source>dedupctl migrate: %1</source>
        <translation>dedupctl migrate: %1</translation>
    </message>
    <message>
        <source>database schema version %1, this program&apos;s %2</source>
        <translation>Schemaversion der Datenbank %1, dieses Programms %2</translation>
    </message>
    <message>
        <source>schema already at version %1, nothing to do</source>
        <translation>Schema hat bereits Version %1, nichts zu tun</translation>
    </message>
    <message>
        <source>applied %1</source>
        <translation>%1 angewendet</translation>
    </message>
    <message>
        <source>schema now at version %1 (was %2)</source>
        <translation>Schema hat jetzt Version %1 (vorher %2)</translation>
    </message>
</context>
<context>
    <name>Migrator</name>
    <message>
        <source>this build contains no migrations</source>
        <translation>dieser Build enthält keine Migrationen</translation>
    </message>
    <message>
        <source>the database schema is version %1, newer than this program&apos;s %2; use a newer dedup-console/dedupctl</source>
        <translation>das Datenbankschema hat Version %1, neuer als die dieses Programms (%2); verwenden Sie ein neueres dedup-console/dedupctl</translation>
    </message>
    <message>
        <source>migration %1 was changed after it was applied to this database (checksum mismatch)</source>
        <translation>Migration %1 wurde geändert, nachdem sie auf diese Datenbank angewendet wurde (Prüfsumme stimmt nicht überein)</translation>
    </message>
    <message>
        <source>migration %1 failed: %2</source>
        <translation>Migration %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>role %1 already exists with LOGIN, SUPERUSER, CREATEDB, CREATEROLE, REPLICATION, BYPASSRLS or a role membership; the store will not adopt it (fix or drop it, then migrate again)</source>
        <translation>die Rolle %1 existiert bereits mit LOGIN, SUPERUSER, CREATEDB, CREATEROLE, REPLICATION, BYPASSRLS oder einer Rollenmitgliedschaft; der Store übernimmt sie nicht (korrigieren oder löschen Sie sie und migrieren Sie dann erneut)</translation>
    </message>
    <message>
        <source>role %1 already exists but was not created by a dedup migration; the store will not adopt it (drop it, or migrate an existing store of this cluster first, which marks the roles it made)</source>
        <translation>die Rolle %1 existiert bereits, wurde aber nicht von einer Dedup-Migration angelegt; der Store übernimmt sie nicht (löschen Sie sie oder migrieren Sie zuerst einen bestehenden Store dieses Clusters, was die von ihm angelegten Rollen kennzeichnet)</translation>
    </message>
    <message>
        <source>this connection goes through a connection pooler (PgBouncer or similar): migrations hold a session lock, which a pool in transaction mode does not keep. Run the migration against the PostgreSQL server itself</source>
        <translation>diese Verbindung läuft über einen Verbindungspool (PgBouncer o. Ä.): Migrationen halten eine Sitzungssperre, die ein Pool im Transaktionsmodus nicht behält. Führen Sie die Migration direkt gegen den PostgreSQL-Server aus</translation>
    </message>
</context>
<context>
    <name>OperatorActionText</name>
    <message>
        <source>Clear stale lease</source>
        <translation>Abgelaufene Lease freigeben</translation>
    </message>
    <message>
        <source>Continue (targeted)</source>
        <translation>Fortsetzen (gezielt)</translation>
    </message>
    <message>
        <source>Route to manual review</source>
        <translation>An manuelle Prüfung weiterleiten</translation>
    </message>
    <message>
        <source>Resolve: mark succeeded</source>
        <translation>Auflösen: als erfolgreich markieren</translation>
    </message>
    <message>
        <source>Resolve: cancel</source>
        <translation>Auflösen: abbrechen</translation>
    </message>
    <message>
        <source>Resolve: continue</source>
        <translation>Auflösen: fortsetzen</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Assign</source>
        <translation>Zuweisen</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Settle step</source>
        <translation>Schritt abschließen</translation>
    </message>
    <message>
        <source>Clear stale leases</source>
        <translation>Abgelaufene Leases freigeben</translation>
    </message>
    <message>
        <source>Continue runs (targeted)</source>
        <translation>Läufe fortsetzen (gezielt)</translation>
    </message>
    <message>
        <source>Route runs to manual review</source>
        <translation>Läufe an manuelle Prüfung weiterleiten</translation>
    </message>
    <message>
        <source>Resolve reviews</source>
        <translation>Prüfungen auflösen</translation>
    </message>
    <message>
        <source>Cancel runs</source>
        <translation>Läufe abbrechen</translation>
    </message>
</context>
<context>
    <name>OperatorActions</name>
    <message>
        <source>A reason is required for every action.</source>
        <translation>Für jede Aktion ist eine Begründung erforderlich.</translation>
    </message>
    <message>
        <source>The action key is empty.</source>
        <translation>Der Aktionsschlüssel ist leer.</translation>
    </message>
    <message>
        <source>Unexpected answer from the database to an action on run %1.</source>
        <translation>Unerwartete Antwort der Datenbank auf eine Aktion an Lauf %1.</translation>
    </message>
</context>
<context>
    <name>OwnerOnlyFile</name>
    <message>
        <source>Cannot replace %1: %2</source>
        <translation>%1 kann nicht ersetzt werden: %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 is not open.</source>
        <translation>%1 ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>Cannot rename %1 to %2.</source>
        <translation>%1 kann nicht in %2 umbenannt werden.</translation>
    </message>
</context>
<context>
    <name>PauseCommand</name>
    <message>
        <source>Pause a workflow (or one scope prefix of it): claims answer &quot;paused&quot;.</source>
        <translation>Einen Workflow pausieren (oder ein Bereichspräfix davon): Claims werden mit &quot;paused&quot; beantwortet.</translation>
    </message>
    <message>
        <source>Resume a paused workflow (or one paused scope prefix of it).</source>
        <translation>Einen pausierten Workflow wieder aufnehmen (oder ein pausiertes Bereichspräfix davon).</translation>
    </message>
    <message>
        <source>The workflow&apos;s name.</source>
        <translation>Der Name des Workflows.</translation>
    </message>
    <message>
        <source>Why (required; kept in the audit log).</source>
        <translation>Begründung (erforderlich; wird im Audit-Log festgehalten).</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Pause only the runs whose scope starts with this (default: every scope).</source>
        <translation>Nur die Läufe pausieren, deren Bereich hiermit beginnt (Standard: jeder Bereich).</translation>
    </message>
    <message>
        <source>Resume the pause of this scope prefix (default: the pause of every scope).</source>
        <translation>Die Pause dieses Bereichspräfixes aufheben (Standard: die Pause aller Bereiche).</translation>
    </message>
    <message>
        <source>prefix</source>
        <translation>Präfix</translation>
    </message>
    <message>
        <source>Also stop runs in flight before their next step (default: they finish).</source>
        <translation>Auch begonnene Läufe vor ihrem nächsten Schritt anhalten (Standard: Sie laufen zu Ende).</translation>
    </message>
    <message>
        <source>Seconds a refused worker is told to wait before it delivers again (1-%1, default %2).</source>
        <translation>Sekunden, die ein abgewiesener Worker warten soll, bevor er erneut zustellt (1-%1, Standard %2).</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>dedupctl %1: %2</source>
        <translation>dedupctl %1: %2</translation>
    </message>
    <message>
        <source>give the workflow&apos;s name: %1 WORKFLOW --reason TEXT</source>
        <translation>Geben Sie den Namen des Workflows an: %1 WORKFLOW --reason TEXT</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the workflow&apos;s name is empty</source>
        <translation>Der Name des Workflows ist leer</translation>
    </message>
    <message>
        <source>--scope-prefix must not be empty; leave it out for every scope</source>
        <translation>--scope-prefix darf nicht leer sein; lassen Sie es für alle Bereiche weg</translation>
    </message>
    <message>
        <source>--scope-prefix &apos;*&apos; is not a prefix; leave it out for every scope</source>
        <translation>--scope-prefix &apos;*&apos; ist kein Präfix; lassen Sie es für alle Bereiche weg</translation>
    </message>
    <message>
        <source>--reason is required (it is kept in the audit log)</source>
        <translation>--reason ist erforderlich (wird im Audit-Log festgehalten)</translation>
    </message>
    <message>
        <source>invalid --retry-after &apos;%1&apos;: use whole seconds from 1 to %2</source>
        <translation>ungültiges --retry-after &apos;%1&apos;: Verwenden Sie ganze Sekunden von 1 bis %2</translation>
    </message>
    <message>
        <source>every scope</source>
        <translation>alle Bereiche</translation>
    </message>
    <message>
        <source>scope prefix &quot;%1&quot;</source>
        <translation>Bereichspräfix &quot;%1&quot;</translation>
    </message>
    <message>
        <source>claims answer &quot;paused&quot; (retry after %1 s); runs in flight %2</source>
        <translation>Claims werden mit &quot;paused&quot; beantwortet (erneut nach %1 s); begonnene Läufe %2</translation>
    </message>
    <message>
        <source>stop before their next step</source>
        <translation>halten vor ihrem nächsten Schritt an</translation>
    </message>
    <message>
        <source>finish their steps</source>
        <translation>beenden ihre Schritte</translation>
    </message>
    <message>
        <source>paused %1 for %2: %3 (audit row %4)</source>
        <translation>%1 für %2 pausiert: %3 (Audit-Zeile %4)</translation>
    </message>
    <message>
        <source>updated the pause of %1 for %2 (paused since %3): %4 (audit row %5)</source>
        <translation>Pause von %1 für %2 aktualisiert (pausiert seit %3): %4 (Audit-Zeile %5)</translation>
    </message>
    <message>
        <source>resumed %1 for %2 (paused since %3 by %4): claims acquire again and waiting continuations are taken (audit row %5)</source>
        <translation>%1 für %2 wieder aufgenommen (pausiert seit %3 von %4): Claims sind wieder erfolgreich und wartende Fortsetzungen werden übernommen (Audit-Zeile %5)</translation>
    </message>
    <message>
        <source>%1 is not paused for %2: nothing was resumed</source>
        <translation>%1 ist für %2 nicht pausiert: Es wurde nichts wieder aufgenommen</translation>
    </message>
    <message>
        <source>%1 for %2: %3</source>
        <translation>%1 für %2: %3</translation>
    </message>
    <message>
        <source>%1 is paused for %2 (resume that with --scope-prefix, or none for every scope)</source>
        <translation>%1 ist für %2 pausiert (heben Sie diese Pause mit --scope-prefix auf, bzw. ohne die Option für alle Bereiche)</translation>
    </message>
    <message>
        <source>dedupctl %1: not permitted: the store&apos;s grants for your login do not cover workflow %2 for %3, or the login is not an operator. Nothing was done (%4).</source>
        <translation>dedupctl %1: nicht erlaubt: Die Berechtigungen Ihres Logins in diesem Store decken den Workflow %2 für %3 nicht ab, oder das Login ist kein Operator. Es wurde nichts geändert (%4).</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
</context>
<context>
    <name>PauseText</name>
    <message>
        <source>all scopes</source>
        <translation>alle Bereiche</translation>
    </message>
    <message>
        <source>scopes %1*</source>
        <translation>Bereiche %1*</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>%1, stops before the next step</source>
        <translation>%1, hält vor dem nächsten Schritt an</translation>
    </message>
    <message>
        <source>Paused (%1) since %2 by %3 — %4</source>
        <translation>Pausiert (%1) seit %2 von %3 — %4</translation>
    </message>
    <message>
        <source>%1 (%2) since %3 by %4 — %5</source>
        <translation>%1 (%2) seit %3 von %4 — %5</translation>
    </message>
    <message>
        <source>%1 paused for %2</source>
        <translation>%1 für %2 pausiert</translation>
    </message>
    <message>
        <source>Since %1 by %2</source>
        <translation>Seit %1 von %2</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>Begründung: %1</translation>
    </message>
    <message>
        <source>Runs in flight stop before their next step.</source>
        <translation>Begonnene Läufe halten vor ihrem nächsten Schritt an.</translation>
    </message>
    <message>
        <source>Runs in flight finish; new runs are not started.</source>
        <translation>Begonnene Läufe laufen zu Ende; neue Läufe werden nicht gestartet.</translation>
    </message>
    <message>
        <source>Workers are told to ask again after %1 s.</source>
        <translation>Worker werden angewiesen, nach %1 s erneut anzufragen.</translation>
    </message>
</context>
<context>
    <name>PauseWorkflowDialog</name>
    <message>
        <source>Workflow:</source>
        <translation>Workflow:</translation>
    </message>
    <message>
        <source>&amp;Scope prefix:</source>
        <translation>&amp;Bereichspräfix:</translation>
    </message>
    <message>
        <source>Only the runs whose scope starts with this text; empty: every scope of the workflow</source>
        <translation>Nur die Läufe, deren Bereich mit diesem Text beginnt; leer: jeder Bereich des Workflows</translation>
    </message>
    <message>
        <source>every scope</source>
        <translation>alle Bereiche</translation>
    </message>
    <message>
        <source>The pause to lift</source>
        <translation>Die aufzuhebende Pause</translation>
    </message>
    <message>
        <source>S&amp;top before the next step</source>
        <translation>Vor dem nächsten Schritt an&amp;halten</translation>
    </message>
    <message>
        <source>Runs in flight stop before their next step and wait until the workflow is resumed; without it they finish</source>
        <translation>Begonnene Läufe halten vor ihrem nächsten Schritt an und warten, bis der Workflow wieder aufgenommen wird; ohne diese Option laufen sie zu Ende</translation>
    </message>
    <message>
        <source>Workers retry &amp;after:</source>
        <translation>Worker versuchen es erneut &amp;nach:</translation>
    </message>
    <message>
        <source>The hint a worker gets with each refusal: ask again after this many seconds</source>
        <translation>Der Hinweis, den ein Worker mit jeder Abweisung erhält: nach so vielen Sekunden erneut anfragen</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>Be&amp;gründung:</translation>
    </message>
    <message>
        <source>Required; written to the audit log and shown to everyone who sees the pause</source>
        <translation>Erforderlich; wird ins Audit-Log geschrieben und allen angezeigt, die die Pause sehen</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Query time limit:</source>
        <translation>&amp;Zeitlimit für Abfragen:</translation>
    </message>
    <message>
        <source>The server stops a view&apos;s query that takes longer (statement_timeout).</source>
        <translation>Der Server bricht die Abfrage einer Ansicht ab, die länger dauert (statement_timeout).</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Runs kept in the list:</source>
        <translation>In der Liste gehaltene &amp;Läufe:</translation>
    </message>
    <message>
        <source>Beyond this many rows the list asks you to narrow the filter; memory stays bounded.</source>
        <translation>Über diese Zeilenzahl hinaus bittet die Liste Sie, den Filter einzugrenzen; der Speicherbedarf bleibt begrenzt.</translation>
    </message>
    <message>
        <source>Alerts</source>
        <translation>Warnungen</translation>
    </message>
    <message>
        <source>&amp;Notify when a figure reaches its threshold</source>
        <translation>&amp;Benachrichtigen, wenn ein Wert seinen Schwellenwert erreicht</translation>
    </message>
    <message>
        <source>A tray notification (without a system tray: the status bar and the taskbar) when the stuck count or the review queue&apos;s oldest run reaches its threshold.</source>
        <translation>Eine Benachrichtigung im Infobereich (ohne Infobereich: in der Statusleiste und der Taskleiste), wenn die Zahl der hängenden Läufe oder der älteste Lauf der Prüfwarteschlange den Schwellenwert erreicht.</translation>
    </message>
    <message>
        <source>&amp;Stuck runs:</source>
        <translation>&amp;Hängende Läufe:</translation>
    </message>
    <message>
        <source>Alert when this many runs are stuck (the status bar&apos;s &quot;Stuck: N&quot;).</source>
        <translation>Warnen, wenn so viele Läufe hängen („Hängend: N“ in der Statusleiste).</translation>
    </message>
    <message>
        <source> runs</source>
        <translation> Läufe</translation>
    </message>
    <message>
        <source>Oldest run in &amp;review:</source>
        <translation>Ältester Lauf in &amp;Prüfung:</translation>
    </message>
    <message>
        <source>Alert when the oldest run in the review queue has waited this long (by the server&apos;s clock).</source>
        <translation>Warnen, wenn der älteste Lauf in der Prüfwarteschlange so lange gewartet hat (nach der Uhr des Servers).</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
</context>
<context>
    <name>PurgeCommand</name>
    <message>
        <source>Delete expired finished runs (retention), in short batches.</source>
        <translation>Abgelaufene abgeschlossene Läufe löschen (Aufbewahrung), in kurzen Stapeln.</translation>
    </message>
    <message>
        <source>Runs deleted per transaction (1-%1, default %2).</source>
        <translation>Pro Transaktion gelöschte Läufe (1-%1, Standard %2).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Stop after this many batches even if expired runs remain (default: no limit).</source>
        <translation>Nach so vielen Stapeln anhalten, auch wenn abgelaufene Läufe übrig bleiben (Standard: keine Grenze).</translation>
    </message>
    <message>
        <source>Only count the expired runs that would be deleted.</source>
        <translation>Nur die abgelaufenen Läufe zählen, die gelöscht würden.</translation>
    </message>
    <message>
        <source>succeeded %1, failed %2, cancelled %3</source>
        <translation>erfolgreich %1, fehlgeschlagen %2, abgebrochen %3</translation>
    </message>
    <message>
        <source>dedupctl purge: invalid --batch &apos;%1&apos;: use a number from 1 to %2</source>
        <translation>dedupctl purge: ungültiges --batch &apos;%1&apos;: Verwenden Sie eine Zahl von 1 bis %2</translation>
    </message>
    <message>
        <source>dedupctl purge: invalid --max-batches &apos;%1&apos;: use a positive number</source>
        <translation>dedupctl purge: ungültiges --max-batches &apos;%1&apos;: Verwenden Sie eine positive Zahl</translation>
    </message>
    <message>
        <source>dedupctl purge: %1</source>
        <translation>dedupctl purge: %1</translation>
    </message>
    <message>
        <source>dedupctl purge: purged before the error: %1 (%2)</source>
        <translation>dedupctl purge: vor dem Fehler bereinigt: %1 (%2)</translation>
    </message>
    <message>
        <source>batch %1: purged %2 (%3) in %4 ms</source>
        <translation>Stapel %1: %2 bereinigt (%3) in %4 ms</translation>
    </message>
    <message>
        <source>nothing to purge: no expired runs</source>
        <translation>nichts zu bereinigen: keine abgelaufenen Läufe</translation>
    </message>
    <message>
        <source>total purged: %1 (%2); batches: %3</source>
        <translation>insgesamt bereinigt: %1 (%2); Stapel: %3</translation>
    </message>
    <message>
        <source>stopped at --max-batches %1: expired runs may remain; run purge again</source>
        <translation>bei --max-batches %1 angehalten: Es können abgelaufene Läufe übrig sein; führen Sie purge erneut aus</translation>
    </message>
    <message>
        <source>dry run: nothing to purge: no expired runs</source>
        <translation>Probelauf: nichts zu bereinigen: keine abgelaufenen Läufe</translation>
    </message>
    <message>
        <source>dry run: expired runs: %1 (%2)</source>
        <translation>Probelauf: abgelaufene Läufe: %1 (%2)</translation>
    </message>
    <message>
        <source>would purge: %1 (batches: %2 of up to %3 runs); nothing was deleted</source>
        <translation>würde bereinigen: %1 (Stapel: %2 mit bis zu %3 Läufen); nichts wurde gelöscht</translation>
    </message>
</context>
<context>
    <name>ReplicationMode</name>
    <message>
        <source>synchronous replication</source>
        <translation>synchrone Replikation</translation>
    </message>
    <message>
        <source>asynchronous replication</source>
        <translation>asynchrone Replikation</translation>
    </message>
    <message>
        <source>no replication</source>
        <translation>keine Replikation</translation>
    </message>
    <message numerus="yes">
        <source>%n standby(s) streaming, %1 of them synchronous</source>
        <translation>
            <numerusform>%n Standby empfängt, davon %1 synchron</numerusform>
            <numerusform>%n Standbys empfangen, davon %1 synchron</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n standby(s) streaming</source>
        <translation>
            <numerusform>%n Standby empfängt</numerusform>
            <numerusform>%n Standbys empfangen</numerusform>
        </translation>
    </message>
    <message>
        <source>Commits wait for a synchronous standby (synchronous_standby_names = %1), but none is streaming from this server: every commit waits until one connects.</source>
        <translation>Commits warten auf einen synchronen Standby (synchronous_standby_names = %1), aber keiner empfängt von diesem Server: Jeder Commit wartet, bis sich einer verbindet.</translation>
    </message>
    <message>
        <source>Synchronous replication (synchronous_standby_names = %1, synchronous_commit = %2; %3): a commit is acknowledged once a standby has it, so a failover loses no claim or step start, and no side effect runs twice because of it.</source>
        <translation>Synchrone Replikation (synchronous_standby_names = %1, synchronous_commit = %2; %3): Ein Commit wird bestätigt, sobald ein Standby ihn hat. Ein Failover verliert daher keinen Claim und keinen Schrittbeginn, und keine Nebenwirkung läuft deswegen zweimal.</translation>
    </message>
    <message>
        <source>Asynchronous replication (%1; synchronous_commit = %2): a failover may lose the last commits. A claim or a step start lost that way can let a redelivery do a side effect twice, and a finished run can come back as stuck. Use a synchronous standby for the store (see RELIABILITY.md, &quot;Failover&quot;).</source>
        <translation>Asynchrone Replikation (%1; synchronous_commit = %2): Ein Failover kann die letzten Commits verlieren. Ein so verlorener Claim oder Schrittbeginn kann eine erneute Zustellung eine Nebenwirkung zweimal ausführen lassen, und ein beendeter Lauf kann als hängend zurückkommen. Betreiben Sie den Store mit einem synchronen Standby (siehe RELIABILITY.md, &quot;Failover&quot;).</translation>
    </message>
    <message>
        <source>No standby streams from this server: there is nothing to fail over to; a crash is recovered from this server&apos;s own WAL.</source>
        <translation>Kein Standby empfängt von diesem Server: Es gibt nichts, worauf umgeschaltet werden kann; ein Absturz wird aus dem eigenen WAL dieses Servers wiederhergestellt.</translation>
    </message>
</context>
<context>
    <name>ReplicationStatus</name>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 kB</source>
        <translation>%1 kB</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>not a standby (promoted?)</source>
        <translation>kein Standby (hochgestuft?)</translation>
    </message>
    <message>
        <source>caught up</source>
        <translation>aufgeholt</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>no commit replayed yet</source>
        <translation>noch kein Commit eingespielt</translation>
    </message>
    <message>
        <source>%1 behind (%2)</source>
        <translation>%1 im Rückstand (%2)</translation>
    </message>
    <message>
        <source>behind (%1)</source>
        <translation>im Rückstand (%1)</translation>
    </message>
    <message>
        <source>replay paused, %1</source>
        <translation>Replay pausiert, %1</translation>
    </message>
</context>
<context>
    <name>ReportChartPainter</name>
    <message>
        <source>No runs were created in this range.</source>
        <translation>In diesem Zeitraum wurden keine Läufe erstellt.</translation>
    </message>
    <message>
        <source>Runs created</source>
        <translation>Erstellte Läufe</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 others</source>
        <translation>%1 weitere</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <source>Start of the range (inclusive): ISO 8601 (no offset = UTC) or back from now, e.g. 24h, 7d, 2w, 30m (default: 24 hours before --to).</source>
        <translation>Beginn des Zeitraums (einschließlich): ISO 8601 (ohne Offset = UTC) oder rückwärts ab jetzt, z. B. 24h, 7d, 2w, 30m (Standard: 24 Stunden vor --to).</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>End of the range (exclusive), same forms (default: now).</source>
        <translation>Ende des Zeitraums (ausschließlich), dieselben Formen (Standard: jetzt).</translation>
    </message>
    <message>
        <source>Only this workflow (repeat for several).</source>
        <translation>Nur dieser Workflow (für mehrere wiederholen).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Only runs in this status (repeat for several): %1.</source>
        <translation>Nur Läufe in diesem Status (für mehrere wiederholen): %1.</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Only actions by this database role (repeat for several).</source>
        <translation>Nur Aktionen dieser Datenbankrolle (für mehrere wiederholen).</translation>
    </message>
    <message>
        <source>role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>What to write: runs, actions or summary (default: runs).</source>
        <translation>Was geschrieben wird: runs, actions oder summary (Standard: runs).</translation>
    </message>
    <message>
        <source>section</source>
        <translation>Abschnitt</translation>
    </message>
    <message>
        <source>Output format: %1 (default: csv).</source>
        <translation>Ausgabeformat: %1 (Standard: csv).</translation>
    </message>
    <message>
        <source>format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Write to FILE (via FILE.part, renamed when complete) instead of standard output.</source>
        <translation>In DATEI schreiben (über DATEI.part, nach Abschluss umbenannt) statt in die Standardausgabe.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Why the raw values are needed (for the audit log).</source>
        <translation>Warum die Rohwerte benötigt werden (für das Audit-Protokoll).</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>dedupctl report: %1</source>
        <translation>dedupctl report: %1</translation>
    </message>
    <message>
        <source>--to: &apos;%1&apos; is not a time (ISO 8601, or back from now like 24h, 7d)</source>
        <translation>--to: &apos;%1&apos; ist keine Zeitangabe (ISO 8601 oder rückwärts ab jetzt wie 24h, 7d)</translation>
    </message>
    <message>
        <source>--from: &apos;%1&apos; is not a time (ISO 8601, or back from now like 24h, 7d)</source>
        <translation>--from: &apos;%1&apos; ist keine Zeitangabe (ISO 8601 oder rückwärts ab jetzt wie 24h, 7d)</translation>
    </message>
    <message>
        <source>--status: unknown status &apos;%1&apos; (one of: %2)</source>
        <translation>--status: unbekannter Status &apos;%1&apos; (einer von: %2)</translation>
    </message>
    <message>
        <source>--section: &apos;%1&apos; is not one of runs, actions, summary</source>
        <translation>--section: &apos;%1&apos; ist keiner von runs, actions, summary</translation>
    </message>
    <message>
        <source>--format: &apos;%1&apos; is not one of %2</source>
        <translation>--format: &apos;%1&apos; ist keines von %2</translation>
    </message>
    <message>
        <source>--reveal-raw needs --reason TEXT (it is written to the audit log)</source>
        <translation>--reveal-raw benötigt --reason TEXT (die Begründung wird ins Audit-Protokoll geschrieben)</translation>
    </message>
    <message>
        <source>--reason only applies with --reveal-raw</source>
        <translation>--reason gilt nur zusammen mit --reveal-raw</translation>
    </message>
    <message>
        <source>dedupctl report: cannot write to standard output</source>
        <translation>dedupctl report: In die Standardausgabe kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>dedupctl report: %1 pages written to %2</source>
        <translation>dedupctl report: %1 Seiten in %2 geschrieben</translation>
    </message>
    <message>
        <source>dedupctl report: %1 rows written to %2</source>
        <translation>dedupctl report: %1 Zeilen in %2 geschrieben</translation>
    </message>
    <message>
        <source>dedupctl report: interrupted; nothing was kept</source>
        <translation>dedupctl report: unterbrochen; es wurde nichts behalten</translation>
    </message>
    <message>
        <source>Write an audit / outcome report (runs, actions or summary) as CSV or JSON Lines, or the whole report as PDF.</source>
        <translation>Schreibt einen Audit- bzw. Ergebnisbericht (Läufe, Aktionen oder Zusammenfassung) als CSV oder JSON Lines, oder den ganzen Bericht als PDF.</translation>
    </message>
    <message>
        <source>Show raw keys, scopes, correlation ids, payloads and operators&apos; reasons instead of keyed hashes, in every format (needs dedup_operator and --reason; written to the audit log).</source>
        <translation>Rohe Schlüssel, Scopes, Korrelations-IDs, Nutzdaten und Begründungen der Operatoren statt verschlüsselter Hashes zeigen, in jedem Format (erfordert dedup_operator und --reason; wird im Audit-Log festgehalten).</translation>
    </message>
    <message>
        <source>more than one file for one output</source>
        <translation>mehr als eine Datei für eine Ausgabe</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>What the report covers</source>
        <translation>Was der Bericht umfasst</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>&amp;Zeitraum:</translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm</source>
        <translation>yyyy-MM-dd HH:mm</translation>
    </message>
    <message>
        <source>Start of the range (UTC, inclusive)</source>
        <translation>Beginn des Zeitraums (UTC, einschließlich)</translation>
    </message>
    <message>
        <source>to</source>
        <translation>bis</translation>
    </message>
    <message>
        <source>End of the range (UTC, exclusive)</source>
        <translation>Ende des Zeitraums (UTC, ausschließlich)</translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source>&amp;Workflows:</source>
        <translation>&amp;Workflows:</translation>
    </message>
    <message>
        <source>all workflows (or names, separated by commas)</source>
        <translation>alle Workflows (oder Namen, durch Kommas getrennt)</translation>
    </message>
    <message>
        <source>Statuses:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>None checked: every status</source>
        <translation>Keiner angehakt: jeder Status</translation>
    </message>
    <message>
        <source>&amp;Operators:</source>
        <translation>&amp;Operatoren:</translation>
    </message>
    <message>
        <source>all operators (or database roles, separated by commas)</source>
        <translation>alle Operatoren (oder Datenbankrollen, durch Kommas getrennt)</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Formats:</source>
        <translation>Formate:</translation>
    </message>
    <message>
        <source>&amp;PDF</source>
        <translation>&amp;PDF</translation>
    </message>
    <message>
        <source>&amp;CSV</source>
        <translation>&amp;CSV</translation>
    </message>
    <message>
        <source>&amp;JSON Lines</source>
        <translation>&amp;JSON Lines</translation>
    </message>
    <message>
        <source>Sections:</source>
        <translation>Abschnitte:</translation>
    </message>
    <message>
        <source>R&amp;uns</source>
        <translation>&amp;Läufe</translation>
    </message>
    <message>
        <source>Operator &amp;actions</source>
        <translation>Operator-&amp;Aktionen</translation>
    </message>
    <message>
        <source>Su&amp;mmary</source>
        <translation>Zusa&amp;mmenfassung</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>O&amp;rdner:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Keys and payloads</source>
        <translation>Schlüssel und Nutzdaten</translation>
    </message>
    <message>
        <source>Why the raw values are needed (required; written to the audit log)</source>
        <translation>Warum die Rohwerte benötigt werden (Pflichtfeld; wird ins Audit-Protokoll geschrieben)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Cancel Export</source>
        <translation>Export abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Show raw &amp;keys and payloads</source>
        <translation>Schlüssel und Nutzdaten &amp;ungeschwärzt anzeigen</translation>
    </message>
</context>
<context>
    <name>ReportExporter</name>
    <message>
        <source>The report&apos;s output is not open for writing.</source>
        <translation>Die Ausgabe des Berichts ist nicht zum Schreiben geöffnet.</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>Der Export wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Could not write the report: %1</source>
        <translation>Der Bericht konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>Showing raw keys, scopes and payloads needs the dedup_operator role; this role may only export redacted reports (%1).</source>
        <translation>Das Anzeigen roher Schlüssel, Bereiche und Nutzdaten erfordert die Rolle dedup_operator; diese Rolle darf nur geschwärzte Berichte exportieren (%1).</translation>
    </message>
    <message>
        <source>A report is already open on this connection; finish it before starting another.</source>
        <translation>Auf dieser Verbindung ist bereits ein Bericht geöffnet; schließen Sie ihn ab, bevor Sie einen weiteren beginnen.</translation>
    </message>
    <message>
        <source>The connection is inside a transaction; a report needs its own.</source>
        <translation>Die Verbindung befindet sich in einer Transaktion; ein Bericht benötigt eine eigene.</translation>
    </message>
    <message>
        <source>No report is open.</source>
        <translation>Es ist kein Bericht geöffnet.</translation>
    </message>
    <message>
        <source>An export of this report failed; the report was abandoned.</source>
        <translation>Ein Export dieses Berichts ist fehlgeschlagen; der Bericht wurde verworfen.</translation>
    </message>
    <message>
        <source>An earlier export of this report failed; start a new report.</source>
        <translation>Ein früherer Export dieses Berichts ist fehlgeschlagen; beginnen Sie einen neuen Bericht.</translation>
    </message>
    <message>
        <source>This report was started redacted; raw values need a new report (and its audited reveal).</source>
        <translation>Dieser Bericht wurde geschwärzt begonnen; Rohwerte erfordern einen neuen Bericht (und dessen im Audit-Protokoll erfasste Offenlegung).</translation>
    </message>
    <message>
        <source>This report was started with raw values; a redacted export needs a new report.</source>
        <translation>Dieser Bericht wurde mit Rohwerten begonnen; ein geschwärzter Export erfordert einen neuen Bericht.</translation>
    </message>
</context>
<context>
    <name>ReportFormats</name>
    <message>
        <source>&amp;CSV</source>
        <translation>&amp;CSV</translation>
    </message>
    <message>
        <source>&amp;JSON Lines</source>
        <translation>&amp;JSON Lines</translation>
    </message>
    <message>
        <source>&amp;PDF</source>
        <translation>&amp;PDF</translation>
    </message>
</context>
<context>
    <name>ReportOverviewPainter</name>
    <message>
        <source>(not reported)</source>
        <translation>(nicht übermittelt)</translation>
    </message>
    <message>
        <source>Audit and Outcome Report</source>
        <translation>Audit- und Ergebnisbericht</translation>
    </message>
    <message>
        <source>Audit chain verified: intact</source>
        <translation>Audit-Kette geprüft: intakt</translation>
    </message>
    <message>
        <source>AUDIT CHAIN BROKEN</source>
        <translation>AUDIT-KETTE BESCHÄDIGT</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Generated by</source>
        <translation>Erstellt von</translation>
    </message>
    <message>
        <source>Time range</source>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>Workflows</source>
        <translation>Workflows</translation>
    </message>
    <message>
        <source>Run statuses</source>
        <translation>Laufstatus</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>Operatoren</translation>
    </message>
    <message>
        <source>Report parameters</source>
        <translation>Berichtsparameter</translation>
    </message>
    <message>
        <source>Runs created in the range, by their status now</source>
        <translation>Im Zeitraum erstellte Läufe, nach ihrem aktuellen Status</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>oldest waiting %1</source>
        <translation>älteste wartet seit %1</translation>
    </message>
    <message>
        <source>the queue is empty</source>
        <translation>die Warteschlange ist leer</translation>
    </message>
    <message>
        <source>Runs created</source>
        <translation>Erstellte Läufe</translation>
    </message>
    <message>
        <source>in the range, matching the filter</source>
        <translation>im Zeitraum, passend zum Filter</translation>
    </message>
    <message>
        <source>Duplicates suppressed</source>
        <translation>Unterdrückte Duplikate</translation>
    </message>
    <message>
        <source>deliveries answered from a stored run instead of running again</source>
        <translation>Zustellungen, die aus einem gespeicherten Lauf beantwortet wurden, statt erneut zu laufen</translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation>Operator-Aktionen</translation>
    </message>
    <message>
        <source>audited actions in the range</source>
        <translation>im Audit-Protokoll erfasste Aktionen im Zeitraum</translation>
    </message>
    <message>
        <source>Stuck now</source>
        <translation>Jetzt hängend</translation>
    </message>
    <message>
        <source>processing with an expired lease at %1</source>
        <translation>in Bearbeitung mit abgelaufener Lease, Stand %1</translation>
    </message>
    <message>
        <source>In manual review now</source>
        <translation>Jetzt in manueller Prüfung</translation>
    </message>
    <message>
        <source>Sent to review</source>
        <translation>Zur Prüfung geschickt</translation>
    </message>
    <message>
        <source>routed to manual review in the range</source>
        <translation>im Zeitraum an die manuelle Prüfung weitergeleitet</translation>
    </message>
    <message>
        <source>database role %1, client address %2 (from the server)</source>
        <translation>Datenbankrolle %1, Client-Adresse %2 (vom Server)</translation>
    </message>
    <message>
        <source>none (local Unix-socket connection)</source>
        <translation>keine (lokale Unix-Socket-Verbindung)</translation>
    </message>
    <message>
        <source>Reported by the client</source>
        <translation>Vom Client übermittelt</translation>
    </message>
    <message>
        <source>OS user %1 on host %2 (not verified)</source>
        <translation>OS-Benutzer %1 auf Host %2 (nicht geprüft)</translation>
    </message>
    <message>
        <source>RAW VALUES REVEALED</source>
        <translation>ROHWERTE OFFENGELEGT</translation>
    </message>
    <message>
        <source>Redaction</source>
        <translation>Schwärzung</translation>
    </message>
    <message>
        <source>NONE: raw values revealed, operators&apos; reasons shown as written (see the notice above)</source>
        <translation>KEINE: Rohwerte offengelegt, Begründungen der Operatoren wie geschrieben (siehe Hinweis oben)</translation>
    </message>
</context>
<context>
    <name>ReportPageLayout</name>
    <message>
        <source>Page %1 of %2</source>
        <translation>Seite %1 von %2</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>Seite %1</translation>
    </message>
</context>
<context>
    <name>ReportPdfWriter</name>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Cannot open the PDF for writing: %1</source>
        <translation>Das PDF kann nicht zum Schreiben geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Audit and Outcome Report, %1</source>
        <translation>Audit- und Ergebnisbericht, %1</translation>
    </message>
    <message>
        <source>Dedup Console</source>
        <translation>Dedup Console</translation>
    </message>
    <message>
        <source>Cannot start the PDF: %1</source>
        <translation>Das PDF kann nicht begonnen werden: %1</translation>
    </message>
    <message>
        <source>Dedup Console · Audit and Outcome Report</source>
        <translation>Dedup Console · Audit- und Ergebnisbericht</translation>
    </message>
    <message>
        <source>%1 to %2 UTC</source>
        <translation>%1 bis %2 UTC</translation>
    </message>
    <message>
        <source>Generated %1 by %2 · %3</source>
        <translation>Erstellt %1 von %2 · %3</translation>
    </message>
    <message>
        <source>Cannot finish the PDF: %1</source>
        <translation>Das PDF kann nicht abgeschlossen werden: %1</translation>
    </message>
    <message>
        <source>Runs created in each interval, coloured by their status when the report was made.</source>
        <translation>In jedem Intervall erstellte Läufe, eingefärbt nach ihrem Status bei Erstellung des Berichts.</translation>
    </message>
    <message>
        <source>Runs by status over time</source>
        <translation>Läufe nach Status im Zeitverlauf</translation>
    </message>
    <message>
        <source>Failure classes and operator actions</source>
        <translation>Fehlerklassen und Operator-Aktionen</translation>
    </message>
    <message>
        <source>Failure classes (failed and review runs)</source>
        <translation>Fehlerklassen (fehlgeschlagene Läufe und Läufe in Prüfung)</translation>
    </message>
    <message>
        <source>Operator actions by kind</source>
        <translation>Operator-Aktionen nach Art</translation>
    </message>
    <message>
        <source>No failed or review runs in the range.</source>
        <translation>Keine fehlgeschlagenen Läufe und keine Läufe in Prüfung im Zeitraum.</translation>
    </message>
    <message>
        <source>No operator actions in the range.</source>
        <translation>Keine Operator-Aktionen im Zeitraum.</translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation>Workflow</translation>
    </message>
    <message>
        <source>Runs created</source>
        <translation>Erstellte Läufe</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>Runs by workflow</source>
        <translation>Läufe nach Workflow</translation>
    </message>
    <message>
        <source>No runs in the range.</source>
        <translation>Keine Läufe im Zeitraum.</translation>
    </message>
    <message>
        <source>Operator (database role)</source>
        <translation>Operator (Datenbankrolle)</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <source>Operator actions by operator</source>
        <translation>Operator-Aktionen nach Operator</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>Zeit (UTC)</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation>Vorher → nachher</translation>
    </message>
    <message>
        <source>Operator actions</source>
        <translation>Operator-Aktionen</translation>
    </message>
    <message>
        <source>the CSV and JSON Lines exports of this report (section &quot;actions&quot;)</source>
        <translation>den Exporten dieses Berichts als CSV und JSON Lines (Abschnitt „actions“)</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
    <message>
        <source>This table lists the %1 most recent of %2 operator actions in the range. All %2 are in %3.</source>
        <translation>Diese Tabelle führt die %1 neuesten von %2 Operator-Aktionen im Zeitraum auf. Alle %2 stehen in %3.</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>OS user %1 (reported by client)</source>
        <translation>OS-Benutzer %1 (vom Client übermittelt)</translation>
    </message>
    <message>
        <source>RAW VALUES REVEALED</source>
        <translation>ROHWERTE OFFENGELEGT</translation>
    </message>
    <message>
        <source>keys, payloads and reasons redacted</source>
        <translation>Schlüssel, Nutzdaten und Begründungen geschwärzt</translation>
    </message>
</context>
<context>
    <name>ReportQueries</name>
    <message>
        <source>Raw values need a report begun with its audited reveal (ReportExporter::begin()); this summary would show them unaudited.</source>
        <translation>Rohwerte erfordern einen Bericht, der mit seiner protokollierten Offenlegung begonnen wurde (ReportExporter::begin()); diese Zusammenfassung würde sie ohne Audit zeigen.</translation>
    </message>
</context>
<context>
    <name>ReportSpec</name>
    <message>
        <source>The report needs a start time (from).</source>
        <translation>Der Bericht benötigt eine Startzeit (from).</translation>
    </message>
    <message>
        <source>The report needs an end time (to).</source>
        <translation>Der Bericht benötigt eine Endzeit (to).</translation>
    </message>
    <message>
        <source>The report&apos;s start time (%1) must be before its end time (%2).</source>
        <translation>Die Startzeit des Berichts (%1) muss vor seiner Endzeit (%2) liegen.</translation>
    </message>
    <message>
        <source>A workflow filter is empty.</source>
        <translation>Ein Workflow-Filter ist leer.</translation>
    </message>
    <message>
        <source>An operator filter is empty.</source>
        <translation>Ein Operator-Filter ist leer.</translation>
    </message>
    <message>
        <source>Showing raw keys, scopes and payloads needs a reason (it is written to the audit log).</source>
        <translation>Das Anzeigen roher Schlüssel, Bereiche und Nutzdaten erfordert eine Begründung (sie wird ins Audit-Protokoll geschrieben).</translation>
    </message>
</context>
<context>
    <name>ReportTablePainter</name>
    <message>
        <source>%1 (continued)</source>
        <translation>%1 (Fortsetzung)</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>%1 UTC</source>
        <translation>%1 UTC</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 to %2 (end exclusive)</source>
        <translation>%1 bis %2 (Ende ausgeschlossen)</translation>
    </message>
    <message>
        <source>all workflows</source>
        <translation>alle Workflows</translation>
    </message>
    <message>
        <source>all statuses</source>
        <translation>alle Status</translation>
    </message>
    <message>
        <source>all operators</source>
        <translation>alle Operatoren</translation>
    </message>
    <message>
        <source>chain head: row %1, hash %2</source>
        <translation>Kettenkopf: Zeile %1, Hash %2</translation>
    </message>
    <message>
        <source>chain head: missing</source>
        <translation>Kettenkopf: fehlt</translation>
    </message>
    <message>
        <source>row %1 was changed after it was written: its hash does not match its content</source>
        <translation>Zeile %1 wurde nach dem Schreiben geändert: Ihr Hash passt nicht zu ihrem Inhalt</translation>
    </message>
    <message>
        <source>the link into row %1 is broken: a row before it was removed, inserted or re-hashed</source>
        <translation>Die Verknüpfung zu Zeile %1 ist unterbrochen: Eine Zeile davor wurde entfernt, eingefügt oder neu gehasht</translation>
    </message>
    <message>
        <source>rows were removed from the end of the chain (the head names row %1)</source>
        <translation>Am Ende der Kette wurden Zeilen entfernt (der Kopf nennt Zeile %1)</translation>
    </message>
    <message>
        <source>problem &quot;%1&quot; at row %2</source>
        <translation>Problem „%1“ in Zeile %2</translation>
    </message>
    <message>
        <source>AUDIT CHAIN BROKEN at row %1: %2. The audit log has been tampered with; the figures below come from a log that can no longer be trusted (%3).</source>
        <translation>AUDIT-KETTE in Zeile %1 BESCHÄDIGT: %2. Das Audit-Protokoll wurde manipuliert; die folgenden Zahlen stammen aus einem Protokoll, dem nicht mehr vertraut werden kann (%3).</translation>
    </message>
    <message>
        <source>Clear stale lease</source>
        <translation>Abgelaufene Lease freigeben</translation>
    </message>
    <message>
        <source>Request continuation</source>
        <translation>Fortsetzung anfordern</translation>
    </message>
    <message>
        <source>Route to review</source>
        <translation>An Prüfung weiterleiten</translation>
    </message>
    <message>
        <source>Resolve review</source>
        <translation>Prüfung auflösen</translation>
    </message>
    <message>
        <source>Resolve step</source>
        <translation>Schritt auflösen</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Assign review</source>
        <translation>Prüfung zuweisen</translation>
    </message>
    <message>
        <source>Review note</source>
        <translation>Prüfnotiz</translation>
    </message>
    <message>
        <source>Bulk operation created</source>
        <translation>Massenaktion angelegt</translation>
    </message>
    <message>
        <source>Bulk operation: runs added</source>
        <translation>Massenaktion: Läufe hinzugefügt</translation>
    </message>
    <message>
        <source>Bulk operation control</source>
        <translation>Massenaktion: Steuerung</translation>
    </message>
    <message>
        <source>Bulk operation batch</source>
        <translation>Massenaktion: Stapel</translation>
    </message>
    <message>
        <source>Report with raw values</source>
        <translation>Bericht mit Rohwerten</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>angewendet</translation>
    </message>
    <message>
        <source>refused: the run had changed</source>
        <translation>abgelehnt: Der Lauf hatte sich geändert</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>(unbekannt)</translation>
    </message>
    <message>
        <source>(unchanged)</source>
        <translation>(unverändert)</translation>
    </message>
    <message>
        <source>Hour created (UTC)</source>
        <translation>Erstellungsstunde (UTC)</translation>
    </message>
    <message>
        <source>Week created, starting (UTC)</source>
        <translation>Erstellungswoche, beginnend (UTC)</translation>
    </message>
    <message>
        <source>Day created (UTC)</source>
        <translation>Erstellungstag (UTC)</translation>
    </message>
    <message>
        <source>Audit chain intact: every audit row matches its hash and its predecessor (%1). Verified by the store from the first row to the head; not checked against a checkpoint signed outside the database (dedupctl verify-audit --checkpoint), without which a rewrite of the whole chain by the store&apos;s owner would not show here.</source>
        <translation>Audit-Kette intakt: Jede Audit-Zeile passt zu ihrem Hash und ihrer Vorgängerin (%1). Vom Store von der ersten Zeile bis zum Kopf geprüft; nicht mit einem außerhalb der Datenbank signierten Checkpoint abgeglichen (dedupctl verify-audit --checkpoint), ohne den ein Neuschreiben der gesamten Kette durch den Eigentümer des Stores hier nicht sichtbar würde.</translation>
    </message>
    <message>
        <source>row %1 is dated before the row preceding it: it was written past the chain trigger (back-dated)</source>
        <translation>Zeile %1 ist früher datiert als die Zeile davor: Sie wurde am Ketten-Trigger vorbei geschrieben (rückdatiert)</translation>
    </message>
    <message>
        <source>RAW: this report was made with raw values revealed. Reason given: &quot;%1&quot;. The disclosure was written to the audit log before any row was read. This document shows the operators&apos; reasons as they wrote them; it holds no idempotency key, scope, correlation id or payload, raw or hashed. The CSV and JSON Lines files of a revealed report show those unredacted.</source>
        <translation>ROH: Dieser Bericht wurde mit offengelegten Rohwerten erstellt. Angegebene Begründung: „%1“. Die Offenlegung wurde ins Audit-Log geschrieben, bevor eine Zeile gelesen wurde. Dieses Dokument zeigt die Begründungen der Operatoren so, wie sie sie geschrieben haben; es enthält keinen Idempotenzschlüssel, keinen Scope, keine Korrelations-ID und keine Nutzdaten, weder roh noch gehasht. Die CSV- und JSON-Lines-Dateien eines offengelegten Berichts zeigen diese ungeschwärzt.</translation>
    </message>
    <message>
        <source>Redacted: keys, scopes, correlation ids, payloads and operators&apos; reasons are replaced by a keyed hash (HMAC-SHA256, a fresh key per report), so equal values still match within this report and nowhere else.</source>
        <translation>Geschwärzt: Schlüssel, Scopes, Korrelations-IDs, Nutzdaten und Begründungen der Operatoren sind durch einen verschlüsselten Hash ersetzt (HMAC-SHA256, ein neuer Schlüssel je Bericht); gleiche Werte stimmen daher innerhalb dieses Berichts überein und nirgends sonst.</translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>Reading the summary figures</source>
        <translation>Die Kennzahlen der Zusammenfassung werden gelesen</translation>
    </message>
    <message>
        <source>Writing %1</source>
        <translation>%1 wird geschrieben</translation>
    </message>
    <message>
        <source>Drawing %1</source>
        <translation>%1 wird gezeichnet</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
</context>
<context>
    <name>RevealDialog</name>
    <message>
        <source>Fields to reveal</source>
        <translation>Offenzulegende Felder</translation>
    </message>
    <message>
        <source>&amp;Key</source>
        <translation>&amp;Schlüssel</translation>
    </message>
    <message>
        <source>&amp;Last error</source>
        <translation>&amp;Letzter Fehler</translation>
    </message>
    <message>
        <source>&amp;Correlation id</source>
        <translation>&amp;Korrelations-ID</translation>
    </message>
    <message>
        <source>R&amp;esult</source>
        <translation>&amp;Ergebnis</translation>
    </message>
    <message>
        <source>&amp;Fingerprint</source>
        <translation>&amp;Fingerabdruck</translation>
    </message>
    <message>
        <source>Re&amp;view reason</source>
        <translation>&amp;Prüfgrund</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>Be&amp;gründung:</translation>
    </message>
    <message>
        <source>Required: goes into the audit log (e.g. a ticket number)</source>
        <translation>Pflichtfeld: wird ins Audit-Protokoll geschrieben (z. B. eine Ticketnummer)</translation>
    </message>
</context>
<context>
    <name>ReviewQueueView</name>
    <message>
        <source>&amp;Workflow:</source>
        <translation>&amp;Workflow:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation>&amp;Bereich:</translation>
    </message>
    <message>
        <source>&amp;Key starts with:</source>
        <translation>&amp;Schlüssel beginnt mit:</translation>
    </message>
    <message>
        <source>Ass&amp;igned to:</source>
        <translation>&amp;Zugewiesen an:</translation>
    </message>
    <message>
        <source>Assign to &amp;me…</source>
        <translation>&amp;Mir zuweisen…</translation>
    </message>
    <message>
        <source>&amp;Note…</source>
        <translation>&amp;Notiz…</translation>
    </message>
    <message>
        <source>&amp;Resolve</source>
        <translation>&amp;Auflösen</translation>
    </message>
</context>
<context>
    <name>RunCells</name>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
</context>
<context>
    <name>RunDetailView</name>
    <message>
        <source>&amp;Retry</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Re&amp;try</source>
        <translation>Wieder&amp;holen</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Workflow:</source>
        <translation>Workflow:</translation>
    </message>
    <message>
        <source>Scope:</source>
        <translation>Bereich:</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Schlüssel:</translation>
    </message>
    <message>
        <source>Correlation:</source>
        <translation>Korrelation:</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>Fingerabdruck:</translation>
    </message>
    <message>
        <source>Attempt:</source>
        <translation>Versuch:</translation>
    </message>
    <message>
        <source>Created:</source>
        <translation>Erstellt:</translation>
    </message>
    <message>
        <source>Updated:</source>
        <translation>Aktualisiert:</translation>
    </message>
    <message>
        <source>Finished:</source>
        <translation>Beendet:</translation>
    </message>
    <message>
        <source>Kept until:</source>
        <translation>Aufbewahrt bis:</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>Lease</translation>
    </message>
    <message>
        <source>Owner:</source>
        <translation>Inhaber:</translation>
    </message>
    <message>
        <source>Token:</source>
        <translation>Token:</translation>
    </message>
    <message>
        <source>Expires:</source>
        <translation>Läuft ab:</translation>
    </message>
    <message>
        <source>Last heartbeat:</source>
        <translation>Letzter Heartbeat:</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Last Error</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>Class:</source>
        <translation>Klasse:</translation>
    </message>
    <message>
        <source>Message:</source>
        <translation>Meldung:</translation>
    </message>
    <message>
        <source>Retryable:</source>
        <translation>Wiederholbar:</translation>
    </message>
    <message>
        <source>Recorded:</source>
        <translation>Erfasst:</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Begründung:</translation>
    </message>
    <message>
        <source>Assignee:</source>
        <translation>Bearbeiter:</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>Notiz:</translation>
    </message>
    <message>
        <source>Since:</source>
        <translation>Seit:</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Audit</translation>
    </message>
    <message>
        <source>&amp;Hide Revealed Values</source>
        <translation>Offengelegte Werte &amp;ausblenden</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>Zustellungen</translation>
    </message>
    <message>
        <source>Every delivery of this run&apos;s idempotency key and what it got</source>
        <translation>Jede Zustellung des Idempotenzschlüssels dieses Laufs und was sie erhalten hat</translation>
    </message>
</context>
<context>
    <name>RunFilter</name>
    <message>
        <source>The workflow filter is empty: enter a workflow name or clear the filter.</source>
        <translation>Der Workflow-Filter ist leer: Geben Sie einen Workflow-Namen ein oder leeren Sie den Filter.</translation>
    </message>
    <message>
        <source>The workflow contains a NUL character.</source>
        <translation>Der Workflow enthält ein NUL-Zeichen.</translation>
    </message>
    <message>
        <source>The scope filter is empty: enter a scope or clear the filter.</source>
        <translation>Der Bereichsfilter ist leer: Geben Sie einen Bereich ein oder leeren Sie den Filter.</translation>
    </message>
    <message>
        <source>The scope contains a NUL character.</source>
        <translation>Der Bereich enthält ein NUL-Zeichen.</translation>
    </message>
    <message>
        <source>The key to search for is empty.</source>
        <translation>Der zu suchende Schlüssel ist leer.</translation>
    </message>
    <message>
        <source>The key contains a NUL character.</source>
        <translation>Der Schlüssel enthält ein NUL-Zeichen.</translation>
    </message>
    <message>
        <source>The key prefix must not be empty.</source>
        <translation>Das Schlüsselpräfix darf nicht leer sein.</translation>
    </message>
    <message>
        <source>The key prefix contains a NUL character.</source>
        <translation>Das Schlüsselpräfix enthält ein NUL-Zeichen.</translation>
    </message>
    <message>
        <source>The correlation id to search for is empty.</source>
        <translation>Die zu suchende Korrelations-ID ist leer.</translation>
    </message>
    <message>
        <source>The correlation id contains a NUL character.</source>
        <translation>Die Korrelations-ID enthält ein NUL-Zeichen.</translation>
    </message>
    <message>
        <source>Search by exact key or by key prefix, not both.</source>
        <translation>Suchen Sie nach exaktem Schlüssel oder nach Schlüsselpräfix, nicht nach beidem.</translation>
    </message>
    <message>
        <source>The time range starts (%1) after it ends (%2).</source>
        <translation>Der Zeitraum beginnt (%1) nach seinem Ende (%2).</translation>
    </message>
</context>
<context>
    <name>RunFilterBar</name>
    <message>
        <source>What the search text is matched against</source>
        <translation>Womit der Suchtext verglichen wird</translation>
    </message>
    <message>
        <source>Exact key</source>
        <translation>Exakter Schlüssel</translation>
    </message>
    <message>
        <source>Key prefix</source>
        <translation>Schlüsselpräfix</translation>
    </message>
    <message>
        <source>Correlation id</source>
        <translation>Korrelations-ID</translation>
    </message>
    <message>
        <source>Search by idempotency key or correlation id</source>
        <translation>Nach Idempotenzschlüssel oder Korrelations-ID suchen</translation>
    </message>
    <message>
        <source>C&amp;reated:</source>
        <translation>E&amp;rstellt:</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Beliebige Zeit</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>Eigener Zeitraum</translation>
    </message>
    <message>
        <source>&amp;from</source>
        <translation>&amp;von</translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm:ss</source>
        <translation>yyyy-MM-dd HH:mm:ss</translation>
    </message>
    <message>
        <source>&amp;to</source>
        <translation>&amp;bis</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>&amp;Workflow:</source>
        <translation>&amp;Workflow:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Sco&amp;pe:</source>
        <translation>Berei&amp;ch:</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Filter zurücksetzen</translation>
    </message>
    <message>
        <source>Show every run again</source>
        <translation>Wieder alle Läufe anzeigen</translation>
    </message>
</context>
<context>
    <name>RunStatusLabel</name>
    <message>
        <source>Processing</source>
        <translation>In Bearbeitung</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Erfolgreich</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Manual review</source>
        <translation>Manuelle Prüfung</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
</context>
<context>
    <name>RunsView</name>
    <message>
        <source>Runs matching the filter: exact up to 10,000, above that the planner&apos;s estimate</source>
        <translation>Läufe, die zum Filter passen: exakt bis 10.000, darüber die Schätzung des Planers</translation>
    </message>
</context>
<context>
    <name>RunsViewActions</name>
    <message>
        <source>&amp;Find Runs…</source>
        <translation>Läufe &amp;suchen…</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Ak&amp;tualisieren</translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation>Laden a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Live Updates</source>
        <translation>&amp;Live-Aktualisierung</translation>
    </message>
    <message>
        <source>&amp;Open Run</source>
        <translation>Lauf ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Show &amp;Correlation</source>
        <translation>&amp;Korrelation anzeigen</translation>
    </message>
    <message>
        <source>Cop&amp;y Key</source>
        <translation>Schlüssel kop&amp;ieren</translation>
    </message>
    <message>
        <source>Show changes as they happen (pause to read a list that holds still)</source>
        <translation>Änderungen anzeigen, sobald sie geschehen (pausieren, um eine stillstehende Liste zu lesen)</translation>
    </message>
    <message>
        <source>Stop the queries of the list that are still running</source>
        <translation>Die noch laufenden Abfragen der Liste abbrechen</translation>
    </message>
    <message>
        <source>Every run that shares the selected run&apos;s correlation id</source>
        <translation>Alle Läufe mit derselben Korrelations-ID wie der ausgewählte Lauf</translation>
    </message>
</context>
<context>
    <name>SafeText</name>
    <message>
        <source>Copy Value</source>
        <translation>Wert kopieren</translation>
    </message>
</context>
<context>
    <name>SettleStepCommand</name>
    <message>
        <source>Settle a step whose outcome is unknown: it happened, it did not, or escalate.</source>
        <translation>Einen Schritt mit unbekanntem Ausgang klären: geschehen, nicht geschehen oder eskalieren.</translation>
    </message>
    <message>
        <source>The run&apos;s id.</source>
        <translation>Die ID des Laufs.</translation>
    </message>
    <message>
        <source>The uncertain step&apos;s name.</source>
        <translation>Der Name des unsicheren Schritts.</translation>
    </message>
    <message>
        <source>The side effect happened: record the step as done (a continuation skips it).</source>
        <translation>Die Wirkung ist eingetreten: den Schritt als erledigt erfassen (eine Fortsetzung überspringt ihn).</translation>
    </message>
    <message>
        <source>It did not happen: request a continuation that runs it again.</source>
        <translation>Sie ist nicht eingetreten: eine Fortsetzung anfordern, die ihn erneut ausführt.</translation>
    </message>
    <message>
        <source>Nobody can tell yet: route the run to review (or, in review, assign it).</source>
        <translation>Noch kann es niemand sagen: den Lauf zur Prüfung geben (oder, schon in Prüfung, zuweisen).</translation>
    </message>
    <message>
        <source>With --happened: the provider&apos;s reference.</source>
        <translation>Mit --happened: die Referenz des Anbieters.</translation>
    </message>
    <message>
        <source>ref</source>
        <translation>ref</translation>
    </message>
    <message>
        <source>With --escalate: who takes it over (required in review).</source>
        <translation>Mit --escalate: wer übernimmt (in Prüfung erforderlich).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Why (required; kept in the audit log).</source>
        <translation>Begründung (erforderlich; steht im Audit-Log).</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>dedupctl settle-step: %1</source>
        <translation>dedupctl settle-step: %1</translation>
    </message>
    <message>
        <source>give the run&apos;s id and the step&apos;s name: settle-step RUN STEP</source>
        <translation>ID des Laufs und Name des Schritts angeben: settle-step LAUF SCHRITT</translation>
    </message>
    <message>
        <source>invalid run id &apos;%1&apos;: use a positive number</source>
        <translation>ungültige Lauf-ID &apos;%1&apos;: eine positive Zahl angeben</translation>
    </message>
    <message>
        <source>the step&apos;s name is empty</source>
        <translation>der Name des Schritts ist leer</translation>
    </message>
    <message>
        <source>give exactly one of --happened, --did-not-happen and --escalate</source>
        <translation>genau eine von --happened, --did-not-happen und --escalate angeben</translation>
    </message>
    <message>
        <source>--reason is required (it is kept in the audit log)</source>
        <translation>--reason ist erforderlich (steht im Audit-Log)</translation>
    </message>
    <message>
        <source>--ref goes with --happened only</source>
        <translation>--ref gilt nur mit --happened</translation>
    </message>
    <message>
        <source>--to goes with --escalate only</source>
        <translation>--to gilt nur mit --escalate</translation>
    </message>
    <message>
        <source>--to is empty</source>
        <translation>--to ist leer</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keiner)</translation>
    </message>
    <message>
        <source>run %1 (%2), step &quot;%3&quot;: %4, attempt %5</source>
        <translation>Lauf %1 (%2), Schritt &quot;%3&quot;: %4, Versuch %5</translation>
    </message>
    <message>
        <source>  downstream key: %1</source>
        <translation>  Downstream-Schlüssel: %1</translation>
    </message>
    <message>
        <source>  error: %1: %2</source>
        <translation>  Fehler: %1: %2</translation>
    </message>
    <message>
        <source>dedupctl settle-step: there is no run %1 (or your grants do not cover it)</source>
        <translation>dedupctl settle-step: es gibt keinen Lauf %1 (oder Ihre Berechtigungen decken ihn nicht ab)</translation>
    </message>
    <message>
        <source>dedupctl settle-step: nothing was done: %1</source>
        <translation>dedupctl settle-step: nichts wurde getan: %1</translation>
    </message>
    <message>
        <source>%1 (%2, audit row %3)</source>
        <translation>%1 (%2, Audit-Zeile %3)</translation>
    </message>
</context>
<context>
    <name>SettleStepDialog</name>
    <message>
        <source>What was sent</source>
        <translation>Was gesendet wurde</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>Schritt:</translation>
    </message>
    <message>
        <source>Downstream key:</source>
        <translation>Downstream-Schlüssel:</translation>
    </message>
    <message>
        <source>Attempt:</source>
        <translation>Versuch:</translation>
    </message>
    <message>
        <source>Started:</source>
        <translation>Begonnen:</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Fehler:</translation>
    </message>
    <message>
        <source>What happened at the provider?</source>
        <translation>Was ist beim Anbieter geschehen?</translation>
    </message>
    <message>
        <source>It &amp;happened: record the step as done</source>
        <translation>Es ist &amp;geschehen: Schritt als erledigt erfassen</translation>
    </message>
    <message>
        <source>Provider&apos;s &amp;reference:</source>
        <translation>&amp;Referenz des Anbieters:</translation>
    </message>
    <message>
        <source>e.g. the payment&apos;s id at the provider (optional)</source>
        <translation>z. B. die ID der Zahlung beim Anbieter (optional)</translation>
    </message>
    <message>
        <source>It did &amp;not happen: a continuation runs it again</source>
        <translation>Es ist &amp;nicht geschehen: eine Fortsetzung führt ihn erneut aus</translation>
    </message>
    <message>
        <source>&amp;Escalate: nobody can tell yet</source>
        <translation>&amp;Eskalieren: noch kann es niemand sagen</translation>
    </message>
    <message>
        <source>Hand it &amp;to:</source>
        <translation>Übergeben &amp;an:</translation>
    </message>
    <message>
        <source>Rea&amp;son:</source>
        <translation>Begrün&amp;dung:</translation>
    </message>
    <message>
        <source>What you checked, and where (kept in the audit log)</source>
        <translation>Was Sie geprüft haben, und wo (steht im Audit-Log)</translation>
    </message>
    <message>
        <source>&amp;Look Again</source>
        <translation>Erneut &amp;ansehen</translation>
    </message>
</context>
<context>
    <name>SimulateCommand</name>
    <message>
        <source>Run the simulator: field scenarios, or mixed traffic with faults through the duplicate-handling strategies.</source>
        <translation>Den Simulator ausführen: Praxisszenarien oder gemischter Verkehr mit Fehlern durch die Strategien zur Duplikatbehandlung.</translation>
    </message>
    <message>
        <source>Run a named scenario under the full protocol and check its expected outcome, or &apos;all&apos; (%1).</source>
        <translation>Ein benanntes Szenario unter dem vollständigen Protokoll ausführen und sein erwartetes Ergebnis prüfen, oder &apos;all&apos; (%1).</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Send the same traffic, with the same faults, through every strategy and print a comparison table.</source>
        <translation>Denselben Verkehr mit denselben Fehlern durch jede Strategie schicken und eine Vergleichstabelle ausgeben.</translation>
    </message>
    <message>
        <source>The strategy for the traffic (default full): %1. Several may be given, separated by commas.</source>
        <translation>Die Strategie für den Verkehr (Standard full): %1. Mehrere können durch Kommas getrennt angegeben werden.</translation>
    </message>
    <message>
        <source>Business intents in the traffic (default %1).</source>
        <translation>Geschäftsabsichten im Verkehr (Standard %1).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Each intent is delivered 1 to this many times (default %1).</source>
        <translation>Jede Absicht wird ein- bis höchstens so oft zugestellt (Standard %1).</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Concurrent workers, each with its own connections (default %1).</source>
        <translation>Gleichzeitige Worker, jeder mit eigenen Verbindungen (Standard %1).</translation>
    </message>
    <message>
        <source>w</source>
        <translation>w</translation>
    </message>
    <message>
        <source>New intents per second (default: as fast as the workers take them).</source>
        <translation>Neue Absichten pro Sekunde (Standard: so schnell, wie die Worker sie übernehmen).</translation>
    </message>
    <message>
        <source>r</source>
        <translation>r</translation>
    </message>
    <message>
        <source>Spread the traffic over this many seconds; with --rate, the number of intents is rate x duration.</source>
        <translation>Den Verkehr über so viele Sekunden verteilen; mit --rate ist die Zahl der Absichten Rate x Dauer.</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Fault rates per provider call, e.g. timeout=0.1,outage=0.05,validation=0.02,duplication=0.01,crash=0.02 (also timeout_before; &apos;none&apos; for no faults; default %1).</source>
        <translation>Fehlerraten pro Anbieteraufruf, z. B. timeout=0.1,outage=0.05,validation=0.02,duplication=0.01,crash=0.02 (auch timeout_before; &apos;none&apos; für keine Fehler; Standard %1).</translation>
    </message>
    <message>
        <source>list</source>
        <translation>Liste</translation>
    </message>
    <message>
        <source>Seed of the traffic and the faults (default 1): the same seed gives the same traffic and the same faults.</source>
        <translation>Seed für Verkehr und Fehler (Standard 1): Derselbe Seed ergibt denselben Verkehr und dieselben Fehler.</translation>
    </message>
    <message>
        <source>dedupctl simulate: %1</source>
        <translation>dedupctl simulate: %1</translation>
    </message>
    <message>
        <source>--scenario runs a fixed delivery plan; --%1 does not apply to it</source>
        <translation>--scenario führt einen festen Zustellplan aus; --%1 gilt dafür nicht</translation>
    </message>
    <message>
        <source>unknown scenario &apos;%1&apos; (known: %2, or all)</source>
        <translation>unbekanntes Szenario &apos;%1&apos; (bekannt: %2 oder all)</translation>
    </message>
    <message>
        <source>--compare runs every strategy; leave out --strategy</source>
        <translation>--compare führt jede Strategie aus; lassen Sie --strategy weg</translation>
    </message>
    <message>
        <source>unknown strategy &apos;%1&apos; (known: no-key, key-per-attempt, first-step-only, full)</source>
        <translation>unbekannte Strategie &apos;%1&apos; (bekannt: no-key, key-per-attempt, first-step-only, full)</translation>
    </message>
    <message>
        <source>invalid --intents &apos;%1&apos;: use a whole number from 1 to %2</source>
        <translation>ungültiges --intents &apos;%1&apos;: Verwenden Sie eine ganze Zahl von 1 bis %2</translation>
    </message>
    <message>
        <source>invalid --duplicates &apos;%1&apos;: use a whole number from 1 to %2</source>
        <translation>ungültiges --duplicates &apos;%1&apos;: Verwenden Sie eine ganze Zahl von 1 bis %2</translation>
    </message>
    <message>
        <source>invalid --workers &apos;%1&apos;: use a whole number from 1 to %2</source>
        <translation>ungültiges --workers &apos;%1&apos;: Verwenden Sie eine ganze Zahl von 1 bis %2</translation>
    </message>
    <message>
        <source>invalid --rate &apos;%1&apos;: use a number of intents per second above 0 and up to %2</source>
        <translation>ungültiges --rate &apos;%1&apos;: Verwenden Sie eine Zahl von Absichten pro Sekunde über 0 und bis %2</translation>
    </message>
    <message>
        <source>invalid --duration &apos;%1&apos;: use a number of seconds above 0 and up to %2</source>
        <translation>ungültiges --duration &apos;%1&apos;: Verwenden Sie eine Zahl von Sekunden über 0 und bis %2</translation>
    </message>
    <message>
        <source>give at most two of --intents, --rate and --duration</source>
        <translation>geben Sie höchstens zwei von --intents, --rate und --duration an</translation>
    </message>
    <message>
        <source>--rate x --duration asks for more than %1 intents</source>
        <translation>--rate x --duration verlangt mehr als %1 Absichten</translation>
    </message>
    <message>
        <source>invalid --faults: %1</source>
        <translation>ungültiges --faults: %1</translation>
    </message>
    <message>
        <source>invalid --seed &apos;%1&apos;: use a whole number from 0 to %2</source>
        <translation>ungültiges --seed &apos;%1&apos;: Verwenden Sie eine ganze Zahl von 0 bis %2</translation>
    </message>
    <message>
        <source>dedupctl simulate: the dedup schema is at version %1, this dedupctl needs %2: run &apos;dedupctl migrate&apos; first</source>
        <translation>dedupctl simulate: Das dedup-Schema hat Version %1, dieses dedupctl benötigt %2: Führen Sie zuerst &apos;dedupctl migrate&apos; aus</translation>
    </message>
    <message>
        <source>dedupctl simulate: the dedup schema is at version %1, newer than this dedupctl (%2): use a newer dedupctl</source>
        <translation>dedupctl simulate: Das dedup-Schema hat Version %1, neuer als dieses dedupctl (%2): Verwenden Sie ein neueres dedupctl</translation>
    </message>
    <message>
        <source>dedupctl simulate: cannot install the simulator&apos;s schema: %1</source>
        <translation>dedupctl simulate: Das Schema des Simulators kann nicht installiert werden: %1</translation>
    </message>
    <message>
        <source>running %1 ...</source>
        <translation>%1 wird ausgeführt ...</translation>
    </message>
    <message>
        <source>dedupctl simulate: scenario %1: %2</source>
        <translation>dedupctl simulate: Szenario %1: %2</translation>
    </message>
    <message>
        <source>all %1 scenario(s) passed</source>
        <translation>alle %1 Szenario(s) bestanden</translation>
    </message>
    <message>
        <source>some scenarios FAILED</source>
        <translation>einige Szenarien FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <source>%1 intents, each delivered 1-%2 times, %3 workers, faults %4, seed %5 (runs under scope sim/%6/...)</source>
        <translation>%1 Absichten, jede 1-%2-mal zugestellt, %3 Worker, Fehler %4, Seed %5 (Läufe unter Bereich sim/%6/...)</translation>
    </message>
    <message>
        <source>dedupctl simulate: the full protocol let %1 duplicate side effect(s) through; see the ledger under label %2</source>
        <translation>dedupctl simulate: Das vollständige Protokoll hat %1 doppelte(n) Seiteneffekt(e) durchgelassen; siehe das Ledger unter Label %2</translation>
    </message>
</context>
<context>
    <name>StaleCommand</name>
    <message>
        <source>List processing runs whose lease expired (stuck runs), oldest first.</source>
        <translation>Läufe in processing auflisten, deren Lease abgelaufen ist (hängende Läufe), älteste zuerst.</translation>
    </message>
    <message>
        <source>Also list runs processing for longer than this, live lease or not (e.g. 15m, 2h, 1d; units s, m, h, d, w).</source>
        <translation>Auch Läufe auflisten, die länger als dies in processing sind, ob mit aktiver Lease oder nicht (z. B. 15m, 2h, 1d; Einheiten s, m, h, d, w).</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Show at most this many runs (1-%1, default %2); the count covers all of them.</source>
        <translation>Höchstens so viele Läufe anzeigen (1-%1, Standard %2); die Anzahl umfasst alle.</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Print the query plans (EXPLAIN ANALYZE) instead of the runs, to check that the store&apos;s indexes serve them.</source>
        <translation>Die Abfragepläne (EXPLAIN ANALYZE) statt der Läufe ausgeben, um zu prüfen, dass die Indizes des Stores sie bedienen.</translation>
    </message>
    <message>
        <source>dedupctl stale: invalid --older-than &apos;%1&apos;: use a positive whole number and a unit s, m, h, d or w (e.g. 15m, 2h, 1d)</source>
        <translation>dedupctl stale: ungültiges --older-than &apos;%1&apos;: Verwenden Sie eine positive ganze Zahl und eine Einheit s, m, h, d oder w (z. B. 15m, 2h, 1d)</translation>
    </message>
    <message>
        <source>dedupctl stale: invalid --limit &apos;%1&apos;: use a number from 1 to %2</source>
        <translation>dedupctl stale: ungültiges --limit &apos;%1&apos;: Verwenden Sie eine Zahl von 1 bis %2</translation>
    </message>
    <message>
        <source>dedupctl stale: %1</source>
        <translation>dedupctl stale: %1</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>WORKFLOW</source>
        <translation>WORKFLOW</translation>
    </message>
    <message>
        <source>SCOPE</source>
        <translation>BEREICH</translation>
    </message>
    <message>
        <source>KEY</source>
        <translation>SCHLÜSSEL</translation>
    </message>
    <message>
        <source>CORRELATION ID</source>
        <translation>KORRELATIONS-ID</translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation>INHABER</translation>
    </message>
    <message>
        <source>TOKEN</source>
        <translation>TOKEN</translation>
    </message>
    <message>
        <source>LEASE</source>
        <translation>LEASE</translation>
    </message>
    <message>
        <source>PROCESSING FOR</source>
        <translation>IN BEARBEITUNG SEIT</translation>
    </message>
    <message>
        <source>ATTEMPT</source>
        <translation>VERSUCH</translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation>vor %1 abgelaufen</translation>
    </message>
    <message>
        <source>live, %1 left</source>
        <translation>aktiv, noch %1</translation>
    </message>
    <message>
        <source>lease expired, or processing for more than %1</source>
        <translation>Lease abgelaufen oder länger als %1 in Bearbeitung</translation>
    </message>
    <message>
        <source>lease expired</source>
        <translation>Lease abgelaufen</translation>
    </message>
    <message>
        <source>stale runs: %1, showing the oldest %2 (%3); use --limit to see more</source>
        <translation>hängende Läufe: %1, die ältesten %2 werden angezeigt (%3); verwenden Sie --limit, um mehr zu sehen</translation>
    </message>
    <message>
        <source>stale runs: %1 (%2)</source>
        <translation>hängende Läufe: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>StepSettlement</name>
    <message>
        <source>The run has no step &quot;%1&quot;.</source>
        <translation>Der Lauf hat keinen Schritt &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is %2: only a step whose outcome is unknown (uncertain) is settled here.</source>
        <translation>Schritt &quot;%1&quot; ist %2: hier wird nur ein Schritt mit unbekanntem Ausgang (uncertain) geklärt.</translation>
    </message>
    <message>
        <source>Step &quot;%1&quot; is uncertain too, and a continuation that runs &quot;%2&quot; again would run it again as well. Settle &quot;%1&quot; first.</source>
        <translation>Schritt &quot;%1&quot; ist ebenfalls unsicher, und eine Fortsetzung, die &quot;%2&quot; erneut ausführt, würde auch ihn erneut ausführen. Klären Sie zuerst &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>The run is already in review: name who takes it over.</source>
        <translation>Der Lauf ist bereits in Prüfung: nennen Sie, wer ihn übernimmt.</translation>
    </message>
</context>
<context>
    <name>StepStatusStyle</name>
    <message>
        <source>Pending</source>
        <translation>Ausstehend</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>In Arbeit</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Erledigt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Uncertain</source>
        <translation>Ungewiss</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
</context>
<context>
    <name>StuckView</name>
    <message>
        <source>Processing runs whose lease expired (the worker died or hangs, and nobody took the run over), or that have been processing for longer than the threshold</source>
        <translation>Läufe in processing, deren Lease abgelaufen ist (der Worker ist abgestürzt oder hängt, und niemand hat den Lauf übernommen) oder die länger als der Schwellenwert in Bearbeitung sind</translation>
    </message>
    <message>
        <source>Also stuck after &amp;processing for:</source>
        <translation>Auch hängend nach einer &amp;Bearbeitungsdauer von:</translation>
    </message>
    <message>
        <source>A run whose lease is kept alive but that has been processing (this attempt) for longer than this is stuck too. Off: only expired leases.</source>
        <translation>Ein Lauf, dessen Lease am Leben gehalten wird, der aber (in diesem Versuch) länger als dies in Bearbeitung ist, gilt ebenfalls als hängend. Aus: nur abgelaufene Leases.</translation>
    </message>
</context>
<context>
    <name>TlsState</name>
    <message>
        <source>Not encrypted (local socket)</source>
        <translation>Nicht verschlüsselt (lokaler Socket)</translation>
    </message>
    <message>
        <source>Not encrypted (loopback)</source>
        <translation>Nicht verschlüsselt (Loopback)</translation>
    </message>
    <message>
        <source>Not encrypted: %1 is reached over the network (sslmode=%2)</source>
        <translation>Nicht verschlüsselt: %1 wird über das Netzwerk erreicht (sslmode=%2)</translation>
    </message>
    <message>
        <source>without a certificate</source>
        <translation>ohne Zertifikat</translation>
    </message>
    <message>
        <source>%1, server %2</source>
        <translation>%1, Server %2</translation>
    </message>
    <message>
        <source>(host name not checked: sslmode=verify-ca)</source>
        <translation>(Hostname nicht geprüft: sslmode=verify-ca)</translation>
    </message>
    <message>
        <source>(not verified: sslmode=%1)</source>
        <translation>(nicht geprüft: sslmode=%1)</translation>
    </message>
    <message>
        <source>Host: %1</source>
        <translation>Host: %1</translation>
    </message>
    <message>
        <source>local socket</source>
        <translation>lokaler Socket</translation>
    </message>
    <message>
        <source>sslmode: %1</source>
        <translation>sslmode: %1</translation>
    </message>
    <message>
        <source>Protocol: %1, cipher %2</source>
        <translation>Protokoll: %1, Verschlüsselung %2</translation>
    </message>
    <message>
        <source>Server certificate: %1</source>
        <translation>Serverzertifikat: %1</translation>
    </message>
    <message>
        <source>Names: %1</source>
        <translation>Namen: %1</translation>
    </message>
    <message>
        <source>Issued by: %1</source>
        <translation>Ausgestellt von: %1</translation>
    </message>
    <message>
        <source>Not encrypted</source>
        <translation>Nicht verschlüsselt</translation>
    </message>
    <message>
        <source>The server&apos;s identity is not fully verified: someone on the network could pose as it. Use sslmode=verify-full.</source>
        <translation>Die Identität des Servers ist nicht vollständig geprüft: Jemand im Netzwerk könnte sich als dieser Server ausgeben. Verwenden Sie sslmode=verify-full.</translation>
    </message>
    <message>
        <source>Passwords and data cross the network in plain text. Use sslmode=verify-full.</source>
        <translation>Passwörter und Daten werden im Klartext über das Netzwerk übertragen. Verwenden Sie sslmode=verify-full.</translation>
    </message>
</context>
<context>
    <name>VerifyAuditCommand</name>
    <message>
        <source>audit chain intact: %1 rows</source>
        <translation>Audit-Kette intakt: %1 Zeilen</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>row %1 was changed after it was written: its hash does not match its content</source>
        <translation>Zeile %1 wurde nach dem Schreiben geändert: Ihr Hash passt nicht zu ihrem Inhalt</translation>
    </message>
    <message>
        <source>the link into row %1 is broken: a row before it was removed, inserted or re-hashed</source>
        <translation>Die Verknüpfung zu Zeile %1 ist unterbrochen: Eine Zeile davor wurde entfernt, eingefügt oder neu gehasht</translation>
    </message>
    <message>
        <source>rows were removed from the end of the chain: the head names row %1</source>
        <translation>Am Ende der Kette wurden Zeilen entfernt: Der Kopf nennt Zeile %1</translation>
    </message>
    <message>
        <source>problem &apos;%1&apos; at row %2</source>
        <translation>Problem &apos;%1&apos; in Zeile %2</translation>
    </message>
    <message>
        <source>audit chain BROKEN at row %1 (%2 rows present)</source>
        <translation>Audit-Kette in Zeile %1 BESCHÄDIGT (%2 Zeilen vorhanden)</translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation>erwartet: %1</translation>
    </message>
    <message>
        <source>actual:   %1</source>
        <translation>tatsächlich: %1</translation>
    </message>
    <message>
        <source>chain head: missing</source>
        <translation>Kettenkopf: fehlt</translation>
    </message>
    <message>
        <source>Verify the audit log&apos;s hash chain, and signed checkpoints of it (exit 1 if it was tampered with).</source>
        <translation>Die Hash-Kette des Audit-Protokolls und signierte Checkpoints davon prüfen (Exit-Code 1 bei Manipulation).</translation>
    </message>
    <message>
        <source>A checkpoint written by dedupctl audit checkpoint: today&apos;s chain must still hold its row with its hash (repeat for several; needs --pubkey).</source>
        <translation>Ein von dedupctl audit checkpoint geschriebener Checkpoint: Die heutige Kette muss seine Zeile noch mit seinem Hash enthalten (für mehrere wiederholen; benötigt --pubkey).</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>The Ed25519 public key (PEM) the checkpoints must be signed with (openssl pkey -in KEY.pem -pubout -out PUB.pem).</source>
        <translation>Der öffentliche Ed25519-Schlüssel (PEM) zu dem Schlüssel, mit dem die Checkpoints signiert sein müssen (openssl pkey -in KEY.pem -pubout -out PUB.pem).</translation>
    </message>
    <message>
        <source>PUB.pem</source>
        <translation>PUB.pem</translation>
    </message>
    <message>
        <source>--pubkey needs --checkpoint FILE (the checkpoints to check with it)</source>
        <translation>--pubkey benötigt --checkpoint FILE (die damit zu prüfenden Checkpoints)</translation>
    </message>
    <message>
        <source>--checkpoint needs --pubkey PUB.pem (the public key of the key that signed the checkpoints)</source>
        <translation>--checkpoint benötigt --pubkey PUB.pem (den öffentlichen Schlüssel zu dem Schlüssel, der die Checkpoints signiert hat)</translation>
    </message>
    <message>
        <source>the chain now ends at row %1, before the checkpoint&apos;s row %2: rows were removed from the end, or the head was moved back</source>
        <translation>die Kette endet jetzt bei Zeile %1, vor Zeile %2 des Checkpoints: Am Ende wurden Zeilen entfernt, oder der Kopf wurde zurückgesetzt</translation>
    </message>
    <message>
        <source>row %1 is no longer in the chain: rows were removed or renumbered</source>
        <translation>Zeile %1 ist nicht mehr in der Kette: Zeilen wurden entfernt oder umnummeriert</translation>
    </message>
    <message>
        <source>row %1 now has hash %2, the checkpoint signed %3: that row or one before it was rewritten and the chain re-hashed</source>
        <translation>Zeile %1 hat jetzt den Hash %2, der Checkpoint hat %3 signiert: Diese Zeile oder eine davor wurde neu geschrieben und die Kette neu gehasht</translation>
    </message>
    <message>
        <source>row %1 still has the checkpoint&apos;s hash, but the chain up to it is broken at row %2 (%3)</source>
        <translation>Zeile %1 hat noch den Hash des Checkpoints, aber die Kette bis dorthin ist in Zeile %2 beschädigt (%3)</translation>
    </message>
    <message>
        <source>the store answered &apos;%1&apos;</source>
        <translation>der Store hat &apos;%1&apos; geantwortet</translation>
    </message>
    <message>
        <source>row %1 is dated before the row preceding it: it was written past the chain trigger (back-dated)</source>
        <translation>Zeile %1 ist früher datiert als die Zeile davor: Sie wurde am Ketten-Trigger vorbei geschrieben (rückdatiert)</translation>
    </message>
    <message>
        <source>checkpoint %1: holds (row %2, hash %3, signed at %4)</source>
        <translation>Checkpoint %1: stimmt überein (Zeile %2, Hash %3, signiert am %4)</translation>
    </message>
    <message>
        <source>checkpoint %1: DOES NOT HOLD: %2</source>
        <translation>Checkpoint %1: STIMMT NICHT ÜBEREIN: %2</translation>
    </message>
    <message>
        <source>chain head: row %1, hash %2</source>
        <translation>Kettenkopf: Zeile %1, Hash %2</translation>
    </message>
    <message>
        <source>not checked against a signed checkpoint: a chain rewritten with every later hash recomputed and the head moved verifies as intact on its own (dedupctl audit checkpoint, then --checkpoint FILE --pubkey PUB.pem)</source>
        <translation>nicht mit einem signierten Checkpoint abgeglichen: Eine neu geschriebene Kette, bei der alle späteren Hashes neu berechnet und der Kopf verschoben wurden, gilt für sich allein geprüft als intakt (dedupctl audit checkpoint, dann --checkpoint FILE --pubkey PUB.pem)</translation>
    </message>
    <message>
        <source>first checkpoint that does not hold: %1: %2</source>
        <translation>erster nicht übereinstimmender Checkpoint: %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>every checkpoint holds (%n checkpoint(s) signed by %1)</source>
        <translation>
            <numerusform>der Checkpoint stimmt überein (%n Checkpoint, signiert mit %1)</numerusform>
            <numerusform>alle Checkpoints stimmen überein (%n Checkpoints, signiert mit %1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkCommand</name>
    <message>
        <source>Run one crash-test worker process: take deliveries from the queue table and process them with the worker protocol.</source>
        <translation>Einen Crash-Test-Worker-Prozess ausführen: Zustellungen aus der Warteschlangentabelle übernehmen und mit dem Worker-Protokoll verarbeiten.</translation>
    </message>
    <message>
        <source>The queue label (and ledger label) to work on.</source>
        <translation>Das Warteschlangen-Label (und Ledger-Label), das bearbeitet wird.</translation>
    </message>
    <message>
        <source>label</source>
        <translation>Label</translation>
    </message>
    <message>
        <source>Lease owner name (default work-&lt;pid&gt;).</source>
        <translation>Name des Lease-Inhabers (Standard work-&lt;pid&gt;).</translation>
    </message>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Run lease in ms (default 500).</source>
        <translation>Lauf-Lease in ms (Standard 500).</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>How long a taken delivery stays hidden (default 2000).</source>
        <translation>Wie lange eine übernommene Zustellung verborgen bleibt (Standard 2000).</translation>
    </message>
    <message>
        <source>Provider latency, lower bound (default 20).</source>
        <translation>Anbieterlatenz, Untergrenze (Standard 20).</translation>
    </message>
    <message>
        <source>Provider latency, upper bound (default 60).</source>
        <translation>Anbieterlatenz, Obergrenze (Standard 60).</translation>
    </message>
    <message>
        <source>Wait after each provider call returned, before recording it (default 0): widens the window between the provider&apos;s commit and complete_step.</source>
        <translation>Wartezeit nach der Rückkehr jedes Anbieteraufrufs, bevor er erfasst wird (Standard 0): vergrößert das Fenster zwischen dem Commit des Anbieters und complete_step.</translation>
    </message>
    <message>
        <source>Seed of the provider latencies (default 1).</source>
        <translation>Seed der Anbieterlatenzen (Standard 1).</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>Kill this process with SIGKILL right after its n-th provider call (also DEDUP_CRASH_AFTER_PROVIDER).</source>
        <translation>Diesen Prozess direkt nach seinem n-ten Anbieteraufruf mit SIGKILL beenden (auch DEDUP_CRASH_AFTER_PROVIDER).</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Exit once the label has no deliveries left.</source>
        <translation>Beenden, sobald für das Label keine Zustellungen mehr übrig sind.</translation>
    </message>
    <message>
        <source>dedupctl work: %1</source>
        <translation>dedupctl work: %1</translation>
    </message>
    <message>
        <source>--label is required</source>
        <translation>--label ist erforderlich</translation>
    </message>
    <message>
        <source>invalid number in the options (see --help)</source>
        <translation>ungültige Zahl in den Optionen (siehe --help)</translation>
    </message>
    <message>
        <source>invalid --crash-after-provider &apos;%1&apos;</source>
        <translation>ungültiges --crash-after-provider &apos;%1&apos;</translation>
    </message>
    <message>
        <source>dedupctl work: giving up on delivery %1 after %2 takes: %3</source>
        <translation>dedupctl work: Zustellung %1 wird nach %2 Übernahmen aufgegeben: %3</translation>
    </message>
    <message>
        <source>dedupctl work: unknown workflow %1</source>
        <translation>dedupctl work: unbekannter Workflow %1</translation>
    </message>
</context>
<context>
    <name>WorkflowsCommand</name>
    <message>
        <source>List the workflows: running or paused, and their runs in flight, stuck, failed, in review and of the last hour.</source>
        <translation>Die Workflows auflisten: laufend oder pausiert, mit ihren begonnenen, hängenden, fehlgeschlagenen, in Prüfung befindlichen und in der letzten Stunde erstellten Läufen.</translation>
    </message>
    <message>
        <source>dedupctl workflows: %1</source>
        <translation>dedupctl workflows: %1</translation>
    </message>
    <message>
        <source>hint: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>no workflows</source>
        <translation>keine Workflows</translation>
    </message>
    <message>
        <source>WORKFLOW</source>
        <translation>WORKFLOW</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>ZUSTAND</translation>
    </message>
    <message>
        <source>PROCESSING</source>
        <translation>IN BEARBEITUNG</translation>
    </message>
    <message>
        <source>STUCK</source>
        <translation>HÄNGEND</translation>
    </message>
    <message>
        <source>FAILED</source>
        <translation>FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <source>IN REVIEW</source>
        <translation>IN PRÜFUNG</translation>
    </message>
    <message>
        <source>LAST HOUR</source>
        <translation>LETZTE STUNDE</translation>
    </message>
    <message>
        <source>SCOPE PREFIX</source>
        <translation>BEREICHSPRÄFIX</translation>
    </message>
    <message>
        <source>PAUSED SINCE</source>
        <translation>PAUSIERT SEIT</translation>
    </message>
    <message>
        <source>PAUSED BY</source>
        <translation>PAUSIERT VON</translation>
    </message>
    <message>
        <source>STOP STEPS</source>
        <translation>SCHRITTE ANHALTEN</translation>
    </message>
    <message>
        <source>REASON</source>
        <translation>BEGRÜNDUNG</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>1 workflow, %1 paused</source>
        <translation>1 Workflow, %1 pausiert</translation>
    </message>
    <message>
        <source>%1 workflows, %2 paused</source>
        <translation>%1 Workflows, %2 pausiert</translation>
    </message>
    <message>
        <source>; last hour: runs created since %1; * means every scope</source>
        <translation>; letzte Stunde: seit %1 erstellte Läufe; * bedeutet jeder Bereich</translation>
    </message>
</context>
<context>
    <name>dedup::actions::ActionExecutor</name>
    <message>
        <source>Unknown action.</source>
        <translation>Unbekannte Aktion.</translation>
    </message>
</context>
<context>
    <name>dedup::actions::BulkRunner</name>
    <message>
        <source>%1@%2 (pid %3)</source>
        <translation>%1@%2 (PID %3)</translation>
    </message>
    <message>
        <source>This runner is busy with operation %1.</source>
        <translation>Dieser Runner ist mit Aktion %1 beschäftigt.</translation>
    </message>
    <message>
        <source>A reason is required.</source>
        <translation>Eine Begründung ist erforderlich.</translation>
    </message>
    <message>
        <source>No bulk operation to control.</source>
        <translation>Keine Massenaktion zu steuern.</translation>
    </message>
</context>
<context>
    <name>dedup::actions::BulkWorker</name>
    <message>
        <source>No bulk operation to control.</source>
        <translation>Keine Massenaktion zu steuern.</translation>
    </message>
    <message>
        <source>The operation could not be changed: %1</source>
        <translation>Die Aktion konnte nicht geändert werden: %1</translation>
    </message>
    <message>
        <source>The bulk operation could not be created: %1</source>
        <translation>Die Massenaktion konnte nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>The runs could not be read: %1</source>
        <translation>Die Läufe konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The runs could not be added: %1</source>
        <translation>Die Läufe konnten nicht hinzugefügt werden: %1</translation>
    </message>
    <message>
        <source>The operation could not be started: %1</source>
        <translation>Die Aktion konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>No run is in a state this action applies to: nothing was done.</source>
        <translation>Kein Lauf ist in einem Zustand, für den diese Aktion gilt: Es wurde nichts getan.</translation>
    </message>
    <message>
        <source>A batch failed: %1</source>
        <translation>Ein Stapel ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>This operation was interrupted while its runs were being selected; abort it and start it again.</source>
        <translation>Diese Aktion wurde unterbrochen, während ihre Läufe ausgewählt wurden; brechen Sie sie ab und starten Sie sie neu.</translation>
    </message>
    <message>
        <source>The report could not be read: %1</source>
        <translation>Der Bericht konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The operation could not be read: %1</source>
        <translation>Die Aktion konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>The operation could not be continued here: %1</source>
        <translation>Der Vorgang konnte hier nicht fortgesetzt werden: %1</translation>
    </message>
    <message>
        <source>Connection lost.</source>
        <translation>Verbindung verloren.</translation>
    </message>
</context>
<context>
    <name>dedup::app::DemoSession</name>
    <message>
        <source>The demo store did not start: %1</source>
        <translation>Der Demo-Store ist nicht gestartet: %1</translation>
    </message>
    <message>
        <source>Demo store</source>
        <translation>Demo-Store</translation>
    </message>
    <message>
        <source>The demo store started but does not accept connections: %1</source>
        <translation>Der Demo-Store ist gestartet, nimmt aber keine Verbindungen an: %1</translation>
    </message>
    <message>
        <source>The demo store does not answer: %1</source>
        <translation>Der Demo-Store antwortet nicht: %1</translation>
    </message>
</context>
<context>
    <name>dedup::core::CanonicalJson</name>
    <message>
        <source>The payload is not valid JSON: %1 at byte %2.</source>
        <translation>Die Nutzdaten sind kein gültiges JSON: %1 bei Byte %2.</translation>
    </message>
    <message>
        <source>The payload is empty.</source>
        <translation>Die Nutzdaten sind leer.</translation>
    </message>
    <message>
        <source>The payload is not valid JSON: it holds %1 values instead of one.</source>
        <translation>Die Nutzdaten sind kein gültiges JSON: Sie enthalten %1 Werte statt einem.</translation>
    </message>
    <message>
        <source>The JSON document is empty.</source>
        <translation>Das JSON-Dokument ist leer.</translation>
    </message>
    <message>
        <source>The payload contains a number that is not finite.</source>
        <translation>Die Nutzdaten enthalten eine Zahl, die nicht endlich ist.</translation>
    </message>
    <message>
        <source>The payload contains an undefined JSON value.</source>
        <translation>Die Nutzdaten enthalten einen undefinierten JSON-Wert.</translation>
    </message>
    <message>
        <source>The payload contains an object key that is not valid Unicode text.</source>
        <translation>Die Nutzdaten enthalten einen Objektschlüssel, der kein gültiger Unicode-Text ist.</translation>
    </message>
    <message>
        <source>The payload has the key &quot;%1&quot; twice in one object (keys are compared after Unicode normalisation).</source>
        <translation>Die Nutzdaten enthalten den Schlüssel „%1“ zweimal in einem Objekt (Schlüssel werden nach Unicode-Normalisierung verglichen).</translation>
    </message>
    <message>
        <source>The payload contains a string that is not valid Unicode text.</source>
        <translation>Die Nutzdaten enthalten eine Zeichenkette, die kein gültiger Unicode-Text ist.</translation>
    </message>
</context>
<context>
    <name>dedup::core::IdempotencyKey</name>
    <message>
        <source>The idempotency key scope is empty.</source>
        <translation>Der Bereich des Idempotenzschlüssels ist leer.</translation>
    </message>
    <message>
        <source>The idempotency key derivation version is empty.</source>
        <translation>Die Ableitungsversion des Idempotenzschlüssels ist leer.</translation>
    </message>
    <message>
        <source>The key derivation version &quot;%1&quot; may contain only letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>Die Schlüssel-Ableitungsversion „%1“ darf nur Buchstaben, Ziffern, &apos;.&apos;, &apos;_&apos; und &apos;-&apos; enthalten.</translation>
    </message>
    <message>
        <source>An idempotency key needs at least one field; without one every request in the scope would be a duplicate.</source>
        <translation>Ein Idempotenzschlüssel braucht mindestens ein Feld; ohne Feld wäre jede Anfrage im Bereich ein Duplikat.</translation>
    </message>
    <message>
        <source>The idempotency key scope is not valid Unicode text.</source>
        <translation>Der Bereich des Idempotenzschlüssels ist kein gültiger Unicode-Text.</translation>
    </message>
    <message>
        <source>An idempotency key field has an empty name.</source>
        <translation>Ein Feld des Idempotenzschlüssels hat einen leeren Namen.</translation>
    </message>
    <message>
        <source>The idempotency key field &quot;%1&quot; has an empty value; is an input missing?</source>
        <translation>Das Feld „%1“ des Idempotenzschlüssels hat einen leeren Wert; fehlt eine Eingabe?</translation>
    </message>
    <message>
        <source>The idempotency key field &quot;%1&quot; is not valid Unicode text.</source>
        <translation>Das Feld „%1“ des Idempotenzschlüssels ist kein gültiger Unicode-Text.</translation>
    </message>
    <message>
        <source>The idempotency key field &quot;%1&quot; is given more than once (names are compared after Unicode normalisation).</source>
        <translation>Das Feld „%1“ des Idempotenzschlüssels ist mehrfach angegeben (Namen werden nach Unicode-Normalisierung verglichen).</translation>
    </message>
</context>
<context>
    <name>dedup::core::RetryPolicy</name>
    <message>
        <source>Attempt %1 failed with a %2 error, which is not retried.</source>
        <translation>Versuch %1 ist mit einem Fehler vom Typ %2 fehlgeschlagen, der nicht wiederholt wird.</translation>
    </message>
    <message>
        <source>Attempt %1 of %2 failed with a %3 error and no attempts are left.</source>
        <translation>Versuch %1 von %2 ist mit einem Fehler vom Typ %3 fehlgeschlagen, und es sind keine Versuche übrig.</translation>
    </message>
    <message>
        <source>Attempt %1 of %2 failed with a %3 error; retrying in %4 ms.</source>
        <translation>Versuch %1 von %2 ist mit einem Fehler vom Typ %3 fehlgeschlagen; neuer Versuch in %4 ms.</translation>
    </message>
</context>
<context>
    <name>dedup::lanes::LaneWorker</name>
    <message>
        <source>The connection was closed.</source>
        <translation>Die Verbindung wurde geschlossen.</translation>
    </message>
    <message>
        <source>Not connected to the database; the next attempt is in %1 s.</source>
        <translation>Nicht mit der Datenbank verbunden; der nächste Versuch erfolgt in %1 s.</translation>
    </message>
    <message>
        <source>Cannot connect to the database: %1</source>
        <translation>Verbindung zur Datenbank nicht möglich: %1</translation>
    </message>
    <message>
        <source>The query was cancelled.</source>
        <translation>Die Abfrage wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The query took longer than %1 s and was stopped (statement timeout).</source>
        <translation>Die Abfrage dauerte länger als %1 s und wurde gestoppt (Statement-Timeout).</translation>
    </message>
</context>
<context>
    <name>dedup::models::AlertMonitor</name>
    <message>
        <source>More than %1 runs stuck (threshold %2)</source>
        <translation>Mehr als %1 Läufe hängen (Schwellenwert %2)</translation>
    </message>
    <message>
        <source>1 run stuck (threshold %1)</source>
        <translation>1 Lauf hängt (Schwellenwert %1)</translation>
    </message>
    <message>
        <source>%1 runs stuck (threshold %2)</source>
        <translation>%1 Läufe hängen (Schwellenwert %2)</translation>
    </message>
    <message>
        <source>Oldest run in review waiting %1 (threshold %2 min)</source>
        <translation>Ältester Lauf in Prüfung wartet seit %1 (Schwellenwert %2 min)</translation>
    </message>
</context>
<context>
    <name>dedup::models::AuditLogModel</name>
    <message>
        <source>Applied</source>
        <translation>Angewendet</translation>
    </message>
    <message>
        <source>Refused (run had changed)</source>
        <translation>Abgelehnt (Lauf hatte sich geändert)</translation>
    </message>
    <message>
        <source>Action key %1</source>
        <translation>Aktionsschlüssel %1</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation>Vorher → nachher</translation>
    </message>
    <message>
        <source>Database role (client-reported)</source>
        <translation>Datenbankrolle (Client-Angaben)</translation>
    </message>
</context>
<context>
    <name>dedup::models::AuditTableModel</name>
    <message>
        <source>Nothing changed.</source>
        <translation>Nichts geändert.</translation>
    </message>
    <message>
        <source>Nothing changed: %1</source>
        <translation>Nichts geändert: %1</translation>
    </message>
    <message>
        <source>Applied</source>
        <translation>Angewendet</translation>
    </message>
    <message>
        <source>Refused (run had changed)</source>
        <translation>Abgelehnt (Lauf hatte sich geändert)</translation>
    </message>
    <message>
        <source>Action key %1</source>
        <translation>Aktionsschlüssel %1</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation>Vorher → nachher</translation>
    </message>
    <message>
        <source>%1 (client reports %2)</source>
        <translation>%1 (laut Client %2)</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>nicht übermittelt</translation>
    </message>
    <message>
        <source>Database role (from server): %1</source>
        <translation>Datenbankrolle (vom Server): %1</translation>
    </message>
    <message>
        <source>Client address (from server): %1</source>
        <translation>Client-Adresse (vom Server): %1</translation>
    </message>
    <message>
        <source>none (local Unix-socket connection)</source>
        <translation>keine (lokale Unix-Socket-Verbindung)</translation>
    </message>
    <message>
        <source>OS user (reported by client): %1</source>
        <translation>OS-Benutzer (vom Client übermittelt): %1</translation>
    </message>
    <message>
        <source>Client host (reported by client): %1</source>
        <translation>Client-Host (vom Client übermittelt): %1</translation>
    </message>
    <message>
        <source>Application (reported by client): %1</source>
        <translation>Anwendung (vom Client übermittelt): %1</translation>
    </message>
    <message>
        <source>The database role and the client address come from the server. The OS user, host and application in brackets are reported by the client about itself and are not verified.</source>
        <translation>Datenbankrolle und Client-Adresse stammen vom Server. OS-Benutzer, Host und Anwendung in Klammern übermittelt der Client selbst; sie sind nicht geprüft.</translation>
    </message>
    <message>
        <source>Database role (client-reported)</source>
        <translation>Datenbankrolle (Client-Angaben)</translation>
    </message>
</context>
<context>
    <name>dedup::models::CorrelationModel</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
    <message>
        <source>no steps</source>
        <translation>keine Schritte</translation>
    </message>
    <message>
        <source>%1/%2 done</source>
        <translation>%1/%2 erledigt</translation>
    </message>
    <message numerus="yes">
        <source>, %n uncertain</source>
        <translation>
            <numerusform>, %n ungewiss</numerusform>
            <numerusform>, %n ungewiss</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed</source>
        <translation>
            <numerusform>, %n fehlgeschlagen</numerusform>
            <numerusform>, %n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n running</source>
        <translation>
            <numerusform>, %n läuft</numerusform>
            <numerusform>, %n laufen</numerusform>
        </translation>
    </message>
    <message>
        <source>open for %1</source>
        <translation>offen seit %1</translation>
    </message>
    <message>
        <source>%1 (last error: %2)</source>
        <translation>%1 (letzter Fehler: %2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation>Workflow</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Scope / key</source>
        <translation>Bereich / Schlüssel</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>: the outcome is unknown, check with the provider before continuing</source>
        <translation>: Das Ergebnis ist unbekannt; prüfen Sie es beim Anbieter, bevor Sie fortfahren</translation>
    </message>
    <message>
        <source>Step %1 “%2”: %3</source>
        <translation>Schritt %1 „%2“: %3</translation>
    </message>
    <message>
        <source>, attempt %1</source>
        <translation>, Versuch %1</translation>
    </message>
    <message>
        <source>, not started</source>
        <translation>, nicht gestartet</translation>
    </message>
    <message>
        <source>, started %1</source>
        <translation>, gestartet %1</translation>
    </message>
    <message>
        <source>, finished %1 (%2)</source>
        <translation>, beendet %1 (%2)</translation>
    </message>
    <message>
        <source>, running for %1</source>
        <translation>, läuft seit %1</translation>
    </message>
    <message>
        <source>, stopped %1</source>
        <translation>, angehalten %1</translation>
    </message>
</context>
<context>
    <name>dedup::models::DashboardLoader</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>dedup::models::EventTableModel</name>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Akteur</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <source>Read from the run&apos;s row: the store records no event for a success.</source>
        <translation>Aus der Zeile des Laufs gelesen: Der Store zeichnet für einen Erfolg kein Ereignis auf.</translation>
    </message>
    <message>
        <source>Read from the step&apos;s row: the store records no event for a step&apos;s routine start or finish.</source>
        <translation>Aus der Zeile des Schritts gelesen: Der Store zeichnet für den gewöhnlichen Start oder Abschluss eines Schritts kein Ereignis auf.</translation>
    </message>
</context>
<context>
    <name>dedup::models::KeyDeliveryTableModel</name>
    <message>
        <source>acquired</source>
        <translation>übernommen</translation>
    </message>
    <message>
        <source>replay</source>
        <translation>erneut ausgeliefert</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>in Bearbeitung</translation>
    </message>
    <message>
        <source>in review</source>
        <translation>in Prüfung</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>abweichende Anfrage</translation>
    </message>
    <message>
        <source>The delivery ran the work: the first one, a retry of a failed attempt, or a takeover of an expired lease.</source>
        <translation>Die Zustellung hat die Arbeit ausgeführt: als erste, als Wiederholung nach einem fehlgeschlagenen Versuch oder als Übernahme einer abgelaufenen Lease.</translation>
    </message>
    <message>
        <source>The run had finished: its recorded result was returned, nothing ran again.</source>
        <translation>Der Lauf war beendet: Sein gespeichertes Ergebnis wurde zurückgegeben, nichts lief erneut.</translation>
    </message>
    <message>
        <source>Another worker held a live lease on the run: the delivery was turned away.</source>
        <translation>Ein anderer Worker hielt eine aktive Lease auf den Lauf: Die Zustellung wurde abgewiesen.</translation>
    </message>
    <message>
        <source>The run waits for an operator (manual review): the delivery was turned away.</source>
        <translation>Der Lauf wartet auf einen Operator (manuelle Prüfung): Die Zustellung wurde abgewiesen.</translation>
    </message>
    <message>
        <source>The key was reused for another request (another fingerprint or workflow): nothing of the run was returned.</source>
        <translation>Der Schlüssel wurde für eine andere Anfrage wiederverwendet (anderer Fingerabdruck oder Workflow): Vom Lauf wurde nichts zurückgegeben.</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>via new</source>
        <translation>als neuer Lauf</translation>
    </message>
    <message>
        <source>via retry</source>
        <translation>als Wiederholung</translation>
    </message>
    <message>
        <source>via takeover</source>
        <translation>durch Übernahme</translation>
    </message>
    <message>
        <source>via %1</source>
        <translation>via %1</translation>
    </message>
    <message>
        <source>login %1</source>
        <translation>Login %1</translation>
    </message>
    <message>
        <source>lease held by %1</source>
        <translation>Lease gehalten von %1</translation>
    </message>
    <message>
        <source>No deliveries recorded for this key.</source>
        <translation>Für diesen Schlüssel sind keine Zustellungen erfasst.</translation>
    </message>
    <message>
        <source>1 delivery</source>
        <translation>1 Zustellung</translation>
    </message>
    <message>
        <source>%1 deliveries</source>
        <translation>%1 Zustellungen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1; first %2, last %3</source>
        <translation>%1; erste %2, letzte %3</translation>
    </message>
    <message>
        <source>The store keeps counts and the last three duplicates (replayed or 409), not each one.</source>
        <translation>Der Store behält Zählungen und die letzten drei Duplikate (replayed oder 409), nicht jedes einzelne.</translation>
    </message>
    <message>
        <source>The table lists %1 of the %2 deliveries.</source>
        <translation>Die Tabelle listet %1 der %2 Zustellungen auf.</translation>
    </message>
    <message>
        <source>The claim named no worker.</source>
        <translation>Der Claim nannte keinen Worker.</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>HTTP answer</source>
        <translation>HTTP-Antwort</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>dedup::models::LiveRunList</name>
    <message>
        <source>%1+</source>
        <translation>%1+</translation>
    </message>
</context>
<context>
    <name>dedup::models::ReviewQueueModel</name>
    <message>
        <source>Unassigned</source>
        <translation>Nicht zugewiesen</translation>
    </message>
    <message>
        <source>A continuation is queued; a worker will take it.</source>
        <translation>Eine Fortsetzung ist eingereiht; ein Worker wird sie übernehmen.</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) with an unknown outcome: check the provider first.</source>
        <translation>
            <numerusform>%n Schritt mit unbekanntem Ergebnis: Prüfen Sie zuerst den Anbieter.</numerusform>
            <numerusform>%n Schritte mit unbekanntem Ergebnis: Prüfen Sie zuerst den Anbieter.</numerusform>
        </translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation>Workflow</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Review reason</source>
        <translation>Prüfgrund</translation>
    </message>
    <message>
        <source>In review for</source>
        <translation>In Prüfung seit</translation>
    </message>
    <message>
        <source>Assignee</source>
        <translation>Bearbeiter</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
</context>
<context>
    <name>dedup::models::RunDetailSource</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
    <message>
        <source>This store keeps no key histories yet (its schema is older than migration 0025).</source>
        <translation>Dieser Store führt noch keine Schlüsselverläufe (sein Schema ist älter als Migration 0025).</translation>
    </message>
</context>
<context>
    <name>dedup::models::RunListModel</name>
    <message>
        <source>%1 (last error: %2)</source>
        <translation>%1 (letzter Fehler: %2)</translation>
    </message>
    <message>
        <source>%1 in scope %2</source>
        <translation>%1 im Bereich %2</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation>Workflow</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Bereich</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>Correlation id</source>
        <translation>Korrelations-ID</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
    <message>
        <source>Lease owner</source>
        <translation>Lease-Inhaber</translation>
    </message>
    <message>
        <source>Lease expires</source>
        <translation>Lease läuft ab</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Erstellt</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aktualisiert</translation>
    </message>
    <message>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>~%1 (estimate)</source>
        <translation>~%1 (Schätzung)</translation>
    </message>
    <message>
        <source>%1+</source>
        <translation>%1+</translation>
    </message>
</context>
<context>
    <name>dedup::models::RunPageLoader</name>
    <message>
        <source>Narrow the filter, or raise the timeout.</source>
        <translation>Grenzen Sie den Filter ein oder erhöhen Sie das Zeitlimit.</translation>
    </message>
</context>
<context>
    <name>dedup::models::StepTableModel</name>
    <message>
        <source>Outcome unknown: the side effect may have happened (the worker stopped, or timed out, between calling the provider and recording its answer). Check with the provider before continuing.</source>
        <translation>Ergebnis unbekannt: Der Seiteneffekt ist möglicherweise eingetreten (der Worker wurde zwischen dem Aufruf des Anbieters und dem Erfassen der Antwort beendet oder lief in ein Timeout). Fragen Sie beim Anbieter nach, bevor Sie fortfahren.</translation>
    </message>
    <message>
        <source>Outcome unknown: the side effect may have happened (the worker stopped, or timed out, between calling the provider and recording its answer). Check with the provider before continuing (its reference: %1).</source>
        <translation>Ergebnis unbekannt: Der Seiteneffekt ist möglicherweise eingetreten (der Worker wurde zwischen dem Aufruf des Anbieters und dem Erfassen der Antwort beendet oder lief in ein Timeout). Fragen Sie beim Anbieter nach, bevor Sie fortfahren (seine Referenz: %1).</translation>
    </message>
    <message>
        <source>A continuation re-sends it with downstream key %1: safe only if the provider deduplicates by that key.</source>
        <translation>Eine Fortsetzung sendet ihn erneut mit dem Downstream-Schlüssel %1: nur sicher, wenn der Anbieter anhand dieses Schlüssels dedupliziert.</translation>
    </message>
    <message>
        <source>It has no downstream key, so a continuation stops on it: resolve it as done (with the provider&apos;s reference) or skipped, or continue with &quot;re-run uncertain steps&quot; only if you know it did not happen.</source>
        <translation>Er hat keinen Downstream-Schlüssel, daher hält eine Fortsetzung bei ihm an: Schließen Sie ihn als erledigt (mit der Referenz des Anbieters) oder übersprungen ab, oder setzen Sie mit „ungewisse Schritte erneut ausführen“ nur fort, wenn Sie wissen, dass er nicht eingetreten ist.</translation>
    </message>
    <message>
        <source>Recorded: %1</source>
        <translation>Erfasst: %1</translation>
    </message>
    <message>
        <source>The side effect did not happen; a continuation runs the step again.</source>
        <translation>Der Seiteneffekt ist nicht eingetreten; eine Fortsetzung führt den Schritt erneut aus.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Side-effect ref</source>
        <translation>Seiteneffekt-Ref.</translation>
    </message>
    <message>
        <source>Downstream key</source>
        <translation>Downstream-Schlüssel</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
</context>
<context>
    <name>dedup::models::StuckRunsModel</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>vor %1</translation>
    </message>
    <message>
        <source>live (expires in %1)</source>
        <translation>aktiv (läuft ab in %1)</translation>
    </message>
    <message>
        <source>The lease of %1 expired at %2 (server time) and nobody took the run over: the worker died or hangs. Clearing the stale lease fences it.</source>
        <translation>Die Lease von %1 ist um %2 (Serverzeit) abgelaufen, und niemand hat den Lauf übernommen: Der Worker ist abgestürzt oder hängt. Das Freigeben der abgelaufenen Lease sperrt ihn aus.</translation>
    </message>
    <message>
        <source>The lease is kept alive, but the run has been processing for longer than the stuck threshold (%1): a worker that heartbeats without getting anywhere. Created %2.</source>
        <translation>Die Lease wird am Leben gehalten, aber der Lauf ist länger als der Hängend-Schwellenwert (%1) in Bearbeitung: ein Worker, der Heartbeats sendet, ohne voranzukommen. Erstellt %2.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation>Workflow</translation>
    </message>
    <message>
        <source>Scope / key</source>
        <translation>Bereich / Schlüssel</translation>
    </message>
    <message>
        <source>Lease owner</source>
        <translation>Lease-Inhaber</translation>
    </message>
    <message>
        <source>Lease expired</source>
        <translation>Lease abgelaufen</translation>
    </message>
    <message>
        <source>Processing for</source>
        <translation>In Bearbeitung seit</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Versuch</translation>
    </message>
</context>
<context>
    <name>dedup::models::WorkflowOverviewLoader</name>
    <message>
        <source>Loading was cancelled.</source>
        <translation>Das Laden wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>dedup::models::WorkflowsModel</name>
    <message>
        <source>Running: workers start new runs and continue those in flight.</source>
        <translation>Läuft: Worker starten neue Läufe und setzen begonnene fort.</translation>
    </message>
    <message>
        <source>Runs being worked on now</source>
        <translation>Läufe, die gerade bearbeitet werden</translation>
    </message>
    <message>
        <source>Processing runs whose lease has expired</source>
        <translation>Läufe in Bearbeitung, deren Lease abgelaufen ist</translation>
    </message>
    <message>
        <source>Failed runs the store holds</source>
        <translation>Fehlgeschlagene Läufe im Store</translation>
    </message>
    <message>
        <source>Runs waiting in the manual review queue</source>
        <translation>Läufe, die in der manuellen Prüfwarteschlange warten</translation>
    </message>
    <message>
        <source>Runs created since %1</source>
        <translation>Seit %1 erstellte Läufe</translation>
    </message>
    <message>
        <source>Runs created in the last hour</source>
        <translation>In der letzten Stunde erstellte Läufe</translation>
    </message>
    <message>
        <source>Workflow</source>
        <translation>Workflow</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Processing</source>
        <translation>In Bearbeitung</translation>
    </message>
    <message>
        <source>Stuck</source>
        <translation>Hängend</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>In review</source>
        <translation>In Prüfung</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
</context>
<context>
    <name>dedup::reports::ReportJob</name>
    <message>
        <source>Choose at least one format, and for CSV or JSON Lines at least one section.</source>
        <translation>Wählen Sie mindestens ein Format und für CSV oder JSON Lines mindestens einen Abschnitt.</translation>
    </message>
    <message>
        <source>Choose a folder for the report&apos;s files.</source>
        <translation>Wählen Sie einen Ordner für die Dateien des Berichts.</translation>
    </message>
    <message>
        <source>The report was cancelled; no file was written.</source>
        <translation>Der Bericht wurde abgebrochen; es wurde keine Datei geschrieben.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
</context>
<context>
    <name>dedup::sim::DemoTraffic</name>
    <message>
        <source>the demo traffic was already started</source>
        <translation>der Demo-Verkehr wurde bereits gestartet</translation>
    </message>
    <message>
        <source>invalid demo traffic options</source>
        <translation>ungültige Optionen für den Demo-Verkehr</translation>
    </message>
    <message>
        <source>cannot install the simulator&apos;s schema: %1</source>
        <translation>das Schema des Simulators kann nicht installiert werden: %1</translation>
    </message>
    <message>
        <source>the demo traffic was stopped before it started</source>
        <translation>der Demo-Verkehr wurde beendet, bevor er gestartet ist</translation>
    </message>
</context>
<context>
    <name>dedup::sim::Provider</name>
    <message>
        <source>the provider connection is not open</source>
        <translation>die Anbieterverbindung ist nicht offen</translation>
    </message>
    <message>
        <source>provider %1 is not connected</source>
        <translation>Anbieter %1 ist nicht verbunden</translation>
    </message>
    <message>
        <source>%1 has no operation &quot;%2&quot;</source>
        <translation>%1 hat keine Operation „%2“</translation>
    </message>
    <message>
        <source>a simulated call needs the intent it serves (for the ledger)</source>
        <translation>ein simulierter Aufruf benötigt die Absicht, der er dient (für das Ledger)</translation>
    </message>
    <message>
        <source>%1 is unavailable (503)</source>
        <translation>%1 ist nicht verfügbar (503)</translation>
    </message>
    <message>
        <source>%1 rejected the request (422)</source>
        <translation>%1 hat die Anfrage abgelehnt (422)</translation>
    </message>
    <message>
        <source>%1 did not answer in time</source>
        <translation>%1 hat nicht rechtzeitig geantwortet</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1: the idempotency key was already used for a different request</source>
        <translation>%1: Der Idempotenzschlüssel wurde bereits für eine andere Anfrage verwendet</translation>
    </message>
    <message>
        <source>provider %1 cannot reach its database: %2</source>
        <translation>Anbieter %1 erreicht seine Datenbank nicht: %2</translation>
    </message>
    <message>
        <source>%1: the answer was lost with the connection: %2</source>
        <translation>%1: die Antwort ging mit der Verbindung verloren: %2</translation>
    </message>
</context>
<context>
    <name>dedup::sim::ProviderConfig</name>
    <message>
        <source>provider name &quot;%1&quot; must be a lower-case identifier</source>
        <translation>Anbietername „%1“ muss ein Bezeichner in Kleinbuchstaben sein</translation>
    </message>
    <message>
        <source>reference prefix &quot;%1&quot; must be a lower-case identifier</source>
        <translation>Referenzpräfix „%1“ muss ein Bezeichner in Kleinbuchstaben sein</translation>
    </message>
    <message>
        <source>provider %1 accepts no operations</source>
        <translation>Anbieter %1 akzeptiert keine Operationen</translation>
    </message>
    <message>
        <source>operation &quot;%1&quot; must be a lower-case identifier</source>
        <translation>Operation „%1“ muss ein Bezeichner in Kleinbuchstaben sein</translation>
    </message>
    <message>
        <source>latency range %1..%2 ms is invalid</source>
        <translation>Latenzbereich %1..%2 ms ist ungültig</translation>
    </message>
    <message>
        <source>timeout %1 ms is negative</source>
        <translation>Timeout %1 ms ist negativ</translation>
    </message>
    <message>
        <source>fault rates must each be in [0, 1] and add up to at most 1 (they add up to %1)</source>
        <translation>Fehlerraten müssen jeweils in [0, 1] liegen und zusammen höchstens 1 ergeben (sie ergeben %1)</translation>
    </message>
</context>
<context>
    <name>dedup::sim::ScenarioCatalog</name>
    <message>
        <source>Lab results ready: webhook delivered twice</source>
        <translation>Laborergebnisse bereit: Webhook zweimal zugestellt</translation>
    </message>
    <message>
        <source>A &quot;lab results ready&quot; webhook triggers a patient notification. The webhook arrives twice: once again after the first answer was lost, and once as two copies at the same moment. The key is patientId + reportId + notificationType.</source>
        <translation>Ein Webhook „Laborergebnisse bereit“ löst eine Patientenbenachrichtigung aus. Der Webhook kommt zweimal an: einmal erneut, nachdem die erste Antwort verloren ging, und einmal als zwei Kopien im selben Moment. Der Schlüssel ist patientId + reportId + notificationType.</translation>
    </message>
    <message>
        <source>Exactly one patient message per report; duplicates get the stored result or are told the first delivery is still running.</source>
        <translation>Genau eine Patientennachricht pro Befund; Duplikate erhalten das gespeicherte Ergebnis oder die Auskunft, dass die erste Zustellung noch läuft.</translation>
    </message>
    <message>
        <source>the lab system&apos;s webhook for report r-77 arrives</source>
        <translation>der Webhook des Laborsystems für Befund r-77 kommt an</translation>
    </message>
    <message>
        <source>it arrives again (the first 2xx was lost): the stored result is returned</source>
        <translation>er kommt erneut an (die erste 2xx-Antwort ging verloren): Das gespeicherte Ergebnis wird zurückgegeben</translation>
    </message>
    <message>
        <source>the webhook for report r-78 is delivered twice at the same moment</source>
        <translation>der Webhook für Befund r-78 wird im selben Moment zweimal zugestellt</translation>
    </message>
    <message>
        <source>... its simultaneous copy</source>
        <translation>... seine gleichzeitige Kopie</translation>
    </message>
    <message>
        <source>a third copy of r-78 arrives after both finished</source>
        <translation>eine dritte Kopie von r-78 kommt an, nachdem beide fertig sind</translation>
    </message>
    <message>
        <source>Appointment confirmation: the scheduler redelivers after its 504</source>
        <translation>Terminbestätigung: Der Terminplaner stellt nach seinem 504 erneut zu</translation>
    </message>
    <message>
        <source>The scheduling system sends an appointment status webhook; the handler updates the appointment and sends a confirmation message. The scheduler gives up after 30 s (here 300 ms), answers itself a 504 and redelivers the event while the first handler is still working. The key is eventId + patientId + statusType.</source>
        <translation>Das Terminplanungssystem sendet einen Webhook zum Terminstatus; der Handler aktualisiert den Termin und sendet eine Bestätigungsnachricht. Der Terminplaner gibt nach 30 s (hier 300 ms) auf, antwortet sich selbst mit 504 und stellt das Ereignis erneut zu, während der erste Handler noch arbeitet. Der Schlüssel ist eventId + patientId + statusType.</translation>
    </message>
    <message>
        <source>The status is updated once and one confirmation is sent; the redelivery during the run does nothing, a later one gets the stored result.</source>
        <translation>Der Status wird einmal aktualisiert und eine Bestätigung gesendet; die erneute Zustellung während des Laufs bewirkt nichts, eine spätere erhält das gespeicherte Ergebnis.</translation>
    </message>
    <message>
        <source>the webhook arrives: update the status, send the confirmation (slower than the scheduler&apos;s 300 ms)</source>
        <translation>der Webhook kommt an: Status aktualisieren, Bestätigung senden (langsamer als die 300 ms des Terminplaners)</translation>
    </message>
    <message>
        <source>the scheduler got its 504 and redelivers while the first handler runs: nothing is done</source>
        <translation>der Terminplaner hat seinen 504 erhalten und stellt erneut zu, während der erste Handler läuft: Es wird nichts getan</translation>
    </message>
    <message>
        <source>a later redelivery gets the stored result</source>
        <translation>eine spätere erneute Zustellung erhält das gespeicherte Ergebnis</translation>
    </message>
    <message>
        <source>Invoice and payment intent: manual re-run after a partial failure</source>
        <translation>Rechnung und Zahlungsabsicht: manuelle Wiederholung nach einem Teilausfall</translation>
    </message>
    <message>
        <source>A billing workflow drafts an invoice, then asks the payment provider for a payment intent. The draft succeeds; the payment provider creates the intent but its answer times out. An operator reruns the automation. The key is patientId + billingPeriod + invoiceType.</source>
        <translation>Ein Abrechnungs-Workflow erstellt einen Rechnungsentwurf und fordert dann beim Zahlungsanbieter eine Zahlungsabsicht an. Der Entwurf gelingt; der Zahlungsanbieter legt die Zahlungsabsicht an, aber seine Antwort läuft in ein Timeout. Ein Operator führt die Automatisierung erneut aus. Der Schlüssel ist patientId + billingPeriod + invoiceType.</translation>
    </message>
    <message>
        <source>The rerun reuses the draft (one draft) and retries only the payment intent, with the same downstream key, which the payment provider deduplicates (one payment intent). A worker&apos;s own retry does the same.</source>
        <translation>Die Wiederholung verwendet den Entwurf wieder (ein Entwurf) und wiederholt nur die Zahlungsabsicht mit demselben Downstream-Schlüssel, den der Zahlungsanbieter dedupliziert (eine Zahlungsabsicht). Die eigene Wiederholung eines Workers bewirkt dasselbe.</translation>
    </message>
    <message>
        <source>the invoice is drafted; the payment provider creates the intent but the answer times out: the run fails</source>
        <translation>die Rechnung wird entworfen; der Zahlungsanbieter legt die Zahlungsabsicht an, aber die Antwort läuft in ein Timeout: Der Lauf schlägt fehl</translation>
    </message>
    <message>
        <source>the operator reruns it from the console (op_request_continuation)</source>
        <translation>der Operator führt ihn aus der Konsole erneut aus (op_request_continuation)</translation>
    </message>
    <message>
        <source>a worker takes the continuation: the draft is skipped, only the payment intent is retried with the same downstream key</source>
        <translation>ein Worker übernimmt die Fortsetzung: Der Entwurf wird übersprungen, nur die Zahlungsabsicht wird mit demselben Downstream-Schlüssel wiederholt</translation>
    </message>
    <message>
        <source>a late duplicate of the billing trigger gets the stored result</source>
        <translation>ein verspätetes Duplikat des Abrechnungsauslösers erhält das gespeicherte Ergebnis</translation>
    </message>
    <message>
        <source>another invoice meets the same timeout; the worker retries by itself</source>
        <translation>eine weitere Rechnung läuft in dasselbe Timeout; der Worker wiederholt selbstständig</translation>
    </message>
    <message>
        <source>Appointment scheduling: browser retries with the same key</source>
        <translation>Terminbuchung: Browser wiederholt mit demselben Schlüssel</translation>
    </message>
    <message>
        <source>A patient&apos;s browser books an appointment with an idempotency key kept in session storage. It times out before the answer arrives and retries with the same key. Then the patient edits the time slot and submits again: a new logical action, so a new key.</source>
        <translation>Der Browser eines Patienten bucht einen Termin mit einem im Session Storage gehaltenen Idempotenzschlüssel. Er läuft in ein Timeout, bevor die Antwort eintrifft, und wiederholt mit demselben Schlüssel. Dann ändert der Patient das Zeitfenster und sendet erneut: eine neue logische Aktion, also ein neuer Schlüssel.</translation>
    </message>
    <message>
        <source>One appointment for the first slot, and every retry returns the same appointment id; the edited slot books a second appointment, correctly.</source>
        <translation>Ein Termin für das erste Zeitfenster, und jede Wiederholung gibt dieselbe Termin-ID zurück; das geänderte Zeitfenster bucht korrekterweise einen zweiten Termin.</translation>
    </message>
    <message>
        <source>the patient books 09:00; the browser gives up after 100 ms, the booking goes on</source>
        <translation>der Patient bucht 09:00; der Browser gibt nach 100 ms auf, die Buchung läuft weiter</translation>
    </message>
    <message>
        <source>the browser retries with the same key while the booking runs: &quot;still processing&quot;</source>
        <translation>der Browser wiederholt mit demselben Schlüssel, während die Buchung läuft: „still processing“</translation>
    </message>
    <message>
        <source>the browser retries again: the same appointment id, no second booking</source>
        <translation>der Browser wiederholt erneut: dieselbe Termin-ID, keine zweite Buchung</translation>
    </message>
    <message>
        <source>the patient edits the slot to 09:30: a new key books a second appointment</source>
        <translation>der Patient ändert das Zeitfenster auf 09:30: Ein neuer Schlüssel bucht einen zweiten Termin</translation>
    </message>
    <message>
        <source>Lab sample sync: the queue redelivers after a consumer restart</source>
        <translation>Probensynchronisation: Die Warteschlange stellt nach einem Consumer-Neustart erneut zu</translation>
    </message>
    <message>
        <source>A &quot;new sample&quot; event is queued; a background job updates the patient&apos;s lab record. The consumer is restarted right after the update, before it could record it, and the queue delivers the event again. The key is the sample id + the integration run date, derivation pinned to v1.3.</source>
        <translation>Ein Ereignis „neue Probe“ wird eingereiht; ein Hintergrundjob aktualisiert den Laborbefund des Patienten. Der Consumer wird direkt nach der Aktualisierung neu gestartet, bevor er sie erfassen konnte, und die Warteschlange stellt das Ereignis erneut zu. Der Schlüssel ist die Proben-ID + das Datum des Integrationslaufs, Ableitung festgelegt auf v1.3.</translation>
    </message>
    <message>
        <source>The redelivery takes the expired lease over, finds the step uncertain with a downstream key and repeats it; the record system recognises the key: one record update.</source>
        <translation>Die erneute Zustellung übernimmt die abgelaufene Lease, findet den Schritt ungewiss mit einem Downstream-Schlüssel vor und wiederholt ihn; das Befundsystem erkennt den Schlüssel: eine Aktualisierung des Befunds.</translation>
    </message>
    <message>
        <source>the consumer updates the lab record and is restarted before it records that</source>
        <translation>der Consumer aktualisiert den Laborbefund und wird neu gestartet, bevor er das erfasst</translation>
    </message>
    <message>
        <source>the queue redelivers once the lease (300 ms) has expired: the new consumer takes the run over and repeats the uncertain step with its downstream key</source>
        <translation>die Warteschlange stellt erneut zu, sobald die Lease (300 ms) abgelaufen ist: Der neue Consumer übernimmt den Lauf und wiederholt den ungewissen Schritt mit seinem Downstream-Schlüssel</translation>
    </message>
    <message>
        <source>a further redelivery gets the stored result</source>
        <translation>eine weitere erneute Zustellung erhält das gespeicherte Ergebnis</translation>
    </message>
    <message>
        <source>Payment provider outage: the operator pauses the workflow</source>
        <translation>Ausfall des Zahlungsanbieters: Der Operator pausiert den Workflow</translation>
    </message>
    <message>
        <source>The payment provider goes down (503). An invoice run fails with `unavailable`; the on-call operator pauses invoice-payment-intent, with &quot;stop before the next step&quot; and a retry-after of 30 s (here 300 ms). A run drafting its invoice at that moment stops before it would call the provider; new billing triggers and the queue&apos;s redelivery of the failed job are answered `paused` and come back after the hint, again and again; a duplicate of an invoice finished before the outage still gets its stored result. When the provider is back, the operator resumes.</source>
        <translation>Der Zahlungsanbieter fällt aus (503). Ein Rechnungslauf schlägt mit `unavailable` fehl; der Operator in Rufbereitschaft pausiert invoice-payment-intent mit &quot;Vor dem nächsten Schritt anhalten&quot; und einem Retry-after von 30 s (hier 300 ms). Ein Lauf, der in diesem Moment seine Rechnung entwirft, hält an, bevor er den Anbieter aufrufen würde; neue Abrechnungsauslöser und die erneute Zustellung des fehlgeschlagenen Jobs durch die Warteschlange werden mit `paused` beantwortet und kommen nach dem Hinweis wieder, immer wieder; ein Duplikat einer vor dem Ausfall abgeschlossenen Rechnung erhält weiterhin sein gespeichertes Ergebnis. Sobald der Anbieter wieder verfügbar ist, nimmt der Operator den Workflow wieder auf.</translation>
    </message>
    <message>
        <source>No provider call while paused; after the resume everything drains: each invoice drafted once and one payment intent each, no duplicate; the run the pause stopped is taken again without counting an attempt.</source>
        <translation>Kein Anbieteraufruf während der Pause; nach der Wiederaufnahme wird alles abgearbeitet: Jede Rechnung wird einmal entworfen und erhält genau eine Zahlungsabsicht, kein Duplikat; der von der Pause angehaltene Lauf wird erneut übernommen, ohne dass ein Versuch gezählt wird.</translation>
    </message>
    <message>
        <source>invoice p-6001 is drafted; the payment provider answers 503: the run fails (retryable)</source>
        <translation>Rechnung p-6001 wird entworfen; der Zahlungsanbieter antwortet mit 503: Der Lauf schlägt fehl (wiederholbar)</translation>
    </message>
    <message>
        <source>payments provider outage (503 since 02:10)</source>
        <translation>Ausfall des Zahlungsanbieters (503 seit 02:10)</translation>
    </message>
    <message>
        <source>payments provider back</source>
        <translation>Zahlungsanbieter wieder verfügbar</translation>
    </message>
    <message>
        <source>invoice p-6002 goes through just before the outage</source>
        <translation>Rechnung p-6002 geht kurz vor dem Ausfall durch</translation>
    </message>
    <message>
        <source>invoice p-6003 is being drafted when the pause lands: it stops before the payment call, is delivered again after the hint and finishes after the resume</source>
        <translation>Rechnung p-6003 wird gerade entworfen, als die Pause greift: Sie hält vor dem Zahlungsaufruf an, wird nach dem Hinweis erneut zugestellt und nach der Wiederaufnahme abgeschlossen</translation>
    </message>
    <message>
        <source>a new billing trigger (p-6004) while paused: answered paused, delivered again after the hint until the resume</source>
        <translation>ein neuer Abrechnungsauslöser (p-6004) während der Pause: mit „paused“ beantwortet, nach dem Hinweis erneut zugestellt bis zur Wiederaufnahme</translation>
    </message>
    <message>
        <source>the queue redelivers p-6001&apos;s failed job while paused: answered paused, no payment call; after the resume only the payment is retried</source>
        <translation>die Warteschlange stellt den fehlgeschlagenen Job von p-6001 während der Pause erneut zu: mit „paused“ beantwortet, kein Zahlungsaufruf; nach der Wiederaufnahme wird nur die Zahlung wiederholt</translation>
    </message>
    <message>
        <source>a duplicate of p-6002 while paused gets its stored result</source>
        <translation>ein Duplikat von p-6002 während der Pause erhält sein gespeichertes Ergebnis</translation>
    </message>
</context>
<context>
    <name>dedup::sim::ScenarioReport</name>
    <message>
        <source>PASS</source>
        <translation>BESTANDEN</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FEHLGESCHLAGEN</translation>
    </message>
    <message>
        <source>  %1. +%2 ms  %3 -&gt; %4 (%5 provider calls, %6 ms)
</source>
        <translation>  %1. +%2 ms  %3 -&gt; %4 (%5 Anbieteraufrufe, %6 ms)
</translation>
    </message>
    <message>
        <source> (expected %1)</source>
        <translation> (erwartet %1)</translation>
    </message>
    <message numerus="yes">
        <source>paused %n time(s), then %1</source>
        <translation>
            <numerusform>%n-mal pausiert, dann %1</numerusform>
            <numerusform>%n-mal pausiert, dann %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>dedup::sim::ScenarioRunner</name>
    <message>
        <source>run %1 not found</source>
        <translation>Lauf %1 nicht gefunden</translation>
    </message>
    <message>
        <source>action %1 (%2)</source>
        <translation>Aktion %1 (%2)</translation>
    </message>
    <message>
        <source>outcomes of all actions</source>
        <translation>Ergebnisse aller Aktionen</translation>
    </message>
    <message>
        <source>side effects in the ledger</source>
        <translation>Seiteneffekte im Ledger</translation>
    </message>
    <message>
        <source>duplicate side effects</source>
        <translation>doppelte Seiteneffekte</translation>
    </message>
    <message>
        <source>(no run)</source>
        <translation>(kein Lauf)</translation>
    </message>
    <message>
        <source>run status of %1</source>
        <translation>Laufstatus von %1</translation>
    </message>
    <message>
        <source>(no step)</source>
        <translation>(kein Schritt)</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>event %1 recorded</source>
        <translation>Ereignis %1 erfasst</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>action %1 returns the result of action %2</source>
        <translation>Aktion %1 gibt das Ergebnis von Aktion %2 zurück</translation>
    </message>
    <message>
        <source>action %1 (%2) calls no provider</source>
        <translation>Aktion %1 (%2) ruft keinen Anbieter auf</translation>
    </message>
    <message>
        <source>action %1 outlasts the sender&apos;s %2 ms timeout</source>
        <translation>Aktion %1 dauert länger als das Timeout des Absenders von %2 ms</translation>
    </message>
    <message>
        <source>no (%1 ms)</source>
        <translation>nein (%1 ms)</translation>
    </message>
    <message>
        <source>actions %1 and %2 return different results</source>
        <translation>Aktionen %1 und %2 geben unterschiedliche Ergebnisse zurück</translation>
    </message>
    <message>
        <source>no: %1 / %2</source>
        <translation>nein: %1 / %2</translation>
    </message>
    <message>
        <source>%1 (scopes %2*), retry after %3 s, audit %4</source>
        <translation>%1 (Bereiche %2*), erneut nach %3 s, Audit %4</translation>
    </message>
    <message>
        <source>provider calls while the workflow was paused</source>
        <translation>Anbieteraufrufe, während der Workflow pausiert war</translation>
    </message>
    <message>
        <source>action %1 answered paused and delivered again</source>
        <translation>Aktion %1 mit „paused“ beantwortet und erneut zugestellt</translation>
    </message>
    <message>
        <source>attempts of the run of %1</source>
        <translation>Versuche des Laufs von %1</translation>
    </message>
    <message>
        <source>run of %1 stopped before a step by the pause</source>
        <translation>Lauf von %1 durch die Pause vor einem Schritt angehalten</translation>
    </message>
    <message>
        <source>run of %1 acquired again after the resume</source>
        <translation>Lauf von %1 nach der Wiederaufnahme erneut übernommen</translation>
    </message>
    <message>
        <source>duplicate deliveries suppressed</source>
        <translation>unterdrückte doppelte Zustellungen</translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimSchema</name>
    <message>
        <source>this build contains no simulator schema</source>
        <translation>dieser Build enthält kein Simulatorschema</translation>
    </message>
    <message>
        <source>installing the simulator schema failed: %1</source>
        <translation>die Installation des Simulatorschemas ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the simulator schema &quot;sim&quot; is not installed in this database</source>
        <translation>das Simulatorschema „sim“ ist in dieser Datenbank nicht installiert</translation>
    </message>
</context>
<context>
    <name>dedup::sim::Simulation</name>
    <message>
        <source>no strategy to simulate</source>
        <translation>keine Strategie zu simulieren</translation>
    </message>
    <message>
        <source>the number of intents must be at least 1</source>
        <translation>die Zahl der Absichten muss mindestens 1 sein</translation>
    </message>
    <message>
        <source>every intent is delivered at least once</source>
        <translation>jede Absicht wird mindestens einmal zugestellt</translation>
    </message>
    <message>
        <source>the number of workers must be from 1 to %1</source>
        <translation>die Zahl der Worker muss zwischen 1 und %1 liegen</translation>
    </message>
    <message>
        <source>the rate must not be negative</source>
        <translation>die Rate darf nicht negativ sein</translation>
    </message>
    <message>
        <source>invalid fault rates</source>
        <translation>ungültige Fehlerraten</translation>
    </message>
    <message>
        <source>the lease must be positive</source>
        <translation>die Lease muss positiv sein</translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimulationFaults</name>
    <message>
        <source>&quot;%1&quot; is not NAME=RATE</source>
        <translation>„%1“ hat nicht die Form NAME=RATE</translation>
    </message>
    <message>
        <source>unknown fault &quot;%1&quot; (known: %2)</source>
        <translation>unbekannter Fehler „%1“ (bekannt: %2)</translation>
    </message>
    <message>
        <source>fault &quot;%1&quot; is given twice</source>
        <translation>Fehler „%1“ ist zweimal angegeben</translation>
    </message>
    <message>
        <source>the rate of &quot;%1&quot; must be a number from 0 to 1, not &quot;%2&quot;</source>
        <translation>die Rate von „%1“ muss eine Zahl von 0 bis 1 sein, nicht „%2“</translation>
    </message>
    <message>
        <source>the provider fault rates add up to %1; at most 1 is possible</source>
        <translation>die Fehlerraten der Anbieter ergeben zusammen %1; höchstens 1 ist möglich</translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimulationProviders</name>
    <message>
        <source>no simulated provider named %1</source>
        <translation>kein simulierter Anbieter namens %1</translation>
    </message>
</context>
<context>
    <name>dedup::sim::SimulationResult</name>
    <message>
        <source>strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>intents</source>
        <translation>Absichten</translation>
    </message>
    <message>
        <source>deliveries</source>
        <translation>Zustellungen</translation>
    </message>
    <message>
        <source>side effects</source>
        <translation>Seiteneffekte</translation>
    </message>
    <message>
        <source>duplicate side effects</source>
        <translation>doppelte Seiteneffekte</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>manual_review</source>
        <translation>manual_review</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>in Bearbeitung</translation>
    </message>
    <message>
        <source>provider duplicates</source>
        <translation>Anbieter-Duplikate</translation>
    </message>
    <message>
        <source>%1: %2 intents, %3 deliveries, %4 side effects, %5 duplicate side effects</source>
        <translation>%1: %2 Absichten, %3 Zustellungen, %4 Seiteneffekte, %5 doppelte Seiteneffekte</translation>
    </message>
    <message>
        <source> (+%1 made by the providers themselves)</source>
        <translation> (+%1 von den Anbietern selbst verursacht)</translation>
    </message>
    <message>
        <source>; runs: %1 succeeded, %2 failed, %3 manual_review, %4 in progress</source>
        <translation>; Läufe: %1 erfolgreich, %2 fehlgeschlagen, %3 manual_review, %4 in Bearbeitung</translation>
    </message>
    <message>
        <source> (%1 s)</source>
        <translation> (%1 s)</translation>
    </message>
</context>
<context>
    <name>dedup::sim::Strategy</name>
    <message>
        <source>no dedup record: every delivery and every retry repeats every side effect</source>
        <translation>kein Dedup-Datensatz: Jede Zustellung und jede Wiederholung wiederholt jeden Seiteneffekt</translation>
    </message>
    <message>
        <source>the key includes a per-delivery id: every redelivery is a new run and repeats every side effect</source>
        <translation>der Schlüssel enthält eine ID pro Zustellung: Jede erneute Zustellung ist ein neuer Lauf und wiederholt jeden Seiteneffekt</translation>
    </message>
    <message>
        <source>a unique dedup record at claim, steps not tracked: a retry after a later step failed repeats the earlier steps</source>
        <translation>ein eindeutiger Dedup-Datensatz beim Beanspruchen, Schritte nicht verfolgt: Eine Wiederholung nach dem Fehlschlag eines späteren Schritts wiederholt die früheren Schritte</translation>
    </message>
    <message>
        <source>the full protocol: claim, per-step status, downstream keys, uncertain steps to review</source>
        <translation>das vollständige Protokoll: Beanspruchen, Status pro Schritt, Downstream-Schlüssel, ungewisse Schritte zur Prüfung</translation>
    </message>
</context>
<context>
    <name>dedup::sim::StrategyWorker</name>
    <message>
        <source>unknown workflow %1</source>
        <translation>unbekannter Workflow %1</translation>
    </message>
</context>
<context>
    <name>dedup::store::RunProtocol</name>
    <message>
        <source>%1 returned an unexpected answer: &quot;%2&quot;</source>
        <translation>%1 hat eine unerwartete Antwort geliefert: „%2“</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n Zeile</numerusform>
            <numerusform>%n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>paused without a retry-after hint: %1</source>
        <translation>„paused“ ohne retry-after-Hinweis: %1</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ActionDialog</name>
    <message>
        <source>run</source>
        <translation>ausführen</translation>
    </message>
    <message>
        <source>skip (done)</source>
        <translation>überspringen (erledigt)</translation>
    </message>
    <message>
        <source>uncertain: stops for review</source>
        <translation>ungewiss: hält zur Prüfung an</translation>
    </message>
    <message>
        <source>%1: run %2</source>
        <translation>%1: Lauf %2</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>Continuation</source>
        <translation>Fortsetzung</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Check first</source>
        <translation>Zuerst prüfen</translation>
    </message>
    <message>
        <source>Re-running an uncertain step repeats its side effect if it did happen (a second payment, a second message). Tick this only after checking at the provider.</source>
        <translation>Das erneute Ausführen eines ungewissen Schritts wiederholt seinen Seiteneffekt, falls er eingetreten ist (eine zweite Zahlung, eine zweite Nachricht). Setzen Sie dieses Häkchen erst, nachdem Sie beim Anbieter nachgesehen haben.</translation>
    </message>
    <message>
        <source>Reading run %1…</source>
        <translation>Lauf %1 wird gelesen…</translation>
    </message>
    <message>
        <source>Could not read run %1: %2</source>
        <translation>Lauf %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Run %1 · %2 · %3 / %4 · attempt %5 of %6</source>
        <translation>Lauf %1 · %2 · %3 / %4 · Versuch %5 von %6</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>%1 step(s) to run, %2 skipped as done, %3 uncertain</source>
        <translation>%1 Schritt(e) auszuführen, %2 als erledigt übersprungen, %3 ungewiss</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>Look again to see the run as it is now.</source>
        <translation>Sehen Sie den Lauf erneut an, um ihn im aktuellen Zustand zu sehen.</translation>
    </message>
    <message>
        <source>Send again</source>
        <translation>Erneut senden</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The run changed since you looked at it: nothing was done.</source>
        <translation>Der Lauf hat sich geändert, seit Sie ihn angesehen haben: Es wurde nichts getan.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::AuditLogView</name>
    <message>
        <source>any</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>angewendet</translation>
    </message>
    <message>
        <source>refused (the run had changed)</source>
        <translation>abgelehnt (der Lauf hatte sich geändert)</translation>
    </message>
    <message>
        <source>any time</source>
        <translation>beliebige Zeit</translation>
    </message>
    <message>
        <source>last hour</source>
        <translation>letzte Stunde</translation>
    </message>
    <message>
        <source>last 24 hours</source>
        <translation>letzte 24 Stunden</translation>
    </message>
    <message>
        <source>last 7 days</source>
        <translation>letzte 7 Tage</translation>
    </message>
    <message>
        <source>last 30 days</source>
        <translation>letzte 30 Tage</translation>
    </message>
    <message>
        <source>Server: %1</source>
        <translation>Server: %1</translation>
    </message>
    <message>
        <source>Action key: %1</source>
        <translation>Aktionsschlüssel: %1</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>Parameter:</translation>
    </message>
    <message>
        <source>Before:</source>
        <translation>Vorher:</translation>
    </message>
    <message>
        <source>After:</source>
        <translation>Nachher:</translation>
    </message>
    <message>
        <source>(unchanged: refused)</source>
        <translation>(unverändert: abgelehnt)</translation>
    </message>
    <message numerus="yes">
        <source>%n entries</source>
        <translation>
            <numerusform>%n Eintrag</numerusform>
            <numerusform>%n Einträge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n newest entries (scroll for older)</source>
        <translation>
            <numerusform>%n neuester Eintrag (für ältere scrollen)</numerusform>
            <numerusform>%n neueste Einträge (für ältere scrollen)</numerusform>
        </translation>
    </message>
    <message>
        <source>(loading…)</source>
        <translation>(wird geladen…)</translation>
    </message>
    <message>
        <source>AUDIT CHAIN BROKEN at row %1 (%2), found by the store at %3: audit rows were changed, removed or inserted behind the append-only triggers (dedupctl verify-audit shows the details).</source>
        <translation>AUDIT-KETTE in Zeile %1 BESCHÄDIGT (%2), festgestellt vom Store um %3: Audit-Zeilen wurden an den Append-only-Triggern vorbei geändert, entfernt oder eingefügt (dedupctl verify-audit zeigt die Details).</translation>
    </message>
    <message>
        <source>Audit chain verified by the store at %1: no audit rows yet.</source>
        <translation>Audit-Kette vom Store um %1 geprüft: noch keine Audit-Zeilen.</translation>
    </message>
    <message>
        <source>Audit chain verified by the store at %1, from its first row to row %2 (head hash %3): every row matches its hash and its predecessor. Not checked against a checkpoint signed outside the database, without which a rewrite of the whole chain by the store&apos;s owner would not show (dedupctl verify-audit --checkpoint).</source>
        <translation>Audit-Kette vom Store um %1 geprüft, von der ersten Zeile bis Zeile %2 (Kopf-Hash %3): Jede Zeile passt zu ihrem Hash und ihrer Vorgängerin. Nicht mit einem außerhalb der Datenbank signierten Checkpoint abgeglichen, ohne den ein Neuschreiben der gesamten Kette durch den Eigentümer des Stores nicht sichtbar würde (dedupctl verify-audit --checkpoint).</translation>
    </message>
    <message>
        <source>Audit chain not verified yet.</source>
        <translation>Audit-Kette noch nicht geprüft.</translation>
    </message>
    <message>
        <source>The audit chain could not be verified: %1</source>
        <translation>Die Audit-Kette konnte nicht geprüft werden: %1</translation>
    </message>
    <message>
        <source>Verifying the audit chain…</source>
        <translation>Audit-Kette wird geprüft…</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::BulkActionDialog</name>
    <message>
        <source>Could not read the runs: %1</source>
        <translation>Die Läufe konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Selecting the runs: %1 so far…</source>
        <translation>Läufe werden ausgewählt: bisher %1…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Connection lost, reconnecting: %1</source>
        <translation>Verbindung verloren, neuer Verbindungsaufbau: %1</translation>
    </message>
    <message>
        <source>Counting the runs…</source>
        <translation>Läufe werden gezählt…</translation>
    </message>
    <message>
        <source>By status: %1</source>
        <translation>Nach Status: %1</translation>
    </message>
    <message>
        <source>By workflow: %1%2</source>
        <translation>Nach Workflow: %1%2</translation>
    </message>
    <message>
        <source>, …</source>
        <translation>, …</translation>
    </message>
    <message>
        <source>Will be applied to %1 runs; %2 left out (the action does not apply to their status).</source>
        <translation>Wird auf %1 Läufe angewendet; %2 ausgelassen (die Aktion gilt nicht für ihren Status).</translation>
    </message>
    <message>
        <source>With uncertain steps: %1 (%2 without a downstream key)</source>
        <translation>Mit ungewissen Schritten: %1 (%2 ohne Downstream-Schlüssel)</translation>
    </message>
    <message>
        <source>Changed since you selected them: %1 (skipped); gone: %2</source>
        <translation>Seit Ihrer Auswahl geändert: %1 (übersprungen); nicht mehr vorhanden: %2</translation>
    </message>
    <message>
        <source>Type %1 to confirm</source>
        <translation>Geben Sie %1 ein, um zu bestätigen</translation>
    </message>
    <message>
        <source>(paused)</source>
        <translation>(pausiert)</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::BulkOperationsDialog</name>
    <message>
        <source>selecting runs</source>
        <translation>Läufe werden ausgewählt</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>no batch yet</source>
        <translation>noch kein Stapel</translation>
    </message>
    <message>
        <source>%1 (%2 ago)</source>
        <translation>%1 (vor %2)</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Requested by</source>
        <translation>Angefordert von</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Erledigt</translation>
    </message>
    <message>
        <source>Last batch by</source>
        <translation>Letzter Stapel durch</translation>
    </message>
    <message>
        <source>Last batch</source>
        <translation>Letzter Stapel</translation>
    </message>
    <message>
        <source>Could not list the operations: %1</source>
        <translation>Die Aktionen konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>nobody yet</source>
        <translation>noch niemand</translation>
    </message>
    <message>
        <source>Operation %1</source>
        <translation>Aktion %1</translation>
    </message>
    <message>
        <source>No bulk operation is unfinished.</source>
        <translation>Keine Massenaktion ist unfertig.</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Connection lost, reconnecting: %1</source>
        <translation>Verbindung verloren, neuer Verbindungsaufbau: %1</translation>
    </message>
    <message>
        <source>applied by this console</source>
        <translation>wird von dieser Konsole angewendet</translation>
    </message>
    <message>
        <source>no batch applied yet</source>
        <translation>noch kein Stapel angewendet</translation>
    </message>
    <message>
        <source>last batch by %1, %2</source>
        <translation>letzter Stapel durch %1, %2</translation>
    </message>
    <message>
        <source>%1, requested by %2: %3 (%4)</source>
        <translation>%1, angefordert von %2: %3 (%4)</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Select an operation to follow it.</source>
        <translation>Wählen Sie eine Aktion aus, um ihr zu folgen.</translation>
    </message>
    <message>
        <source>1 unfinished operation.</source>
        <translation>1 unfertige Aktion.</translation>
    </message>
    <message>
        <source>%1 unfinished operations.</source>
        <translation>%1 unfertige Aktionen.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ConnectionBanner</name>
    <message>
        <source>&amp;Retry now</source>
        <translation>&amp;Jetzt erneut versuchen</translation>
    </message>
    <message>
        <source>Connection to %1 lost: %2 Reconnecting…</source>
        <translation>Verbindung zu %1 verloren: %2 Neuer Verbindungsaufbau…</translation>
    </message>
    <message>
        <source>Connection to %1 lost: %2. Reconnecting…</source>
        <translation>Verbindung zu %1 verloren: %2. Neuer Verbindungsaufbau…</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ConnectionDialog</name>
    <message>
        <source>disable: never encrypted</source>
        <translation>disable: nie verschlüsselt</translation>
    </message>
    <message>
        <source>allow: encrypted only if the server insists</source>
        <translation>allow: nur verschlüsselt, wenn der Server darauf besteht</translation>
    </message>
    <message>
        <source>prefer: encrypted when the server offers it</source>
        <translation>prefer: verschlüsselt, wenn der Server es anbietet</translation>
    </message>
    <message>
        <source>require: encrypted, server not verified</source>
        <translation>require: verschlüsselt, Server nicht geprüft</translation>
    </message>
    <message>
        <source>verify-ca: encrypted, certificate verified</source>
        <translation>verify-ca: verschlüsselt, Zertifikat geprüft</translation>
    </message>
    <message>
        <source>verify-full: certificate and host name verified</source>
        <translation>verify-full: Zertifikat und Hostname geprüft</translation>
    </message>
    <message>
        <source>libpq default</source>
        <translation>libpq-Standard</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <source>Check these settings without connecting the console (%1)</source>
        <translation>Diese Einstellungen prüfen, ohne die Konsole zu verbinden (%1)</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Gespeichert.</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Befehlszeile</translation>
    </message>
    <message>
        <source>Choose a profile, or create one with New.</source>
        <translation>Wählen Sie ein Profil oder legen Sie mit „Neu“ eines an.</translation>
    </message>
    <message>
        <source>Type a connection string, or choose Fields.</source>
        <translation>Geben Sie einen Verbindungsstring ein oder wählen Sie „Felder“.</translation>
    </message>
    <message>
        <source>Another profile is already called &quot;%1&quot;.</source>
        <translation>Ein anderes Profil heißt bereits „%1“.</translation>
    </message>
    <message>
        <source>Connects to %1</source>
        <translation>Verbindet mit %1</translation>
    </message>
    <message>
        <source>New connection</source>
        <translation>Neue Verbindung</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1 (Kopie)</translation>
    </message>
    <message>
        <source>Delete profile</source>
        <translation>Profil löschen</translation>
    </message>
    <message>
        <source>Delete the profile &quot;%1&quot;? Its password, if the keychain holds one, is deleted too.</source>
        <translation>Das Profil „%1“ löschen? Sein Passwort wird ebenfalls gelöscht, falls der Schlüsselbund eines enthält.</translation>
    </message>
    <message>
        <source>Root certificate</source>
        <translation>Stammzertifikat</translation>
    </message>
    <message>
        <source>Certificates (*.crt *.pem *.cer);;All files (*)</source>
        <translation>Zertifikate (*.crt *.pem *.cer);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No system keychain here: %1</source>
        <translation>Hier gibt es keinen System-Schlüsselbund: %1</translation>
    </message>
    <message>
        <source>Checking the system keychain…</source>
        <translation>System-Schlüsselbund wird geprüft…</translation>
    </message>
    <message>
        <source>The system keychain is not available here (%1). Type the password: it is used for this connection only and not stored.</source>
        <translation>Der System-Schlüsselbund ist hier nicht verfügbar (%1). Geben Sie das Passwort ein: Es wird nur für diese Verbindung verwendet und nicht gespeichert.</translation>
    </message>
    <message>
        <source>Password from the keychain.</source>
        <translation>Passwort aus dem Schlüsselbund.</translation>
    </message>
    <message>
        <source>Reading the password from the keychain…</source>
        <translation>Passwort wird aus dem Schlüsselbund gelesen…</translation>
    </message>
    <message>
        <source>No password in the keychain for this profile yet: type it; it is stored there when the connection succeeds or the profile is saved.</source>
        <translation>Für dieses Profil ist noch kein Passwort im Schlüsselbund: Geben Sie es ein; es wird dort gespeichert, wenn die Verbindung gelingt oder das Profil gespeichert wird.</translation>
    </message>
    <message>
        <source>Typed for this connection only, never stored. Left empty, ~/.pgpass and PGPASSWORD still apply.</source>
        <translation>Nur für diese Verbindung eingegeben, nie gespeichert. Bleibt es leer, gelten weiterhin ~/.pgpass und PGPASSWORD.</translation>
    </message>
    <message>
        <source>libpq finds the password itself (~/.pgpass, PGPASSWORD) or needs none (peer, trust, client certificate).</source>
        <translation>libpq findet das Passwort selbst (~/.pgpass, PGPASSWORD) oder benötigt keines (peer, trust, Client-Zertifikat).</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbindung zu %1 wird hergestellt…</translation>
    </message>
    <message>
        <source>Testing the connection to %1…</source>
        <translation>Verbindung zu %1 wird getestet…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>The server wants a password: type it and connect again.</source>
        <translation>Der Server verlangt ein Passwort: Geben Sie es ein und verbinden Sie sich erneut.</translation>
    </message>
    <message>
        <source>The server refused the password from the keychain: type the current one.</source>
        <translation>Der Server hat das Passwort aus dem Schlüsselbund abgelehnt: Geben Sie das aktuelle ein.</translation>
    </message>
    <message>
        <source>%1 and its standby</source>
        <translation>%1 und sein Standby</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>default: verify-full over the network (or PGSSLMODE)</source>
        <translation>Standard: verify-full über das Netzwerk (oder PGSSLMODE)</translation>
    </message>
    <message>
        <source>--connect held a %1, which was not used: a command line is visible to other users (ps, /proc) and stays in shell history.</source>
        <translation>--connect enthielt ein %1, das nicht verwendet wurde: Eine Befehlszeile ist für andere Benutzer sichtbar (ps, /proc) und bleibt in der Shell-History.</translation>
    </message>
    <message>
        <source>Type the password here (choose &quot;System keychain&quot; to keep it there), or put it in ~/.pgpass or the PGPASSWORD environment variable, then connect.</source>
        <translation>Geben Sie das Passwort hier ein (wählen Sie „System-Schlüsselbund“, um es dort aufzubewahren) oder legen Sie es in ~/.pgpass oder der Umgebungsvariablen PGPASSWORD ab und verbinden Sie sich dann.</translation>
    </message>
    <message>
        <source>Keep the client key (sslkey) in a file only you can read (chmod 600), without a passphrase.</source>
        <translation>Legen Sie den Client-Schlüssel (sslkey) ohne Passphrase in einer Datei ab, die nur Sie lesen können (chmod 600).</translation>
    </message>
    <message>
        <source>Connects with verify-full, the default for a host reached over the network: the server&apos;s certificate and host name are checked.</source>
        <translation>Verbindet mit verify-full, dem Standard für einen über das Netzwerk erreichten Host: Zertifikat und Hostname des Servers werden geprüft.</translation>
    </message>
    <message>
        <source>Connects with prefer, the default on this machine (local socket or loopback).</source>
        <translation>Verbindet mit prefer, dem Standard auf diesem Rechner (lokaler Socket oder Loopback).</translation>
    </message>
    <message>
        <source>Connects with verify-full: the server&apos;s certificate and host name are checked.</source>
        <translation>Verbindet mit verify-full: Zertifikat und Hostname des Servers werden geprüft.</translation>
    </message>
    <message>
        <source>Connects with sslmode %1, chosen explicitly (local socket or loopback).</source>
        <translation>Verbindet mit sslmode %1, ausdrücklich gewählt (lokaler Socket oder Loopback).</translation>
    </message>
    <message>
        <source>Warning: sslmode verify-ca, chosen explicitly: the certificate is checked, the host name is not.</source>
        <translation>Warnung: sslmode verify-ca, ausdrücklich gewählt: Das Zertifikat wird geprüft, der Hostname nicht.</translation>
    </message>
    <message>
        <source>Warning: sslmode require, chosen explicitly: encrypted, but the server is not verified, so someone on the network could pose as it.</source>
        <translation>Warnung: sslmode require, ausdrücklich gewählt: verschlüsselt, aber der Server wird nicht geprüft, sodass sich jemand im Netzwerk als dieser Server ausgeben könnte.</translation>
    </message>
    <message>
        <source>Warning: sslmode %1, chosen explicitly: the connection may cross the network unencrypted, password and data readable on the way.</source>
        <translation>Warnung: sslmode %1, ausdrücklich gewählt: Die Verbindung kann unverschlüsselt über das Netzwerk laufen; Passwort und Daten sind unterwegs lesbar.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::CorrelationTimelineModel</name>
    <message>
        <source>Run %1 (%2): started %3, still open</source>
        <translation>Lauf %1 (%2): gestartet %3, noch offen</translation>
    </message>
    <message>
        <source>Run %1 (%2): started %3, finished %4</source>
        <translation>Lauf %1 (%2): gestartet %3, beendet %4</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitachse</translation>
    </message>
    <message>
        <source>Each run from its start to its end (or to now while it is open), its steps under it, on one time axis, local time (Ctrl+= and Ctrl+- zoom)</source>
        <translation>Jeder Lauf von seinem Beginn bis zu seinem Ende (oder bis jetzt, solange er offen ist), seine Schritte darunter, auf einer Zeitachse, Ortszeit (Strg+= und Strg+- zoomen)</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::CorrelationView</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>Ak&amp;tualisieren</translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation>Laden a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Find Correlation…</source>
        <translation>Korrelation &amp;suchen…</translation>
    </message>
    <message>
        <source>&amp;Open Run</source>
        <translation>Lauf ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Stop the query that is still running</source>
        <translation>Die noch laufende Abfrage abbrechen</translation>
    </message>
    <message>
        <source>Manual review</source>
        <translation>Manuelle Prüfung</translation>
    </message>
    <message>
        <source>%1/%2 done, %3 uncertain</source>
        <translation>%1/%2 erledigt, %3 ungewiss</translation>
    </message>
    <message>
        <source>open for %1</source>
        <translation>offen seit %1</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>wird geladen…</translation>
    </message>
    <message>
        <source>No runs</source>
        <translation>Keine Läufe</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 Lauf</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>%1 over %2</source>
        <translation>%1 über %2</translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation>Nicht mit einem Store verbunden.</translation>
    </message>
    <message>
        <source>Enter a correlation id to see every run that shares it on one timeline.</source>
        <translation>Geben Sie eine Korrelations-ID ein, um alle Läufe mit dieser ID auf einer Zeitachse zu sehen.</translation>
    </message>
    <message>
        <source>Loading runs…</source>
        <translation>Läufe werden geladen…</translation>
    </message>
    <message>
        <source>No run has the correlation id “%1”.</source>
        <translation>Kein Lauf hat die Korrelations-ID „%1“.</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Reset Zoom</source>
        <translation>Zoom &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Widen the time axis (also Ctrl and the mouse wheel)</source>
        <translation>Die Zeitachse dehnen (auch mit Strg und dem Mausrad)</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::DashboardRangeBar</name>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Anwenden</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Letzte Stunde</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>Eigener Zeitraum…</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>&amp;Zeitraum:</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::DashboardView</name>
    <message>
        <source>Replayed (finished)</source>
        <translation>Erneut ausgeliefert (beendet)</translation>
    </message>
    <message>
        <source>While in progress</source>
        <translation>Während in Bearbeitung</translation>
    </message>
    <message>
        <source>While in review</source>
        <translation>Während in Prüfung</translation>
    </message>
    <message>
        <source>Fingerprint mismatch</source>
        <translation>Fingerabdruck stimmt nicht überein</translation>
    </message>
    <message>
        <source>Runs by status (by creation time)</source>
        <translation>Läufe nach Status (nach Erstellungszeit)</translation>
    </message>
    <message>
        <source>Duplicate deliveries suppressed</source>
        <translation>Unterdrückte doppelte Zustellungen</translation>
    </message>
    <message>
        <source>Failure classes (failed and in review)</source>
        <translation>Fehlerklassen (fehlgeschlagen und in Prüfung)</translation>
    </message>
    <message>
        <source>Stuck runs and review queue over time</source>
        <translation>Hängende Läufe und Prüfwarteschlange im Zeitverlauf</translation>
    </message>
    <message>
        <source>Review queue by time in review</source>
        <translation>Prüfwarteschlange nach Dauer in Prüfung</translation>
    </message>
    <message>
        <source>No runs were created in this range.</source>
        <translation>In diesem Zeitraum wurden keine Läufe erstellt.</translation>
    </message>
    <message>
        <source>No duplicate deliveries in this range.</source>
        <translation>Keine doppelten Zustellungen in diesem Zeitraum.</translation>
    </message>
    <message>
        <source>No failed or reviewed runs from this range.</source>
        <translation>Keine fehlgeschlagenen oder geprüften Läufe aus diesem Zeitraum.</translation>
    </message>
    <message>
        <source>No samples in this range. A console with the operator role takes one a minute (or schedule dedup.dashboard_refresh()).</source>
        <translation>Keine Messpunkte in diesem Zeitraum. Eine Konsole mit der Operator-Rolle erfasst einen pro Minute (oder planen Sie dedup.dashboard_refresh() ein).</translation>
    </message>
    <message>
        <source>Stuck runs and the review queue over time are kept for the whole store only, and your grants cover part of it. The figures above count the runs you may read.</source>
        <translation>Hängende Läufe und die Prüfwarteschlange im Zeitverlauf werden nur für den ganzen Speicher erfasst, und Ihre Berechtigungen umfassen nur einen Teil davon. Die Zahlen oben zählen die Läufe, die Sie lesen dürfen.</translation>
    </message>
    <message>
        <source>The review queue is empty.</source>
        <translation>Die Prüfwarteschlange ist leer.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Ak&amp;tualisieren</translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation>Laden a&amp;bbrechen</translation>
    </message>
    <message>
        <source>other classes</source>
        <translation>andere Klassen</translation>
    </message>
    <message>
        <source>(none recorded)</source>
        <translation>(keine erfasst)</translation>
    </message>
    <message>
        <source>Stuck (lease expired)</source>
        <translation>Hängend (Lease abgelaufen)</translation>
    </message>
    <message>
        <source>In review</source>
        <translation>In Prüfung</translation>
    </message>
    <message>
        <source>under 1 h</source>
        <translation>unter 1 h</translation>
    </message>
    <message>
        <source>1–4 h</source>
        <translation>1–4 h</translation>
    </message>
    <message>
        <source>4–24 h</source>
        <translation>4–24 h</translation>
    </message>
    <message>
        <source>1–3 days</source>
        <translation>1–3 Tage</translation>
    </message>
    <message>
        <source>3–7 days</source>
        <translation>3–7 Tage</translation>
    </message>
    <message>
        <source>≥ 7 days</source>
        <translation>≥ 7 Tage</translation>
    </message>
    <message>
        <source>Runs in review</source>
        <translation>Läufe in Prüfung</translation>
    </message>
    <message>
        <source>Stuck now: %1</source>
        <translation>Jetzt hängend: %1</translation>
    </message>
    <message>
        <source>Processing runs whose lease has expired (no worker is alive on them).</source>
        <translation>Läufe in processing, deren Lease abgelaufen ist (kein lebender Worker arbeitet an ihnen).</translation>
    </message>
    <message>
        <source>Review queue: empty</source>
        <translation>Prüfwarteschlange: leer</translation>
    </message>
    <message>
        <source>Review queue: %1 (oldest %2, median %3)</source>
        <translation>Prüfwarteschlange: %1 (älteste %2, Median %3)</translation>
    </message>
    <message>
        <source>In this range: %1 runs created, %2 duplicates suppressed</source>
        <translation>In diesem Zeitraum: %1 Läufe erstellt, %2 Duplikate unterdrückt</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>Nicht verbunden.</translation>
    </message>
    <message>
        <source>Could not read the dashboard: %1</source>
        <translation>Das Dashboard konnte nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Updating…</source>
        <translation>Wird aktualisiert…</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Updated %1; live</source>
        <translation>Aktualisiert um %1; live</translation>
    </message>
    <message>
        <source> (the rollup was not folded: %1; the figures are exact anyway)</source>
        <translation> (die Verdichtung wurde nicht fortgeschrieben: %1; die Zahlen sind trotzdem exakt)</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::DetailViews</name>
    <message>
        <source>Run detail</source>
        <translation>Laufdetails</translation>
    </message>
    <message>
        <source>&amp;Correlation</source>
        <translation>&amp;Korrelation</translation>
    </message>
    <message>
        <source>&amp;Stuck</source>
        <translation>Hän&amp;gend</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::JsonPane</name>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the whole value to the clipboard</source>
        <translation>Den gesamten Wert in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Show &amp;All</source>
        <translation>&amp;Alles zeigen</translation>
    </message>
    <message>
        <source>Show the whole value (a long value takes a while to lay out)</source>
        <translation>Den ganzen Wert zeigen (ein langer Wert braucht eine Weile für das Layout)</translation>
    </message>
    <message>
        <source>&amp;Save to File…</source>
        <translation>In Datei &amp;speichern…</translation>
    </message>
    <message>
        <source>Write the whole value to a file readable by you only</source>
        <translation>Den ganzen Wert in eine Datei schreiben, die nur Sie lesen können</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2.</source>
        <translation>Angezeigt werden die ersten %1 von %2.</translation>
    </message>
    <message>
        <source>Save the Value</source>
        <translation>Wert speichern</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Lines longer than %1 characters are shown cut (the value is %2).</source>
        <translation>Zeilen mit mehr als %1 Zeichen werden gekürzt angezeigt (der Wert ist %2 groß).</translation>
    </message>
    <message>
        <source>%1 Lines longer than %2 characters are shown cut.</source>
        <translation>%1 Zeilen mit mehr als %2 Zeichen werden gekürzt angezeigt.</translation>
    </message>
    <message>
        <source>Showing… %1 of %2 characters</source>
        <translation>Wird angezeigt… %1 von %2 Zeichen</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::LinkNavigator</name>
    <message>
        <source>Copy &amp;Link</source>
        <translation>&amp;Link kopieren</translation>
    </message>
    <message>
        <source>Copy Link to &amp;View</source>
        <translation>Link zur &amp;Ansicht kopieren</translation>
    </message>
    <message>
        <source>Open L&amp;ink…</source>
        <translation>Link ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Copy a dedup:// link to the run in focus, or to the view in front</source>
        <translation>Einen dedup://-Link auf den Lauf im Fokus oder auf die Ansicht im Vordergrund kopieren</translation>
    </message>
    <message>
        <source>Copy a dedup:// link to the view in front, with its filter</source>
        <translation>Einen dedup://-Link auf die Ansicht im Vordergrund mit ihrem Filter kopieren</translation>
    </message>
    <message>
        <source>Go to a dedup:// link pasted from a ticket, a chat or an alert</source>
        <translation>Zu einem dedup://-Link wechseln, der aus einem Ticket, einem Chat oder einer Warnung eingefügt wurde</translation>
    </message>
    <message>
        <source>Connect to the store to open the link to %1.</source>
        <translation>Verbinden Sie sich mit dem Store, um den Link auf %1 zu öffnen.</translation>
    </message>
    <message>
        <source>The link to %1 cannot be opened: login %2 cannot read this store&apos;s id, so the console cannot tell whether the link is for this store.</source>
        <translation>Der Link auf %1 kann nicht geöffnet werden: Login %2 kann die ID dieses Stores nicht lesen, daher kann die Konsole nicht erkennen, ob der Link für diesen Store gilt.</translation>
    </message>
    <message>
        <source>The link to %1 is for another store (id %2), which this console has not been attached to. The console is attached to %3. Connect to the store the link was copied from to open it.</source>
        <translation>Der Link auf %1 gilt für einen anderen Store (ID %2), mit dem diese Konsole noch nie verbunden war. Die Konsole ist mit %3 verbunden. Verbinden Sie sich mit dem Store, aus dem der Link kopiert wurde, um ihn zu öffnen.</translation>
    </message>
    <message>
        <source>The link to %1 is for the store %2, not for %3, which the console is attached to. Connect to %2 to open it.</source>
        <translation>Der Link auf %1 gilt für den Store %2, nicht für %3, mit dem die Konsole verbunden ist. Verbinden Sie sich mit %2, um ihn zu öffnen.</translation>
    </message>
    <message>
        <source>Opened the link to %1.</source>
        <translation>Link auf %1 geöffnet.</translation>
    </message>
    <message>
        <source>Cannot Open Link</source>
        <translation>Link kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The link leaves out the search: keys and correlation ids are patient data and never go into a link.</source>
        <translation>Der Link enthält die Suche nicht: Schlüssel und Korrelations-IDs sind Patientendaten und kommen nie in einen Link.</translation>
    </message>
    <message>
        <source>The link leaves out the key prefix: keys are patient data and never go into a link.</source>
        <translation>Der Link enthält das Schlüsselpräfix nicht: Schlüssel sind Patientendaten und kommen nie in einen Link.</translation>
    </message>
    <message>
        <source>No link: this login cannot read the store&apos;s id.</source>
        <translation>Kein Link: Dieses Login kann die ID des Stores nicht lesen.</translation>
    </message>
    <message>
        <source>No link: open a run or a list first.</source>
        <translation>Kein Link: Öffnen Sie zuerst einen Lauf oder eine Liste.</translation>
    </message>
    <message>
        <source>Copied the link to %1: %2</source>
        <translation>Link auf %1 kopiert: %2</translation>
    </message>
    <message>
        <source>Open Link</source>
        <translation>Link öffnen</translation>
    </message>
    <message>
        <source>A dedup:// link:</source>
        <translation>Ein dedup://-Link:</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::MainWindow</name>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>About Dedup Console</source>
        <translation>Über Dedup Console</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Dedup Console %1&lt;/h3&gt;&lt;p&gt;Operations console for a PostgreSQL idempotency (dedup) store: run history by idempotency key and correlation id, stuck runs, safe operator actions and audit reports.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Dedup Console %1&lt;/h3&gt;&lt;p&gt;Betriebskonsole für einen PostgreSQL-Idempotenz-Store (Dedup-Store): Laufhistorie nach Idempotenzschlüssel und Korrelations-ID, hängende Läufe, sichere Operator-Aktionen und Audit-Berichte.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Runs</source>
        <translation>&amp;Läufe</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>schreibgeschützt</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>as %1: %2</source>
        <translation>als %1: %2</translation>
    </message>
    <message>
        <source>%1 – Dedup Console</source>
        <translation>%1 – Dedup Console</translation>
    </message>
    <message>
        <source>Not connected to a dedup store.</source>
        <translation>Nicht mit einem Dedup-Store verbunden.</translation>
    </message>
    <message>
        <source>Dedup Console</source>
        <translation>Dedup Console</translation>
    </message>
    <message>
        <source>&amp;Dashboard</source>
        <translation>Da&amp;shboard</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>%1 (lists read from the standby %2)</source>
        <translation>%1 (Listen lesen vom Standby %2)</translation>
    </message>
    <message>
        <source>Lists read from the standby %1</source>
        <translation>Listen lesen vom Standby %1</translation>
    </message>
    <message>
        <source>No operator grant in this store: the console only shows what the grants let %1 read.</source>
        <translation>Keine Operator-Berechtigung in diesem Store: Die Konsole zeigt nur, was %1 laut den Berechtigungen lesen darf.</translation>
    </message>
    <message>
        <source>no access</source>
        <translation>kein Zugriff</translation>
    </message>
    <message>
        <source>&amp;Workflows</source>
        <translation>&amp;Workflows</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::OperatorViews</name>
    <message>
        <source>&amp;Actions</source>
        <translation>Ak&amp;tionen</translation>
    </message>
    <message>
        <source>Select a run or runs first</source>
        <translation>Wählen Sie zuerst einen oder mehrere Läufe aus</translation>
    </message>
    <message>
        <source>Re&amp;view queue</source>
        <translation>&amp;Prüfwarteschlange</translation>
    </message>
    <message>
        <source>A&amp;udit</source>
        <translation>A&amp;udit</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Run %1 (in the detail)</source>
        <translation>Lauf %1 (in den Details)</translation>
    </message>
    <message>
        <source>1 run selected in the Runs list</source>
        <translation>1 Lauf in der Läufe-Liste ausgewählt</translation>
    </message>
    <message>
        <source>%1 runs selected in the Runs list</source>
        <translation>%1 Läufe in der Läufe-Liste ausgewählt</translation>
    </message>
    <message>
        <source>Every run matching the Runs list&apos;s filter</source>
        <translation>Alle Läufe, die zum Filter der Läufe-Liste passen</translation>
    </message>
    <message>
        <source>%1 by %2, %3: %4 of %5 done%6</source>
        <translation>%1 durch %2, %3: %4 von %5 erledigt%6</translation>
    </message>
    <message>
        <source> (last batch by %1)</source>
        <translation> (letzter Stapel durch %1)</translation>
    </message>
    <message>
        <source>Bulk: %1</source>
        <translation>Massenaktion: %1</translation>
    </message>
    <message>
        <source>Bulk: %1 operations active</source>
        <translation>Massenaktionen: %1 aktiv</translation>
    </message>
    <message>
        <source>Unfinished &amp;Bulk Operations…</source>
        <translation>Unfertige &amp;Massenaktionen…</translation>
    </message>
    <message>
        <source>Click to follow, continue or abort one.</source>
        <translation>Klicken, um einer zu folgen, sie weiterzuführen oder abzubrechen.</translation>
    </message>
    <message>
        <source>Read-only: no operator grant in this store for this login</source>
        <translation>Schreibgeschützt: keine Operator-Berechtigung in diesem Store für dieses Login</translation>
    </message>
    <message>
        <source>%1: outside your grants</source>
        <translation>%1: außerhalb Ihrer Berechtigungen</translation>
    </message>
    <message>
        <source>Not offered: outside your operator grants (%1): %2 of %3 selected runs. Select only runs you may act on.</source>
        <translation>Nicht angeboten: außerhalb Ihrer Operator-Berechtigungen (%1): %2 von %3 ausgewählten Läufen. Wählen Sie nur Läufe aus, an denen Sie Aktionen ausführen dürfen.</translation>
    </message>
    <message>
        <source>Not offered: the filter may match runs outside your operator grants (%1). Filter by a workflow and scope you may act on.</source>
        <translation>Nicht angeboten: Der Filter kann Läufe außerhalb Ihrer Operator-Berechtigungen erfassen (%1). Filtern Sie nach einem Workflow und Bereich, für die Sie Aktionen ausführen dürfen.</translation>
    </message>
    <message>
        <source>The store refused %1 on run %2: the grants of %3 (%4) do not cover it. Nothing was done.</source>
        <translation>Der Store hat „%1“ an Lauf %2 abgelehnt: Die Berechtigungen von %3 (%4) decken ihn nicht ab. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Settle Step &quot;%1&quot;…</source>
        <translation>Schritt &quot;%1&quot; klären…</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::PageBar</name>
    <message>
        <source>« Oldest</source>
        <translation>« Älteste</translation>
    </message>
    <message>
        <source>Show the oldest page</source>
        <translation>Die älteste Seite zeigen</translation>
    </message>
    <message>
        <source>‹ Older</source>
        <translation>‹ Ältere</translation>
    </message>
    <message>
        <source>Show the page before this one</source>
        <translation>Die Seite vor dieser zeigen</translation>
    </message>
    <message>
        <source>Newer ›</source>
        <translation>Neuere ›</translation>
    </message>
    <message>
        <source>Show the page after this one</source>
        <translation>Die Seite nach dieser zeigen</translation>
    </message>
    <message>
        <source>Newest »</source>
        <translation>Neueste »</translation>
    </message>
    <message>
        <source>Show the newest page</source>
        <translation>Die neueste Seite zeigen</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::PasswordVault</name>
    <message>
        <source>The system keychain is not available: %1</source>
        <translation>Der System-Schlüsselbund ist nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>the keychain did not answer within %1 seconds</source>
        <translation>der Schlüsselbund hat nicht innerhalb von %1 Sekunden geantwortet</translation>
    </message>
    <message>
        <source>The keychain refused to give the password: %1</source>
        <translation>Der Schlüsselbund hat die Herausgabe des Passworts verweigert: %1</translation>
    </message>
    <message>
        <source>The keychain did not store the password: %1</source>
        <translation>Der Schlüsselbund hat das Passwort nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The keychain did not remove the password: %1</source>
        <translation>Der Schlüsselbund hat das Passwort nicht entfernt: %1</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::PauseBanner</name>
    <message>
        <source>Sh&amp;ow Workflows</source>
        <translation>Workflows an&amp;zeigen</translation>
    </message>
    <message>
        <source>Paused: %1</source>
        <translation>Pausiert: %1</translation>
    </message>
    <message>
        <source>and %1 more (Show Workflows lists them)</source>
        <translation>und %1 weitere („Workflows anzeigen“ listet sie auf)</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::PauseWorkflowDialog</name>
    <message>
        <source>Pause Workflow %1</source>
        <translation>Workflow %1 pausieren</translation>
    </message>
    <message>
        <source>Resume Workflow %1</source>
        <translation>Workflow %1 wieder aufnehmen</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Wieder aufnehmen</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Paused %1.</source>
        <translation>%1 pausiert.</translation>
    </message>
    <message>
        <source>%1 was already paused: its settings and reason were replaced; it stays paused since it was first paused.</source>
        <translation>%1 war bereits pausiert: Die Einstellungen und die Begründung wurden ersetzt; der Workflow bleibt seit der ersten Pause pausiert.</translation>
    </message>
    <message>
        <source>Resumed %1: workers take its runs again.</source>
        <translation>%1 wieder aufgenommen: Worker übernehmen seine Läufe wieder.</translation>
    </message>
    <message>
        <source>%1 was not paused (someone resumed it meanwhile): nothing changed.</source>
        <translation>%1 war nicht pausiert (jemand hat ihn inzwischen wieder aufgenommen): Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>The store answered &quot;%1&quot;.</source>
        <translation>Der Store hat „%1“ geantwortet.</translation>
    </message>
    <message>
        <source>The connection was lost: the store may or may not have applied this. Send Again sends the same request; the store applies it at most once.</source>
        <translation>Die Verbindung wurde unterbrochen: Der Store hat dies möglicherweise angewendet, möglicherweise nicht. „Erneut senden“ sendet dieselbe Anfrage; der Store wendet sie höchstens einmal an.</translation>
    </message>
    <message>
        <source>The store refused: your operator grants do not cover %1. Nothing was done.
%2</source>
        <translation>Der Store hat abgelehnt: Ihre Operator-Berechtigungen decken %1 nicht ab. Es wurde nichts geändert.
%2</translation>
    </message>
    <message>
        <source>Not done: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>New runs of %1 are not started; runs in flight stop before their next step and wait until it is resumed.</source>
        <translation>Neue Läufe von %1 werden nicht gestartet; begonnene Läufe halten vor ihrem nächsten Schritt an und warten, bis der Workflow wieder aufgenommen wird.</translation>
    </message>
    <message>
        <source>New runs of %1 are not started; runs in flight finish.</source>
        <translation>Neue Läufe von %1 werden nicht gestartet; begonnene Läufe laufen zu Ende.</translation>
    </message>
    <message>
        <source>%1 is not paused.</source>
        <translation>%1 ist nicht pausiert.</translation>
    </message>
    <message>
        <source>Runs of %1 start again: waiting runs and continuations are taken by the next worker that asks.</source>
        <translation>Läufe von %1 starten wieder: Wartende Läufe und Fortsetzungen übernimmt der nächste Worker, der anfragt.</translation>
    </message>
    <message>
        <source>Send Again</source>
        <translation>Erneut senden</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::PreferencesDialog</name>
    <message>
        <source> run</source>
        <translation> Lauf</translation>
    </message>
    <message>
        <source> runs</source>
        <translation> Läufe</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ReportDialog</name>
    <message>
        <source>Dedup reports</source>
        <translation>Dedup-Berichte</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Letzte 24 Stunden</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>This month</source>
        <translation>Dieser Monat</translation>
    </message>
    <message>
        <source>Last month</source>
        <translation>Letzter Monat</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Eigener Zeitraum</translation>
    </message>
    <message>
        <source>Reports of role %1 are always redacted: showing raw keys and payloads needs the dedup_operator role (your role: %2).</source>
        <translation>Berichte der Rolle %1 sind immer geschwärzt: Das Anzeigen roher Schlüssel und Nutzdaten erfordert die Rolle dedup_operator (Ihre Rolle: %2).</translation>
    </message>
    <message>
        <source>The report is being written.</source>
        <translation>Der Bericht wird gerade geschrieben.</translation>
    </message>
    <message>
        <source>The range must start before it ends.</source>
        <translation>Der Zeitraum muss beginnen, bevor er endet.</translation>
    </message>
    <message>
        <source>Choose at least one format.</source>
        <translation>Wählen Sie mindestens ein Format.</translation>
    </message>
    <message>
        <source>CSV and JSON Lines need at least one section.</source>
        <translation>CSV und JSON Lines benötigen mindestens einen Abschnitt.</translation>
    </message>
    <message>
        <source>Choose a folder for the files.</source>
        <translation>Wählen Sie einen Ordner für die Dateien.</translation>
    </message>
    <message>
        <source>Showing raw keys and payloads needs a reason: it is written to the audit log.</source>
        <translation>Das Anzeigen roher Schlüssel und Nutzdaten erfordert eine Begründung: Sie wird ins Audit-Protokoll geschrieben.</translation>
    </message>
    <message>
        <source>Writes %1 into this folder.</source>
        <translation>Schreibt %1 in diesen Ordner.</translation>
    </message>
    <message>
        <source>Folder for the report</source>
        <translation>Ordner für den Bericht</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindung wird hergestellt…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <source>Step %1 of %2: writing %3, %4 of %5 rows</source>
        <translation>Schritt %1 von %2: %3 wird geschrieben, %4 von %5 Zeilen</translation>
    </message>
    <message>
        <source>Step %1 of %2: writing %3, %4 rows</source>
        <translation>Schritt %1 von %2: %3 wird geschrieben, %4 Zeilen</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>%1 (1 page)</source>
        <translation>%1 (1 Seite)</translation>
    </message>
    <message>
        <source>%1 (%2 pages)</source>
        <translation>%1 (%2 Seiten)</translation>
    </message>
    <message>
        <source>%1 (1 row)</source>
        <translation>%1 (1 Zeile)</translation>
    </message>
    <message>
        <source>%1 (%2 rows)</source>
        <translation>%1 (%2 Zeilen)</translation>
    </message>
    <message>
        <source>Wrote 1 file to %1: %2.</source>
        <translation>1 Datei in %1 geschrieben: %2.</translation>
    </message>
    <message>
        <source>Wrote %1 files to %2: %3.</source>
        <translation>%1 Dateien in %2 geschrieben: %3.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>The report failed.</source>
        <translation>Der Bericht ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>By default keys, scopes, correlation ids, payloads and operators&apos; reasons are replaced by a keyed hash (equal values still match within this report). Showing them raw applies to every format you choose (the PDF shows the reasons raw) and is written to the audit log with your name and reason, once for the report, before any row is exported.</source>
        <translation>Standardmäßig werden Schlüssel, Scopes, Korrelations-IDs, Nutzdaten und Begründungen der Operatoren durch einen verschlüsselten Hash ersetzt (gleiche Werte stimmen innerhalb dieses Berichts weiterhin überein). Die Rohanzeige gilt für jedes gewählte Format (das PDF zeigt die Begründungen roh) und wird mit Ihrem Namen und Ihrer Begründung ins Audit-Log geschrieben, einmal je Bericht, bevor eine Zeile exportiert wird.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::RevealDialog</name>
    <message>
        <source>Reveal values: run %1</source>
        <translation>Werte offenlegen: Lauf %1</translation>
    </message>
    <message>
        <source>Patient-bearing values are shown redacted. Revealing them shows the raw values of run %1 in the run detail and records your login, the fields and your reason in the audit log.</source>
        <translation>Werte mit Patientenbezug werden geschwärzt angezeigt. Beim Offenlegen werden die Rohwerte von Lauf %1 in den Laufdetails angezeigt, und Ihr Login, die Felder und Ihre Begründung werden im Audit-Protokoll erfasst.</translation>
    </message>
    <message>
        <source>&amp;Reveal</source>
        <translation>&amp;Offenlegen</translation>
    </message>
    <message>
        <source>Revealing…</source>
        <translation>Wird offengelegt…</translation>
    </message>
    <message>
        <source>Your login may not reveal values of this run: that needs an operator grant covering its workflow and scope.</source>
        <translation>Ihr Login darf Werte dieses Laufs nicht offenlegen: Dafür ist eine Operator-Berechtigung nötig, die seinen Workflow und Bereich abdeckt.</translation>
    </message>
    <message>
        <source>Run %1 no longer exists (purged).</source>
        <translation>Lauf %1 existiert nicht mehr (bereinigt).</translation>
    </message>
    <message>
        <source>The store refused the request: %1</source>
        <translation>Der Store hat die Anfrage abgelehnt: %1</translation>
    </message>
    <message>
        <source>The action key was already used for something else. Nothing was revealed; reveal again to send a new one.</source>
        <translation>Der Aktionsschlüssel wurde bereits für etwas anderes verwendet. Es wurde nichts offengelegt; legen Sie erneut offen, um einen neuen zu senden.</translation>
    </message>
    <message>
        <source>The reveal failed: %1</source>
        <translation>Die Offenlegung ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>No answer from the database: %1</source>
        <translation>Keine Antwort von der Datenbank: %1</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ReviewQueueView</name>
    <message>
        <source>anyone</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <source>me</source>
        <translation>ich</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>%1 in review</source>
        <translation>%1 in Prüfung</translation>
    </message>
    <message>
        <source>(loading…)</source>
        <translation>(wird geladen…)</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::RunDetailView</name>
    <message>
        <source>&amp;Reload Run</source>
        <translation>Lauf neu &amp;laden</translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation>Laden a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Show &amp;Correlation</source>
        <translation>&amp;Korrelation anzeigen</translation>
    </message>
    <message>
        <source>Every run that shares this run&apos;s correlation id</source>
        <translation>Alle Läufe mit derselben Korrelations-ID wie dieser Lauf</translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation>Nicht mit einem Store verbunden.</translation>
    </message>
    <message>
        <source>Select a run</source>
        <translation>Wählen Sie einen Lauf</translation>
    </message>
    <message>
        <source>Open a run from the runs, Stuck or correlation list (Return or a double click) to see its steps, events, result, lease and audit trail here.</source>
        <translation>Öffnen Sie einen Lauf aus der Läufe-, Hängend- oder Korrelationsliste (Eingabetaste oder Doppelklick), um hier seine Schritte, Ereignisse, sein Ergebnis, seine Lease und seinen Audit-Verlauf zu sehen.</translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation>Lauf %1 wird geladen…</translation>
    </message>
    <message>
        <source>Run %1 no longer exists (purged)</source>
        <translation>Lauf %1 existiert nicht mehr (bereinigt)</translation>
    </message>
    <message>
        <source>Retention deleted it, or the id is wrong. Its audit entries remain in the audit log (%1 of them).</source>
        <translation>Die Aufbewahrungsregel hat ihn gelöscht, oder die ID ist falsch. Seine Audit-Einträge bleiben im Audit-Protokoll (%1 Einträge).</translation>
    </message>
    <message>
        <source>Retention deleted it, or the id is wrong.</source>
        <translation>Die Aufbewahrungsregel hat ihn gelöscht, oder die ID ist falsch.</translation>
    </message>
    <message>
        <source>Could not load run %1</source>
        <translation>Lauf %1 konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>Could not refresh (what is shown was read at %1): %2</source>
        <translation>Aktualisierung nicht möglich (das Angezeigte wurde um %1 gelesen): %2</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>%1 (version %2)</source>
        <translation>%1 (Version %2)</translation>
    </message>
    <message>
        <source>%1 (key %2)</source>
        <translation>%1 (Schlüssel %2)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Show every run with this correlation id (Ctrl+Shift+K)</source>
        <translation>Alle Läufe mit dieser Korrelations-ID anzeigen (Strg+Umschalt+K)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>not finished</source>
        <translation>nicht beendet</translation>
    </message>
    <message>
        <source>kept while active (never purged)</source>
        <translation>wird aufbewahrt, solange aktiv (nie bereinigt)</translation>
    </message>
    <message>
        <source>The fencing token: +1 on every acquisition, takeover and operator action that removes a lease. An operator action names the token it saw.</source>
        <translation>Das Fencing-Token: +1 bei jeder Übernahme, jedem Erwerb und jeder Operator-Aktion, die eine Lease entfernt. Eine Operator-Aktion nennt das Token, das sie gesehen hat.</translation>
    </message>
    <message>
        <source>no lease (the run is not processing)</source>
        <translation>keine Lease (der Lauf ist nicht in Bearbeitung)</translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation>vor %1 abgelaufen</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>At %1 (server time). Nobody renewed or took over the lease: the worker died or hangs. Clearing the stale lease fences it.</source>
        <translation>Um %1 (Serverzeit). Niemand hat die Lease erneuert oder übernommen: Der Worker ist abgestürzt oder hängt. Das Freigeben der abgelaufenen Lease sperrt ihn aus.</translation>
    </message>
    <message>
        <source>At %1 (counted by the server&apos;s clock, not this computer&apos;s)</source>
        <translation>Um %1 (nach der Uhr des Servers, nicht dieses Computers)</translation>
    </message>
    <message>
        <source>stuck: the lease expired</source>
        <translation>hängend: Die Lease ist abgelaufen</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>%1 ago (%2)</source>
        <translation>vor %1 (%2)</translation>
    </message>
    <message>
        <source>a continuation is queued</source>
        <translation>eine Fortsetzung ist eingereiht</translation>
    </message>
    <message>
        <source>Steps (%1, %2 uncertain)</source>
        <translation>Schritte (%1, %2 ungewiss)</translation>
    </message>
    <message>
        <source>Steps (%1)</source>
        <translation>Schritte (%1)</translation>
    </message>
    <message>
        <source>Events (%1)</source>
        <translation>Ereignisse (%1)</translation>
    </message>
    <message>
        <source>Audit (%1)</source>
        <translation>Audit (%1)</translation>
    </message>
    <message>
        <source>The newest %1 audit entries; older ones are in the audit report.</source>
        <translation>Die neuesten %1 Audit-Einträge; ältere stehen im Audit-Bericht.</translation>
    </message>
    <message>
        <source>The run succeeded without storing a result.</source>
        <translation>Der Lauf war erfolgreich, ohne ein Ergebnis zu speichern.</translation>
    </message>
    <message>
        <source>No result stored: a run stores its result when it succeeds, and duplicates get it replayed.</source>
        <translation>Kein Ergebnis gespeichert: Ein Lauf speichert sein Ergebnis, wenn er erfolgreich ist, und Duplikate erhalten es erneut ausgeliefert.</translation>
    </message>
    <message>
        <source>yes: a retry or a continuation may succeed</source>
        <translation>ja: Eine Wiederholung oder eine Fortsetzung kann gelingen</translation>
    </message>
    <message>
        <source>no: retrying the same request fails the same way</source>
        <translation>nein: Eine Wiederholung derselben Anfrage schlägt genauso fehl</translation>
    </message>
    <message>
        <source>attempt %1, %2</source>
        <translation>Versuch %1, %2</translation>
    </message>
    <message>
        <source>No error recorded for this run.</source>
        <translation>Für diesen Lauf ist kein Fehler erfasst.</translation>
    </message>
    <message>
        <source>Last Error</source>
        <translation>Letzter Fehler</translation>
    </message>
    <message>
        <source>Last Error (%1)</source>
        <translation>Letzter Fehler (%1)</translation>
    </message>
    <message>
        <source>The run is in manual review: an operator decides how it ends.</source>
        <translation>Der Lauf ist in manueller Prüfung: Ein Operator entscheidet, wie er endet.</translation>
    </message>
    <message>
        <source>Not in review now. These are the last review&apos;s fields, kept as history.</source>
        <translation>Derzeit nicht in Prüfung. Dies sind die Felder der letzten Prüfung, als Verlauf aufbewahrt.</translation>
    </message>
    <message>
        <source>This run was never routed to manual review.</source>
        <translation>Dieser Lauf wurde nie an die manuelle Prüfung weitergeleitet.</translation>
    </message>
    <message>
        <source>unassigned</source>
        <translation>nicht zugewiesen</translation>
    </message>
    <message>
        <source>Review (open)</source>
        <translation>Prüfung (offen)</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2): %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2): %3</translation>
    </message>
    <message>
        <source>Re&amp;veal…</source>
        <translation>&amp;Offenlegen…</translation>
    </message>
    <message>
        <source>The values are shown as stored: nothing to reveal</source>
        <translation>Die Werte werden wie gespeichert angezeigt: nichts offenzulegen</translation>
    </message>
    <message>
        <source>Not connected to a store</source>
        <translation>Nicht mit einem Store verbunden</translation>
    </message>
    <message>
        <source>Show the raw values of this run&apos;s key, last error and other protected fields (asks for a reason; recorded in the audit log)</source>
        <translation>Die Rohwerte von Schlüssel, letztem Fehler und anderen geschützten Feldern dieses Laufs anzeigen (fragt nach einer Begründung; wird im Audit-Protokoll erfasst)</translation>
    </message>
    <message>
        <source>Revealing raw values needs an operator grant covering this run&apos;s workflow and scope</source>
        <translation>Das Offenlegen von Rohwerten erfordert eine Operator-Berechtigung, die Workflow und Bereich dieses Laufs abdeckt</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Schlüssel</translation>
    </message>
    <message>
        <source>correlation id</source>
        <translation>Korrelations-ID</translation>
    </message>
    <message>
        <source>fingerprint</source>
        <translation>Fingerabdruck</translation>
    </message>
    <message>
        <source>result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>last error</source>
        <translation>letzter Fehler</translation>
    </message>
    <message>
        <source>review reason</source>
        <translation>Prüfgrund</translation>
    </message>
    <message>
        <source>Revealed: %1 (recorded in the audit log). Everything else is shown redacted.</source>
        <translation>Offengelegt: %1 (im Audit-Protokoll erfasst). Alles andere wird geschwärzt angezeigt.</translation>
    </message>
    <message>
        <source>Key (revealed):</source>
        <translation>Schlüssel (offengelegt):</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Schlüssel:</translation>
    </message>
    <message>
        <source>Correlation (revealed):</source>
        <translation>Korrelation (offengelegt):</translation>
    </message>
    <message>
        <source>Correlation:</source>
        <translation>Korrelation:</translation>
    </message>
    <message>
        <source>Fingerprint (revealed):</source>
        <translation>Fingerabdruck (offengelegt):</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>Fingerabdruck:</translation>
    </message>
    <message>
        <source>Message (revealed):</source>
        <translation>Meldung (offengelegt):</translation>
    </message>
    <message>
        <source>Message:</source>
        <translation>Meldung:</translation>
    </message>
    <message>
        <source>Reason (revealed):</source>
        <translation>Begründung (offengelegt):</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Begründung:</translation>
    </message>
    <message>
        <source>Result (revealed)</source>
        <translation>Ergebnis (offengelegt)</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Showing %1 events, oldest first; the buttons page through the rest.</source>
        <translation>Angezeigt werden %1 Ereignisse, die ältesten zuerst; mit den Schaltflächen blättern Sie durch den Rest.</translation>
    </message>
    <message>
        <source>Copy &amp;Link</source>
        <translation>L&amp;ink kopieren</translation>
    </message>
    <message>
        <source>Copy a dedup:// link to this run (it carries no patient data)</source>
        <translation>Einen dedup://-Link auf diesen Lauf kopieren (er enthält keine Patientendaten)</translation>
    </message>
    <message>
        <source>Copy a dedup:// link to the deliveries of this run&apos;s key (it names the run, never the key)</source>
        <translation>Einen dedup://-Link auf die Zustellungen des Schlüssels dieses Laufs kopieren (er nennt den Lauf, nie den Schlüssel)</translation>
    </message>
    <message>
        <source>Could not refresh the deliveries (what is shown is the last read): %1</source>
        <translation>Die Zustellungen konnten nicht aktualisiert werden (angezeigt wird der zuletzt gelesene Stand): %1</translation>
    </message>
    <message>
        <source>Could not read the deliveries of this run&apos;s key: %1</source>
        <translation>Die Zustellungen des Schlüssels dieses Laufs konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Deliveries (%1)</source>
        <translation>Zustellungen (%1)</translation>
    </message>
    <message>
        <source>Deliveries</source>
        <translation>Zustellungen</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::RunFilterBar</name>
    <message>
        <source>Show %1 runs (none selected: every status)</source>
        <translation>Läufe mit Status %1 anzeigen (keiner ausgewählt: jeder Status)</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::RunsView</name>
    <message>
        <source>not counted</source>
        <translation>nicht gezählt</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>wird geladen…</translation>
    </message>
    <message>
        <source>count unknown</source>
        <translation>Anzahl unbekannt</translation>
    </message>
    <message>
        <source>~%1 runs (estimate)</source>
        <translation>~%1 Läufe (Schätzung)</translation>
    </message>
    <message>
        <source>more than %1 runs</source>
        <translation>mehr als %1 Läufe</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 Lauf</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 Läufe</translation>
    </message>
    <message>
        <source>showing the newest %1; narrow the filter</source>
        <translation>die neuesten %1 werden angezeigt; grenzen Sie den Filter ein</translation>
    </message>
    <message>
        <source>paused, many changes waiting</source>
        <translation>pausiert, viele Änderungen warten</translation>
    </message>
    <message>
        <source>paused, 1 change waiting</source>
        <translation>pausiert, 1 Änderung wartet</translation>
    </message>
    <message>
        <source>paused, %1 changes waiting</source>
        <translation>pausiert, %1 Änderungen warten</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>pausiert</translation>
    </message>
    <message>
        <source>updating live</source>
        <translation>Live-Aktualisierung aktiv</translation>
    </message>
    <message>
        <source>live updates reconnecting</source>
        <translation>Live-Aktualisierung verbindet neu</translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation>Nicht mit einem Store verbunden.</translation>
    </message>
    <message>
        <source>Loading runs…</source>
        <translation>Läufe werden geladen…</translation>
    </message>
    <message>
        <source>No runs in this store yet. Workers create them with dedup.claim().</source>
        <translation>Noch keine Läufe in diesem Store. Worker legen sie mit dedup.claim() an.</translation>
    </message>
    <message>
        <source>No runs match this filter.</source>
        <translation>Keine Läufe passen zu diesem Filter.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::SavedViewsDock</name>
    <message>
        <source>Saved Views</source>
        <translation>Gespeicherte Ansichten</translation>
    </message>
    <message>
        <source>&amp;Save View…</source>
        <translation>Ansicht &amp;speichern…</translation>
    </message>
    <message>
        <source>Save the view in front, with its filter, under a name</source>
        <translation>Die Ansicht im Vordergrund mit ihrem Filter unter einem Namen speichern</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>Ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Copy &amp;Link</source>
        <translation>&amp;Link kopieren</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>Umbe&amp;nennen…</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Move &amp;Up</source>
        <translation>Nach &amp;oben</translation>
    </message>
    <message>
        <source>Move &amp;Down</source>
        <translation>Nach &amp;unten</translation>
    </message>
    <message>
        <source>No saved views for %1. View &gt; Save View… (%2) saves the view in front with its filter.</source>
        <translation>Keine gespeicherten Ansichten für %1. Ansicht &gt; Ansicht speichern… (%2) speichert die Ansicht im Vordergrund mit ihrem Filter.</translation>
    </message>
    <message>
        <source>Another saved view is named &quot;%1&quot;.</source>
        <translation>Eine andere gespeicherte Ansicht heißt bereits „%1“.</translation>
    </message>
    <message>
        <source>Cannot save the view: this login cannot read the store&apos;s id, which a saved view&apos;s link names.</source>
        <translation>Die Ansicht kann nicht gespeichert werden: Dieses Login kann die ID des Stores nicht lesen, die der Link einer gespeicherten Ansicht nennt.</translation>
    </message>
    <message>
        <source>Save View saves the Runs, Stuck, Review or Audit view with its filter: bring one of them to the front.</source>
        <translation>„Ansicht speichern“ speichert die Ansicht Läufe, Hängend, Prüfwarteschlange oder Audit mit ihrem Filter: Holen Sie eine davon in den Vordergrund.</translation>
    </message>
    <message>
        <source>Save View</source>
        <translation>Ansicht speichern</translation>
    </message>
    <message>
        <source>Save %1, with its filter, for %2 as:</source>
        <translation>Name, unter dem %1 mit Filter für %2 gespeichert wird:</translation>
    </message>
    <message>
        <source>Replace Saved View</source>
        <translation>Gespeicherte Ansicht ersetzen</translation>
    </message>
    <message>
        <source>%1 already has a saved view named &quot;%2&quot;. Replace it with %3?</source>
        <translation>%1 hat bereits eine gespeicherte Ansicht namens „%2“. Durch %3 ersetzen?</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Ersetzen</translation>
    </message>
    <message>
        <source>Saved %1 as &quot;%2&quot; for %3.</source>
        <translation>Gespeichert: %1 als „%2“ für %3.</translation>
    </message>
    <message>
        <source>Copied the link of the saved view &quot;%1&quot;: %2</source>
        <translation>Link der gespeicherten Ansicht „%1“ kopiert: %2</translation>
    </message>
    <message>
        <source>Rename Saved View</source>
        <translation>Gespeicherte Ansicht umbenennen</translation>
    </message>
    <message>
        <source>New name of the saved view &quot;%1&quot;:</source>
        <translation>Neuer Name der gespeicherten Ansicht „%1“:</translation>
    </message>
    <message>
        <source>Remove Saved View</source>
        <translation>Gespeicherte Ansicht entfernen</translation>
    </message>
    <message>
        <source>Remove the saved view &quot;%1&quot; of %2? Links copied from it still work.</source>
        <translation>Die gespeicherte Ansicht „%1“ von %2 entfernen? Daraus kopierte Links funktionieren weiterhin.</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Removed the saved view &quot;%1&quot;.</source>
        <translation>Die gespeicherte Ansicht „%1“ wurde entfernt.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::SavedViewsModel</name>
    <message>
        <source>Opens %1: %2</source>
        <translation>Öffnet %1: %2</translation>
    </message>
    <message>
        <source>A saved view needs a name.</source>
        <translation>Eine gespeicherte Ansicht braucht einen Namen.</translation>
    </message>
    <message>
        <source>The name of a saved view has at most %1 characters.</source>
        <translation>Der Name einer gespeicherten Ansicht hat höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>Views are saved per connection profile: this store was attached without one.</source>
        <translation>Ansichten werden pro Verbindungsprofil gespeichert: Dieser Store wurde ohne Profil verbunden.</translation>
    </message>
    <message>
        <source>Another saved view of %1 is named &quot;%2&quot;.</source>
        <translation>Eine andere gespeicherte Ansicht von %1 heißt bereits „%2“.</translation>
    </message>
    <message>
        <source>There is no such saved view.</source>
        <translation>Diese gespeicherte Ansicht gibt es nicht.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::SettleStepDialog</name>
    <message>
        <source>Settle step &quot;%1&quot;: run %2</source>
        <translation>Schritt &quot;%1&quot; klären: Lauf %2</translation>
    </message>
    <message>
        <source>Settle</source>
        <translation>Klären</translation>
    </message>
    <message>
        <source>Reading run %1…</source>
        <translation>Lese Lauf %1…</translation>
    </message>
    <message>
        <source>Could not read run %1: %2</source>
        <translation>Lauf %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Run %1 · %2 · %3 / %4 · %5 · attempt %6 of %7</source>
        <translation>Lauf %1 · %2 · %3 / %4 · %5 · Versuch %6 von %7</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>%1 (number %2, %3)</source>
        <translation>%1 (Nummer %2, %3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Wird gesendet…</translation>
    </message>
    <message>
        <source>Request a continuation (Actions menu) to run the steps that remain: it skips this one.</source>
        <translation>Fordern Sie eine Fortsetzung an (Menü Aktionen), um die übrigen Schritte auszuführen: sie überspringt diesen.</translation>
    </message>
    <message>
        <source>Look again to see the run as it is now.</source>
        <translation>Sehen Sie erneut nach, um den Lauf im jetzigen Zustand zu sehen.</translation>
    </message>
    <message>
        <source>Send Again</source>
        <translation>Erneut senden</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>The run changed since you looked at it: nothing was done.</source>
        <translation>Der Lauf hat sich geändert, seit Sie ihn angesehen haben: nichts wurde getan.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>In the filter fields, Return applies the filter at once and Esc clears the field. A double click on a run opens it.</source>
        <translation>In den Filterfeldern wendet die Eingabetaste den Filter sofort an, und Esc leert das Feld. Ein Doppelklick auf einen Lauf öffnet ihn.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::SingleInstance</name>
    <message>
        <source>another console is running (%1)</source>
        <translation>eine andere Konsole läuft bereits (%1)</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::StandbyLagLabel</name>
    <message>
        <source>Lists, dashboards and reports read from the standby; run detail, previews and actions read and write the primary.</source>
        <translation>Listen, Dashboards und Berichte lesen vom Standby; Laufdetails, Vorschauen und Aktionen lesen und schreiben auf dem Primärserver.</translation>
    </message>
    <message>
        <source>Caught up: the standby has replayed everything the primary had written when it was last asked (WAL positions, checked every %1 s). Otherwise: the WAL not replayed yet, and how old the last replayed commit is.</source>
        <translation>Aufgeholt: Der Standby hat alles eingespielt, was der Primärserver bei der letzten Abfrage geschrieben hatte (WAL-Positionen, alle %1 s geprüft). Sonst: das noch nicht eingespielte WAL und wie alt der zuletzt eingespielte Commit ist.</translation>
    </message>
    <message>
        <source>Standby: unreachable</source>
        <translation>Standby: nicht erreichbar</translation>
    </message>
    <message>
        <source>The standby cannot be read: %1
The lists keep what they last showed and are read again when it answers; they never switch to the primary silently. Actions are not affected: they always use the primary.</source>
        <translation>Der Standby kann nicht gelesen werden: %1
Die Listen behalten, was sie zuletzt gezeigt haben, und werden erneut gelesen, sobald er antwortet; sie wechseln nie stillschweigend zum Primärserver. Aktionen sind nicht betroffen: Sie verwenden immer den Primärserver.</translation>
    </message>
    <message>
        <source>Standby: %1</source>
        <translation>Standby: %1</translation>
    </message>
    <message>
        <source>The primary&apos;s position could not be read: only what the standby received is compared.</source>
        <translation>Die Position des Primärservers konnte nicht gelesen werden: Verglichen wird nur, was der Standby empfangen hat.</translation>
    </message>
    <message>
        <source>Standby: …</source>
        <translation>Standby: …</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::StoreSession</name>
    <message>
        <source>the standby %1 cannot be read (lists stay as they are until it answers): %2</source>
        <translation>der Standby %1 kann nicht gelesen werden (Listen bleiben unverändert, bis er antwortet): %2</translation>
    </message>
    <message>
        <source>unreachable: %1</source>
        <translation>nicht erreichbar: %1</translation>
    </message>
    <message>
        <source>lag not measured yet</source>
        <translation>Verzögerung noch nicht gemessen</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::StuckCountLabel</name>
    <message>
        <source>Stuck: …</source>
        <translation>Hängend: …</translation>
    </message>
    <message>
        <source>Counting stuck runs…</source>
        <translation>Hängende Läufe werden gezählt…</translation>
    </message>
    <message>
        <source>Stuck runs could not be counted: %1</source>
        <translation>Hängende Läufe konnten nicht gezählt werden: %1</translation>
    </message>
    <message>
        <source>Stuck: %1</source>
        <translation>Hängend: %1</translation>
    </message>
    <message>
        <source>Processing runs whose lease expired, or that have been processing for more than %1.</source>
        <translation>Läufe in processing, deren Lease abgelaufen ist oder die länger als %1 in Bearbeitung sind.</translation>
    </message>
    <message>
        <source>Processing runs whose lease expired.</source>
        <translation>Läufe in processing, deren Lease abgelaufen ist.</translation>
    </message>
    <message>
        <source>Click to open the Stuck list.</source>
        <translation>Klicken, um die Hängend-Liste zu öffnen.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::StuckView</name>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>off (expired leases only)</source>
        <translation>aus (nur abgelaufene Leases)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>Ak&amp;tualisieren</translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation>Laden a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Open Run</source>
        <translation>Lauf ö&amp;ffnen</translation>
    </message>
    <message>
        <source>live (expires in %1)</source>
        <translation>aktiv (läuft ab in %1)</translation>
    </message>
    <message>
        <source>counting stuck runs…</source>
        <translation>hängende Läufe werden gezählt…</translation>
    </message>
    <message>
        <source>1 stuck run</source>
        <translation>1 hängender Lauf</translation>
    </message>
    <message>
        <source>%1 stuck runs</source>
        <translation>%1 hängende Läufe</translation>
    </message>
    <message>
        <source>(the first %1 are listed)</source>
        <translation>(die ersten %1 werden aufgeführt)</translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation>Nicht mit einem Store verbunden.</translation>
    </message>
    <message>
        <source>Looking for stuck runs…</source>
        <translation>Suche nach hängenden Läufen…</translation>
    </message>
    <message>
        <source>No stuck runs: every processing run holds a live lease.</source>
        <translation>Keine hängenden Läufe: Jeder Lauf in processing hält eine aktive Lease.</translation>
    </message>
    <message>
        <source>No stuck runs: every processing run holds a live lease, and none has been processing for more than %1 min.</source>
        <translation>Keine hängenden Läufe: Jeder Lauf in processing hält eine aktive Lease, und keiner ist länger als %1 min in Bearbeitung.</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::TrayAlerts</name>
    <message>
        <source>Dedup Console</source>
        <translation>Dedup Console</translation>
    </message>
</context>
<context>
    <name>dedup::widgets::WorkflowsView</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>Ak&amp;tualisieren</translation>
    </message>
    <message>
        <source>&amp;Cancel Loading</source>
        <translation>Laden a&amp;bbrechen</translation>
    </message>
    <message>
        <source>&amp;Pause…</source>
        <translation>&amp;Pausieren…</translation>
    </message>
    <message>
        <source>R&amp;esume…</source>
        <translation>Wieder a&amp;ufnehmen…</translation>
    </message>
    <message>
        <source>Your operator grants (%1) do not cover this workflow.</source>
        <translation>Ihre Operator-Berechtigungen (%1) decken diesen Workflow nicht ab.</translation>
    </message>
    <message>
        <source>Not connected to a store.</source>
        <translation>Nicht mit einem Store verbunden.</translation>
    </message>
    <message>
        <source>Select a workflow first.</source>
        <translation>Wählen Sie zuerst einen Workflow aus.</translation>
    </message>
    <message>
        <source>Stop workers from starting new runs of the selected workflow (Ctrl+Shift+P)</source>
        <translation>Worker daran hindern, neue Läufe des ausgewählten Workflows zu starten (Strg+Umschalt+P)</translation>
    </message>
    <message>
        <source>The selected workflow is not paused.</source>
        <translation>Der ausgewählte Workflow ist nicht pausiert.</translation>
    </message>
    <message>
        <source>Lift a pause of the selected workflow (Ctrl+Shift+R)</source>
        <translation>Eine Pause des ausgewählten Workflows aufheben (Strg+Umschalt+R)</translation>
    </message>
    <message>
        <source>The store refused to pause or resume %1: your operator grants (%2) do not cover it. Nothing was done.</source>
        <translation>Der Store hat abgelehnt, %1 zu pausieren oder wieder aufzunehmen: Ihre Operator-Berechtigungen (%2) decken ihn nicht ab. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>1 workflow</source>
        <translation>1 Workflow</translation>
    </message>
    <message>
        <source>%1 workflows</source>
        <translation>%1 Workflows</translation>
    </message>
    <message>
        <source>%1, none paused</source>
        <translation>%1, keiner pausiert</translation>
    </message>
    <message>
        <source>%1, %2 paused</source>
        <translation>%1, %2 pausiert</translation>
    </message>
    <message>
        <source>Reading the workflows…</source>
        <translation>Die Workflows werden gelesen…</translation>
    </message>
    <message>
        <source>No workflows: the store holds no runs, settings or pauses you may see.</source>
        <translation>Keine Workflows: Der Store enthält keine Läufe, Einstellungen oder Pausen, die Sie sehen dürfen.</translation>
    </message>
</context>
<context>
    <name>dedup::worker::Worker</name>
    <message>
        <source>held by %1 until %2</source>
        <translation>gehalten von %1 bis %2</translation>
    </message>
    <message>
        <source>the key was first used with a different payload</source>
        <translation>der Schlüssel wurde zuerst mit anderen Nutzdaten verwendet</translation>
    </message>
    <message>
        <source>the outcome of step %1 is unknown and its provider does not deduplicate</source>
        <translation>das Ergebnis von Schritt %1 ist unbekannt, und sein Anbieter dedupliziert nicht</translation>
    </message>
    <message>
        <source>no definition for workflow %1</source>
        <translation>keine Definition für Workflow %1</translation>
    </message>
    <message>
        <source>workflow %1 is paused (%2): deliver again in %3 s</source>
        <translation>Workflow %1 ist pausiert (%2): in %3 s erneut zustellen</translation>
    </message>
    <message>
        <source>workflow %1 was paused before step %2: the run waits for the resume</source>
        <translation>Workflow %1 wurde vor Schritt %2 pausiert: Der Lauf wartet auf die Wiederaufnahme</translation>
    </message>
</context>
<context>
    <name>dedupctl</name>
    <message>
        <source>Usage: dedupctl &lt;command&gt; [options]

Command-line tool for the Dedup Console idempotency store.

Commands:
</source>
        <translation>Aufruf: dedupctl &lt;Befehl&gt; [Optionen]

Befehlszeilenwerkzeug für den Idempotenz-Store der Dedup Console.

Befehle:
</translation>
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
        <translation>
Optionen:
  -h, --help     Diese Hilfe anzeigen.
  -v, --version  Die Version anzeigen.

Führen Sie &apos;dedupctl &lt;Befehl&gt; --help&apos; aus, um die Optionen eines Befehls zu sehen.
Exit-Codes: 0 Erfolg, 1 der Befehl hat ein Problem gefunden, 2 Aufruffehler,
3 Verbindung nicht möglich, 4 Datenbankfehler oder Schema passt nicht.
</translation>
    </message>
    <message>
        <source>dedupctl: unknown command &apos;%1&apos;</source>
        <translation>dedupctl: unbekannter Befehl &apos;%1&apos;</translation>
    </message>
    <message>
        <source>dedupctl %1: unexpected argument &apos;%2&apos;</source>
        <translation>dedupctl %1: unerwartetes Argument &apos;%2&apos;</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Operations console for a PostgreSQL idempotency (dedup) store.</source>
        <translation>Betriebskonsole für einen PostgreSQL-Idempotenz-Store (Dedup-Store).</translation>
    </message>
    <message>
        <source>Start (or reuse) the private demo store and use it.</source>
        <translation>Den privaten Demo-Store starten (oder wiederverwenden) und verwenden.</translation>
    </message>
    <message>
        <source>With --demo: send no demo traffic to the store.</source>
        <translation>Mit --demo: keinen Demo-Verkehr an den Store senden.</translation>
    </message>
    <message>
        <source>Connect to the store at &lt;uri&gt; (a libpq connection URI or string, e.g. service=name).</source>
        <translation>Mit dem Store unter &lt;uri&gt; verbinden (eine libpq-Verbindungs-URI oder ein Verbindungsstring, z. B. service=name).</translation>
    </message>
    <message>
        <source>uri</source>
        <translation>uri</translation>
    </message>
    <message>
        <source>Use --demo or --connect, not both.</source>
        <translation>Verwenden Sie --demo oder --connect, nicht beides.</translation>
    </message>
    <message>
        <source>Starting the demo store…</source>
        <translation>Demo-Store wird gestartet…</translation>
    </message>
    <message>
        <source>Start a console of its own even when one is running (e.g. a second store side by side); it takes no links from later starts.</source>
        <translation>Eine eigene Konsole starten, auch wenn bereits eine läuft (z. B. für einen zweiten Store daneben); sie nimmt keine Links von späteren Starts an.</translation>
    </message>
    <message>
        <source>A dedup:// link to open (in the console already running, if there is one).</source>
        <translation>Ein zu öffnender dedup://-Link (in der bereits laufenden Konsole, falls vorhanden).</translation>
    </message>
    <message>
        <source>Give at most one link.</source>
        <translation>Geben Sie höchstens einen Link an.</translation>
    </message>
    <message>
        <source>Links from later starts will not reach this console: %1</source>
        <translation>Links von späteren Starts erreichen diese Konsole nicht: %1</translation>
    </message>
</context>
</TS>
