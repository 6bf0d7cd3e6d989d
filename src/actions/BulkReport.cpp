#include "actions/BulkReport.h"

#include "store/BulkOperations.h"

#include <QLocale>

namespace dedup::actions {

QString BulkReport::summary() const {
    const QLocale locale;
    QString text = tr("%1 runs: %2 applied, %3 skipped because they changed, %4 failed.")
                       .arg(locale.toString(state.total), locale.toString(state.applied),
                            locale.toString(state.changed), locale.toString(state.failed));
    if (state.pending > 0) {
        text += QLatin1Char(' ') + tr("%1 were not applied (the operation was aborted).")
                                       .arg(locale.toString(state.pending));
    }
    return text;
}

store::ProtocolStatus BulkReport::readItems(store::BulkOperations &operations,
                                            const QString &bulkId, int limit) {
    // One more than shown, to know that there are more.
    const auto failed = operations.items(bulkId, QStringLiteral("failed"), limit + 1);
    if (!failed.ok())
        return store::ProtocolStatus::failure(failed.errorKind(), failed.error());
    const auto changed = operations.items(bulkId, QStringLiteral("changed"), limit + 1);
    if (!changed.ok())
        return store::ProtocolStatus::failure(changed.errorKind(), changed.error());
    failedItems = failed.value();
    changedItems = changed.value();
    moreFailed = failedItems.size() > limit;
    moreChanged = changedItems.size() > limit;
    failedItems.resize(qMin<qsizetype>(failedItems.size(), limit));
    changedItems.resize(qMin<qsizetype>(changedItems.size(), limit));
    return store::ProtocolStatus::success({});
}

} // namespace dedup::actions
