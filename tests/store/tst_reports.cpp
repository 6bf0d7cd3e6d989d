// ReportExporter against a real store: every section in both formats parses back and matches
// the database, and a default report holds no raw value (keyed hashes that match within one
// report only).
#include "ReportExportRun.h"
#include "TestDatabase.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSet>
#include <QTest>

#include <libpq-fe.h>

using namespace dedup::store;
using namespace reporttest;

class TestReports : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void runsParseBack_data();
    void runsParseBack();
    void rawValuesRoundTrip_data();
    void rawValuesRoundTrip();
    void defaultReportHoldsNoRawValue();
    void hashesMatchWithinAReportOnly();
    void actionsParseBack_data();
    void actionsParseBack();
    // Last: its reveal writes an audit row whose reason actionsParseBack would read back raw.
    void formulaCellsAreNeutralised();

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<PgConnection> m_su;
    std::unique_ptr<PgConnection> m_op;
};

void TestReports::initTestCase() {
    m_db = std::make_unique<TestDatabase>();
    QVERIFY2(m_db->isValid(), qPrintable(m_db->error()));
    QCOMPARE(m_db->grantTestLogins(), QString());
    m_su = m_db->connect();
    m_op = m_db->connect(QStringLiteral("t_operator"));
    QVERIFY(m_su && m_op);
    const QString error = seed(*m_su, *m_op);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestReports::runsParseBack_data() {
    QTest::addColumn<int>("format");
    QTest::addColumn<QStringList>("workflows");
    QTest::addColumn<QStringList>("statuses");
    QTest::addColumn<bool>("reveal");
    for (const ReportFormat format : {ReportFormat::Csv, ReportFormat::JsonLines}) {
        const QByteArray name = toString(format).toLatin1();
        QTest::addRow("%s/all", name.constData())
            << int(format) << QStringList() << QStringList() << false;
        QTest::addRow("%s/invoice", name.constData())
            << int(format) << QStringList{QStringLiteral("invoice")} << QStringList() << false;
        QTest::addRow("%s/weird-workflow", name.constData())
            << int(format) << QStringList{weirdWorkflow()} << QStringList() << false;
        QTest::addRow("%s/failed+review", name.constData())
            << int(format) << QStringList()
            << QStringList{QStringLiteral("failed"), QStringLiteral("manual_review")} << false;
        QTest::addRow("%s/lab+processing", name.constData())
            << int(format) << QStringList{QStringLiteral("lab-results")}
            << QStringList{QStringLiteral("processing")} << false;
        QTest::addRow("%s/none-match", name.constData())
            << int(format) << QStringList{QStringLiteral("no-such-workflow")} << QStringList()
            << false;
    }
}

void TestReports::runsParseBack() {
    QFETCH(int, format);
    QFETCH(QStringList, workflows);
    QFETCH(QStringList, statuses);
    ReportSpec spec = daySpec();
    spec.workflows = workflows;
    for (const QString &status : statuses)
        spec.statuses << *dedup::core::runStatusFromString(status);
    qint64 lastWritten = -2;
    qint64 lastExpected = -2;
    const Export exported = run(*m_op, spec, ReportSection::Runs, ReportFormat(format), nullptr,
                                [&](qint64 written, qint64 expected) {
                                    lastWritten = written;
                                    lastExpected = expected;
                                });
    QVERIFY2(exported.ok, qPrintable(exported.error));

    // The same rows, straight from the database.
    PgParams params;
    params.add(spec.from).add(spec.to).add(workflows).add(statuses);
    const PgResult expected = m_su->exec(
        QStringLiteral("SELECT id, status, workflow, attempt, coalesce(last_error->>'class', '')"
                       " AS error_class FROM dedup.runs"
                       " WHERE created_at >= $1 AND created_at < $2"
                       " AND (cardinality($3::text[]) = 0 OR workflow = ANY ($3::text[]))"
                       " AND (cardinality($4::text[]) = 0 OR status = ANY ($4::text[]))"
                       " ORDER BY created_at, id"),
        params);
    QVERIFY2(expected.ok(), qPrintable(expected.error().toString()));
    QCOMPARE(exported.rows, qint64(expected.rows()));
    QCOMPARE(lastWritten, exported.rows);
    QCOMPARE(lastExpected, exported.rows);

    QString why;
    const auto rows = rowsOf(exported, ReportFormat(format), &why);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(rows.size(), expected.rows());
    static const QRegularExpression hash(QStringLiteral("^h:[0-9a-f]{16}$"));
    for (int i = 0; i < expected.rows(); ++i) {
        const auto &row = rows.at(i);
        QCOMPARE(row.value(QStringLiteral("id")), expected.text(i, "id"));
        QCOMPARE(row.value(QStringLiteral("status")), expected.text(i, "status"));
        QCOMPARE(row.value(QStringLiteral("workflow")), expected.text(i, "workflow"));
        QCOMPARE(row.value(QStringLiteral("attempt")), expected.text(i, "attempt"));
        QCOMPARE(row.value(QStringLiteral("error_class")), expected.text(i, "error_class"));
        QCOMPARE(row.value(QStringLiteral("key_version")), QStringLiteral("v1.3"));
        for (const char *column : {"scope", "idem_key", "correlation_id", "fingerprint"})
            QVERIFY2(hash.match(row.value(QLatin1String(column))).hasMatch(),
                     qPrintable(row.value(QLatin1String(column))));
    }
}

void TestReports::rawValuesRoundTrip_data() {
    QTest::addColumn<int>("format");
    QTest::newRow("csv") << int(ReportFormat::Csv);
    QTest::newRow("jsonl") << int(ReportFormat::JsonLines);
}

// Revealed: keys with quotes, backslashes, line breaks, commas and non-ASCII come back exact.
void TestReports::rawValuesRoundTrip() {
    QFETCH(int, format);
    ReportSpec spec = daySpec();
    spec.revealRaw = true;
    spec.revealReason = QStringLiteral("round trip test");
    const Export exported = run(*m_op, spec, ReportSection::Runs, ReportFormat(format));
    QVERIFY2(exported.ok, qPrintable(exported.error));
    QCOMPARE(exported.rows, qint64(32));
    QString why;
    const auto rows = rowsOf(exported, ReportFormat(format), &why);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(rows.size(), 32);
    for (int r = 0; r < rows.size(); ++r) {
        const int i = r + 4; // runs 4..35 are in range, in created_at order
        QCOMPARE(rows.at(r).value(QStringLiteral("idem_key")), keyOf(i));
        QCOMPARE(rows.at(r).value(QStringLiteral("scope")), scopeOf(i));
        QCOMPARE(rows.at(r).value(QStringLiteral("correlation_id")), correlationOf(i));
        QCOMPARE(rows.at(r).value(QStringLiteral("fingerprint")),
                 QStringLiteral("SECRETFP-%1").arg(i));
        QCOMPARE(rows.at(r).value(QStringLiteral("workflow")), workflowOf(i));
    }
}

void TestReports::defaultReportHoldsNoRawValue() {
    ReportSpec spec = daySpec();
    // a range that holds both the seeded runs and today's operator actions
    spec.from = rangeFrom().addDays(-1);
    spec.to = QDateTime::currentDateTimeUtc().addDays(1);
    for (const ReportSection section :
         {ReportSection::Runs, ReportSection::Actions, ReportSection::Summary}) {
        for (const ReportFormat format : {ReportFormat::Csv, ReportFormat::JsonLines}) {
            const Export exported = run(*m_op, spec, section, format);
            QVERIFY2(exported.ok, qPrintable(exported.error));
            QVERIFY(exported.rows > 0);
            for (const QByteArray &marker : secretMarkers())
                QVERIFY2(!exported.bytes.contains(marker),
                         qPrintable(QStringLiteral("%1 in the %2 %3 export")
                                        .arg(QString::fromLatin1(marker), toString(section),
                                             toString(format))));
            // nor any of the keys' distinctive parts
            QVERIFY(!exported.bytes.contains("q\"uote"));
            QVERIFY(!exported.bytes.contains("q\"\"uote"));
        }
    }
}

// Exports into memory within one report begun on `exporter` (ReportExporter::begin()).
static Export runIn(ReportExporter &exporter, const ReportSpec &spec, ReportSection section,
                    ReportFormat format) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const auto result = exporter.exportTo(buffer, spec, section, format);
    Export out;
    out.ok = result.ok();
    out.rows = result.ok() ? result.value() : -1;
    out.kind = result.errorKind();
    out.error = result.error().toString();
    out.bytes = buffer.data();
    return out;
}

