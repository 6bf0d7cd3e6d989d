#include "core/RunStatus.h"

#include <QSet>
#include <QTest>

using namespace dedup::core;
using namespace Qt::StringLiterals;

namespace {

// The lifecycle written out independently of the library's table: if either changes alone,
// the transitions test fails.
const QStringList kNames = {u"processing"_s, u"succeeded"_s, u"failed"_s, u"manual_review"_s,
                            u"cancelled"_s};

const QSet<QString> kLegal = {
    u"processing->processing"_s,    u"processing->succeeded"_s,    u"processing->failed"_s,
    u"processing->manual_review"_s, u"processing->cancelled"_s,    u"failed->processing"_s,
    u"failed->manual_review"_s,     u"failed->cancelled"_s,        u"manual_review->processing"_s,
    u"manual_review->succeeded"_s,  u"manual_review->cancelled"_s,
};

RunStatus parse(const QString &name) {
    const std::optional<RunStatus> status = runStatusFromString(name);
    if (!status)
        qFatal("test data names an unknown run status");
    return *status;
}

QStringList names(const QList<RunStatus> &statuses) {
    QStringList result;
    for (RunStatus status : statuses)
        result.append(toString(status));
    return result;
}

} // namespace

class TestRunStatus : public QObject {
    Q_OBJECT

private slots:
    void allStatusesInContractOrder() { QCOMPARE(names(allRunStatuses()), kNames); }

    void roundTrip_data() {
        QTest::addColumn<QString>("name");
        for (const QString &name : kNames)
            QTest::newRow(qPrintable(name)) << name;
    }
    void roundTrip() {
        QFETCH(QString, name);
        const std::optional<RunStatus> status = runStatusFromString(name);
        QVERIFY(status.has_value());
        QCOMPARE(toString(*status), name);
    }

    void fromStringRejectsUnknown_data() {
        QTest::addColumn<QString>("name");
        for (const QString &name :
             {u""_s, u"Processing"_s, u"PROCESSING"_s, u" processing"_s, u"processing "_s,
              u"manual-review"_s, u"manualReview"_s, u"manual review"_s, u"new"_s, u"done"_s,
              u"pending"_s, u"canceled"_s, u"success"_s, u"processing\n"_s})
            QTest::newRow(qPrintable(u'"' + name + u'"')) << name;
    }
    void fromStringRejectsUnknown() {
        QFETCH(QString, name);
        QVERIFY(!runStatusFromString(name).has_value());
    }

    void terminal_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("terminal");
        QTest::newRow("processing") << u"processing"_s << false;
        QTest::newRow("succeeded") << u"succeeded"_s << true;
        QTest::newRow("failed") << u"failed"_s << false;
        QTest::newRow("manual_review") << u"manual_review"_s << false;
        QTest::newRow("cancelled") << u"cancelled"_s << true;
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
        QTest::newRow("processing") << u"processing"_s
                                    << QStringList{u"processing"_s, u"succeeded"_s, u"failed"_s,
                                                   u"manual_review"_s, u"cancelled"_s};
        QTest::newRow("succeeded") << u"succeeded"_s << QStringList{};
        QTest::newRow("failed") << u"failed"_s
                                << QStringList{u"processing"_s, u"manual_review"_s, u"cancelled"_s};
        QTest::newRow("manual_review")
            << u"manual_review"_s << QStringList{u"processing"_s, u"succeeded"_s, u"cancelled"_s};
        QTest::newRow("cancelled") << u"cancelled"_s << QStringList{};
    }
    void allowedTargets() {
        QFETCH(QString, from);
        QFETCH(QStringList, targets);
        QCOMPARE(names(allowedTransitions(parse(from))), targets);
        // A status is terminal exactly when nothing leaves it.
        QCOMPARE(isTerminal(parse(from)), targets.isEmpty());
    }

    void startAs_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("allowed");
        for (const QString &name : kNames)
            QTest::newRow(qPrintable(name)) << name << (name == u"processing"_s);
    }
    void startAs() {
        QFETCH(QString, name);
        QFETCH(bool, allowed);
        QCOMPARE(canStartAs(parse(name)), allowed);
    }
};

QTEST_GUILESS_MAIN(TestRunStatus)
#include "tst_runstatus.moc"
