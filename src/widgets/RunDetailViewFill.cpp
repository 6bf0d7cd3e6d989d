// RunDetailView: what a read of the run shows (the header, the lease, the tabs). The states
// and the wiring are in RunDetailView.cpp.
#include "core/DisplayText.h"
#include "models/AuditTableModel.h"
#include "models/CappedCount.h"
#include "models/DurationText.h"
#include "models/EventTableModel.h"
#include "models/KeyDeliveryTableModel.h"
#include "models/RunDetailSource.h"
#include "models/RunStatusStyle.h"
#include "models/StepStatusStyle.h"
#include "models/StepTableModel.h"
#include "models/TimeText.h"
#include "store/RunReveal.h"
#include "ui_RunDetailView.h"
#include "widgets/PageBar.h"
#include "widgets/RunDetailView.h"
#include "widgets/SafeText.h"
#include "widgets/StatusDotIcon.h"
#include "widgets/WarningColor.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QStyle>
#include <QTextDocument>

#include <algorithm>

namespace dedup::widgets {

using models::DurationText;
using models::StepTableModel;
using models::TimeText;

namespace {

// Text in the warning colour (or the label's normal one).
void setWarning(QLabel *label, bool warning) {
    QPalette palette;
    if (warning)
        palette.setColor(QPalette::WindowText, warningTextColor(label->palette()));
    label->setPalette(palette);
}

// A JSON scalar as text (a revealed error's message); empty for null or nothing.
QString scalarText(const QJsonValue &value) {
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 17);
    case QJsonValue::Array:
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    default:
        return {};
    }
}

} // namespace

store::RunDetail RunDetailView::shownDetail(QStringList *fields) const {
    store::RunDetail run = detail();
    if (!m_revealed || m_revealed->values.runId != run.id)
        return run;
    const store::RunRevealValues &raw = m_revealed->values;
    const store::RunDetail &seen = m_revealed->seen;
    // Each revealed value replaces the redacted one it was revealed for, and only that one.
    const auto reveal = [fields](auto &shown, const auto &before, const auto &revealed,
                                 QStringView name) {
        if (!revealed || shown != before)
            return false;
        shown = *revealed;
        if (fields)
            *fields << name.toString();
        return true;
    };
    reveal(run.idemKey, seen.idemKey, raw.idemKey, store::RunReveal::IdemKey);
    reveal(run.correlationId, seen.correlationId, raw.correlationId,
           store::RunReveal::CorrelationId);
    reveal(run.fingerprint, seen.fingerprint, raw.fingerprint, store::RunReveal::Fingerprint);
    reveal(run.result, seen.result, raw.result, store::RunReveal::Result);
    reveal(run.context, seen.context, raw.context, store::RunReveal::Context);
    if (reveal(run.lastError, seen.lastError, raw.lastError, store::RunReveal::LastError)) {
        run.lastErrorMessage =
            scalarText(run.lastError.value().toObject().value(QLatin1String("message")));
    }
    reveal(run.reviewReason, seen.reviewReason, raw.reviewReason, store::RunReveal::ReviewReason);
    return run;
}

QStringList RunDetailView::revealedFields() const {
    QStringList fields;
    if (hasRun())
        shownDetail(&fields);
    return fields;
}

void RunDetailView::fill() {
    if (m_revealed && m_revealed->values.runId != detail().id)
        m_revealed.reset(); // another run: its raw values are forgotten
    fillHeader();
    updateLease();
    fillTabs();
    fillError();
    fillReview();
    fillRevealed();
    updateStepWhy();
}

