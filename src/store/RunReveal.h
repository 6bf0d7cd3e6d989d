#pragma once

#include "store/ProtocolResult.h"
#include "store/RunRevealValues.h"

#include <QString>
#include <QStringList>
#include <QStringView>

namespace dedup::store {

class PgConnection;

// The raw values of a run's protected columns (0016_protected_columns.sql): operators and
// viewers read them only as keyed hashes, and an operator whose grants cover the run gets the
// raw values from dedup.op_reveal, with a reason, one audit row per reveal (action
// 'op_reveal', params {"fields": [...]}).
//
// The action key makes a reveal safe to send again (after a lost connection): the same key by
// the same login for the same run and fields answers the values again without a second audit
// row; the key used otherwise is ActionKeyConflict (DD005). Other errors, by
// StoreErrorKind: InvalidArgument (DD004: no reason, no key, no field or an unknown one),
// RunNotFound (DD003), PermissionDenied (DD010: the operator grants do not cover the run;
// 42501: the login is not an operator at all).
class RunReveal {
public:
    // The fields as the store names them (p_fields).
    static constexpr QStringView IdemKey = u"idem_key";
    static constexpr QStringView CorrelationId = u"correlation_id";
    static constexpr QStringView Fingerprint = u"fingerprint";
    static constexpr QStringView Context = u"context";
    static constexpr QStringView Result = u"result";
    static constexpr QStringView LastError = u"last_error";
    static constexpr QStringView ReviewReason = u"review_reason";
    static constexpr QStringView Steps = u"steps";   // every step's keys, reference and error
    static constexpr QStringView Events = u"events"; // the newest 1,000 events' details

    explicit RunReveal(PgConnection &connection);

    // One reveal of `fields` of run `runId` (field names as above; the store refuses unknown
    // ones). Autocommit: the audit row is committed with the answer.
    ProtocolResult<RunRevealValues> reveal(qint64 runId, const QStringList &fields,
                                           const QString &reason, const QString &actionKey);

private:
    PgConnection &m_conn;
};

} // namespace dedup::store
