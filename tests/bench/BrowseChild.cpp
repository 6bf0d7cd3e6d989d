#include "BrowseChild.h"

#include "BrowseCases.h"
#include "Percentiles.h"
#include "Repetitions.h"
#include "models/RunListModel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlQueryModel>
#include <QTemporaryDir>
#include <QTimer>

#include <chrono>
#include <functional>
#include <vector>

namespace bench::child {

using dedup::models::RunListModel;

namespace {

using Clock = std::chrono::steady_clock;

double microsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

qint64 fieldKb(const QString &path, const char *field) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) // /proc files report size 0: read them whole
        return -1;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : file.readAll().split('\n'))
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

// Runs the event loop until `done()` or `timeoutMs`; the model's signals wake it up, so the
// time the answer arrived is measured, not a polling interval.
bool waitFor(RunListModel &model, const std::function<bool()> &done, int timeoutMs) {
    if (done())
        return true;
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    const auto check = [&] {
        if (done())
            loop.quit();
    };
    const QList<QMetaObject::Connection> connections{
        QObject::connect(&model, &RunListModel::pageLoaded, &loop, check),
        QObject::connect(&model, &RunListModel::countChanged, &loop, check),
        QObject::connect(&model, &RunListModel::errorOccurred, &loop, check),
        QObject::connect(&model, &RunListModel::loadingChanged, &loop, check)};
    timeout.start(timeoutMs);
    loop.exec();
    for (const QMetaObject::Connection &connection : connections)
        QObject::disconnect(connection);
    return done();
}

} // namespace

qint64 statusKb(const char *field) {
    return fieldKb(QStringLiteral("/proc/self/status"), field);
}

qint64 memInfoKb(const char *field) {
    return fieldKb(QStringLiteral("/proc/meminfo"), field);
}