void TestReports::hashesMatchWithinAReportOnly() {
    ReportSpec spec = daySpec();
    QString why;
    // One report, two files: the server draws one key for the report's transaction.
    ReportExporter exporter(*m_op);
    const auto begun = exporter.begin(spec);
    QVERIFY2(begun.ok(), qPrintable(begun.error().toString()));
    QVERIFY(exporter.isOpen());
    const Export first = runIn(exporter, spec, ReportSection::Runs, ReportFormat::Csv);
    const Export jsonl = runIn(exporter, spec, ReportSection::Runs, ReportFormat::JsonLines);
    QVERIFY2(first.ok && jsonl.ok, qPrintable(first.error + jsonl.error));
    // The pads the server set in this transaction (the test may look; the exporter never
    // does): RFC 2104's, from one 32-byte key.
    const PgResult pads =
        m_op->exec(QStringLiteral("SELECT encode(dedup.report_ipad(), 'hex') AS ipad,"
                                  " encode(dedup.report_opad(), 'hex') AS opad"));
    QVERIFY2(pads.ok(), qPrintable(pads.error().toString()));
    const QByteArray ipad = QByteArray::fromHex(pads.text(0, "ipad").toLatin1());
    const QByteArray opad = QByteArray::fromHex(pads.text(0, "opad").toLatin1());
    QCOMPARE(ipad.size(), 64);
    QCOMPARE(opad.size(), 64);
    for (int i = 0; i < 64; ++i) {
        QCOMPARE(quint8(ipad.at(i)) ^ quint8(opad.at(i)), 0x36 ^ 0x5c);
        if (i >= 32) // the key is 32 bytes, zero-padded to the block
            QCOMPARE(quint8(ipad.at(i)), quint8(0x36));
    }
    const auto finished = exporter.finish();
    QVERIFY2(finished.ok(), qPrintable(finished.error().toString()));
    QVERIFY(!exporter.isOpen());
    // the key went with the transaction
    QCOMPARE(int(PQtransactionStatus(m_op->handle())), int(PQTRANS_IDLE));
    QVERIFY(!m_op->exec(QStringLiteral("SELECT dedup.report_ipad()")).ok());

    const auto a = rowsOf(first, ReportFormat::Csv, &why);
    const auto b = rowsOf(jsonl, ReportFormat::JsonLines, &why);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(a.size(), 32);
    QCOMPARE(b.size(), 32);
    QSet<QString> keys;
    for (int r = 0; r < a.size(); ++r) {
        const int i = r + 4;
        // same key, same report: equal in both formats
        for (const char *column : {"scope", "idem_key", "correlation_id", "fingerprint"})
            QCOMPARE(b.at(r).value(QLatin1String(column)), a.at(r).value(QLatin1String(column)));
        keys.insert(a.at(r).value(QStringLiteral("idem_key")));
        // equal raw values hash equally: runs 2k and 2k+1 share a correlation id, odd and even
        // runs share a scope
        if (i % 2 == 0) {
            QCOMPARE(a.at(r + 1).value(QStringLiteral("correlation_id")),
                     a.at(r).value(QStringLiteral("correlation_id")));
            QVERIFY(a.at(r + 1).value(QStringLiteral("scope")) !=
                    a.at(r).value(QStringLiteral("scope")));
        } else if (r + 1 < a.size()) {
            QVERIFY(a.at(r + 1).value(QStringLiteral("correlation_id")) !=
                    a.at(r).value(QStringLiteral("correlation_id")));
        }
        if (r >= 2)
            QCOMPARE(a.at(r - 2).value(QStringLiteral("scope")),
                     a.at(r).value(QStringLiteral("scope")));
    }
    QCOMPARE(keys.size(), 32); // distinct keys, distinct hashes

    // The hash is HMAC-SHA256 under the report's key: recompute one from the pads.
    const QByteArray inner =
        QCryptographicHash::hash(ipad + keyOf(4).toUtf8(), QCryptographicHash::Sha256);
    const QByteArray mac = QCryptographicHash::hash(opad + inner, QCryptographicHash::Sha256);
    QCOMPARE(a.first().value(QStringLiteral("idem_key")),
             QStringLiteral("h:") + QString::fromLatin1(mac.toHex().left(16)));

    // Another report (another key): every hash differs, and so do two exports that are each a
    // report of their own.
    const Export second = run(*m_op, spec, ReportSection::Runs, ReportFormat::Csv);
    const Export third = run(*m_op, spec, ReportSection::Runs, ReportFormat::Csv);
    QVERIFY2(second.ok && third.ok, qPrintable(second.error + third.error));
    const auto c = rowsOf(second, ReportFormat::Csv, &why);
    const auto d = rowsOf(third, ReportFormat::Csv, &why);
    QCOMPARE(c.size(), 32);
    QCOMPARE(d.size(), 32);
    for (int r = 0; r < c.size(); ++r)
        for (const char *column : {"scope", "idem_key", "correlation_id", "fingerprint"}) {
            QVERIFY(c.at(r).value(QLatin1String(column)) != a.at(r).value(QLatin1String(column)));
            QVERIFY(d.at(r).value(QLatin1String(column)) != c.at(r).value(QLatin1String(column)));
        }
}