void RunDetailView::fillRevealed() {
    const QStringList fields = revealedFields();
    m_ui->revealedRow->setVisible(!fields.isEmpty());
    QStringList words;
    for (const QString &field : fields) {
        if (field == store::RunReveal::IdemKey)
            words << tr("key");
        else if (field == store::RunReveal::CorrelationId)
            words << tr("correlation id");
        else if (field == store::RunReveal::Fingerprint)
            words << tr("fingerprint");
        else if (field == store::RunReveal::Result)
            words << tr("result");
        else if (field == store::RunReveal::LastError)
            words << tr("last error");
        else if (field == store::RunReveal::ReviewReason)
            words << tr("review reason");
    }
    m_ui->revealedLabel->setText(
        tr("Revealed: %1 (recorded in the audit log). Everything else is shown redacted.")
            .arg(words.join(QStringLiteral(", "))));
    const auto revealed = [&fields](QStringView field) {
        return fields.contains(field.toString());
    };
    // The captions mark a value shown revealed.
    m_ui->keyCaption->setText(revealed(store::RunReveal::IdemKey) ? tr("Key (revealed):")
                                                                  : tr("Key:"));
    m_ui->correlationCaption->setText(revealed(store::RunReveal::CorrelationId)
                                          ? tr("Correlation (revealed):")
                                          : tr("Correlation:"));
    m_ui->fingerprintCaption->setText(revealed(store::RunReveal::Fingerprint)
                                          ? tr("Fingerprint (revealed):")
                                          : tr("Fingerprint:"));
    m_ui->errorMessageCaption->setText(
        revealed(store::RunReveal::LastError) ? tr("Message (revealed):") : tr("Message:"));
    m_ui->reviewReasonCaption->setText(
        revealed(store::RunReveal::ReviewReason) ? tr("Reason (revealed):") : tr("Reason:"));
    m_ui->tabs->setTabText(m_ui->tabs->indexOf(m_ui->resultTab), revealed(store::RunReveal::Result)
                                                                     ? tr("Result (revealed)")
                                                                     : tr("Result"));
    updateRevealAction();
}

void RunDetailView::clearValues() {
    m_ui->resultPane->clear();
    m_ui->errorPane->clear();
    // Labels keep their whole value for "Copy Value": the error's message may be long.
    for (QLabel *label : {m_ui->errorClassValue, m_ui->errorMessageValue, m_ui->reviewReasonValue,
                          m_ui->reviewNoteValue})
        SafeText::setValue(label, QString());
}

void RunDetailView::fillHeader() {
    const store::RunDetail run = shownDetail();
    const bool rawCorrelation = revealedFields().contains(store::RunReveal::CorrelationId);
    m_ui->titleLabel->setText(tr("Run %1").arg(run.id));
    const QColor color = models::RunStatusStyle::color(run.statusName);
    const int side = m_ui->statusLabel->fontMetrics().height();
    m_ui->statusIcon->setPixmap(
        statusDotIcon(color).pixmap(QSize(side, side), devicePixelRatioF()));
    m_ui->statusLabel->setText(models::RunStatusStyle::label(run.statusName));
    // Store values: plain text, bounded, the whole value in the tooltip and "Copy Value".
    SafeText::setValue(m_ui->workflowValue, run.workflow,
                       run.workflowVersion.isEmpty()
                           ? run.workflow
                           : tr("%1 (version %2)").arg(run.workflow, run.workflowVersion));
    SafeText::setValue(m_ui->scopeValue, run.scope);
    SafeText::setValue(m_ui->keyValue, run.idemKey,
                       run.keyVersion.isEmpty()
                           ? run.idemKey
                           : tr("%1 (key %2)").arg(run.idemKey, run.keyVersion));
    if (run.correlationId.isEmpty()) {
        m_ui->correlationValue->setTextFormat(Qt::PlainText);
        m_ui->correlationValue->setText(tr("none"));
        m_ui->correlationValue->setToolTip({});
    } else if (rawCorrelation) {
        // A revealed value is plain text, never markup (the action still opens the timeline).
        SafeText::setValue(m_ui->correlationValue, run.correlationId);
    } else {
        m_ui->correlationValue->setTextFormat(Qt::RichText);
        m_ui->correlationValue->setText(
            QStringLiteral("<a href=\"correlation\">%1</a>")
                .arg(core::DisplayText::shown(run.correlationId, core::DisplayText::LabelChars)
                         .toHtmlEscaped()));
        m_ui->correlationValue->setToolTip(
            tr("Show every run with this correlation id (Ctrl+Shift+K)"));
    }
    SafeText::setValue(m_ui->fingerprintValue, run.fingerprint);
    m_ui->attemptValue->setText(tr("%1 of %2").arg(run.attempt).arg(run.maxAttempts));
    m_ui->createdValue->setText(TimeText::local(run.createdAt));
    m_ui->updatedValue->setText(TimeText::local(run.updatedAt));
    m_ui->finishedValue->setText(run.finishedAt.isValid() ? TimeText::local(run.finishedAt)
                                                          : tr("not finished"));
    m_ui->expiresValue->setText(run.expiresAt.isValid() ? TimeText::local(run.expiresAt)
                                                        : tr("kept while active (never purged)"));
    m_correlation->setEnabled(!run.correlationId.isEmpty());
}