QJsonObject model(const QJsonObject &input) {
    QJsonObject output{{QStringLiteral("rss_at_start_kb"), statusKb("VmRSS")}};
    const int repeats = input.value(QStringLiteral("repeats")).toInt(30);
    const qint64 budgetMs = input.value(QStringLiteral("budget_ms")).toInteger(20000);
    const int timeoutMs = 120000;
    RunListModel model(input.value(QStringLiteral("conninfo")).toString());
    model.setCountCap(input.value(QStringLiteral("count_cap")).toInteger(10000));
    // As the console does for a login limited to a scope prefix.
    const QString readPrefix = input.value(QStringLiteral("read_scope_prefix")).toString();
    if (!readPrefix.isEmpty())
        model.setReadRegions(dedup::store::ReadRegions{{std::nullopt, readPrefix}});
    int pages = 0;
    QString error;
    QObject::connect(&model, &RunListModel::pageLoaded, &model, [&pages] { ++pages; });
    QObject::connect(&model, &RunListModel::errorOccurred, &model,
                     [&error](const QString &message) { error = message; });
    const auto fail = [&output, &error](const QString &what) {
        output.insert(QStringLiteral("error"),
                      what + (error.isEmpty() ? QString() : QStringLiteral(": ") + error));
        return output;
    };
    // One filter shown: the time to its first rows, then to its count.
    const auto show = [&](const dedup::store::RunFilter &filter, double *firstRows,
                          double *counted) {
        const int before = pages;
        const Clock::time_point start = Clock::now();
        if (!model.setFilter(filter))
            return false;
        if (!waitFor(
                model, [&] { return pages > before || !error.isEmpty(); }, timeoutMs) ||
            !error.isEmpty())
            return false;
        *firstRows = microsSince(start);
        if (!waitFor(
                model, [&] { return !model.countText().isEmpty() || !error.isEmpty(); },
                timeoutMs) ||
            !error.isEmpty())
            return false;
        *counted = microsSince(start);
        return true;
    };

    QJsonArray cases;
    for (const QJsonValue &value : input.value(QStringLiteral("cases")).toArray()) {
        const QJsonObject spec = value.toObject();
        QList<dedup::store::RunFilter> filters;
        for (const QJsonValue &filter : spec.value(QStringLiteral("filters")).toArray())
            filters << BrowseCases::filterFromJson(filter.toObject());
        const bool lookup = filters.size() > 1;
        std::vector<double> firstRows, counts;
        double first = 0, counted = 0;
        for (const auto &filter : filters) // warm-up (and the connection's first use)
            if (!show(filter, &first, &counted))
                return fail(spec.value(QStringLiteral("name")).toString());
        const Repetitions repetitions(lookup ? int(filters.size()) : repeats, budgetMs);
        for (int i = 0; repetitions.more(i); ++i) {
            if (!show(filters.at(lookup ? i : 0), &first, &counted))
                return fail(spec.value(QStringLiteral("name")).toString());
            firstRows.push_back(first);
            counts.push_back(counted);
        }
        cases.append(
            QJsonObject{{QStringLiteral("name"), spec.value(QStringLiteral("name"))},
                        {QStringLiteral("first_rows"), Percentiles::of(firstRows).toJson()},
                        {QStringLiteral("count_shown"), Percentiles::of(counts).toJson()},
                        {QStringLiteral("rows"), model.rowCount()}});
    }
    output.insert(QStringLiteral("cases"), cases);
    output.insert(QStringLiteral("rss_after_cases_kb"), statusKb("VmRSS"));

    // Paging through the unfiltered list to maxRows, page by page as a view's fetchMore()
    // asks for them, a few times (each from a reset).
    const int pageThroughs = input.value(QStringLiteral("page_throughs")).toInt(3);
    std::vector<double> wholeRuns, pageTimes;
    for (int round = 0; round < pageThroughs; ++round) {
        double first = 0, counted = 0;
        const Clock::time_point start = Clock::now();
        if (!show(dedup::store::RunFilter{}, &first, &counted))
            return fail(QStringLiteral("page through"));
        pageTimes.push_back(first);
        while (model.canFetchMore({})) {
            const int before = pages;
            const Clock::time_point pageStart = Clock::now();
            model.fetchMore({});
            if (!waitFor(
                    model, [&] { return pages > before || !error.isEmpty(); }, timeoutMs) ||
                !error.isEmpty())
                return fail(QStringLiteral("page through"));
            pageTimes.push_back(microsSince(pageStart));
        }
        wholeRuns.push_back(microsSince(start));
    }
    output.insert(QStringLiteral("page_through"),
                  QJsonObject{{QStringLiteral("rows"), model.rowCount()},
                              {QStringLiteral("max_rows"), model.maxRows()},
                              {QStringLiteral("truncated"), model.isTruncated()},
                              {QStringLiteral("count_text"), model.countText()},
                              {QStringLiteral("whole_list"), Percentiles::of(wholeRuns).toJson()},
                              {QStringLiteral("page"), Percentiles::of(pageTimes).toJson()}});
    output.insert(QStringLiteral("vm_hwm_kb"), statusKb("VmHWM"));
    output.insert(QStringLiteral("vm_rss_kb"), statusKb("VmRSS"));
    return output;
}