void TestReports::actionsParseBack_data() {
    rawValuesRoundTrip_data();
}

void TestReports::actionsParseBack() {
    QFETCH(int, format);
    ReportSpec spec = daySpec();
    spec.from = QDateTime::currentDateTimeUtc().addSecs(-3600);
    spec.to = QDateTime::currentDateTimeUtc().addSecs(3600);
    const Export exported = run(*m_op, spec, ReportSection::Actions, ReportFormat(format));
    QVERIFY2(exported.ok, qPrintable(exported.error));
    const PgResult expected = m_su->exec(QStringLiteral(
        "SELECT id, action, reason, outcome, before->>'status' AS b, after->>'status' AS a,"
        " db_role FROM dedup.audit_log WHERE at >= now() - interval '1 hour' ORDER BY id"));
    QVERIFY(expected.ok());
    // the two seeded actions, and the reveals of the tests before this one
    QVERIFY(expected.rows() >= 2);
    QCOMPARE(exported.rows, qint64(expected.rows()));
    QString why;
    const auto rows = rowsOf(exported, ReportFormat(format), &why);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(rows.size(), expected.rows());
    QHash<QString, QHash<QString, QString>> byAction;
    for (int i = 0; i < expected.rows(); ++i) {
        QCOMPARE(rows.at(i).value(QStringLiteral("audit_id")), expected.text(i, "id"));
        QCOMPARE(rows.at(i).value(QStringLiteral("action")), expected.text(i, "action"));
        // an operator's reason may name a patient: a hash unless revealed
        QCOMPARE(rows.at(i).value(QStringLiteral("reason")).size(), 18);
        QVERIFY(rows.at(i).value(QStringLiteral("reason")).startsWith(u"h:"));
        QCOMPARE(rows.at(i).value(QStringLiteral("outcome")), expected.text(i, "outcome"));
        QCOMPARE(rows.at(i).value(QStringLiteral("status_before")), expected.text(i, "b"));
        QCOMPARE(rows.at(i).value(QStringLiteral("status_after")), expected.text(i, "a"));
        QCOMPARE(rows.at(i).value(QStringLiteral("db_role")), QStringLiteral("t_operator"));
        byAction.insert(rows.at(i).value(QStringLiteral("action")), rows.at(i));
    }
    const auto route = byAction.value(QStringLiteral("op_route_to_review"));
    const auto resolve = byAction.value(QStringLiteral("op_resolve_review"));
    QVERIFY(route.value(QStringLiteral("reason")) != resolve.value(QStringLiteral("reason")));
    QCOMPARE(route.value(QStringLiteral("status_after")), QStringLiteral("manual_review"));
    // before/after keep their structure; the error message is a hash
    const QJsonObject before =
        QJsonDocument::fromJson(route.value(QStringLiteral("before")).toUtf8()).object();
    QCOMPARE(before.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QVERIFY(before.value(QStringLiteral("last_error"))
                .toObject()
                .value(QStringLiteral("message"))
                .toString()
                .startsWith(QLatin1String("h:")));
    QCOMPARE(before.value(QStringLiteral("last_error"))
                 .toObject()
                 .value(QStringLiteral("class"))
                 .toString(),
             QStringLiteral("timeout")); // run 1, the first failed one
    const QJsonObject params =
        QJsonDocument::fromJson(resolve.value(QStringLiteral("params")).toUtf8()).object();
    QCOMPARE(params.value(QStringLiteral("resolution")).toString(), QStringLiteral("succeeded"));
    QVERIFY(params.value(QStringLiteral("result")).toString().startsWith(QLatin1String("h:")));

    // Revealed, the reasons are the operators' words.
    {
        ReportSpec revealed = spec;
        revealed.revealRaw = true;
        revealed.revealReason = QStringLiteral("audit of the route");
        const Export raw = run(*m_op, revealed, ReportSection::Actions, ReportFormat(format));
        QVERIFY2(raw.ok, qPrintable(raw.error));
        const auto rawRows = rowsOf(raw, ReportFormat(format), &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QStringList reasons;
        for (const auto &row : rawRows)
            reasons << row.value(QStringLiteral("reason"));
        QVERIFY2(reasons.contains(QStringLiteral("check \"provider\", please")),
                 qPrintable(reasons.join(u'|')));
    }

    // The operator filter: nobody else acted.
    spec.operators = QStringList{QStringLiteral("t_viewer")};
    const Export none = run(*m_op, spec, ReportSection::Actions, ReportFormat(format));
    QVERIFY2(none.ok, qPrintable(none.error));
    QCOMPARE(none.rows, qint64(0));
    // The workflow filter: the acted-on runs' workflows.
    spec.operators.clear();
    spec.workflows = QStringList{QStringLiteral("lab-results")};
    const Export lab = run(*m_op, spec, ReportSection::Actions, ReportFormat(format));
    QVERIFY2(lab.ok, qPrintable(lab.error));
    const qint64 labActions =
        m_su->exec(QStringLiteral(
                       "SELECT count(*) FROM dedup.audit_log WHERE at >= now() - interval '1 hour'"
                       " AND coalesce(before, after)->>'workflow' = 'lab-results'"))
            .toInt64(0, 0);
    QVERIFY(labActions >= 1);
    QCOMPARE(lab.rows, labActions);
}

// Text cells a spreadsheet would evaluate (=, +, -, @, tab, carriage return first) come out of
// CSV with a leading apostrophe, in every section, redacted or revealed; JSON Lines keeps them
// as they are. The runs are seeded in 2001, outside every other test's range.
void TestReports::formulaCellsAreNeutralised() {
    const QStringList workflows{QStringLiteral("=HYPERLINK(\"http://x.invalid\",\"y\")"),
                                QStringLiteral("+SUM(1,2)"),
                                QStringLiteral("-2+3"),
                                QStringLiteral("@cmd"),
                                QStringLiteral("\tTAB"),
                                QStringLiteral("plain-wf")};
    const QDateTime at(QDate(2001, 3, 4), QTime(12, 0), Qt::UTC);
    for (int i = 0; i < workflows.size(); ++i) {
        PgParams params;
        params.add(workflows.at(i)).add(QStringLiteral("=1+%1").arg(i)).add(at.addSecs(i));
        const PgResult inserted = m_su->exec(
            QStringLiteral("INSERT INTO dedup.runs (scope, idem_key, workflow, fingerprint, status,"
                           " created_at, updated_at) VALUES ('formula-scope', $2, $1, 'fp',"
                           " 'cancelled', $3, $3)"),
            params);
        QVERIFY2(inserted.ok(), qPrintable(inserted.error().toString()));
    }
    const auto cleanup = qScopeGuard([this] {
        m_su->exec(QStringLiteral("DELETE FROM dedup.runs WHERE scope = 'formula-scope'"));
    });
    ReportSpec spec = daySpec();
    spec.from = at.addSecs(-60);
    spec.to = at.addSecs(60);
    const auto neutral = [](const QString &value) {
        return value.startsWith(QLatin1String("plain")) ? value : QLatin1Char('\'') + value;
    };
    QString why;
    {
        const Export csv = run(*m_op, spec, ReportSection::Runs, ReportFormat::Csv);
        QVERIFY2(csv.ok, qPrintable(csv.error));
        const auto rows = rowsOf(csv, ReportFormat::Csv, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QCOMPARE(rows.size(), workflows.size());
        for (int i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows.at(i).value(QStringLiteral("workflow")), neutral(workflows.at(i)));
            // redacted: a hash, which never starts like a formula
            QVERIFY(rows.at(i).value(QStringLiteral("idem_key")).startsWith(u"h:"));
        }
        const Export jsonl = run(*m_op, spec, ReportSection::Runs, ReportFormat::JsonLines);
        QVERIFY2(jsonl.ok, qPrintable(jsonl.error));
        const auto asIs = rowsOf(jsonl, ReportFormat::JsonLines, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        for (int i = 0; i < asIs.size(); ++i)
            QCOMPARE(asIs.at(i).value(QStringLiteral("workflow")), workflows.at(i));
    }
    {
        // Revealed: the raw keys too; the reveal's reason is a formula as well.
        spec.revealRaw = true;
        spec.revealReason = QStringLiteral("=formula test reason");
        const Export csv = run(*m_op, spec, ReportSection::Runs, ReportFormat::Csv);
        QVERIFY2(csv.ok, qPrintable(csv.error));
        const auto rows = rowsOf(csv, ReportFormat::Csv, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        for (int i = 0; i < rows.size(); ++i)
            QCOMPARE(rows.at(i).value(QStringLiteral("idem_key")), QStringLiteral("'=1+%1").arg(i));
    }
    {
        // A revealed reason is text to neutralise; a redacted one is a hash.
        ReportSpec actions = daySpec();
        actions.from = QDateTime::currentDateTimeUtc().addSecs(-3600);
        actions.to = QDateTime::currentDateTimeUtc().addSecs(3600);
        const Export hashed = run(*m_op, actions, ReportSection::Actions, ReportFormat::Csv);
        QVERIFY2(hashed.ok, qPrintable(hashed.error));
        for (const auto &row : rowsOf(hashed, ReportFormat::Csv, &why))
            QVERIFY(row.value(QStringLiteral("reason")).startsWith(u"h:"));
        actions.revealRaw = true;
        actions.revealReason = QStringLiteral("reasons as typed");
        const Export csv = run(*m_op, actions, ReportSection::Actions, ReportFormat::Csv);
        QVERIFY2(csv.ok, qPrintable(csv.error));
        const auto rows = rowsOf(csv, ReportFormat::Csv, &why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QStringList reasons;
        for (const auto &row : rows)
            reasons << row.value(QStringLiteral("reason"));
        QVERIFY2(reasons.contains(QStringLiteral("'=formula test reason")),
                 qPrintable(reasons.join(u'|')));
    }
    {
        spec.revealRaw = false;
        spec.revealReason.clear();
        const Export csv = run(*m_op, spec, ReportSection::Summary, ReportFormat::Csv);
        QVERIFY2(csv.ok, qPrintable(csv.error));
        const auto records = parseCsv(csv.bytes, &why);
        QVERIFY2(records, qPrintable(why));
        QStringList labels;
        for (const QStringList &record : *records)
            labels << record.value(1);
        QVERIFY2(labels.contains(QStringLiteral("'@cmd")), qPrintable(labels.join(u'|')));
        QVERIFY(!labels.contains(QStringLiteral("@cmd")));
        QVERIFY(labels.contains(QStringLiteral("plain-wf")));
    }
}

QTEST_GUILESS_MAIN(TestReports)
#include "tst_reports.moc"
