-- One provider call that got past the injected faults: performs the side effect (recording
-- it in the ledger) or, for a downstream key the provider has already seen, replays the
-- first result. Runs as one statement, so the idempotency record and the ledger rows commit
-- together in the provider's own transaction.
--
-- outcome: 'performed' (side_effect_ref is the new ref), 'replayed' (the key's first ref),
-- 'key_reused' (the key was first used for a different operation or payload; nothing done).
-- p_copies > 1 is the provider-side duplication fault: the extra rows get their own refs and
-- provider_copy = true.
CREATE OR REPLACE FUNCTION sim.perform(
    p_label text, p_provider text, p_operation text, p_intent text, p_downstream_key text,
    p_honour_key boolean, p_payload jsonb, p_ref_prefix text, p_copies integer, p_fault text,
    OUT outcome text, OUT side_effect_ref text)
LANGUAGE plpgsql AS $$
DECLARE
    v_ref text := p_ref_prefix || '_' || lpad(nextval('sim.ref_seq')::text, 6, '0');
    v_seen sim.idempotency%ROWTYPE;
BEGIN
    IF p_honour_key AND p_downstream_key IS NOT NULL THEN
        -- The primary key decides races: a concurrent call with the same key waits here for
        -- the first one's transaction and then finds its row.
        INSERT INTO sim.idempotency (label, provider, downstream_key, operation, payload, ref)
        VALUES (p_label, p_provider, p_downstream_key, p_operation, p_payload, v_ref)
        ON CONFLICT (label, provider, downstream_key) DO NOTHING;
        IF NOT FOUND THEN
            SELECT * INTO STRICT v_seen FROM sim.idempotency i
             WHERE i.label = p_label AND i.provider = p_provider
               AND i.downstream_key = p_downstream_key;
            side_effect_ref := v_seen.ref;
            outcome := CASE WHEN v_seen.operation = p_operation AND v_seen.payload = p_payload
                            THEN 'replayed' ELSE 'key_reused' END;
            RETURN;
        END IF;
    END IF;

    INSERT INTO sim.ledger (label, provider, operation, intent, downstream_key, ref, payload,
                            fault, provider_copy)
    VALUES (p_label, p_provider, p_operation, p_intent, p_downstream_key, v_ref, p_payload,
            p_fault, false);
    FOR i IN 2 .. p_copies LOOP
        INSERT INTO sim.ledger (label, provider, operation, intent, downstream_key, ref, payload,
                                fault, provider_copy)
        VALUES (p_label, p_provider, p_operation, p_intent, p_downstream_key,
                p_ref_prefix || '_' || lpad(nextval('sim.ref_seq')::text, 6, '0'), p_payload,
                p_fault, true);
    END LOOP;
    outcome := 'performed';
    side_effect_ref := v_ref;
END
$$;
