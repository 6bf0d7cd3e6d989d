#include "sim/Fault.h"

namespace dedup::sim {

namespace {

struct FaultInfo {
    Fault fault;
    const char16_t *name;
};

constexpr FaultInfo kFaults[] = {
    {Fault::None, u"none"},
    {Fault::Outage, u"outage"},
    {Fault::Validation, u"validation"},
    {Fault::TimeoutBeforeCommit, u"timeout_before_commit"},
    {Fault::TimeoutAfterCommit, u"timeout_after_commit"},
    {Fault::Duplication, u"duplication"},
};

bool isProbability(double p) {
    return p >= 0.0 && p <= 1.0; // also false for NaN
}

} // namespace

QList<Fault> allFaults() {
    QList<Fault> result;
    for (const FaultInfo &f : kFaults)
        result.append(f.fault);
    return result;
}

QString toString(Fault fault) {
    for (const FaultInfo &f : kFaults) {
        if (f.fault == fault)
            return QStringView(f.name).toString();
    }
    Q_UNREACHABLE();
    return {};
}

std::optional<Fault> faultFromString(QStringView name) {
    for (const FaultInfo &f : kFaults) {
        if (name == QStringView(f.name))
            return f.fault;
    }
    return std::nullopt;
}

bool FaultRates::isValid() const {
    // A small tolerance so that rates like 0.1 * 10 still add up to "1".
    return isProbability(outage) && isProbability(validation) &&
           isProbability(timeoutBeforeCommit) && isProbability(timeoutAfterCommit) &&
           isProbability(duplication) && total() <= 1.0 + 1e-9;
}

void FaultRates::set(Fault fault, double rate) {
    switch (fault) {
    case Fault::Outage:
        outage = rate;
        break;
    case Fault::Validation:
        validation = rate;
        break;
    case Fault::TimeoutBeforeCommit:
        timeoutBeforeCommit = rate;
        break;
    case Fault::TimeoutAfterCommit:
        timeoutAfterCommit = rate;
        break;
    case Fault::Duplication:
        duplication = rate;
        break;
    case Fault::None:
        break;
    }
}

} // namespace dedup::sim
