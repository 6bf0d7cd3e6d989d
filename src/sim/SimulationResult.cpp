#include "sim/SimulationResult.h"

#include <QJsonArray>
#include <QStringList>

#include <vector>

namespace dedup::sim {

namespace {

QString number(qint64 value) {
    return QString::number(value);
}

// Left-aligned first column, right-aligned numbers, two spaces between columns.
QString formatTable(const std::vector<QStringList> &rows) {
    std::vector<qsizetype> widths;
    for (const QStringList &row : rows) {
        widths.resize(std::max(widths.size(), size_t(row.size())), 0);
        for (qsizetype col = 0; col < row.size(); ++col)
            widths[size_t(col)] = std::max(widths[size_t(col)], row.at(col).size());
    }
    QString text;
    for (size_t r = 0; r < rows.size(); ++r) {
        const QStringList &row = rows[r];
        QStringList cells;
        for (qsizetype col = 0; col < row.size(); ++col) {
            const qsizetype width = widths[size_t(col)];
            cells << (col == 0 ? row.at(col).leftJustified(width)
                               : row.at(col).rightJustified(width));
        }
        text += cells.join(QStringLiteral("  ")) + QLatin1Char('\n');
        if (r == 0) {
            QStringList rule;
            for (qsizetype col = 0; col < row.size(); ++col)
                rule << QString(widths[size_t(col)], QLatin1Char('-'));
            text += rule.join(QStringLiteral("  ")) + QLatin1Char('\n');
        }
    }
    return text;
}

} // namespace

QJsonObject StrategyResult::toJson() const {
    QJsonObject runsJson;
    for (auto it = runs.begin(); it != runs.end(); ++it)
        runsJson.insert(it.key(), it.value());
    QJsonObject outcomesJson;
    for (auto it = outcomes.begin(); it != outcomes.end(); ++it)
        outcomesJson.insert(it.key(), it.value());
    QJsonArray operationsJson;
    for (const EffectCount &count : operations) {
        operationsJson.append(QJsonObject{
            {QStringLiteral("provider"), count.provider},
            {QStringLiteral("operation"), count.operation},
            {QStringLiteral("side_effects"), count.sideEffects},
            {QStringLiteral("intents"), count.intents},
            {QStringLiteral("duplicate_side_effects"), count.duplicates - count.providerDuplicates},
            {QStringLiteral("provider_duplicates"), count.providerDuplicates},
        });
    }
    return QJsonObject{
        {QStringLiteral("strategy"), toString(strategy)},
        {QStringLiteral("label"), label},
        {QStringLiteral("scope_prefix"), usesStore ? QJsonValue(scopePrefix) : QJsonValue()},
        {QStringLiteral("uses_store"), usesStore},
        {QStringLiteral("intents"), intents},
        {QStringLiteral("deliveries"), deliveries},
        {QStringLiteral("redeliveries_after_crash"), redeliveries},
        {QStringLiteral("side_effects"), sideEffects},
        {QStringLiteral("duplicate_side_effects"), duplicates},
        {QStringLiteral("provider_duplicates"), providerDuplicates},
        {QStringLiteral("runs"), usesStore ? QJsonValue(runsJson) : QJsonValue()},
        {QStringLiteral("delivery_outcomes"), outcomesJson},
        {QStringLiteral("operations"), operationsJson},
        {QStringLiteral("elapsed_ms"), elapsedMs},
    };
}

const StrategyResult *SimulationResult::find(StrategyKind kind) const {
    for (const StrategyResult &result : strategies) {
        if (result.strategy == kind)
            return &result;
    }
    return nullptr;
}

QString SimulationResult::compareTable() const {
    bool providerCopies = false;
    for (const StrategyResult &result : strategies)
        providerCopies = providerCopies || result.providerDuplicates > 0;
    QStringList header{tr("strategy"),
                       tr("intents"),
                       tr("deliveries"),
                       tr("side effects"),
                       tr("duplicate side effects"),
                       tr("succeeded"),
                       tr("failed"),
                       tr("manual_review"),
                       tr("in progress")};
    if (providerCopies)
        header << tr("provider duplicates");
    std::vector<QStringList> rows{header};
    for (const StrategyResult &result : strategies) {
        auto runs = [&](const char *status) {
            return result.usesStore ? number(result.runsWith(QLatin1String(status)))
                                    : QStringLiteral("-");
        };
        QStringList row{toString(result.strategy),
                        number(result.intents),
                        number(result.deliveries),
                        number(result.sideEffects),
                        number(result.duplicates),
                        runs("succeeded"),
                        runs("failed"),
                        runs("manual_review"),
                        runs("processing")};
        if (providerCopies)
            row << number(result.providerDuplicates);
        rows.push_back(row);
    }
    return formatTable(rows);
}

QString SimulationResult::summary() const {
    QString text;
    for (const StrategyResult &result : strategies) {
        text += tr("%1: %2 intents, %3 deliveries, %4 side effects, %5 duplicate side effects")
                    .arg(toString(result.strategy))
                    .arg(result.intents)
                    .arg(result.deliveries)
                    .arg(result.sideEffects)
                    .arg(result.duplicates);
        if (result.providerDuplicates > 0)
            text += tr(" (+%1 made by the providers themselves)").arg(result.providerDuplicates);
        if (result.usesStore)
            text += tr("; runs: %1 succeeded, %2 failed, %3 manual_review, %4 in progress")
                        .arg(result.runsWith(QStringLiteral("succeeded")))
                        .arg(result.runsWith(QStringLiteral("failed")))
                        .arg(result.runsWith(QStringLiteral("manual_review")))
                        .arg(result.runsWith(QStringLiteral("processing")));
        text += tr(" (%1 s)").arg(double(result.elapsedMs) / 1000.0, 0, 'f', 1) + QLatin1Char('\n');
    }
    return text;
}

} // namespace dedup::sim
