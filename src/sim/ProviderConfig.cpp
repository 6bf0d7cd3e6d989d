#include "sim/ProviderConfig.h"

#include "sim/SimNames.h"

#include <QRegularExpression>

namespace dedup::sim {

QString ProviderConfig::validate() const {
    static const QRegularExpression identifier(QStringLiteral("^[a-z][a-z0-9_]*$"));
    if (!identifier.match(name).hasMatch())
        return tr("provider name \"%1\" must be a lower-case identifier").arg(name);
    if (!identifier.match(refPrefix).hasMatch())
        return tr("reference prefix \"%1\" must be a lower-case identifier").arg(refPrefix);
    if (operations.isEmpty())
        return tr("provider %1 accepts no operations").arg(name);
    for (const QString &operation : operations) {
        if (!identifier.match(operation).hasMatch())
            return tr("operation \"%1\" must be a lower-case identifier").arg(operation);
    }
    if (minLatency.count() < 0 || maxLatency < minLatency)
        return tr("latency range %1..%2 ms is invalid")
            .arg(minLatency.count())
            .arg(maxLatency.count());
    if (timeout.count() < 0)
        return tr("timeout %1 ms is negative").arg(timeout.count());
    if (!faults.isValid())
        return tr("fault rates must each be in [0, 1] and add up to at most 1 (they add up to %1)")
            .arg(faults.total());
    return {};
}

namespace {

ProviderConfig make(QLatin1String name, const char *prefix, QStringList operations,
                    bool honoursKeys) {
    ProviderConfig config;
    config.name = name;
    config.refPrefix = QLatin1String(prefix);
    config.operations = std::move(operations);
    config.honoursDownstreamKeys = honoursKeys;
    return config;
}

} // namespace

ProviderConfig ProviderConfig::messaging() {
    return make(provider::Messaging, "msg", {operation::SendMessage, operation::SendConfirmation},
                false);
}

ProviderConfig ProviderConfig::invoicing() {
    return make(provider::Invoicing, "inv", {operation::DraftInvoice}, false);
}

ProviderConfig ProviderConfig::payments() {
    return make(provider::Payments, "pi", {operation::CreatePaymentIntent}, true);
}

ProviderConfig ProviderConfig::records() {
    return make(provider::Records, "rec", {operation::UpdateLabRecord}, false);
}

ProviderConfig ProviderConfig::scheduling() {
    return make(provider::Scheduling, "appt", {operation::BookAppointment}, true);
}

} // namespace dedup::sim
