#pragma once

// A small store for report tests (PDF, report job, report dialog), made through the real
// protocol and operator functions so every figure has its source rows:
//   `runs` runs in scope 'patient-4711' with keys 'RAWKEY-<i>' and correlation ids
//   'CORRSECRET-<i>' (raw values a default report must never show), workflow 'wf-invoice'
//   for every third run and 'wf-notify' otherwise;
//   every fifth run failed (class 'validation'), then routed to review by an operator, and
//   every tenth of those cancelled; the others succeeded and were delivered a second time
//   (one suppressed duplicate each: a replay counted on the run, since 0025 no event).

#include "TestDatabase.h"

#include <QString>

namespace reporttest {

inline QString seedStore(const TestDatabase &db, int runs) {
    return db.exec(
        QStringLiteral(
            "DO $$ DECLARE c record; d record; BEGIN FOR i IN 1..%1 LOOP"
            " SELECT * INTO c FROM dedup.claim(p_scope => 'patient-4711', p_key => 'RAWKEY-' || i,"
            "  p_workflow => CASE WHEN i % 3 = 0 THEN 'wf-invoice' ELSE 'wf-notify' END,"
            "  p_fingerprint => 'fp-' || i, p_correlation_id => 'CORRSECRET-' || i,"
            "  p_worker => 'seed', p_steps => '{send}');"
            " IF i % 5 = 0 THEN"
            "  PERFORM dedup.fail(c.run_id, c.lease_token, c.lease_secret, 'validation',"
            "   'RAWKEY-' || i || ' bad', false);"
            "  PERFORM dedup.op_route_to_review(c.run_id, c.lease_token,"
            "   'needs a look at invoice ' || i, 'route-' || i);"
            "  IF i % 10 = 0 THEN"
            "   PERFORM dedup.op_cancel(c.run_id,"
            "    (SELECT lease_token FROM dedup.runs WHERE id = c.run_id),"
            "    'customer withdrew the order ' || i, 'cancel-' || i);"
            "  END IF;"
            " ELSE"
            "  PERFORM dedup.begin_step(c.run_id, c.lease_token, c.lease_secret, 'send');"
            "  PERFORM dedup.complete_step(c.run_id, c.lease_token, c.lease_secret, 'send',"
            "   'ref-' || i);"
            "  PERFORM dedup.succeed(c.run_id, c.lease_token, c.lease_secret,"
            "   '{\"body\": \"SECRETBODY\"}');"
            "  SELECT * INTO d FROM dedup.claim(p_scope => 'patient-4711',"
            "   p_key => 'RAWKEY-' || i,"
            "   p_workflow => CASE WHEN i % 3 = 0 THEN 'wf-invoice' ELSE 'wf-notify' END,"
            "   p_fingerprint => 'fp-' || i, p_worker => 'seed-again');"
            " END IF;"
            " END LOOP; END $$")
            .arg(runs));
}

} // namespace reporttest
