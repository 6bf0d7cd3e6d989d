#include "models/CorrelationModel.h"

#include "lanes/ChangeListener.h"
#include "models/DurationText.h"
#include "models/ListPageStep.h"
#include "models/RunCells.h"
#include "models/RunStatusStyle.h"
#include "models/StepStatusStyle.h"
#include "models/TimeText.h"
#include "store/CorrelationQueries.h"
#include "store/PgConnection.h"

#include <QBrush>

#include <utility>

namespace dedup::models {

using store::CorrelatedRun;
using store::CorrelationSnapshot;

CorrelationModel::CorrelationModel(const QString &conninfo, QObject *parent)
    : TitledColumns(parent)
    , m_runner(conninfo, QStringLiteral("dedup-console-correlation"))
    , m_query(
          m_runner, [this] { return submitRead(); },
          [this](const QVariant &value) { applyRead(value); }) {
    qRegisterMetaType<CorrelationSnapshot>();
    qRegisterMetaType<QList<store::CorrelatedStep>>();
    m_query.forwardSignalsTo(this);
}

CorrelationModel::~CorrelationModel() = default;

void CorrelationModel::setCorrelationId(const QString &correlationId, qint64 ofRun) {
    m_query.discard();
    m_correlationId = correlationId;
    m_ofRun = correlationId.isEmpty() ? 0 : ofRun;
    m_page = {};
    m_snapshot = {};
    m_query.clearError();
    resetRows({});
    emit correlationIdChanged(correlationId);
    if (correlationId.isEmpty())
        return;
    m_resetNext = true;
    m_query.request();
}

void CorrelationModel::reload() {
    m_query.refresh();
}

void CorrelationModel::showPage(store::ListPage::Step step) {
    if (m_correlationId.isEmpty())
        return;
    const std::optional<store::ListPage> page = ListPageStep::after(
        step, rows(), [](const CorrelatedRun &run) { return run.createdAtMicros; });
    if (!page)
        return;
    m_query.discard(); // a read in flight is for the page shown so far
    m_page = *page;
    m_resetNext = true;
    m_query.request();
}

int CorrelationModel::submitRead() {
    // Nothing shown, nothing to read (a reload, or the connection came back); no read is in
    // flight then either: setCorrelationId() dropped it.
    if (m_correlationId.isEmpty())
        return 0;
    return m_runner.submit([correlationId = m_correlationId, ofRun = m_ofRun, limit = m_limit,
                            page = m_page](store::PgConnection &conn, store::PgError *error) {
        const auto snapshot =
            store::CorrelationQueries::read(conn, correlationId, limit, error, ofRun, page);
        return snapshot ? QVariant::fromValue(*snapshot) : QVariant();
    });
}

void CorrelationModel::cancel() {
    m_query.cancel(tr("Loading was cancelled."));
}

void CorrelationModel::attachListener(lanes::ChangeListener *listener) {
    connect(listener, &lanes::ChangeListener::runsChanged, this, &CorrelationModel::onRunsChanged);
    connect(listener, &lanes::ChangeListener::resynced, this, &CorrelationModel::reload);
}

void CorrelationModel::onRunsChanged(const QSet<qint64> &, bool) {
    // Any change may concern this correlation: a new run carries the id, and the run's id
    // alone does not say so. The re-read is one index range of the correlation's runs.
    reload();
}

void CorrelationModel::applyRead(const QVariant &value) {
    m_snapshot = value.value<CorrelationSnapshot>();
    m_sinceRead.start();
    // Re-reads ask for the page this one resolved to (Newer and Oldest become a fixed page).
    m_page = m_snapshot.page;
    if (std::exchange(m_resetNext, false))
        resetRows(m_snapshot.runs);
    else
        updateRows(m_snapshot.runs);
    emit loaded();
}

QDateTime CorrelationModel::estimatedServerNow() const {
    if (!m_snapshot.serverNow.isValid() || !m_sinceRead.isValid())
        return {};
    return m_snapshot.serverNow.addMSecs(m_sinceRead.elapsed());
}

QDateTime CorrelationModel::timeStart() const {
    return rows().isEmpty() ? QDateTime() : rows().first().createdAt; // oldest first
}

QDateTime CorrelationModel::timeEnd() const {
    QDateTime end;
    const QDateTime now = estimatedServerNow();
    for (const CorrelatedRun &run : rows()) {
        const QDateTime barEnd = run.isOpen() ? now : run.finishedAt;
        if (barEnd.isValid() && (!end.isValid() || barEnd > end))
            end = barEnd;
        // A step's span lies within its run's as a rule; the axis holds it anyway.
        for (const store::CorrelatedStep &step : run.steps) {
            const QDateTime stepEnd = step.spanEnd(now);
            if (stepEnd.isValid() && (!end.isValid() || stepEnd > end))
                end = stepEnd;
        }
    }
    return end;
}

QString CorrelationModel::stepsText(const CorrelatedRun &run) const {
    if (run.stepsTotal == 0)
        return tr("no steps");
    QString text = tr("%1/%2 done").arg(run.stepsDone).arg(run.stepsTotal);
    if (run.stepsUncertain > 0)
        text += tr(", %n uncertain", nullptr, run.stepsUncertain);
    if (run.stepsFailed > 0)
        text += tr(", %n failed", nullptr, run.stepsFailed);
    if (run.stepsInProgress > 0)
        text += tr(", %n running", nullptr, run.stepsInProgress);
    return text;
}

QString CorrelationModel::stepText(const store::CorrelatedStep &step, const QDateTime &serverNow) {
    QString status = StepStatusStyle::label(step.statusName);
    if (!step.errorClass.isEmpty())
        status = tr("%1 (%2)").arg(status, step.errorClass);
    if (step.isUncertain())
        status += tr(": the outcome is unknown, check with the provider before continuing");
    QString text = tr("Step %1 “%2”: %3").arg(step.ordinal).arg(step.name, status);
    if (step.attempts > 0)
        text += tr(", attempt %1").arg(step.attempts);
    if (!step.startedAt.isValid())
        return text + tr(", not started");
    text += tr(", started %1").arg(TimeText::localMs(step.startedAt));
    if (step.finishedAt.isValid()) {
        return text + tr(", finished %1 (%2)")
                          .arg(TimeText::localMs(step.finishedAt),
                               DurationText::format(step.startedAt.msecsTo(step.finishedAt)));
    }
    if (step.isRunning() && serverNow.isValid())
        return text +
               tr(", running for %1").arg(DurationText::format(step.startedAt.msecsTo(serverNow)));
    if (step.updatedAt.isValid())
        return text + tr(", stopped %1").arg(TimeText::localMs(step.updatedAt));
    return text;
}

QVariant CorrelationModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const CorrelatedRun &run = rowAt(index.row());
    if (const QVariant shared = RunRoles::data(run, run.statusName, role); shared.isValid())
        return shared;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (const QVariant shared = RunCells::display<CorrelationModel>(run, column);
            shared.isValid())
            return shared;
        switch (column) {
        case StatusColumn:
            return RunStatusStyle::label(run.statusName);
        case StepsColumn:
            return stepsText(run);
        case StartedColumn:
            return run.createdAt.toLocalTime();
        case FinishedColumn:
            return run.isOpen() ? QVariant() : QVariant(run.finishedAt.toLocalTime());
        case DurationColumn:
            if (!run.isOpen())
                return DurationText::format(run.createdAt.msecsTo(run.finishedAt));
            return tr("open for %1")
                .arg(DurationText::format(run.createdAt.msecsTo(estimatedServerNow())));
        }
        return {};
    case Qt::ForegroundRole:
        if (column == StatusColumn)
            return QBrush(RunStatusStyle::color(run.statusName));
        return {};
    case Qt::DecorationRole:
        if (column == StatusColumn)
            return RunStatusStyle::color(run.statusName);
        return {};
    case Qt::ToolTipRole:
        if (column == StatusColumn && !run.lastErrorClass.isEmpty())
            return tr("%1 (last error: %2)")
                .arg(RunStatusStyle::label(run.statusName), run.lastErrorClass);
        if (column == StatusColumn && !run.reviewReason.isEmpty())
            return tr("%1: %2").arg(RunStatusStyle::label(run.statusName), run.reviewReason);
        if (column == StepsColumn && !run.steps.isEmpty()) {
            // Every step in words: the timeline's colours and marks are never the only cue.
            QStringList lines;
            const QDateTime now = estimatedServerNow();
            for (const store::CorrelatedStep &step : run.steps)
                lines << stepText(step, now);
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == RunColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case StatusColorRole:
        return RunStatusStyle::color(run.statusName);
    case StartTimeRole:
        return run.createdAt;
    case EndTimeRole:
        return run.finishedAt;
    case BarEndTimeRole:
        return run.isOpen() ? estimatedServerNow() : run.finishedAt;
    case OpenRole:
        return run.isOpen();
    case UncertainStepsRole:
        return run.stepsUncertain;
    case WorkflowRole:
        return run.workflow;
    case StepsRole:
        return QVariant::fromValue(run.steps);
    case ServerNowRole:
        return estimatedServerNow();
    case FailedStepsRole:
        return run.stepsFailed;
    }
    return {};
}

} // namespace dedup::models
