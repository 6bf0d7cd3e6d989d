#include "BrowseCases.h"

#include "SyntheticRuns.h"
#include "core/RunStatus.h"
#include "store/StuckQueries.h"

#include <QRandomGenerator>

namespace bench {

using dedup::core::RunStatus;
using dedup::store::PgConnection;
using dedup::store::PgParams;
using dedup::store::PgResult;
using dedup::store::RunFilter;
using dedup::store::RunQueries;
using dedup::store::RunQuery;

namespace {

const QString kFromRuns = QStringLiteral(" FROM dedup.runs r");

// The most and the least frequent value of a {value: count} object.
QPair<QString, QString> extremes(const QJsonObject &counts) {
    QString largest, smallest;
    qint64 most = -1, least = -1;
    for (auto it = counts.begin(); it != counts.end(); ++it) {
        const qint64 count = it.value().toInteger();
        if (count > most) {
            most = count;
            largest = it.key();
        }
        if (least < 0 || count < least) {
            least = count;
            smallest = it.key();
        }
    }
    return {largest, smallest};
}

BrowseCase page(const QString &name, const RunFilter &filter) {
    BrowseCase c;
    c.name = name;
    c.kind = BrowseCase::Kind::Page;
    c.filters = {filter};
    c.targetMs = 50;
    return c;
}

} // namespace

QList<BrowseCase> BrowseCases::make(PgConnection &connection, const QJsonObject &contents,
                                    int lookups, QString *error) {
    const PgResult dates = connection.exec(QStringLiteral(
        "SELECT to_char(max(created_at), 'YYYY-MM'),"
        " to_char(max(created_at) - interval '61 days', 'YYYY-MM'),"
        " max(created_at) - interval '31 days', max(created_at) - interval '30 days',"
        " max(id) FROM dedup.runs"));
    if (!dates.ok() || dates.isNull(0, 4)) {
        *error = dates.ok() ? QStringLiteral("the store is empty") : dates.error().toString();
        return {};
    }
    const qint64 maxId = dates.toInt64(0, 4);
    // Fixed seed: the same runs are looked up at every invocation on the same store.
    QRandomGenerator random(20261129);
    const auto randomIds = [&](int count) {
        QStringList ids;
        for (int i = 0; i < count; ++i)
            ids << QString::number(1 + qint64(random.bounded(double(maxId))));
        return ids;
    };

    const QString invoice = SyntheticRuns::workflows().first();
    const PgResult sample = connection.exec(
        QStringLiteral("SELECT idem_key FROM dedup.runs WHERE workflow = $1 AND id >= $2::bigint"
                       " ORDER BY id LIMIT 1"),
        PgParams().add(invoice).add(qint64(maxId / 3)));
    const PgResult keys = connection.exec(
        QStringLiteral("SELECT idem_key FROM dedup.runs WHERE id = ANY($1::bigint[]) ORDER BY id"),
        PgParams().add(randomIds(lookups)));
    const PgResult correlations = connection.exec(
        QStringLiteral("SELECT correlation_id FROM dedup.runs"
                       " WHERE id = ANY($1::bigint[]) AND correlation_id IS NOT NULL"
                       " ORDER BY id LIMIT $2::bigint"),
        PgParams().add(randomIds(lookups * 2)).add(lookups));
    for (const PgResult *result : {&sample, &keys, &correlations}) {
        if (!result->ok() || result->rows() == 0) {
            *error =
                result->ok() ? QStringLiteral("no runs to sample") : result->error().toString();
            return {};
        }
    }

    QList<BrowseCase> cases;
    cases << page(QStringLiteral("all runs"), {});
    for (const RunStatus status : dedup::core::allRunStatuses()) {
        RunFilter filter;
        filter.statuses = {status};
        cases << page(QStringLiteral("status ") + dedup::core::toString(status), filter);
    }
    const auto [bigWorkflow, smallWorkflow] =
        extremes(contents.value(QStringLiteral("workflow")).toObject());
    const auto [bigScope, smallScope] =
        extremes(contents.value(QStringLiteral("scope")).toObject());
    for (const QString &workflow : {bigWorkflow, smallWorkflow}) {
        RunFilter filter;
        filter.workflow = workflow;
        cases << page(QStringLiteral("workflow ") + workflow, filter);
    }
    for (const QString &scope : {bigScope, smallScope}) {
        RunFilter filter;
        filter.scope = scope;
        cases << page(QStringLiteral("scope ") + scope, filter);
    }
    {
        RunFilter filter;
        filter.workflow = invoice;
        filter.statuses = {RunStatus::Failed};
        cases << page(QStringLiteral("workflow %1 + failed").arg(invoice), filter);
    }
    {
        RunFilter filter;
        filter.createdFrom = dates.toDateTime(0, 2);
        filter.createdTo = dates.toDateTime(0, 3);
        cases << page(QStringLiteral("created in one day, 30 days back"), filter);
    }
    for (const QString &month : {dates.text(0, 0), dates.text(0, 1)}) {
        RunFilter filter;
        filter.keyPrefix = SyntheticRuns::keyPrefix(0, month);
        cases << page(QStringLiteral("key prefix %1").arg(*filter.keyPrefix), filter);
    }
    {
        // A key without its last two digits: the runs of one month whose ids share them.
        RunFilter filter;
        filter.keyPrefix = sample.text(0, 0).chopped(2);
        cases << page(QStringLiteral("key prefix %1").arg(*filter.keyPrefix), filter);
    }
    {
        RunFilter filter;
        filter.statuses = {RunStatus::Failed, RunStatus::ManualReview};
        cases << page(QStringLiteral("statuses failed + manual_review"), filter);
    }

    BrowseCase exact;
    exact.name = QStringLiteral("exact key");
    exact.kind = BrowseCase::Kind::Lookup;
    exact.targetMs = 5;
    for (int row = 0; row < keys.rows(); ++row) {
        RunFilter filter;
        filter.exactKey = keys.text(row, 0);
        exact.filters << filter;
    }
    BrowseCase correlation;
    correlation.name = QStringLiteral("correlation id");
    correlation.kind = BrowseCase::Kind::Lookup;
    correlation.targetMs = 5;
    for (int row = 0; row < correlations.rows(); ++row) {
        RunFilter filter;
        filter.correlationId = correlations.text(row, 0);
        correlation.filters << filter;
    }
    BrowseCase stuck;
    stuck.name = QStringLiteral("stuck list");
    stuck.kind = BrowseCase::Kind::Stuck;
    stuck.targetMs = 10;
    cases << exact << correlation << stuck;
    return cases;
}

QString BrowseCases::listColumns() {
    const QString sql = RunQueries::page(RunFilter{}, {}, 1).sql;
    const QString select = QStringLiteral("SELECT ");
    const qsizetype from = sql.indexOf(kFromRuns);
    if (!sql.startsWith(select) || from < 0)
        return {};
    return sql.mid(select.size(), from - select.size());
}

RunQuery BrowseCases::stuckPage(int limit) {
    return dedup::store::StuckQueries::list(dedup::store::StuckQueries::DefaultThreshold, limit);
}

RunQuery BrowseCases::stuckCount(qint64 cap) {
    return dedup::store::StuckQueries::cappedCount(dedup::store::StuckQueries::DefaultThreshold,
                                                   cap);
}

NaiveQuery BrowseCases::naive(const BrowseCase &browseCase) {
    NaiveQuery query;
    if (browseCase.kind == BrowseCase::Kind::Stuck) {
        // The Stuck view's condition (from its count statement, "... WHERE <condition>
        // LIMIT $2) c"), every match, in the view's order.
        const RunQuery count = stuckCount(0);
        const QString where = QStringLiteral(" WHERE ");
        const qsizetype from = count.sql.indexOf(kFromRuns + where);
        const qsizetype to = count.sql.lastIndexOf(QStringLiteral(" LIMIT $2"));
        if (from < 0 || to < from)
            return query;
        const qsizetype start = from + kFromRuns.size() + where.size();
        query.sql = QStringLiteral("SELECT ") + listColumns() + kFromRuns + where +
                    count.sql.mid(start, to - start) +
                    QStringLiteral(" ORDER BY r.lease_expires_at");
        query.params = paramTexts(count.params);
        query.params.removeLast(); // $2, the cap
        return query;
    }
    // The filter's conditions as RunQueries writes them for its unordered statements (several
    // statuses as = ANY, as a hand-written query would), behind the list's columns.
    const RunQuery estimate = RunQueries::estimate(browseCase.filter());
    const QString head = QStringLiteral("EXPLAIN (FORMAT JSON) SELECT 1") + kFromRuns;
    if (!estimate.sql.startsWith(head))
        return query;
    query.sql = QStringLiteral("SELECT ") + listColumns() + kFromRuns +
                estimate.sql.mid(head.size()) +
                QStringLiteral(" ORDER BY r.created_at DESC, r.id DESC");
    query.params = paramTexts(estimate.params);
    return query;
}

QJsonArray BrowseCases::paramTexts(const PgParams &params) {
    QJsonArray texts;
    for (const char *value : params.pointers())
        texts.append(value ? QJsonValue(QString::fromUtf8(value)) : QJsonValue());
    return texts;
}

QJsonObject BrowseCases::filterToJson(const RunFilter &filter) {
    QJsonObject json;
    QJsonArray statuses;
    for (const RunStatus status : filter.statuses)
        statuses.append(dedup::core::toString(status));
    json.insert(QStringLiteral("statuses"), statuses);
    const auto text = [&json](const char *name, const std::optional<QString> &value) {
        if (value)
            json.insert(QLatin1String(name), *value);
    };
    text("workflow", filter.workflow);
    text("scope", filter.scope);
    text("exact_key", filter.exactKey);
    text("key_prefix", filter.keyPrefix);
    text("correlation_id", filter.correlationId);
    if (filter.createdFrom.isValid())
        json.insert(QStringLiteral("created_from"),
                    filter.createdFrom.toUTC().toString(Qt::ISODateWithMs));
    if (filter.createdTo.isValid())
        json.insert(QStringLiteral("created_to"),
                    filter.createdTo.toUTC().toString(Qt::ISODateWithMs));
    return json;
}

RunFilter BrowseCases::filterFromJson(const QJsonObject &json) {
    RunFilter filter;
    for (const QJsonValue &value : json.value(QStringLiteral("statuses")).toArray())
        if (const auto status = dedup::core::runStatusFromString(value.toString()))
            filter.statuses << *status;
    const auto text = [&json](const char *name) -> std::optional<QString> {
        const QJsonValue value = json.value(QLatin1String(name));
        return value.isString() ? std::optional<QString>(value.toString()) : std::nullopt;
    };
    filter.workflow = text("workflow");
    filter.scope = text("scope");
    filter.exactKey = text("exact_key");
    filter.keyPrefix = text("key_prefix");
    filter.correlationId = text("correlation_id");
    if (const auto from = text("created_from"))
        filter.createdFrom = QDateTime::fromString(*from, Qt::ISODateWithMs);
    if (const auto to = text("created_to"))
        filter.createdTo = QDateTime::fromString(*to, Qt::ISODateWithMs);
    return filter;
}

} // namespace bench
