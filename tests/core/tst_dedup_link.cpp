// dedup:// links (core::DedupLink, docs/CONSOLE.md "Links"): what they say, that every link
// reads back as itself, and that anything else is refused with a reason instead of guessed.
#include "core/DedupLink.h"

#include <QTest>

using dedup::core::DedupLink;
using dedup::core::RunStatus;
using namespace Qt::StringLiterals;

namespace {
const QUuid Store = QUuid::fromString(QStringLiteral("0b6c4f7e-2d1a-4c55-9e61-3f0a9b8c7d11"));
const QString Prefix = QStringLiteral("dedup://0b6c4f7e-2d1a-4c55-9e61-3f0a9b8c7d11");
} // namespace

class TestDedupLink : public QObject {
    Q_OBJECT

private slots:
    void written_data() {
        QTest::addColumn<DedupLink>("link");
        QTest::addColumn<QString>("text");
        QTest::newRow("run") << DedupLink::run(Store, 42) << Prefix + u"/run/42"_s;
        QTest::newRow("correlation")
            << DedupLink::correlationOf(Store, 7) << Prefix + u"/run/7/correlation"_s;
        QTest::newRow("key") << DedupLink::keyOf(Store, 7) << Prefix + u"/run/7/key"_s;
        QTest::newRow("stuck") << DedupLink::view(Store, DedupLink::Target::Stuck)
                               << Prefix + u"/stuck"_s;
        QTest::newRow("review") << DedupLink::view(Store, DedupLink::Target::Review)
                                << Prefix + u"/review"_s;
        QTest::newRow("workflows")
            << DedupLink::view(Store, DedupLink::Target::Workflows) << Prefix + u"/workflows"_s;
        QTest::newRow("all runs") << DedupLink::view(Store, DedupLink::Target::Runs)
                                  << Prefix + u"/runs"_s;
        DedupLink filtered = DedupLink::view(Store, DedupLink::Target::Runs);
        filtered.statuses = {RunStatus::Processing, RunStatus::Failed};
        filtered.workflow = QStringLiteral("billing");
        filtered.scope = QStringLiteral("clinic 1/a&b=c+d%");
        filtered.range = DedupLink::Range::Last24Hours;
        QTest::newRow("filtered") << filtered
                                  << Prefix +
                                         u"/runs?status=processing&status=failed&workflow=billing"
                                         u"&scope=clinic%201%2Fa%26b%3Dc%2Bd%25&range=24h"_s;
        DedupLink window = DedupLink::view(Store, DedupLink::Target::Runs);
        window.from = QDateTime(QDate(2026, 12, 4), QTime(6, 0), Qt::UTC);
        window.to = QDateTime(QDate(2026, 12, 4), QTime(7, 30, 0, 250), Qt::UTC);
        window.workflow = QStringLiteral("Überweisung");
        QTest::newRow("custom window")
            << window
            << Prefix + u"/runs?workflow=%C3%9Cberweisung&from=2026-12-04T06%3A00%3A00.000Z"_s
                        u"&to=2026-12-04T07%3A30%3A00.250Z"_s;
        DedupLink stuck = DedupLink::view(Store, DedupLink::Target::Stuck);
        stuck.stuckThreshold = 60;
        QTest::newRow("stuck over an hour") << stuck << Prefix + u"/stuck?threshold=60"_s;
        stuck.stuckThreshold = 0;
        QTest::newRow("stuck: expired leases only") << stuck << Prefix + u"/stuck?threshold=0"_s;
        stuck.stuckThreshold = DedupLink::MaxStuckThreshold;
        QTest::newRow("stuck: the longest threshold")
            << stuck << Prefix + u"/stuck?threshold=10080"_s;
        DedupLink review = DedupLink::view(Store, DedupLink::Target::Review);
        review.workflow = QStringLiteral("billing");
        review.scope = QStringLiteral("clinic 1&2");
        review.assignee = DedupLink::Assignee::Me;
        QTest::newRow("review filtered")
            << review << Prefix + u"/review?workflow=billing&scope=clinic%201%262&assignee=me"_s;
        review = DedupLink::view(Store, DedupLink::Target::Review);
        review.assignee = DedupLink::Assignee::Nobody;
        QTest::newRow("review unassigned") << review << Prefix + u"/review?assignee=nobody"_s;
        QTest::newRow("audit") << DedupLink::view(Store, DedupLink::Target::Audit)
                               << Prefix + u"/audit"_s;
        DedupLink audit = DedupLink::view(Store, DedupLink::Target::Audit);
        audit.auditRun = 42;
        audit.action = QStringLiteral("op_cancel");
        audit.role = QStringLiteral("alice@example");
        audit.outcome = QStringLiteral("changed");
        audit.auditRange = DedupLink::AuditRange::Last30Days;
        QTest::newRow("audit filtered")
            << audit
            << Prefix + u"/audit?run=42&action=op_cancel&role=alice%40example&outcome=changed"_s
                        u"&range=30d"_s;
        for (const auto &[range, name] : {std::pair{DedupLink::AuditRange::LastHour, u"1h"_s},
                                          std::pair{DedupLink::AuditRange::Last24Hours, u"24h"_s},
                                          std::pair{DedupLink::AuditRange::Last7Days, u"7d"_s}}) {
            DedupLink ranged = DedupLink::view(Store, DedupLink::Target::Audit);
            ranged.auditRange = range;
            QTest::addRow("audit range %s", qPrintable(name))
                << ranged << Prefix + u"/audit?range="_s + name;
        }
    }
    void written() {
        QFETCH(DedupLink, link);
        QFETCH(QString, text);
        QCOMPARE(link.toString(), text);
        const auto parsed = DedupLink::parse(text);
        QVERIFY2(parsed.ok(), qPrintable(parsed.errorMessage()));
        QCOMPARE(parsed.value(), link);
    }

