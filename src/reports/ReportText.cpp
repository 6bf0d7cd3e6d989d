#include "reports/ReportText.h"

#include "core/DisplayText.h"
#include "reports/ReportPalette.h"

#include <QLocale>
#include <QStringList>

namespace dedup::reports {

QString ReportText::dateTime(const QDateTime &at) {
    if (!at.isValid())
        return tr("(not set)");
    return tr("%1 UTC").arg(at.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
}

QString ReportText::shortDateTime(const QDateTime &at) {
    if (!at.isValid())
        return {};
    return at.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString ReportText::number(qint64 value) {
    return QLocale().toString(value);
}

QString ReportText::duration(qint64 seconds) {
    seconds = qMax<qint64>(0, seconds);
    const qint64 days = seconds / 86400;
    const qint64 hours = (seconds % 86400) / 3600;
    const qint64 minutes = (seconds % 3600) / 60;
    if (days > 0)
        return tr("%1 d %2 h").arg(days).arg(hours);
    if (hours > 0)
        return tr("%1 h %2 min").arg(hours).arg(minutes);
    if (minutes > 0)
        return tr("%1 min").arg(minutes);
    return tr("%1 s").arg(seconds);
}

QString ReportText::range(const store::ReportSpec &spec) {
    return tr("%1 to %2 (end exclusive)").arg(dateTime(spec.from), dateTime(spec.to));
}

namespace {

// A filter's values as the report lists them: each one visible (core::DisplayText) and cut
// to the length of a label, so a long name leaves room for the others.
QString shownList(const QStringList &values) {
    QStringList shown;
    for (const QString &value : values)
        shown << core::DisplayText::shown(value, core::DisplayText::LabelChars);
    return shown.join(u", ");
}

// The reason given for a reveal, as the report quotes it (its whole text is in the audit log).
constexpr int QuotedReasonChars = 300;

} // namespace

QString ReportText::workflows(const store::ReportSpec &spec) {
    return spec.workflows.isEmpty() ? tr("all workflows") : shownList(spec.workflows);
}

QString ReportText::statuses(const store::ReportSpec &spec) {
    if (spec.statuses.isEmpty())
        return tr("all statuses");
    QStringList names;
    for (const core::RunStatus status : spec.statuses)
        names << ReportPalette::statusLabel(status);
    return names.join(u", ");
}

QString ReportText::operators(const store::ReportSpec &spec) {
    return spec.operators.isEmpty() ? tr("all operators") : shownList(spec.operators);
}

QString ReportText::redaction(const store::ReportSpec &spec) {
    // What a revealed PDF holds is said exactly: the operators' reasons raw, and no key or
    // payload at all (neither raw nor hashed), so nothing in it passes a hash off as a value.
    if (spec.revealRaw)
        return tr("RAW: this report was made with raw values revealed. Reason given: \"%1\". "
                  "The disclosure was written to the audit log before any row was read. This "
                  "document shows the operators' reasons as they wrote them; it holds no "
                  "idempotency key, scope, correlation id or payload, raw or hashed. The CSV and "
                  "JSON Lines files of a revealed report show those unredacted.")
            .arg(core::DisplayText::shown(spec.revealReason, QuotedReasonChars));
    return tr("Redacted: keys, scopes, correlation ids, payloads and operators' reasons are "
              "replaced by a keyed hash (HMAC-SHA256, a fresh key per report), so equal values "
              "still match within this report and nowhere else.");
}

QString ReportText::auditVerdict(const store::AuditVerification &audit) {
    const QString head = audit.headId > 0 ? tr("chain head: row %1, hash %2")
                                                .arg(audit.headId)
                                                .arg(audit.headHash.left(16) + QChar(0x2026))
                                          : tr("chain head: missing");
    // Say what the verdict rests on: the store's own chain, not an external checkpoint.
    if (audit.ok())
        return tr("Audit chain intact: every audit row matches its hash and its predecessor "
                  "(%1). Verified by the store from the first row to the head; not checked "
                  "against a checkpoint signed outside the database (dedupctl verify-audit "
                  "--checkpoint), without which a rewrite of the whole chain by the store's "
                  "owner would not show here.")
            .arg(head);
    const store::AuditBreak &broken = *audit.firstBreak;
    QString what;
    switch (broken.problem) {
    case store::AuditBreak::Problem::Hash:
        what = tr("row %1 was changed after it was written: its hash does not match its content")
                   .arg(broken.id);
        break;
    case store::AuditBreak::Problem::PrevHash:
        what = tr("the link into row %1 is broken: a row before it was removed, inserted or "
                  "re-hashed")
                   .arg(broken.id);
        break;
    case store::AuditBreak::Problem::Tail:
        what = tr("rows were removed from the end of the chain (the head names row %1)")
                   .arg(broken.id);
        break;
    case store::AuditBreak::Problem::Time:
        what = tr("row %1 is dated before the row preceding it: it was written past the chain "
                  "trigger (back-dated)")
                   .arg(broken.id);
        break;
    case store::AuditBreak::Problem::Other:
        what = tr("problem \"%1\" at row %2").arg(broken.problemText).arg(broken.id);
        break;
    }
    return tr("AUDIT CHAIN BROKEN at row %1: %2. The audit log has been tampered with; the "
              "figures below come from a log that can no longer be trusted (%3).")
        .arg(broken.id)
        .arg(what, head);
}

QString ReportText::actionLabel(const QString &action) {
    static const struct {
        const char *name;
        const char *label;
    } labels[] = {
        {"op_clear_stale_lease", QT_TR_NOOP("Clear stale lease")},
        {"op_request_continuation", QT_TR_NOOP("Request continuation")},
        {"op_route_to_review", QT_TR_NOOP("Route to review")},
        {"op_resolve_review", QT_TR_NOOP("Resolve review")},
        {"op_resolve_step", QT_TR_NOOP("Resolve step")},
        {"op_cancel", QT_TR_NOOP("Cancel run")},
        {"op_assign_review", QT_TR_NOOP("Assign review")},
        {"op_review_note", QT_TR_NOOP("Review note")},
        {"op_bulk_create", QT_TR_NOOP("Bulk operation created")},
        {"op_bulk_add_items", QT_TR_NOOP("Bulk operation: runs added")},
        {"op_bulk_control", QT_TR_NOOP("Bulk operation control")},
        {"op_bulk_step", QT_TR_NOOP("Bulk operation batch")},
        {"report_reveal", QT_TR_NOOP("Report with raw values")},
    };
    for (const auto &entry : labels) {
        if (action == QLatin1String(entry.name))
            return tr(entry.label);
    }
    return action;
}

QString ReportText::outcomeLabel(const QString &outcome) {
    if (outcome == QLatin1String("applied"))
        return tr("applied");
    if (outcome == QLatin1String("changed"))
        return tr("refused: the run had changed");
    return outcome;
}

QString ReportText::transition(const QString &before, const QString &after) {
    if (before.isEmpty() && after.isEmpty())
        return {};
    const QString from = before.isEmpty() ? tr("(unknown)") : ReportPalette::statusLabel(before);
    const QString to = after.isEmpty() ? tr("(unchanged)") : ReportPalette::statusLabel(after);
    return from + QStringLiteral(" \u2192 ") + to;
}

QString ReportText::bucketLabel(const QDateTime &start, const QString &unit) {
    const QDateTime utc = start.toUTC();
    if (unit == QLatin1String("hour"))
        return utc.toString(QStringLiteral("MM-dd HH:mm"));
    return utc.toString(QStringLiteral("yyyy-MM-dd"));
}

QString ReportText::bucketAxisTitle(const QString &unit) {
    if (unit == QLatin1String("hour"))
        return tr("Hour created (UTC)");
    if (unit == QLatin1String("week"))
        return tr("Week created, starting (UTC)");
    return tr("Day created (UTC)");
}

} // namespace dedup::reports
