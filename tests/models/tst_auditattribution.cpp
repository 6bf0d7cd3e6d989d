// Attribution in the audit tables (AuditTableModel, shared by AuditLogModel): what the server
// recorded (database role, client address) is told apart from what the client reported about
// itself (OS user, host, application name) in the column header, its tooltip, the cell and
// the cell's tooltip. No database: rows are made here.
#include "models/AuditTableModel.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace dedup;
using models::AuditTableModel;
using store::AuditEntryRow;

namespace {

AuditEntryRow entry(qint64 id) {
    AuditEntryRow row;
    row.id = id;
    row.at = QDateTime(QDate(2026, 11, 3), QTime(9, 30), Qt::UTC);
    row.dbRole = QStringLiteral("t_operator");
    row.action = QStringLiteral("op_cancel");
    row.outcome = QStringLiteral("applied");
    row.reason = QStringLiteral("duplicate order");
    return row;
}

} // namespace

class TestAuditAttribution : public QObject {
    Q_OBJECT

private slots:
    void headerSaysWhatTheClientReported() {
        AuditTableModel model;
        const QString header =
            model.headerData(AuditTableModel::WhoColumn, Qt::Horizontal).toString();
        QCOMPARE(header, QStringLiteral("Database role (client-reported)"));
        const QString tip =
            model.headerData(AuditTableModel::WhoColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString();
        QVERIFY2(tip.contains(QLatin1String("come from the server")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("reported by the client")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("not verified")), qPrintable(tip));
        QCOMPARE(AuditTableModel::whoHeaderToolTip(), tip);
        // the other headers have no tooltip of their own
        QVERIFY(!model.headerData(AuditTableModel::ActionColumn, Qt::Horizontal, Qt::ToolTipRole)
                     .isValid());
    }

    void cellsLabelEachSource() {
        AuditTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        AuditEntryRow reported = entry(1);
        reported.osUser = QStringLiteral("alice");
        reported.clientHost = QStringLiteral("ops-laptop-3");
        reported.clientAddr = QStringLiteral("10.1.2.3");
        reported.applicationName = QStringLiteral("dedup-console");
        AuditEntryRow bare = entry(2); // a Unix-socket session that reported nothing
        AuditEntryRow appOnly = entry(3);
        appOnly.applicationName = QStringLiteral("psql");
        model.setEntries({reported, bare, appOnly});
        QCOMPARE(model.rowCount(), 3);

        // The role first (the server's record), then the client's claims, labelled.
        QCOMPARE(model.index(0, AuditTableModel::WhoColumn).data().toString(),
                 QStringLiteral("t_operator (client reports alice@ops-laptop-3, dedup-console)"));
        QCOMPARE(model.index(1, AuditTableModel::WhoColumn).data().toString(),
                 QStringLiteral("t_operator"));
        QCOMPARE(model.index(2, AuditTableModel::WhoColumn).data().toString(),
                 QStringLiteral("t_operator (client reports psql)"));

        const QString full =
            model.index(0, AuditTableModel::WhoColumn).data(Qt::ToolTipRole).toString();
        QCOMPARE(full.split(u'\n'),
                 QStringList({QStringLiteral("Database role (from server): t_operator"),
                              QStringLiteral("Client address (from server): 10.1.2.3"),
                              QStringLiteral("OS user (reported by client): alice"),
                              QStringLiteral("Client host (reported by client): ops-laptop-3"),
                              QStringLiteral("Application (reported by client): dedup-console")}));
        QCOMPARE(model.index(0, 0).data(AuditTableModel::AttributionRole).toString(), full);
        QCOMPARE(AuditTableModel::attribution(reported), full);

        const QStringList empty = model.index(1, AuditTableModel::WhoColumn)
                                      .data(Qt::ToolTipRole)
                                      .toString()
                                      .split(u'\n');
        QCOMPARE(empty.size(), 5);
        QCOMPARE(
            empty.at(1),
            QStringLiteral("Client address (from server): none (local Unix-socket connection)"));
        QCOMPARE(empty.at(2), QStringLiteral("OS user (reported by client): not reported"));
        QCOMPARE(empty.at(3), QStringLiteral("Client host (reported by client): not reported"));
        QCOMPARE(empty.at(4), QStringLiteral("Application (reported by client): not reported"));
    }
};

QTEST_GUILESS_MAIN(TestAuditAttribution)
#include "tst_auditattribution.moc"
