#pragma once

#include "store/ReplicationMode.h"
#include "widgets/WarningLabel.h"

#include <optional>

namespace dedup::widgets {

// Whether the attached store replicates synchronously, in the status bar: "synchronous
// replication", "no replication", or "asynchronous replication" as a warning (a failover may
// take back a claim or a step start, so a side effect may run twice). The tooltip says what
// it means for exactly-once.
class ReplicationLabel : public WarningLabel {
    Q_OBJECT

public:
    explicit ReplicationLabel(QWidget *parent = nullptr);

    // Hidden when `mode` is not known (a report built by hand, a login that could not read it).
    void showMode(const std::optional<store::ReplicationMode> &mode);
    void clearMode();
};

} // namespace dedup::widgets
