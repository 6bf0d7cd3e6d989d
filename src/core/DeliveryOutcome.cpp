#include "DeliveryOutcome.h"

#include <iterator>

namespace dedup::core {

namespace {

struct OutcomeInfo {
    DeliveryOutcome outcome;
    const char16_t *name;
    const char16_t *answer;
    int status;
};

// Declaration order; the names are the store's, the answers the draft's.
constexpr OutcomeInfo kOutcomes[] = {
    {DeliveryOutcome::Acquired, u"acquired", u"first", 0},
    {DeliveryOutcome::Replay, u"replay", u"replayed", 0},
    {DeliveryOutcome::InProgress, u"in_progress", u"409", 409},
    {DeliveryOutcome::InReview, u"in_review", u"409", 409},
    {DeliveryOutcome::Mismatch, u"mismatch", u"422", 422},
};

const OutcomeInfo &info(DeliveryOutcome outcome) {
    for (const OutcomeInfo &i : kOutcomes) {
        if (i.outcome == outcome)
            return i;
    }
    return kOutcomes[0]; // unreachable: every enumerator is in the table
}

} // namespace

QList<DeliveryOutcome> allDeliveryOutcomes() {
    QList<DeliveryOutcome> all;
    all.reserve(static_cast<qsizetype>(std::size(kOutcomes)));
    for (const OutcomeInfo &i : kOutcomes)
        all << i.outcome;
    return all;
}

QString toString(DeliveryOutcome outcome) {
    return QString::fromUtf16(info(outcome).name);
}

std::optional<DeliveryOutcome> deliveryOutcomeFromString(QStringView name) {
    for (const OutcomeInfo &i : kOutcomes) {
        if (name == QStringView(i.name))
            return i.outcome;
    }
    return std::nullopt;
}

QString httpAnswer(DeliveryOutcome outcome) {
    return QString::fromUtf16(info(outcome).answer);
}

int httpStatus(DeliveryOutcome outcome) {
    return info(outcome).status;
}

} // namespace dedup::core