void RunDetailView::updateLease() {
    if (!hasRun())
        return;
    const store::RunDetail &run = detail();
    const QDateTime now = m_source->estimatedServerNow();
    SafeText::setValue(m_ui->leaseOwnerValue, run.leaseOwner,
                       run.leaseOwner.isEmpty() ? tr("none") : run.leaseOwner);
    m_ui->leaseTokenValue->setText(QString::number(run.leaseToken));
    m_ui->leaseTokenValue->setToolTip(
        tr("The fencing token: +1 on every acquisition, takeover and operator action that "
           "removes a lease. An operator action names the token it saw."));
    QString note;
    bool expired = false;
    if (!run.hasLease()) {
        m_ui->leaseExpiresValue->setText(tr("no lease (the run is not processing)"));
        m_ui->leaseExpiresValue->setToolTip({});
    } else {
        const qint64 remaining = m_source->leaseRemainingMs();
        expired = run.leaseExpired || remaining <= 0;
        m_ui->leaseExpiresValue->setText(
            expired ? tr("expired %1 ago").arg(DurationText::format(remaining))
                    : tr("in %1").arg(DurationText::format(remaining)));
        m_ui->leaseExpiresValue->setToolTip(
            expired ? tr("At %1 (server time). Nobody renewed or took over the lease: the "
                         "worker died or hangs. Clearing the stale lease fences it.")
                          .arg(TimeText::local(run.leaseExpiresAt))
                    : tr("At %1 (counted by the server's clock, not this computer's)")
                          .arg(TimeText::local(run.leaseExpiresAt)));
        if (expired)
            note = tr("stuck: the lease expired");
    }
    setWarning(m_ui->leaseExpiresValue, expired);
    if (!run.heartbeatAt.isValid()) {
        m_ui->heartbeatValue->setText(tr("never"));
    } else if (now.isValid()) {
        m_ui->heartbeatValue->setText(tr("%1 ago (%2)")
                                          .arg(DurationText::format(run.heartbeatAt.msecsTo(now)),
                                               TimeText::local(run.heartbeatAt)));
    }
    if (note.isEmpty() && continuationQueued())
        note = tr("a continuation is queued");
    m_ui->statusNote->setText(note);
    setWarning(m_ui->statusNote, expired);
}

void RunDetailView::fillTabs() {
    const store::RunDetailSnapshot &snapshot = m_source->snapshot();
    const QLocale locale;
    const int steps = m_source->steps()->rowCount();
    const int uncertain = m_source->steps()->uncertainCount();
    const int stepsTab = m_ui->tabs->indexOf(m_ui->stepsTab);
    m_ui->tabs->setTabText(stepsTab, uncertain > 0
                                         ? tr("Steps (%1, %2 uncertain)").arg(steps).arg(uncertain)
                                         : tr("Steps (%1)").arg(steps));
    m_ui->tabs->setTabIcon(
        stepsTab, uncertain > 0 ? style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this)
                                : QIcon());
    // The run's count, not the page's: "Events (newest 500 of 10,000)", "Events (12)".
    const int events = m_source->events()->rowCount();
    // The entries drawn from the rows (0021) are on the page, not in the store's count.
    const QList<store::EventRow> &shownEvents = m_source->events()->rows();
    const qint64 eventTotal =
        snapshot.eventCount + std::count_if(shownEvents.begin(), shownEvents.end(),
                                            [](const store::EventRow &e) { return e.derived; });
    const QString eventsShown = models::CappedCount::text(events, eventTotal, snapshot.newerEvents);
    m_ui->tabs->setTabText(m_ui->tabs->indexOf(m_ui->eventsTab),
                           tr("Events (%1)").arg(eventsShown));
    m_ui->moreEventsLabel->setVisible(models::CappedCount::isCapped(events, eventTotal));
    m_ui->moreEventsLabel->setText(
        tr("Showing %1 events, oldest first; the buttons page through the rest.").arg(eventsShown));
    m_ui->eventsTab->findChild<PageBar *>(QStringLiteral("eventPages"))
        ->setPosition(events, eventTotal, snapshot.newerEvents);
    const int audit = m_source->audit()->rowCount();
    m_ui->tabs->setTabText(m_ui->tabs->indexOf(m_ui->auditTab),
                           tr("Audit (%1)").arg(locale.toString(audit)));
    m_ui->moreAuditLabel->setVisible(snapshot.moreAudit);
    m_ui->moreAuditLabel->setText(
        tr("The newest %1 audit entries; older ones are in the audit report.")
            .arg(locale.toString(audit)));

    const store::RunDetail run = shownDetail();
    m_ui->resultPane->setPlaceholderText(
        run.statusName == QLatin1String("succeeded")
            ? tr("The run succeeded without storing a result.")
            : tr("No result stored: a run stores its result when it succeeds, and duplicates "
                 "get it replayed."));
    // Prepared by the source's loading thread; a revealed value (the dialog's answer) here.
    if (revealedFields().contains(store::RunReveal::Result))
        m_ui->resultPane->setJson(run.result.pretty);
    else
        m_ui->resultPane->setValue(m_source->shown().result);
    fillDeliveries();
    if (m_fittedRunId != run.id) {
        m_fittedRunId = run.id;
        for (QTableView *table :
             {m_ui->stepsTable, m_ui->eventsTable, m_ui->auditTable, m_ui->deliveriesTable})
            fitColumns(table);
    }
}