QJsonObject qsql(const QJsonObject &input) {
    QJsonObject output{{QStringLiteral("rss_at_start_kb"), statusKb("VmRSS")}};
    const QString connectionName = QStringLiteral("bench");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connectionName);
        db.setHostName(input.value(QStringLiteral("host")).toString());
        db.setPort(input.value(QStringLiteral("port")).toInt());
        db.setUserName(input.value(QStringLiteral("user")).toString());
        db.setDatabaseName(input.value(QStringLiteral("dbname")).toString());
        if (!db.open()) {
            output.insert(QStringLiteral("error"), db.lastError().text());
            return output;
        }
        const QString sql = input.value(QStringLiteral("sql")).toString();
        const QJsonArray params = input.value(QStringLiteral("params")).toArray();
        const qint64 budgetMs = input.value(QStringLiteral("budget_ms")).toInteger(20000);
        const int maxRepeats = input.value(QStringLiteral("max_repeats")).toInt(30);
        QSqlQueryModel model;
        std::vector<double> setQueryTimes, screenTimes;
        double firstSetQuery = 0, firstScreen = 0;
        qint64 cells = 0;
        QElapsedTimer budget;
        budget.start();
        // The first run warms up; then repeats while the budget lasts.
        for (int i = 0; i <= maxRepeats && (i < 2 || budget.elapsed() < budgetMs); ++i) {
            model.clear(); // the previous result goes first: one result at a time in memory
            const Clock::time_point start = Clock::now();
            QSqlQuery query(db);
            if (!query.prepare(sql)) {
                output.insert(QStringLiteral("error"), query.lastError().text());
                return output;
            }
            for (const QJsonValue &param : params)
                query.addBindValue(param.isNull() ? QVariant() : QVariant(param.toString()));
            if (!query.exec()) {
                output.insert(QStringLiteral("error"), query.lastError().text());
                return output;
            }
            model.setQuery(std::move(query));
            const double setQueryTime = microsSince(start);
            if (model.lastError().isValid()) {
                output.insert(QStringLiteral("error"), model.lastError().text());
                return output;
            }
            const int screenRows = qMin(model.rowCount(), BrowseCases::PageSize);
            for (int row = 0; row < screenRows; ++row)
                for (int column = 0; column < model.columnCount(); ++column)
                    cells += model.data(model.index(row, column)).isValid() ? 1 : 0;
            const double screenTime = microsSince(start);
            if (i == 0) {
                firstSetQuery = setQueryTime;
                firstScreen = screenTime;
                // A query too long to repeat within the budget is measured once.
                if (budget.elapsed() * 2 > budgetMs)
                    break;
            } else {
                setQueryTimes.push_back(setQueryTime);
                screenTimes.push_back(screenTime);
            }
        }
        output.insert(QStringLiteral("rows"), model.rowCount());
        output.insert(QStringLiteral("columns"), model.columnCount());
        output.insert(QStringLiteral("cells_read"), cells);
        output.insert(QStringLiteral("first_set_query_ms"), firstSetQuery / 1000.0);
        output.insert(QStringLiteral("first_screen_ms"), firstScreen / 1000.0);
        output.insert(QStringLiteral("set_query"), Percentiles::of(setQueryTimes).toJson());
        output.insert(QStringLiteral("first_screen"), Percentiles::of(screenTimes).toJson());
        output.insert(QStringLiteral("vm_hwm_kb"), statusKb("VmHWM"));
        output.insert(QStringLiteral("vm_rss_kb"), statusKb("VmRSS"));
        model.clear();
        db.close();
    }
    QSqlDatabase::removeDatabase(connectionName);
    return output;
}

QJsonObject run(const QString &mode, const QJsonObject &input, int timeoutMs, QString *error) {
    QTemporaryDir dir;
    if (!dir.isValid()) {
        *error = QStringLiteral("cannot create a temporary directory");
        return {};
    }
    const QString inPath = dir.filePath(QStringLiteral("in.json"));
    const QString outPath = dir.filePath(QStringLiteral("out.json"));
    QFile in(inPath);
    if (!in.open(QIODevice::WriteOnly) || in.write(QJsonDocument(input).toJson()) < 0) {
        *error = QStringLiteral("cannot write %1").arg(inPath);
        return {};
    }
    in.close();
    QProcess process;
    process.setProgram(QCoreApplication::applicationFilePath());
    process.setArguments({QStringLiteral("--child"), mode, QStringLiteral("--input"), inPath,
                          QStringLiteral("--output"), outPath});
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.start();
    if (!process.waitForStarted(10000) || !process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        *error = QStringLiteral("child %1 did not finish in time").arg(mode);
        return {};
    }
    QFile out(outPath);
    if (process.exitStatus() != QProcess::NormalExit || !out.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("child %1 failed (exit code %2)").arg(mode).arg(process.exitCode());
        return {};
    }
    const QJsonObject output = QJsonDocument::fromJson(out.readAll()).object();
    if (output.contains(QStringLiteral("error")))
        *error = QStringLiteral("child %1: %2")
                     .arg(mode, output.value(QStringLiteral("error")).toString());
    return output;
}

} // namespace bench::child
