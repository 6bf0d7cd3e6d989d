// ConnectionCheck, second half: the read-only standby a profile may name
// (docs/SCALING.md section 1). The first half (ConnectionCheck.cpp) checks the primary.
#include "store/ConnectionCheck.h"
#include "store/ConnectionProfile.h"
#include "store/Migrator.h"
#include "store/PgConnection.h"
#include "store/ReplicationStatus.h"

#include <libpq-fe.h>

namespace dedup::store {

using Failure = ConnectionReport::Failure;

ConnectionReport ConnectionCheck::run(const QString &conninfo, const QString &standbyConninfo,
                                      const QString &profileName, const QString &applicationName) {
    ConnectionReport report = run(conninfo, profileName, applicationName);
    if (report.ok() && !standbyConninfo.trimmed().isEmpty())
        checkStandby(report, standbyConninfo, applicationName);
    return report;
}

void ConnectionCheck::checkStandby(ConnectionReport &report, const QString &standbyConninfo,
                                   const QString &applicationName) {
    const QString primaryMessage = report.message;
    auto fail = [&](Failure failure, const QString &message, const QString &detail = {}) {
        report.failure = failure;
        report.standbyFailed = true;
        report.message = message;
        report.detail = detail;
    };
    PgConnection standby;
    if (!standby.open(standbyConninfo, applicationName)) {
        // The same explanations as for the primary, said of the standby.
        ConnectionReport why;
        explainOpenError(why, standby.openError(), standbyConninfo);
        fail(why.failure,
             tr("The primary answers, but the standby named under \"Read from standby\" does "
                "not: %1 Fix or clear that field (lists then read from the primary).")
                 .arg(why.message),
             why.detail);
        return;
    }
    pg_conn *handle = standby.handle();
    const QString host = QString::fromUtf8(PQhost(handle));
    report.standbyTarget =
        QStringLiteral("%1@%2:%3/%4")
            .arg(QString::fromUtf8(PQuser(handle)), host.isEmpty() ? tr("local socket") : host,
                 QString::fromUtf8(PQport(handle)), QString::fromUtf8(PQdb(handle)));

    PgConnection primary;
    if (!primary.open(report.conninfo, applicationName)) {
        fail(Failure::HostUnreachable,
             tr("The primary stopped answering while the standby was checked: try again."),
             primary.openError().toString());
        return;
    }
    PgError error;
    const auto position = ReplicationStatus::readPrimary(primary, &error);
    const PgResult primaryDb = primary.exec(QStringLiteral("SELECT current_database()::text"));
    if (!position || !primaryDb.ok()) {
        fail(Failure::Other, tr("Could not read the primary's identity: see the details."),
             position ? primaryDb.error().toString() : error.toString());
        return;
    }
    const auto status = ReplicationStatus::read(standby, position->lsn, &error);
    if (!status) {
        fail(Failure::Other,
             tr("Connected to the standby %1, but could not read its replication state: see "
                "the details.")
                 .arg(report.standbyTarget),
             error.toString());
        return;
    }
    // Never mix two stores: a standby of another cluster, a primary named by mistake, or the
    // right cluster's other database would show rows that are not this store's.
    if (status->systemIdentifier != position->systemIdentifier) {
        fail(Failure::StandbyMismatch,
             tr("%1 is not a standby of this store: it belongs to another PostgreSQL cluster "
                "(system identifier %2; the primary's is %3). Lists read there would show "
                "another store's runs. Name a standby of %4 under \"Read from standby\", or "
                "clear the field.")
                 .arg(report.standbyTarget, status->systemIdentifier, position->systemIdentifier,
                      report.target));
        return;
    }
    if (!status->inRecovery) {
        fail(Failure::StandbyMismatch,
             tr("%1 is not a standby: it is not in recovery (it is the primary itself, or a "
                "promoted standby that no longer follows it). Name a streaming standby under "
                "\"Read from standby\", or clear the field.")
                 .arg(report.standbyTarget));
        return;
    }
    if (status->database != primaryDb.text(0, 0)) {
        fail(Failure::StandbyMismatch,
             tr("The standby connection opens database %1, but the store is database %2 on the "
                "primary. Set dbname=%2 in \"Read from standby\" (or leave dbname out: it is "
                "then taken from the primary's settings).")
                 .arg(status->database, primaryDb.text(0, 0)));
        return;
    }
    QString versionError;
    const int version = Migrator(standby).currentVersion(&versionError);
    if (version != report.schemaVersion) {
        fail(Failure::StandbyMismatch,
             version < 0 ? tr("Could not read the schema version on the standby %1: see the "
                              "details.")
                               .arg(report.standbyTarget)
                         : tr("The standby %1 is at schema version %2, the primary at %3: it "
                              "has not replayed the last migration yet. Wait and try again.")
                               .arg(report.standbyTarget)
                               .arg(version)
                               .arg(report.schemaVersion),
             versionError);
        return;
    }
    report.standbyConninfo = standbyConninfo;
    // The primary's message ends with a sentence of its own (what the login may do).
    report.message = tr("%1 Lists, dashboards and reports read from the standby %2 (%3); run "
                        "detail and actions use the primary.")
                         .arg(primaryMessage, report.standbyTarget, status->lagText());
}

} // namespace dedup::store