void RunDetailView::fillDeliveries() {
    using models::KeyDeliveryTableModel;
    const store::KeyHistory &history = m_source->keyHistory();
    const QString error = m_source->keyHistoryError();
    // In the tab, not in a box: the run itself was read, only its key's history was not.
    m_ui->deliveriesError->setVisible(!error.isEmpty());
    m_ui->deliveriesError->setText(
        history.found
            ? tr("Could not refresh the deliveries (what is shown is the last read): %1").arg(error)
            : tr("Could not read the deliveries of this run's key: %1").arg(error));
    setWarning(m_ui->deliveriesError, true);
    m_ui->deliveriesSummary->setVisible(history.found);
    m_ui->deliveriesNote->setVisible(history.found);
    m_ui->deliveriesTable->setVisible(history.found || error.isEmpty());
    m_ui->deliveriesSummary->setText(KeyDeliveryTableModel::summary(history));
    m_ui->deliveriesNote->setText(KeyDeliveryTableModel::note(history));
    const int tab = m_ui->tabs->indexOf(m_ui->deliveriesTab);
    m_ui->tabs->setTabText(tab, history.found
                                    ? tr("Deliveries (%1)").arg(QLocale().toString(history.total()))
                                    : tr("Deliveries"));
}

void RunDetailView::fillError() {
    const store::RunDetail run = shownDetail();
    const bool none = run.lastError.isNull();
    const QString dash = tr("none");
    SafeText::setValue(m_ui->errorClassValue, run.lastErrorClass, none ? dash : run.lastErrorClass);
    SafeText::setValue(m_ui->errorMessageValue, run.lastErrorMessage,
                       none ? dash : run.lastErrorMessage);
    m_ui->errorRetryableValue->setText(
        none ? dash
             : (run.lastErrorRetryable ? tr("yes: a retry or a continuation may succeed")
                                       : tr("no: retrying the same request fails the same way")));
    // The stored error as read was parsed by the source's loading thread; a revealed one (the
    // dialog's answer, at the operator's request) is parsed here.
    const bool revealed = revealedFields().contains(store::RunReveal::LastError);
    const models::RunDetailSource::Shown &prepared = m_source->shown();
    QString at = prepared.lastErrorAt;
    int attempt = prepared.lastErrorAttempt; // -1: none
    if (revealed) {
        const QJsonObject error = run.lastError.value().toObject();
        at = error.value(QLatin1String("at")).toString();
        attempt = error.contains(QLatin1String("attempt"))
                      ? qMax(0, error.value(QLatin1String("attempt")).toInt())
                      : -1;
    }
    const QDateTime when = QDateTime::fromString(at, Qt::ISODateWithMs);
    QString recorded = when.isValid() ? TimeText::local(when) : at;
    if (attempt >= 0)
        recorded = tr("attempt %1, %2").arg(attempt).arg(recorded);
    m_ui->errorAtValue->setText(none ? dash : recorded);
    m_ui->errorPane->setPlaceholderText(tr("No error recorded for this run."));
    if (revealed)
        m_ui->errorPane->setJson(run.lastError.pretty);
    else
        m_ui->errorPane->setValue(prepared.lastError);
    m_ui->tabs->setTabText(
        m_ui->tabs->indexOf(m_ui->errorTab),
        none ? tr("Last Error")
             : tr("Last Error (%1)").arg(core::DisplayText::shown(run.lastErrorClass, 40)));
}

