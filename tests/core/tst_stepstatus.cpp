#include "core/StepStatus.h"

#include <QSet>
#include <QTest>

using namespace dedup::core;
using namespace Qt::StringLiterals;

namespace {

// The lifecycle written out independently of the library's table.
const QStringList kNames = {u"pending"_s, u"in_progress"_s, u"done"_s,
                            u"failed"_s,  u"uncertain"_s,   u"skipped"_s};

const QSet<QString> kLegal = {
    u"pending->in_progress"_s, u"pending->skipped"_s,       u"in_progress->done"_s,
    u"in_progress->failed"_s,  u"in_progress->uncertain"_s, u"failed->in_progress"_s,
    u"failed->skipped"_s,      u"uncertain->in_progress"_s, u"uncertain->done"_s,
    u"uncertain->skipped"_s,
};

StepStatus parse(const QString &name) {
    const std::optional<StepStatus> status = stepStatusFromString(name);
    if (!status)
        qFatal("test data names an unknown step status");
    return *status;
}

QStringList names(const QList<StepStatus> &statuses) {
    QStringList result;
    for (StepStatus status : statuses)
        result.append(toString(status));
    return result;
}

} // namespace

class TestStepStatus : public QObject {
    Q_OBJECT

private slots:
    void allStatusesInContractOrder() { QCOMPARE(names(allStepStatuses()), kNames); }

    void roundTrip_data() {
        QTest::addColumn<QString>("name");
        for (const QString &name : kNames)
            QTest::newRow(qPrintable(name)) << name;
    }
    void roundTrip() {
        QFETCH(QString, name);
        const std::optional<StepStatus> status = stepStatusFromString(name);
        QVERIFY(status.has_value());
        QCOMPARE(toString(*status), name);
    }

    void fromStringRejectsUnknown_data() {
        QTest::addColumn<QString>("name");
        for (const QString &name :
             {u""_s, u"Pending"_s, u"DONE"_s, u"in-progress"_s, u"inProgress"_s, u"in progress"_s,
              u" done"_s, u"done "_s, u"processing"_s, u"succeeded"_s, u"cancelled"_s, u"unknown"_s,
              u"skip"_s})
            QTest::newRow(qPrintable(u'"' + name + u'"')) << name;
    }
    void fromStringRejectsUnknown() {
        QFETCH(QString, name);
        QVERIFY(!stepStatusFromString(name).has_value());
    }

    void terminal_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("terminal");
        for (const QString &name : kNames)
            QTest::newRow(qPrintable(name)) << name << (name == u"done"_s || name == u"skipped"_s);
    }
    void terminal() {
        QFETCH(QString, name);
        QFETCH(bool, terminal);
        QCOMPARE(isTerminal(parse(name)), terminal);
    }

    // Every ordered pair: all legal transitions and all illegal ones.
    void transitions_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("legal");
        for (const QString &from : kNames) {
            for (const QString &to : kNames) {
                const QString row = from + u"->"_s + to;
                QTest::newRow(qPrintable(row)) << from << to << kLegal.contains(row);
            }
        }
    }
    void transitions() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, legal);
        QCOMPARE(canTransition(parse(from), parse(to)), legal);
        QCOMPARE(allowedTransitions(parse(from)).contains(parse(to)), legal);
    }

    void allowedTargets_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QStringList>("targets");
        QTest::newRow("pending") << u"pending"_s << QStringList{u"in_progress"_s, u"skipped"_s};
        QTest::newRow("in_progress")
            << u"in_progress"_s << QStringList{u"done"_s, u"failed"_s, u"uncertain"_s};
        QTest::newRow("done") << u"done"_s << QStringList{};
        QTest::newRow("failed") << u"failed"_s << QStringList{u"in_progress"_s, u"skipped"_s};
        QTest::newRow("uncertain")
            << u"uncertain"_s << QStringList{u"in_progress"_s, u"done"_s, u"skipped"_s};
        QTest::newRow("skipped") << u"skipped"_s << QStringList{};
    }
    void allowedTargets() {
        QFETCH(QString, from);
        QFETCH(QStringList, targets);
        QCOMPARE(names(allowedTransitions(parse(from))), targets);
        QCOMPARE(isTerminal(parse(from)), targets.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestStepStatus)
#include "tst_stepstatus.moc"
