#pragma once

#include <QJsonObject>
#include <QString>

namespace bench {

// The measurements of bench_browse that need a process of their own, so that one side's
// peak memory (VmHWM) cannot hide the other's: bench_browse re-executes itself with
// `--child MODE --input IN.json --output OUT.json`.
//
//   model: RunListModel (its loader thread and connection, as the console runs it): for each
//          case, the time from setFilter() to the first rows in the model and to the count;
//          then paging through the whole list up to maxRows (20,000) by fetchMore(); the
//          process's peak RSS after that.
//   qsql:  QSqlQueryModel with the QPSQL driver on one naive query (the same conditions,
//          no LIMIT): the time until setQuery() returns, then until the first 200 rows'
//          cells have been read (what a view shows first); the process's peak RSS.
namespace child {

QJsonObject model(const QJsonObject &input);
QJsonObject qsql(const QJsonObject &input);

// Runs `mode` in a child process (this executable); its output, or an empty object and
// `error`.
QJsonObject run(const QString &mode, const QJsonObject &input, int timeoutMs, QString *error);

// A field of /proc/self/status in kB ("VmHWM", "VmRSS"); -1 when unreadable.
qint64 statusKb(const char *field);
// A field of /proc/meminfo in kB ("MemAvailable"); -1 when unreadable.
qint64 memInfoKb(const char *field);

} // namespace child

} // namespace bench
