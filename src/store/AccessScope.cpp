#include "store/AccessScope.h"

#include <algorithm>

namespace dedup::store {

namespace {

constexpr qsizetype MaxListed = 3; // grants named per capability in summary()

// The store's own test (dedup._may): the workflow matches and the scope starts with the
// prefix, compared as bytes (scope_prefix is COLLATE "C"; comparing UTF-16 code units gives
// the same answer for a prefix test).
bool covers(const AccessGrant &grant, const QString &workflow, const QString &scope) {
    return (!grant.workflow || *grant.workflow == workflow) &&
           (!grant.scopePrefix || scope.startsWith(*grant.scopePrefix));
}

// Every run `narrow` covers is also covered by `wide` (whatever their capabilities).
bool within(const AccessGrant &narrow, const AccessGrant &wide) {
    return (!wide.workflow || wide.workflow == narrow.workflow) &&
           (!wide.scopePrefix ||
            (narrow.scopePrefix && narrow.scopePrefix->startsWith(*wide.scopePrefix)));
}

bool isEverything(const AccessGrant &grant) {
    return !grant.workflow && !grant.scopePrefix;
}

bool hasCapability(const AccessGrant &grant, std::initializer_list<QStringView> capabilities) {
    return std::find(capabilities.begin(), capabilities.end(), QStringView(grant.capability)) !=
           capabilities.end();
}

} // namespace

AccessScope AccessScope::owner() {
    AccessScope scope;
    scope.m_owner = true;
    return scope;
}

AccessScope AccessScope::fromGrants(QList<AccessGrant> grants) {
    AccessScope scope;
    scope.m_grants = std::move(grants);
    return scope;
}

bool AccessScope::anyCovers(std::initializer_list<QStringView> capabilities,
                            const QString &workflow, const QString &scope) const {
    return std::any_of(m_grants.cbegin(), m_grants.cend(), [&](const AccessGrant &grant) {
        return hasCapability(grant, capabilities) && covers(grant, workflow, scope);
    });
}

QList<AccessGrant> AccessScope::ofCapability(std::initializer_list<QStringView> capabilities,
                                             bool dropCovered) const {
    QList<AccessGrant> out;
    for (const AccessGrant &grant : m_grants) {
        if (hasCapability(grant, capabilities))
            out.append(grant);
    }
    if (!dropCovered)
        return out;
    // A grant inside another one of the list says nothing more (operator and viewer grants
    // for the same runs, or clinic-42/a* next to clinic-42/*); of equal ones the first stays.
    QList<AccessGrant> kept;
    for (qsizetype i = 0; i < out.size(); ++i) {
        bool covered = false;
        for (qsizetype j = 0; j < out.size() && !covered; ++j) {
            if (i == j || !within(out.at(i), out.at(j)))
                continue;
            covered = !within(out.at(j), out.at(i)) || j < i;
        }
        if (!covered)
            kept.append(out.at(i));
    }
    return kept;
}

bool AccessScope::mayRead(const QString &workflow, const QString &scope) const {
    return m_owner || anyCovers({Operator, Viewer}, workflow, scope);
}

std::optional<ReadRegions> AccessScope::readRegions() const {
    if (m_owner)
        return std::nullopt;
    // Without the grants inside another one: a grant for everything leaves one region.
    const QList<AccessGrant> reads = ofCapability({Operator, Viewer}, true);
    ReadRegions regions;
    for (const AccessGrant &grant : reads)
        regions.append({grant.workflow, grant.scopePrefix});
    return regions;
}

bool AccessScope::mayOperate(const QString &workflow, const QString &scope) const {
    return m_owner || anyCovers({Operator}, workflow, scope);
}

bool AccessScope::mayReadAnything() const {
    return m_owner || !ofCapability({Operator, Viewer}).isEmpty();
}

bool AccessScope::mayOperateAnything() const {
    return m_owner || !ofCapability({Operator}).isEmpty();
}

bool AccessScope::mayOperateAllReadable(const std::optional<QString> &workflow,
                                        const std::optional<QString> &scope) const {
    if (m_owner)
        return true;
    const QList<AccessGrant> operate = ofCapability({Operator});
    for (const AccessGrant &read : ofCapability({Operator, Viewer})) {
        // The runs both this grant and the filter let through; none: nothing to cover.
        if (workflow && read.workflow && *read.workflow != *workflow)
            continue;
        if (scope && read.scopePrefix && !scope->startsWith(*read.scopePrefix))
            continue;
        AccessGrant region = read;
        if (workflow)
            region.workflow = workflow;
        // One exact scope is covered exactly when the region "scope*" is: by a prefix of it.
        if (scope)
            region.scopePrefix = scope;
        if (std::none_of(operate.cbegin(), operate.cend(),
                         [&](const AccessGrant &grant) { return within(region, grant); }))
            return false;
    }
    return true;
}

QString AccessScope::grantText(const AccessGrant &grant) {
    const QString scope = grant.scopePrefix ? *grant.scopePrefix + QLatin1Char('*') : QString();
    if (isEverything(grant))
        return tr("everything");
    if (!grant.workflow)
        return scope;
    if (!grant.scopePrefix)
        return *grant.workflow;
    return tr("%1 in %2", "workflow in scope prefix").arg(*grant.workflow, scope);
}

QString AccessScope::listText(const QList<AccessGrant> &grants) {
    QStringList texts;
    for (const AccessGrant &grant : grants)
        texts.append(grantText(grant));
    if (texts.size() <= MaxListed)
        return texts.join(QStringLiteral(", "));
    const qsizetype shown = MaxListed - 1;
    return tr("%1 and %n more", "grants not listed", int(texts.size() - shown))
        .arg(texts.first(shown).join(QStringLiteral(", ")));
}

QString AccessScope::runsText(const QList<AccessGrant> &grants) {
    if (std::any_of(grants.cbegin(), grants.cend(),
                    [](const AccessGrant &grant) { return isEverything(grant); }))
        return tr("every run");
    return tr("the runs of %1").arg(listText(grants));
}

QString AccessScope::summary() const {
    if (m_owner)
        return tr("owner");
    if (m_grants.isEmpty())
        return tr("no access in this store");
    QStringList parts;
    if (const auto grants = ofCapability({Operator}); !grants.isEmpty())
        parts.append(tr("operator for %1").arg(listText(grants)));
    if (const auto grants = ofCapability({Viewer}); !grants.isEmpty())
        parts.append(tr("viewer for %1").arg(listText(grants)));
    if (const auto grants = ofCapability({Worker}); !grants.isEmpty())
        parts.append(tr("worker for %1").arg(listText(grants)));
    return parts.join(QStringLiteral("; "));
}

QString AccessScope::explanation() const {
    if (m_owner)
        return tr("As the store's owner it sees every run and may act on any of them.");
    if (!mayReadAnything()) {
        const QList<AccessGrant> worker = ofCapability({Worker});
        if (!worker.isEmpty())
            return tr("Its grants in this store are for a worker only (%1): the console will "
                      "show no runs and offer no actions.")
                .arg(listText(worker));
        return tr("It has no grants in this store: the console will show no runs and offer no "
                  "actions.");
    }
    const QString reads = runsText(ofCapability({Operator, Viewer}, true));
    if (!mayOperateAnything())
        return tr("It sees %1 and may not act on any of them (read-only).").arg(reads);
    const QString operates = runsText(ofCapability({Operator}, true));
    if (mayOperateAllReadable())
        return tr("It sees and may act on %1.").arg(operates);
    return tr("It sees %1 and may act on %2 only; the others are read-only.").arg(reads, operates);
}

QStringList AccessScope::grantLines() const {
    if (m_owner || m_grants.isEmpty())
        return {summary()};
    QStringList lines;
    for (const AccessGrant &grant : m_grants) {
        if (grant.capability == Operator)
            lines.append(tr("operator for %1").arg(grantText(grant)));
        else if (grant.capability == Viewer)
            lines.append(tr("viewer for %1").arg(grantText(grant)));
        else if (grant.capability == Worker)
            lines.append(tr("worker for %1").arg(grantText(grant)));
    }
    return lines;
}

} // namespace dedup::store
