#include "KeyCommand.h"

#include "ExitCode.h"
#include "SafeJson.h"
#include "TextTable.h"
#include "core/DeliveryOutcome.h"
#include "store/KeyHistoryQueries.h"
#include "store/PgConnection.h"
#include "store/RunQueries.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <vector>

namespace dedup::cli {

namespace {

using core::DeliveryOutcome;
using store::KeyDelivery;
using store::KeyDeliveryCount;
using store::KeyHistory;
using store::KeyHistoryQueries;

const QString RunOption = QStringLiteral("run");
const QString LimitOption = QStringLiteral("limit");

QString iso(const QDateTime &when) {
    return when.toUTC().toString(Qt::ISODateWithMs);
}

QJsonValue isoOrNull(const QDateTime &when) {
    return when.isValid() ? QJsonValue(iso(when)) : QJsonValue(QJsonValue::Null);
}

QJsonValue textOrNull(const QString &text) {
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

// What the answer alone does not say: a 409 is given both while a worker holds the lease and
// while the run waits for review.
QString answerWords(DeliveryOutcome outcome) {
    switch (outcome) {
    case DeliveryOutcome::InProgress:
        return KeyCommand::tr("in progress");
    case DeliveryOutcome::InReview:
        return KeyCommand::tr("in review");
    case DeliveryOutcome::Mismatch:
        return KeyCommand::tr("mismatch");
    case DeliveryOutcome::Acquired:
    case DeliveryOutcome::Replay:
        break;
    }
    return {};
}

// The first and the last delivery of any outcome; invalid when there was none.
std::pair<QDateTime, QDateTime> deliverySpan(const KeyHistory &history) {
    QDateTime first;
    QDateTime last;
    for (const KeyDeliveryCount &c : history.counts) {
        if (c.firstAt.isValid() && (!first.isValid() || c.firstAt < first))
            first = c.firstAt;
        if (c.lastAt.isValid() && (!last.isValid() || c.lastAt > last))
            last = c.lastAt;
    }
    return {first, last};
}

} // namespace

QString KeyCommand::summary() const {
    return tr("Show every delivery of an idempotency key: its time, worker and outcome, as the "
              "HTTP answer (first, replayed, 409, 422).");
}

void KeyCommand::addOptions(QCommandLineParser &parser) {
    addDatabaseOption(parser);
    addJsonOption(parser);
    parser.addPositionalArgument(QStringLiteral("SCOPE"), tr("The key's scope."),
                                 QStringLiteral("SCOPE"));
    parser.addPositionalArgument(QStringLiteral("KEY"),
                                 tr("The idempotency key (sent to the store to find its run, never "
                                    "printed). After -- when it starts with a dash; - reads it "
                                    "from standard input (not in the process list or the shell "
                                    "history)."),
                                 QStringLiteral("KEY"));
    parser.addOption(QCommandLineOption(
        RunOption, tr("The run whose key to show (its id), instead of SCOPE KEY."), tr("id")));
    parser.addOption(QCommandLineOption(
        LimitOption,
        tr("List at most this many of the newest deliveries (1-%1, default %2); the counts "
           "cover all of them.")
            .arg(KeyHistoryQueries::MaxLimit)
            .arg(KeyHistoryQueries::DefaultLimit),
        tr("n")));
}

int KeyCommand::run(const QCommandLineParser &parser) {
    const auto usage = [](const QString &why) {
        err() << tr("dedupctl key: %1").arg(why) << Qt::endl;
        return int(Usage);
    };
    // No message here repeats a word of the command line that may be (part of) the key.
    const QStringList args = parser.positionalArguments();
    const bool byRun = parser.isSet(RunOption);
    if (byRun && !args.isEmpty())
        return usage(tr("give either SCOPE KEY or --run ID, not both"));
    if (!byRun && args.isEmpty())
        return usage(tr("give the key's scope and the key (SCOPE KEY), or its run (--run ID)"));
    if (args.size() == 1)
        return usage(tr("give the key after its scope: SCOPE KEY"));
    if (args.size() > 2)
        return usage(tr("too many arguments: give SCOPE KEY (quote a scope or key that holds "
                        "spaces)"));
    const QString scope = args.value(0);
    QString key = args.value(1);
    if (!byRun && key == u"-") {
        // Keys are patient data: a key typed on the command line is visible to every local
        // user in the process list and stays in the shell's history. Read one line instead.
        QTextStream in(stdin);
        key = in.readLine(4096);
        if (key.endsWith(u'\r'))
            key.chop(1);
    }
    if (!byRun && scope.trimmed().isEmpty())
        return usage(tr("SCOPE is empty"));
    if (!byRun && key.trimmed().isEmpty())
        return usage(tr("KEY is empty"));
    qint64 runId = 0;
    if (byRun) {
        const QString given = parser.value(RunOption);
        bool ok = false;
        runId = given.toLongLong(&ok);
        if (!ok || runId < 1)
            return usage(
                tr("invalid --run '%1': use a positive number").arg(shown(given.left(40))));
    }
    const std::optional<int> limit = intOption(parser, LimitOption, KeyHistoryQueries::DefaultLimit,
                                               1, KeyHistoryQueries::MaxLimit);
    if (!limit)
        return usage(tr("invalid --limit '%1': use a whole number from 1 to %2")
                         .arg(shown(parser.value(LimitOption).left(40)))
                         .arg(KeyHistoryQueries::MaxLimit));
    const bool asJson = json(parser);
    return withConnection(parser, [&](store::PgConnection &conn) {
        store::RunQueries::applySessionSettings(conn, 0);
        store::PgError error;
        const auto failed = [&error]() {
            err() << tr("dedupctl key: %1").arg(shown(error.toString())) << Qt::endl;
            if (!error.hint.isEmpty())
                err() << tr("hint: %1").arg(shown(error.hint)) << Qt::endl;
            return int(DatabaseError);
        };
        // The same words whether the run does not exist or the login may not read it: a
        // login learns nothing about keys outside its grants.
        const auto notFound = [&]() {
            if (byRun)
                err()
                    << tr("dedupctl key: run %1 not found or not readable by this login").arg(runId)
                    << Qt::endl;
            else
                err() << tr("dedupctl key: no run of that key in scope \"%1\" that this login "
                            "may read")
                             .arg(shown(scope))
                      << Qt::endl;
            return int(Failure);
        };
        qint64 id = runId;
        if (!byRun) {
            const std::optional<qint64> found =
                KeyHistoryQueries::runIdByKey(conn, scope, key, &error);
            if (!found)
                return failed();
            if (*found == 0)
                return notFound();
            id = *found;
        }
        const std::optional<KeyHistory> history = KeyHistoryQueries::read(conn, id, *limit, &error);
        if (!history)
            return failed();
        if (!history->found) // purged since it was found, or not readable
            return notFound();
        if (asJson)
            printJson(*history);
        else
            printText(*history, *limit);
        return int(Success);
    });
}

void KeyCommand::printText(const KeyHistory &history, int limit) {
    out() << tr("run %1 (%2), workflow %3, scope %4")
                 .arg(history.runId)
                 .arg(shown(history.status), shown(history.workflow), shown(history.scope))
          << Qt::endl;
    QStringList parts;
    for (const DeliveryOutcome outcome : core::allDeliveryOutcomes()) {
        const QString words = answerWords(outcome);
        parts << QStringLiteral("%1%2 %3")
                     .arg(core::httpAnswer(outcome),
                          words.isEmpty() ? QString() : QLatin1Char(' ') + words)
                     .arg(history.count(outcome));
    }
    const qint64 total = history.total();
    out() << tr("deliveries: %1 = %2").arg(total).arg(parts.join(QStringLiteral(", "))) << Qt::endl;
    const auto [first, last] = deliverySpan(history);
    if (first.isValid())
        out() << tr("first delivery %1, last %2; server time %3")
                     .arg(iso(first), iso(last), iso(history.serverNow))
              << Qt::endl;
    else
        out() << tr("no deliveries recorded; server time %1").arg(iso(history.serverNow))
              << Qt::endl;
    if (history.deliveries.isEmpty())
        return;
    std::vector<QStringList> table{
        {tr("TIME (UTC)"), tr("OUTCOME"), tr("ANSWER"), tr("WORKER"), tr("ATTEMPT"), tr("DETAIL")}};
    // The cells go as they are: TextTable escapes every one of them for the terminal.
    for (const KeyDelivery &delivery : history.deliveries) {
        QStringList detail;
        if (!delivery.via.isEmpty())
            detail << tr("via %1").arg(delivery.via);
        if (!delivery.login.isEmpty())
            detail << tr("login %1").arg(delivery.login);
        if (!delivery.leaseOwner.isEmpty())
            detail << tr("lease owner %1").arg(delivery.leaseOwner);
        table.push_back(QStringList{
            iso(delivery.at), core::toString(delivery.outcome), core::httpAnswer(delivery.outcome),
            delivery.worker.isEmpty() ? QStringLiteral("-") : delivery.worker,
            QString::number(delivery.attempt),
            detail.isEmpty() ? QStringLiteral("-") : detail.join(QStringLiteral("; "))});
    }
    out() << TextTable::render(table);
    const qint64 listed = history.deliveries.size();
    if (listed >= total)
        return;
    QString note = tr("newest %1 of %2 deliveries listed").arg(listed).arg(total);
    const qint64 duplicates = history.count(DeliveryOutcome::Replay) +
                              history.count(DeliveryOutcome::InProgress) +
                              history.count(DeliveryOutcome::InReview);
    if (duplicates > KeyHistoryQueries::KeptDuplicates)
        note += tr("; the store counts replayed and 409 deliveries and keeps only the last %1 of "
                   "them, not each one")
                    .arg(KeyHistoryQueries::KeptDuplicates);
    // A full page may not be all the store keeps: say how to see more.
    if (listed == limit && limit < KeyHistoryQueries::MaxLimit)
        note += tr("; --limit up to %1 lists more").arg(KeyHistoryQueries::MaxLimit);
    out() << note << Qt::endl;
}

void KeyCommand::printJson(const KeyHistory &history) {
    QJsonObject counts;
    for (const DeliveryOutcome outcome : core::allDeliveryOutcomes())
        counts.insert(core::toString(outcome), history.count(outcome));
    QJsonArray deliveries;
    for (const KeyDelivery &delivery : history.deliveries) {
        const int status = core::httpStatus(delivery.outcome);
        deliveries.append(QJsonObject{
            {QStringLiteral("at"), isoOrNull(delivery.at)},
            {QStringLiteral("outcome"), core::toString(delivery.outcome)},
            {QStringLiteral("answer"), core::httpAnswer(delivery.outcome)},
            {QStringLiteral("http_status"), status > 0 ? QJsonValue(status) : QJsonValue()},
            {QStringLiteral("worker"), textOrNull(delivery.worker)},
            {QStringLiteral("login"), textOrNull(delivery.login)},
            {QStringLiteral("attempt"), delivery.attempt},
            {QStringLiteral("via"), textOrNull(delivery.via)},
            {QStringLiteral("lease_owner"), textOrNull(delivery.leaseOwner)},
        });
    }
    const auto [first, last] = deliverySpan(history);
    const QJsonObject object{
        {QStringLiteral("run_id"), history.runId},
        {QStringLiteral("status"), history.status},
        {QStringLiteral("workflow"), history.workflow},
        {QStringLiteral("scope"), history.scope},
        {QStringLiteral("server_time"), isoOrNull(history.serverNow)},
        {QStringLiteral("deliveries_total"), history.total()},
        {QStringLiteral("counts"), counts},
        {QStringLiteral("first_at"), isoOrNull(first)},
        {QStringLiteral("last_at"), isoOrNull(last)},
        {QStringLiteral("deliveries"), deliveries},
    };
    out() << SafeJson::text(QJsonDocument(object).toJson(QJsonDocument::Compact)) << Qt::endl;
}

} // namespace dedup::cli
