#include "widgets/BulkProgressText.h"

#include "actions/OperatorAction.h"
#include "store/BulkAction.h"

#include <QLocale>
#include <QProgressBar>
#include <QStringList>

namespace dedup::widgets {

namespace {

QString itemLines(const QList<store::BulkItemOutcome> &items, bool more) {
    QStringList lines;
    for (const store::BulkItemOutcome &item : items)
        lines << BulkProgressText::tr("  run %1: %2").arg(item.runId).arg(item.detail);
    if (more)
        lines << BulkProgressText::tr("  … and more (see the audit log)");
    return lines.join(u'\n');
}

} // namespace

QString BulkProgressText::title(const store::BulkState &state) {
    const std::optional<store::BulkAction> action = store::bulkActionFromString(state.action);
    return action ? actions::OperatorActionText::title(*action) : state.action;
}

QString BulkProgressText::done(const store::BulkState &state) {
    const QLocale locale;
    return tr("%1 of %2")
        .arg(locale.toString(state.applied + state.changed + state.failed),
             locale.toString(state.total));
}

QString BulkProgressText::counters(const store::BulkState &state) {
    const QLocale locale;
    return tr("Applied %1 · skipped because changed %2 · failed %3 · pending %4")
        .arg(locale.toString(state.applied), locale.toString(state.changed),
             locale.toString(state.failed), locale.toString(state.pending));
}

QString BulkProgressText::report(const actions::BulkReport &report) {
    QStringList text{report.summary()};
    if (!report.failedItems.isEmpty())
        text << tr("Failed:") + u'\n' + itemLines(report.failedItems, report.moreFailed);
    if (!report.changedItems.isEmpty()) {
        text << tr("Skipped because the run changed since it was selected:") + u'\n' +
                    itemLines(report.changedItems, report.moreChanged);
    }
    return text.join(QStringLiteral("\n\n"));
}

void BulkProgressText::showOn(QProgressBar *bar, const store::BulkState &state) {
    if (state.total <= 0)
        return;
    const qint64 finished = state.applied + state.changed + state.failed;
    bar->setRange(0, 1000);
    bar->setValue(int(finished * 1000 / state.total));
    bar->setFormat(done(state));
}

} // namespace dedup::widgets
