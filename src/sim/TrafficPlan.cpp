#include "sim/TrafficPlan.h"

#include "sim/ScenarioWorkflows.h"

#include <QHash>
#include <QRandomGenerator>

#include <algorithm>

namespace dedup::sim {

namespace {

// The longest crash point drawn: beyond a few calls a delivery has finished anyway.
constexpr int kMaxCrashCall = 8;
// Later copies without a rate land this many queue positions after the first delivery, so
// some arrive while it still runs and some after it finished.
constexpr int kMaxLaterSlots = 8;
// Later copies with a rate arrive this many ms after the first delivery.
constexpr int kMinLaterMs = 20;
constexpr int kMaxLaterMs = 400;

QRandomGenerator seeded(quint64 seed, quint32 stream) {
    const quint32 words[] = {quint32(seed), quint32(seed >> 32), stream};
    return QRandomGenerator(words, std::size(words));
}

} // namespace

TrafficPlan TrafficPlan::generate(const TrafficOptions &options) {
    TrafficPlan plan;
    const QStringList workflows =
        options.workflows.isEmpty() ? ScenarioWorkflows::names() : options.workflows;
    // Separate streams, so that changing the crash rate does not change the deliveries.
    QRandomGenerator random = seeded(options.seed, 1);
    QRandomGenerator crashes = seeded(options.seed, 2);
    QHash<QString, int> perWorkflow;
    const int maxDeliveries = std::max(1, options.maxDeliveries);

    for (int i = 0; i < options.intents; ++i) {
        const QString workflow = workflows.at(int(random.bounded(quint32(workflows.size()))));
        plan.intents.append(ScenarioWorkflows::intent(workflow, perWorkflow[workflow]++));
        const qint64 t0 = options.rate > 0 ? qint64(i * 1000.0 / options.rate) : 0;
        const int copies = 1 + int(random.bounded(quint32(maxDeliveries)));
        for (int copy = 0; copy < copies; ++copy) {
            TrafficDelivery delivery;
            delivery.sequence = int(plan.deliveries.size()) + 1;
            delivery.intent = i;
            delivery.copy = copy;
            delivery.atMs = t0;
            double slot = i;
            if (copy > 0) {
                delivery.concurrent = random.generateDouble() < options.concurrentShare;
                if (delivery.concurrent) {
                    slot = i + 0.01 * copy;
                } else {
                    slot = i + 1 + random.bounded(kMaxLaterSlots) + 0.5;
                    delivery.atMs += kMinLaterMs + random.bounded(kMaxLaterMs - kMinLaterMs);
                }
            }
            delivery.order = options.rate > 0 ? double(delivery.atMs) + 0.001 * copy : slot;
            for (int call = 1; call <= kMaxCrashCall; ++call) {
                if (crashes.generateDouble() < options.crashRate) {
                    delivery.crashAfterCall = call;
                    break;
                }
            }
            plan.deliveries.append(delivery);
        }
    }
    std::stable_sort(
        plan.deliveries.begin(), plan.deliveries.end(),
        [](const TrafficDelivery &a, const TrafficDelivery &b) { return a.order < b.order; });
    return plan;
}

int TrafficPlan::intentsOf(const QString &workflow) const {
    return int(std::count_if(intents.begin(), intents.end(), [&](const TrafficIntent &intent) {
        return intent.workflow == workflow;
    }));
}

} // namespace dedup::sim
