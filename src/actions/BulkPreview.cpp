#include "actions/BulkPreview.h"

#include <QLocale>

namespace dedup::actions {

bool BulkPreview::requiresTypedConfirmation() const {
    return !exact || applicable >= confirmationThreshold;
}

QString BulkPreview::confirmationText() const {
    return exact ? QString::number(applicable) : tr("all");
}

bool BulkPreview::confirmationMatches(const QString &typed) const {
    if (!requiresTypedConfirmation())
        return true;
    QString text = typed.trimmed();
    if (!exact)
        return text.compare(confirmationText(), Qt::CaseInsensitive) == 0;
    // "3,000", "3 000", "3.000": what people type for a number, in any locale.
    text.remove(QLocale().groupSeparator());
    for (const QChar separator :
         {QChar(u','), QChar(u'.'), QChar(u' '), QChar(u'\''), QChar(0x00A0), QChar(0x202F)})
        text.remove(separator);
    return !text.isEmpty() && text == confirmationText();
}

QStringList BulkPreview::warnings() const {
    const QLocale locale;
    QStringList list;
    if (!exact) {
        list << tr("More than %1 runs match; the exact number is known once the operation is "
                   "prepared (the planner estimates %2).")
                    .arg(locale.toString(cap),
                         estimated >= 0 ? locale.toString(estimated) : tr("no number"));
    }
    if (notApplicable > 0) {
        list << tr("%1 of the runs are in a state this action does not apply to; they are left "
                   "out.")
                    .arg(locale.toString(notApplicable));
    }
    if (changedSinceSelection > 0) {
        list << tr("%1 runs changed since you selected them (or are gone); they will be skipped.")
                    .arg(locale.toString(changedSinceSelection));
    }
    if (withUncertainSteps > 0) {
        list << tr("%1 runs have a step whose side effect may already have happened; check the "
                   "provider before acting on them.")
                    .arg(locale.toString(withUncertainSteps));
    }
    if (uncertainWithoutKey > 0) {
        list << tr("%1 runs have such a step without a downstream key: a continuation stops "
                   "there and sends them back to review unless uncertain steps are rerun.")
                    .arg(locale.toString(uncertainWithoutKey));
    }
    return list;
}

QString BulkPreview::summary() const {
    const QLocale locale;
    QStringList parts;
    for (const BulkCount &count : byStatus)
        parts << tr("%1 %2").arg(locale.toString(count.runs), count.name);
    const QString total =
        exact ? locale.toString(matched) : tr("more than %1").arg(locale.toString(cap));
    if (parts.isEmpty())
        return tr("%1 runs").arg(total);
    return tr("%1 runs: %2").arg(total, parts.join(QStringLiteral(", ")));
}

} // namespace dedup::actions