void RunDetailView::fillReview() {
    const store::RunDetail run = shownDetail();
    const bool inReview = run.statusName == QLatin1String("manual_review");
    const bool history = !run.reviewReason.isEmpty() || run.reviewAt.isValid();
    if (inReview) {
        m_ui->reviewStateLabel->setText(tr("The run is in manual review: an operator decides "
                                           "how it ends."));
    } else if (history) {
        m_ui->reviewStateLabel->setText(tr("Not in review now. These are the last review's "
                                           "fields, kept as history."));
    } else {
        m_ui->reviewStateLabel->setText(tr("This run was never routed to manual review."));
    }
    const QString dash = tr("none");
    SafeText::setValue(m_ui->reviewReasonValue, run.reviewReason,
                       run.reviewReason.isEmpty() ? dash : run.reviewReason);
    SafeText::setValue(m_ui->reviewAssigneeValue, run.reviewAssignee,
                       run.reviewAssignee.isEmpty() ? tr("unassigned") : run.reviewAssignee);
    SafeText::setValue(m_ui->reviewNoteValue, run.reviewNote,
                       run.reviewNote.isEmpty() ? dash : run.reviewNote);
    m_ui->reviewSinceValue->setText(run.reviewAt.isValid() ? TimeText::local(run.reviewAt) : dash);
    for (QWidget *field : {m_ui->reviewReasonValue, m_ui->reviewAssigneeValue,
                           m_ui->reviewNoteValue, m_ui->reviewSinceValue}) {
        field->setEnabled(inReview || history);
    }
    m_ui->tabs->setTabText(m_ui->tabs->indexOf(m_ui->reviewTab),
                           inReview ? tr("Review (open)") : tr("Review"));
}

void RunDetailView::updateStepWhy() {
    // The explanation of the step under the cursor, or else of the first step that needs one
    // (an uncertain step first): visible without hovering for a tooltip.
    StepTableModel *steps = m_source ? m_source->steps() : nullptr;
    int row = -1;
    if (steps) {
        const QModelIndex current = m_ui->stepsTable->currentIndex();
        if (current.isValid() && !StepTableModel::why(steps->rowAt(current.row())).isEmpty())
            row = current.row();
        for (int r = 0; row < 0 && r < steps->rowCount(); ++r) {
            if (steps->rowAt(r).isUncertain())
                row = r;
        }
        for (int r = 0; row < 0 && r < steps->rowCount(); ++r) {
            if (!StepTableModel::why(steps->rowAt(r)).isEmpty())
                row = r;
        }
    }
    if (row < 0) {
        m_ui->stepWhyLabel->hide();
        return;
    }
    const store::StepRow &step = steps->rowAt(row);
    m_ui->stepWhyLabel->setText(
        tr("<b>%1</b> (%2): %3")
            .arg(core::DisplayText::shown(step.name, core::DisplayText::LabelChars).toHtmlEscaped(),
                 models::StepStatusStyle::label(step.statusName).toHtmlEscaped(),
                 core::DisplayText::shown(StepTableModel::why(step),
                                          4 * core::DisplayText::LabelChars)
                     .toHtmlEscaped()));
    QPalette palette;
    if (step.isUncertain()) {
        palette.setColor(QPalette::Window, models::StepStatusStyle::uncertainBackground());
        palette.setColor(QPalette::WindowText, models::StepStatusStyle::uncertainForeground());
    }
    m_ui->stepWhyLabel->setAutoFillBackground(step.isUncertain());
    m_ui->stepWhyLabel->setPalette(palette);
    m_ui->stepWhyLabel->show();
}

void RunDetailView::fitColumns(QTableView *table) {
    // Once per run: the contents' widths, but no column wider than a third of the view, so
    // one long error message does not push the rest out of sight. The last column stretches.
    if (!table->model())
        return;
    table->resizeColumnsToContents();
    const int widest = qMax(fontMetrics().averageCharWidth() * 12, width() / 3);
    QHeaderView *header = table->horizontalHeader();
    for (int column = 0; column < header->count(); ++column)
        header->resizeSection(column, qMin(header->sectionSize(column), widest));
    // Sizing the last section by hand ended its stretch: on again.
    header->setStretchLastSection(false);
    header->setStretchLastSection(true);
}

} // namespace dedup::widgets
