#include "VerifyAuditCommand.h"

#include "ExitCode.h"
#include "store/PgConnection.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace dedup::cli {

namespace {

QJsonValue orNull(const store::PgResult &result, int row, const char *column, bool number) {
    if (result.isNull(row, column))
        return QJsonValue(QJsonValue::Null);
    return number ? QJsonValue(result.toInt64(row, column)) : QJsonValue(result.text(row, column));
}

} // namespace

QString VerifyAuditCommand::summary() const {
    return tr("Verify the audit log's hash chain (exit 1 if it was tampered with).");
}

void VerifyAuditCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
}

int VerifyAuditCommand::run(const QCommandLineParser &parser) {
    auto conn = connect(parser);
    if (!conn)
        return Unreachable;
    auto failed = [](const store::PgResult &result) {
        err() << tr("dedupctl verify-audit: %1").arg(result.error().toString()) << Qt::endl;
        return DatabaseError;
    };
    // One snapshot: the verdict, the row count and the head describe the same chain even
    // while operators keep appending.
    const store::PgResult begin =
        conn->exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    if (!begin.ok())
        return failed(begin);
    const store::PgResult verdict = conn->exec(
        QStringLiteral("SELECT id, problem, expected, actual FROM dedup.verify_audit()"));
    if (!verdict.ok())
        return failed(verdict);
    const store::PgResult head = conn->exec(QStringLiteral(
        "SELECT (SELECT count(*) FROM dedup.audit_log) AS rows, h.last_id, h.last_hash"
        " FROM (SELECT 1) AS one LEFT JOIN dedup.audit_head h ON h.singleton"));
    if (!head.ok())
        return failed(head);
    conn->exec(QStringLiteral("COMMIT"));

    const qint64 rows = head.toInt64(0, "rows");
    const bool intact = verdict.rows() == 0;
    const bool hasHead = !head.isNull(0, "last_id");

    if (json(parser)) {
        QJsonObject report{
            {QStringLiteral("intact"), intact},
            {QStringLiteral("rows"), rows},
            {QStringLiteral("head"),
             hasHead ? QJsonValue(QJsonObject{{QStringLiteral("id"), head.toInt64(0, "last_id")},
                                              {QStringLiteral("hash"), head.text(0, "last_hash")}})
                     : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("broken"), QJsonValue(QJsonValue::Null)},
        };
        if (!intact)
            report.insert(
                QStringLiteral("broken"),
                QJsonObject{{QStringLiteral("id"), orNull(verdict, 0, "id", true)},
                            {QStringLiteral("problem"), verdict.text(0, "problem")},
                            {QStringLiteral("expected"), orNull(verdict, 0, "expected", false)},
                            {QStringLiteral("actual"), orNull(verdict, 0, "actual", false)}});
        out() << QJsonDocument(report).toJson(QJsonDocument::Compact) << Qt::endl;
        return intact ? Success : Failure;
    }

    if (intact) {
        out() << tr("audit chain intact: %1 rows").arg(rows) << Qt::endl;
    } else {
        const QString id = verdict.isNull(0, "id") ? tr("(none)") : verdict.text(0, "id");
        const QString problem = verdict.text(0, "problem");
        QString what;
        if (problem == QLatin1String("hash"))
            what = tr("row %1 was changed after it was written: its hash does not match its "
                      "content")
                       .arg(id);
        else if (problem == QLatin1String("prev_hash"))
            what = tr("the link into row %1 is broken: a row before it was removed, inserted or "
                      "re-hashed")
                       .arg(id);
        else if (problem == QLatin1String("tail"))
            what = tr("rows were removed from the end of the chain: the head names row %1").arg(id);
        else
            what = tr("problem '%1' at row %2").arg(problem, id);
        out() << tr("audit chain BROKEN at row %1 (%2 rows present)").arg(id).arg(rows) << Qt::endl;
        out() << "  " << what << Qt::endl;
        out() << "  " << tr("expected: %1").arg(verdict.text(0, "expected")) << Qt::endl;
        out() << "  " << tr("actual:   %1").arg(verdict.text(0, "actual")) << Qt::endl;
    }
    if (hasHead)
        out() << tr("chain head: row %1, hash %2 (keep it outside the database to detect a "
                    "rewritten chain)")
                     .arg(head.text(0, "last_id"), head.text(0, "last_hash"))
              << Qt::endl;
    else
        out() << tr("chain head: missing") << Qt::endl;
    return intact ? Success : Failure;
}

} // namespace dedup::cli
