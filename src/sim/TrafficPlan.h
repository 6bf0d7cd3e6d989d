#pragma once

#include "sim/Traffic.h"

#include <QList>

namespace dedup::sim {

// Mixed traffic from a seed: N intents spread over the five workflows, each delivered 1..k
// times. Extra deliveries are either concurrent (sent at the same moment as the first: two
// webhook deliveries racing, a double click) or later (a redelivery after a timeout, a queue
// replay), and a delivery may carry a crash point. The same options give the same plan, so
// every strategy of a comparison sees exactly the same traffic.
class TrafficPlan {
public:
    static TrafficPlan generate(const TrafficOptions &options);

    QList<TrafficIntent> intents;
    QList<TrafficDelivery> deliveries; // in queue order

    // The intents per workflow, for reports.
    int intentsOf(const QString &workflow) const;
};

} // namespace dedup::sim
