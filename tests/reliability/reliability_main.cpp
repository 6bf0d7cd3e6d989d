// dedup-reliability: the fault-injection suite's full-count runner (docs/RELIABILITY.md).
//
//   dedup-reliability LINE [options]    run one line in a fresh database, print its JSON
//   dedup-reliability report FILE...    the JSON reports as a Markdown table
//
// LINE is duplicates (1), kills (2), fencing (3a), lease-race (3b), forged-writes (3c),
// connection-kills (4), viewer (5a), audit (5b), operator-pairs (6), server-restarts (7),
// failovers-sync (8a) or failovers-async (8b).
// Each line but 7 and 8 gets a fresh database copied from the migrated template of the private
// cluster named by DEDUP_TEST_CLUSTER (tests/reliability/run-all.sh starts one), exactly as
// the ctest tests do with smaller counts; lines 7 and 8 start servers of their own, which they
// crash (8: and fail over to a standby). Exit
// code: 0 when the line held, 1 when it did not, 2 for a usage or set-up error.
#include "AuditImmutability.h"
#include "ConnectionKills.h"
#include "DuplicateDeliveries.h"
#include "Failovers.h"
#include "FencedWorkers.h"
#include "ForgedWrites.h"
#include "LeaseRace.h"
#include "OperatorPairs.h"
#include "ServerRestarts.h"
#include "ViewerPaths.h"
#include "WorkerKills.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>

namespace {

QTextStream &out() {
    static QTextStream stream(stdout);
    return stream;
}
QTextStream &err() {
    static QTextStream stream(stderr);
    return stream;
}

int report(const QStringList &files) {
    out() << "| line | target | trials | faults injected | survived | lost | duplicated | result "
             "| time |\n|---|---|---:|---:|---:|---:|---:|---|---:|\n";
    QList<LineReport> reports;
    for (const QString &file : files) {
        QFile in(file);
        if (!in.open(QIODevice::ReadOnly)) {
            err() << "dedup-reliability: cannot read " << file << Qt::endl;
            return 2;
        }
        const LineReport line =
            LineReport::fromJson(QJsonDocument::fromJson(in.readAll()).object());
        reports << line;
        out() << "| " << line.id << " | " << line.title << " | " << line.trials << " | "
              << line.faults << " | " << line.survived << " | " << line.lost << " | "
              << line.duplicated << " | "
              << (!line.passed()  ? "**FAIL**"
                  : line.measured ? "**pass** (measured)"
                                  : "**pass**")
              << " | " << QString::number(double(line.elapsedMs) / 1000.0, 'f', 1) << " s |\n";
    }
    for (const LineReport &line : std::as_const(reports)) {
        out() << "\n### " << line.id << ": " << line.title << "\n\n";
        for (auto it = line.figures.begin(); it != line.figures.end(); ++it) {
            const QString value = it.value().isString() ? it.value().toString()
                                                        : QString::number(it.value().toInteger());
            out() << "- `" << it.key() << "`: " << value << '\n';
        }
        for (const QString &problem : line.problems)
            out() << "- problem: " << problem << '\n';
    }
    out().flush();
    return 0;
}

// Prints (or writes) the JSON report and a summary; the exit code says whether the line held.
int finish(const QCommandLineParser &parser, const LineReport &result) {
    const QByteArray json = QJsonDocument(result.toJson()).toJson(QJsonDocument::Indented);
    if (parser.isSet(QStringLiteral("out"))) {
        QFile file(parser.value(QStringLiteral("out")));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) < 0) {
            err() << "dedup-reliability: cannot write " << file.fileName() << Qt::endl;
            return 2;
        }
    } else {
        out() << json;
        out().flush();
    }
    err() << "line " << result.id << " (" << result.title << "): " << result.summary() << Qt::endl;
    for (const QString &problem : std::as_const(result.problems))
        err() << "  " << problem << Qt::endl;
    return result.passed() ? 0 : 1;
}

} // namespace

