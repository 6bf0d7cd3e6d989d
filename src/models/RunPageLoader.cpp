#include "models/RunPageLoader.h"

#include "store/PgConnection.h"

namespace dedup::models {

using store::PgConnection;
using store::PgError;
using store::PgResult;
using store::RunQueries;

namespace {

// What a job hands back through the lane: which signal to emit, and its arguments.
struct Answer {
    enum Kind { Page, Window, Refreshed, Counted } kind = Page;
    QList<store::RunRow> rows;
    bool flag = false; // Page: more; Window: complete
    QList<qint64> ids;
    store::RunCount count;
};

// Runs one statement of a job; on failure fills `error` for the lane.
bool execute(PgConnection &conn, const store::RunQuery &query, PgResult *result, PgError *error) {
    *result = conn.exec(query.sql, query.params);
    if (result->ok())
        return true;
    *error = result->error();
    return false;
}

} // namespace

RunPageLoader::RunPageLoader(const QString &conninfo, const QString &applicationName,
                             QObject *parent)
    : QObject(parent)
    , m_lane(conninfo,
             applicationName.isEmpty() ? QStringLiteral("dedup-console-runs") : applicationName) {
    connect(&m_lane, &lanes::Lane::finished, this, &RunPageLoader::onFinished);
    connect(&m_lane, &lanes::Lane::failed, this, &RunPageLoader::onFailed);
    connect(&m_lane, &lanes::Lane::connectionLost, this, &RunPageLoader::connectionLost);
    connect(&m_lane, &lanes::Lane::connectionRestored, this, &RunPageLoader::connectionRestored);
}

int RunPageLoader::loadPage(const store::RunFilter &filter, const store::RunKey &after, int limit) {
    return m_lane.submit([filter, after, limit](PgConnection &conn, PgError *error) {
        // One row more than asked tells whether another page exists.
        PgResult result;
        if (!execute(conn, RunQueries::page(filter, after, limit + 1), &result, error))
            return QVariant();
        Answer answer{Answer::Page, RunQueries::readRows(result), false, {}, {}};
        answer.flag = answer.rows.size() > limit;
        if (answer.flag)
            answer.rows.resize(limit);
        return QVariant::fromValue(answer);
    });
}

int RunPageLoader::loadFirstPage(const store::RunFilter &filter, int limit) {
    return loadPage(filter, {}, limit);
}

int RunPageLoader::loadNextPage(const store::RunFilter &filter, const store::RunKey &after,
                                int limit) {
    return loadPage(filter, after, limit);
}

int RunPageLoader::loadWindow(const store::RunFilter &filter, const store::RunKey &bottom,
                              int limit) {
    return m_lane.submit([filter, bottom, limit](PgConnection &conn, PgError *error) {
        PgResult result;
        if (!execute(conn, RunQueries::window(filter, bottom, limit + 1), &result, error))
            return QVariant();
        Answer answer{Answer::Window, RunQueries::readRows(result), false, {}, {}};
        answer.flag = answer.rows.size() <= limit;
        if (!answer.flag)
            answer.rows.resize(limit);
        return QVariant::fromValue(answer);
    });
}

int RunPageLoader::refreshRows(const store::RunFilter &filter, const QList<qint64> &ids) {
    return m_lane.submit([filter, ids](PgConnection &conn, PgError *error) {
        PgResult result;
        if (!execute(conn, RunQueries::rowsById(filter, ids), &result, error))
            return QVariant();
        return QVariant::fromValue(
            Answer{Answer::Refreshed, RunQueries::readRows(result), false, ids, {}});
    });
}

int RunPageLoader::count(const store::RunFilter &filter, qint64 cap) {
    return m_lane.submit([filter, cap](PgConnection &conn, PgError *error) {
        PgResult capped;
        if (!execute(conn, RunQueries::cappedCount(filter, cap), &capped, error))
            return QVariant();
        const qint64 exact = capped.toInt64(0, 0);
        qint64 estimated = -1;
        if (exact > cap) {
            PgResult plan;
            if (!execute(conn, RunQueries::estimate(filter), &plan, error))
                return QVariant();
            estimated = RunQueries::readEstimate(plan);
        }
        return QVariant::fromValue(
            Answer{Answer::Counted, {}, false, {}, RunQueries::makeCount(exact, cap, estimated)});
    });
}

void RunPageLoader::onFinished(int requestId, const QVariant &value) {
    const Answer answer = value.value<Answer>();
    switch (answer.kind) {
    case Answer::Page:
        emit pageLoaded(requestId, answer.rows, answer.flag);
        break;
    case Answer::Window:
        emit windowLoaded(requestId, answer.rows, answer.flag);
        break;
    case Answer::Refreshed:
        emit rowsRefreshed(requestId, answer.ids, answer.rows);
        break;
    case Answer::Counted:
        emit counted(requestId, answer.count);
        break;
    }
}

void RunPageLoader::onFailed(int requestId, const QString &message, lanes::Failure failure) {
    // The runs list is where a filter can be narrowed: say so (the lane cannot know).
    if (failure == lanes::Failure::TimedOut)
        emit failed(requestId,
                    message + QLatin1Char(' ') + tr("Narrow the filter, or raise the timeout."),
                    failure);
    else
        emit failed(requestId, message, failure);
}

} // namespace dedup::models
