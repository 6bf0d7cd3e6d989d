#include "ExportMeasure.h"

#include <QElapsedTimer>
#include <QIODevice>

#include <cstdio>
#include <libpq-fe.h>
#include <sys/resource.h>

namespace bench {

using dedup::store::PgResult;

namespace {

// /dev/null that counts what it is given (a QFile on a character device cannot tell).
class NullDevice : public QIODevice {
public:
    qint64 written = 0;

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override {
        if (!m_null)
            m_null = std::fopen("/dev/null", "wb");
        std::fwrite(data, 1, size_t(size), m_null);
        written += size;
        return size;
    }

public:
    ~NullDevice() override {
        if (m_null)
            std::fclose(m_null);
    }

private:
    FILE *m_null = nullptr;
};

} // namespace

QJsonObject ExportFigure::toJson() const {
    return {{QStringLiteral("name"), name},
            {QStringLiteral("rows"), rows},
            {QStringLiteral("bytes"), bytes},
            {QStringLiteral("seconds"), seconds},
            {QStringLiteral("rows_per_second"), rowsPerSecond()},
            {QStringLiteral("peak_rss_kb"), peakRssKb},
            {QStringLiteral("error"), error}};
}

ExportMeasure::ExportMeasure(dedup::store::PgConnection &conn)
    : m_conn(conn) {}

qint64 ExportMeasure::peakRssKb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss; // kilobytes on Linux
}

ExportFigure ExportMeasure::rawCopy(const QString &name, const QString &copySql,
                                    const QString &setupSql) {
    ExportFigure figure;
    figure.name = name;
    // The same snapshot and settings as the exporter's transaction.
    PgResult begin = m_conn.exec(QStringLiteral("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"));
    if (!setupSql.isEmpty() && begin.ok())
        begin = m_conn.exec(setupSql);
    if (!begin.ok()) {
        figure.error = begin.error().toString();
        m_conn.exec(QStringLiteral("ROLLBACK"));
        return figure;
    }
    FILE *null = std::fopen("/dev/null", "wb");
    QElapsedTimer timer;
    timer.start();
    PGconn *conn = m_conn.handle();
    PGresult *started = PQexec(conn, copySql.toUtf8().constData());
    if (PQresultStatus(started) != PGRES_COPY_OUT) {
        figure.error = QString::fromUtf8(PQresultErrorMessage(started)).trimmed();
        PQclear(started);
        std::fclose(null);
        m_conn.exec(QStringLiteral("ROLLBACK"));
        return figure;
    }
    PQclear(started);
    qint64 rows = -1; // the header line
    for (;;) {
        char *row = nullptr;
        const int size = PQgetCopyData(conn, &row, 0);
        if (size < 0)
            break;
        std::fwrite(row, 1, size_t(size), null);
        figure.bytes += size;
        ++rows;
        PQfreemem(row);
    }
    while (PGresult *rest = PQgetResult(conn)) {
        if (PQresultStatus(rest) != PGRES_COMMAND_OK)
            figure.error = QString::fromUtf8(PQresultErrorMessage(rest)).trimmed();
        PQclear(rest);
    }
    figure.seconds = double(timer.nsecsElapsed()) / 1e9;
    std::fclose(null);
    m_conn.exec(QStringLiteral("COMMIT"));
    figure.rows = rows;
    figure.peakRssKb = peakRssKb();
    return figure;
}

ExportFigure ExportMeasure::exporter(const QString &name, const dedup::store::ReportSpec &spec,
                                     dedup::store::ReportSection section,
                                     dedup::store::ReportFormat format) {
    ExportFigure figure;
    figure.name = name;
    NullDevice null;
    null.open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    dedup::store::ReportExporter exporter(m_conn);
    QElapsedTimer timer;
    timer.start();
    const auto result = exporter.exportTo(null, spec, section, format);
    figure.seconds = double(timer.nsecsElapsed()) / 1e9;
    if (!result.ok()) {
        figure.error = result.error().toString();
        return figure;
    }
    figure.rows = result.value();
    figure.bytes = null.written;
    figure.peakRssKb = peakRssKb();
    return figure;
}

} // namespace bench