int main(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("dedup-reliability"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Fault-injection suite. LINE: duplicates, kills, fencing, lease-race, "
        "forged-writes, connection-kills, viewer, audit, operator-pairs, server-restarts, "
        "failovers-sync, failovers-async; or "
        "`report FILE...`."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("line"), QStringLiteral("the line to run"));
    const auto option = [&parser](const char *name, const char *help) {
        parser.addOption(QCommandLineOption(QString::fromLatin1(name), QString::fromLatin1(help),
                                            QStringLiteral("n")));
    };
    option("trials", "trials (duplicates: intents; kills: kills; audit, operator-pairs: rounds; "
                     "server-restarts: crashes; failovers-*: failovers)");
    option("seed", "seed of the random choices (default 1)");
    option("copies", "duplicates: concurrent deliveries per intent (default 32)");
    option("intents", "kills: intents per batch (default 400)");
    option("workers", "kills: worker processes (default 4)");
    parser.addOption(QCommandLineOption(QStringLiteral("dedupctl"),
                                        QStringLiteral("kills: the dedupctl binary"),
                                        QStringLiteral("path"), QStringLiteral(DEDUPCTL_PATH)));
    parser.addOption(QCommandLineOption(QStringLiteral("out"),
                                        QStringLiteral("write the JSON report to this file"),
                                        QStringLiteral("file")));
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty()) {
        parser.showHelp(2);
    }
    if (args.first() == QLatin1String("report"))
        return report(args.mid(1));

    const auto number = [&parser](const char *name, int fallback) {
        const QString text = parser.value(QString::fromLatin1(name));
        bool ok = false;
        const int value = text.toInt(&ok);
        return text.isEmpty() ? fallback : (ok && value > 0 ? value : -1);
    };
    const int seed = number("seed", 1);
    if (seed < 0 || number("trials", 1) < 0 || number("copies", 1) < 0 ||
        number("intents", 1) < 0 || number("workers", 1) < 0) {
        err() << "dedup-reliability: the numbers must be positive integers" << Qt::endl;
        return 2;
    }

    const QString line = args.first();
    LineReport result;
    if (line == QLatin1String("server-restarts")) {
        ServerRestarts::Options o;
        o.restarts = number("trials", o.restarts);
        o.seed = quint32(seed);
        return finish(parser, ServerRestarts::run(o));
    }
    if (line == QLatin1String("failovers-sync") || line == QLatin1String("failovers-async")) {
        Failovers::Options o;
        o.synchronous = line == QLatin1String("failovers-sync");
        o.failovers = number("trials", o.failovers);
        o.seed = quint32(seed);
        return finish(parser, Failovers::run(o));
    }

    TestDatabase db;
    if (!db.isValid()) {
        err() << "dedup-reliability: " << db.error() << Qt::endl;
        return 2;
    }
    // the store's grants the roles of ReliabilityTarget act under (0010_access.sql)
    if (const QString error = db.grantTestLogins(); !error.isEmpty()) {
        err() << "dedup-reliability: " << error << Qt::endl;
        return 2;
    }
    const ReliabilityTarget target = ReliabilityTarget::of(db);
    if (line == QLatin1String("duplicates")) {
        DuplicateDeliveries::Options o;
        o.intents = number("trials", o.intents);
        o.copies = number("copies", o.copies);
        o.seed = quint32(seed);
        result = DuplicateDeliveries::run(target, o);
    } else if (line == QLatin1String("kills")) {
        WorkerKills::Options o;
        o.dedupctl = parser.value(QStringLiteral("dedupctl"));
        o.kills = number("trials", o.kills);
        o.intents = number("intents", o.intents);
        o.workers = number("workers", o.workers);
        o.seed = quint32(seed);
        result = WorkerKills::run(target, o);
    } else if (line == QLatin1String("fencing")) {
        result = FencedWorkers::run(target, {number("trials", 1000), quint32(seed)});
    } else if (line == QLatin1String("lease-race")) {
        result = LeaseRace::run(target, {number("trials", 1000), quint32(seed)});
    } else if (line == QLatin1String("forged-writes")) {
        result = ForgedWrites::run(target, {number("trials", 1000), quint32(seed)});
    } else if (line == QLatin1String("connection-kills")) {
        result = ConnectionKills::run(target, {number("trials", 100), quint32(seed)});
    } else if (line == QLatin1String("viewer")) {
        result = ViewerPaths::run(target, {});
    } else if (line == QLatin1String("audit")) {
        result = AuditImmutability::run(target, {number("trials", 20), quint32(seed)});
    } else if (line == QLatin1String("operator-pairs")) {
        result = OperatorPairs::run(target, {number("trials", 10), quint32(seed)});
    } else {
        err() << "dedup-reliability: unknown line " << line << Qt::endl;
        return 2;
    }
    return finish(parser, result);
}
