#pragma once

#include "reports/ReportJob.h"
#include "store/ConnectionReport.h"
#include "store/ReportSpec.h"

#include <QDialog>
#include <QList>

#include <memory>
#include <utility>

class QCheckBox;

namespace Ui {
class ReportDialog;
}

namespace dedup::widgets {

class StoreConnections;

// File > Export Report…: one report (docs/CONSOLE.md "Reports") for a range and filters, as any of
// PDF, CSV (runs.csv, actions.csv, summary.csv) and JSON Lines (report.jsonl) into one folder,
// with one redaction key for all of them. The work runs in a reports::ReportJob (its own
// connection and thread): the dialog shows the step and the rows written, Cancel stops the
// database work at once, and the result line lists the files with their row counts.
//
// Raw keys and payloads need the dedup_operator role (the checkbox is disabled with the
// reason for a viewer) and a reason, which the store writes to the audit log.
class ReportDialog : public QDialog {
    Q_OBJECT

public:
    // `connections` makes the report's job (it reads where lists read: the session's
    // readConninfo()); `report` says the role.
    ReportDialog(const StoreConnections &connections, const store::ConnectionReport &report,
                 QWidget *parent = nullptr);
    ~ReportDialog() override;

    // The report as the form describes it (the range in UTC).
    store::ReportSpec spec() const;
    reports::ReportOutputs outputs() const;
    QString folder() const;
    void setFolder(const QString &folder);
    // Why Export is unavailable now (shown next to it); empty when it can start.
    QString blocker() const;
    bool isRunning() const { return m_job->isRunning(); }
    reports::ReportJob *job() const { return m_job.get(); }

public slots:
    void startExport();
    void cancelExport();
    void reject() override;

private:
    enum class Range { Last24Hours, Last7Days, Last30Days, ThisMonth, LastMonth, Custom };

    void addFormatChecks();
    void applyRange();
    void updateState();
    void chooseFolder();
    void showStep(int step, int steps, const QString &description);
    void showProgress(const QString &fileName, qint64 written, qint64 expected);
    void showResult(const reports::ReportJobResult &result);
    void showFailure(const QString &message, bool cancelled);

    std::unique_ptr<Ui::ReportDialog> m_ui;
    std::unique_ptr<reports::ReportJob> m_job;
    const bool m_canReveal;
    QList<QCheckBox *> m_statusChecks; // in core::allRunStatuses() order
    // One check box per reports::ReportFormats format, by its id.
    QList<std::pair<QString, QCheckBox *>> m_formatChecks;
    int m_step = 0;
    int m_steps = 0;
};

} // namespace dedup::widgets