    void readLeniently_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("upper-case scheme and store")
            << QStringLiteral("DEDUP://0B6C4F7E-2D1A-4C55-9E61-3F0A9B8C7D11/run/42")
            << Prefix + u"/run/42"_s;
        QTest::newRow("surrounding blanks")
            << u"  "_s + Prefix + u"/stuck\n"_s << Prefix + u"/stuck"_s;
        QTest::newRow("statuses in any order, repeated")
            << Prefix + u"/runs?status=failed&status=processing&status=failed"_s
            << Prefix + u"/runs?status=processing&status=failed"_s;
        QTest::newRow("a time with an offset")
            << Prefix + u"/runs?from=2026-12-04T07:00:00%2B01:00"_s
            << Prefix + u"/runs?from=2026-12-04T06%3A00%3A00.000Z"_s;
        // The default threshold is the link without one.
        QTest::newRow("stuck at the default threshold")
            << Prefix + u"/stuck?threshold=15"_s << Prefix + u"/stuck"_s;
        QTest::newRow("review parameters in any order")
            << Prefix + u"/review?assignee=nobody&scope=c&workflow=w"_s
            << Prefix + u"/review?workflow=w&scope=c&assignee=nobody"_s;
        QTest::newRow("audit parameters in any order")
            << Prefix + u"/audit?range=1h&outcome=applied&run=7"_s
            << Prefix + u"/audit?run=7&outcome=applied&range=1h"_s;
    }
    void readLeniently() {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        const auto parsed = DedupLink::parse(text);
        QVERIFY2(parsed.ok(), qPrintable(parsed.errorMessage()));
        QCOMPARE(parsed.value().toString(), canonical);
    }

    void refused_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<DedupLink::Error>("error");
        QTest::addColumn<QString>("says");
        using E = DedupLink::Error;
        QTest::newRow("empty") << QString() << E::NotALink << u"not a dedup:// link"_s;
        QTest::newRow("http") << u"https://example.org/run/1"_s << E::NotALink
                              << u"not a dedup:// link"_s;
        QTest::newRow("host name, not a store id")
            << u"dedup://db.example.org/run/1"_s << E::BadStore << u"store's id"_s;
        QTest::newRow("port") << u"dedup://0b6c4f7e-2d1a-4c55-9e61-3f0a9b8c7d11:5432/run/1"_s
                              << E::BadStore << u"store's id"_s;
        QTest::newRow("user") << u"dedup://alice@0b6c4f7e-2d1a-4c55-9e61-3f0a9b8c7d11/stuck"_s
                              << E::BadStore << u"store's id"_s;
        QTest::newRow("no target") << Prefix << E::UnknownTarget << u"names nothing"_s;
        QTest::newRow("unknown view")
            << Prefix + u"/keys"_s << E::UnknownTarget << u"names nothing"_s;
        QTest::newRow("unknown run page")
            << Prefix + u"/run/4/steps"_s << E::UnknownTarget << u"\"steps\""_s;
        QTest::newRow("a key's page with the key")
            << Prefix + u"/run/4/key?key=patient:MRN-1"_s << E::BadParameter << u"no parameters"_s;
        QTest::newRow("a key's page by the key")
            << Prefix + u"/run/patient:MRN-1/key"_s << E::BadRunId << u"not a run id"_s;
        QTest::newRow("run id zero") << Prefix + u"/run/0"_s << E::BadRunId << u"not a run id"_s;
        QTest::newRow("run id negative")
            << Prefix + u"/run/-3"_s << E::BadRunId << u"not a run id"_s;
        QTest::newRow("run id with a sign")
            << Prefix + u"/run/+3"_s << E::BadRunId << u"not a run id"_s;
        QTest::newRow("run id too large")
            << Prefix + u"/run/99999999999999999999"_s << E::BadRunId << u"not a run id"_s;
        QTest::newRow("run id text") << Prefix + u"/run/abc"_s << E::BadRunId << u"not a run id"_s;
        QTest::newRow("run with a parameter")
            << Prefix + u"/run/4?key=patient:MRN-1"_s << E::BadParameter << u"no parameters"_s;
        QTest::newRow("stuck with a parameter")
            << Prefix + u"/stuck?status=failed"_s << E::BadParameter << u"no parameters"_s;
        QTest::newRow("a key in a runs link") << Prefix + u"/runs?key=patient:MRN-1"_s
                                              << E::BadParameter << u"unknown parameter \"key\""_s;
        QTest::newRow("a correlation id in a runs link")
            << Prefix + u"/runs?correlation=visit-9"_s << E::BadParameter
            << u"unknown parameter \"correlation\""_s;
        QTest::newRow("unknown status")
            << Prefix + u"/runs?status=stuck"_s << E::BadParameter << u"unknown status \"stuck\""_s;
        QTest::newRow("workflow twice") << Prefix + u"/runs?workflow=a&workflow=b"_s
                                        << E::BadParameter << u"\"workflow\" must be given once"_s;
        QTest::newRow("blank scope") << Prefix + u"/runs?scope=%20"_s << E::BadParameter
                                     << u"\"scope\" must be given once"_s;
        QTest::newRow("unknown range")
            << Prefix + u"/runs?range=2h"_s << E::BadParameter << u"1h, 24h or 7d"_s;
        QTest::newRow("range and from") << Prefix + u"/runs?range=1h&from=2026-12-04T06:00:00Z"_s
                                        << E::BadParameter << u"not both"_s;
        QTest::newRow("a time without offset") << Prefix + u"/runs?from=2026-12-04T06:00:00"_s
                                               << E::BadParameter << u"with its offset"_s;
        QTest::newRow("from after to")
            << Prefix + u"/runs?from=2026-12-05T00:00:00Z&to=2026-12-04T00:00:00Z"_s
            << E::BadParameter << u"after"_s;
        QTest::newRow("too long") << Prefix + u"/runs?workflow="_s + QString(3000, u'a')
                                  << E::TooLong << u"longer than 2048"_s;
        // Stuck: one threshold, a whole number of minutes within the spin box's range.
        QTest::newRow("threshold above the maximum")
            << Prefix + u"/stuck?threshold=10081"_s << E::BadParameter << u"from 0 to 10080"_s;
        QTest::newRow("threshold negative")
            << Prefix + u"/stuck?threshold=-1"_s << E::BadParameter << u"from 0 to 10080"_s;
        QTest::newRow("threshold with a leading zero")
            << Prefix + u"/stuck?threshold=015"_s << E::BadParameter << u"from 0 to 10080"_s;
        QTest::newRow("threshold text")
            << Prefix + u"/stuck?threshold=1h"_s << E::BadParameter << u"from 0 to 10080"_s;
        QTest::newRow("threshold empty")
            << Prefix + u"/stuck?threshold="_s << E::BadParameter << u"from 0 to 10080"_s;
        QTest::newRow("threshold twice")
            << Prefix + u"/stuck?threshold=5&threshold=5"_s << E::BadParameter << u"given once"_s;
        QTest::newRow("stuck with a key") << Prefix + u"/stuck?key=patient:MRN-1"_s
                                          << E::BadParameter << u"unknown parameter \"key\""_s;
        // Review: the key prefix is patient data and never goes into a link.
        QTest::newRow("review key prefix")
            << Prefix + u"/review?keyPrefix=patient:MRN"_s << E::BadParameter
            << u"unknown parameter \"keyPrefix\": a link to the review view takes no parameters "
               u"but workflow, scope and assignee"_s;
        QTest::newRow("review key") << Prefix + u"/review?key=patient:MRN-1"_s << E::BadParameter
                                    << u"unknown parameter \"key\""_s;
        QTest::newRow("review status") << Prefix + u"/review?status=failed"_s << E::BadParameter
                                       << u"unknown parameter \"status\""_s;
        QTest::newRow("review range") << Prefix + u"/review?range=1h"_s << E::BadParameter
                                      << u"unknown parameter \"range\""_s;
        QTest::newRow("assignee anyone")
            << Prefix + u"/review?assignee=anyone"_s << E::BadParameter << u"me or nobody"_s;
        QTest::newRow("assignee a login")
            << Prefix + u"/review?assignee=alice"_s << E::BadParameter << u"me or nobody"_s;
        QTest::newRow("assignee twice")
            << Prefix + u"/review?assignee=me&assignee=me"_s << E::BadParameter << u"given once"_s;
        QTest::newRow("review workflow twice")
            << Prefix + u"/review?workflow=a&workflow=b"_s << E::BadParameter << u"given once"_s;
        QTest::newRow("review blank scope") << Prefix + u"/review?scope=%20"_s << E::BadParameter
                                            << u"\"scope\" must be given once and not be empty"_s;
        // Audit.
        QTest::newRow("audit run zero")
            << Prefix + u"/audit?run=0"_s << E::BadParameter << u"one run id"_s;
        QTest::newRow("audit run text")
            << Prefix + u"/audit?run=abc"_s << E::BadParameter << u"one run id"_s;
        QTest::newRow("audit run twice")
            << Prefix + u"/audit?run=1&run=2"_s << E::BadParameter << u"one run id, given once"_s;
        QTest::newRow("audit unknown outcome")
            << Prefix + u"/audit?outcome=refused"_s << E::BadParameter << u"applied or changed"_s;
        QTest::newRow("audit outcome twice") << Prefix + u"/audit?outcome=applied&outcome=changed"_s
                                             << E::BadParameter << u"given once"_s;
        QTest::newRow("audit unknown range")
            << Prefix + u"/audit?range=90d"_s << E::BadParameter << u"1h, 24h, 7d or 30d"_s;
        QTest::newRow("audit range twice")
            << Prefix + u"/audit?range=1h&range=1h"_s << E::BadParameter << u"given once"_s;
        QTest::newRow("audit from") << Prefix + u"/audit?from=2026-12-04T06:00:00Z"_s
                                    << E::BadParameter << u"unknown parameter \"from\""_s;
        QTest::newRow("audit key") << Prefix + u"/audit?key=patient:MRN-1"_s << E::BadParameter
                                   << u"unknown parameter \"key\""_s;
        QTest::newRow("audit blank action") << Prefix + u"/audit?action="_s << E::BadParameter
                                            << u"\"action\" must be given once"_s;
        QTest::newRow("audit role twice") << Prefix + u"/audit?role=a&role=b"_s << E::BadParameter
                                          << u"\"role\" must be given once"_s;
        QTest::newRow("a 30-day range in a runs link")
            << Prefix + u"/runs?range=30d"_s << E::BadParameter << u"1h, 24h or 7d"_s;
        QTest::newRow("workflows with a parameter")
            << Prefix + u"/workflows?workflow=billing"_s << E::BadParameter << u"no parameters"_s;
        QTest::newRow("audit with a fragment")
            << Prefix + u"/audit#x"_s << E::BadParameter << u"no parameters"_s;
        QTest::newRow("audit page")
            << Prefix + u"/audit/42"_s << E::UnknownTarget << u"names nothing"_s;
    }
    void refused() {
        QFETCH(QString, text);
        QFETCH(DedupLink::Error, error);
        QFETCH(QString, says);
        const auto parsed = DedupLink::parse(text);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error(), error);
        QVERIFY2(parsed.errorMessage().contains(says), qPrintable(parsed.errorMessage()));
    }

    void description() {
        QCOMPARE(DedupLink::run(Store, 42).description(), u"run 42"_s);
        QCOMPARE(DedupLink::correlationOf(Store, 42).description(), u"the correlation of run 42"_s);
        QCOMPARE(DedupLink::keyOf(Store, 42).description(), u"the deliveries of run 42's key"_s);
        QCOMPARE(DedupLink::view(Store, DedupLink::Target::Stuck).description(),
                 u"the Stuck list"_s);
        QCOMPARE(DedupLink::view(Store, DedupLink::Target::Audit).description(),
                 u"the audit log"_s);
    }

    // A filter field of another view does not leak into a link: a runs link's statuses are
    // not written into a Stuck link, a review link's assignee not into a runs link.
    void otherViewsFieldsAreLeftOut() {
        DedupLink link = DedupLink::view(Store, DedupLink::Target::Stuck);
        link.statuses = {RunStatus::Failed};
        link.workflow = QStringLiteral("billing");
        link.assignee = DedupLink::Assignee::Me;
        link.auditRun = 4;
        QCOMPARE(link.toString(), Prefix + u"/stuck"_s);
        link.target = DedupLink::Target::Runs;
        QCOMPARE(link.toString(), Prefix + u"/runs?status=failed&workflow=billing"_s);
        link.target = DedupLink::Target::Audit;
        QCOMPARE(link.toString(), Prefix + u"/audit?run=4"_s);
        link.target = DedupLink::Target::Workflows;
        QCOMPARE(link.toString(), Prefix + u"/workflows"_s);
    }
};

QTEST_GUILESS_MAIN(TestDedupLink)
#include "tst_dedup_link.moc"
