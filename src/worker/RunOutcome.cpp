#include "worker/RunOutcome.h"

namespace dedup::worker {

QString toString(RunOutcome::Kind kind) {
    switch (kind) {
    case RunOutcome::Kind::Succeeded:
        return QStringLiteral("succeeded");
    case RunOutcome::Kind::Replayed:
        return QStringLiteral("replayed");
    case RunOutcome::Kind::InProgress:
        return QStringLiteral("in_progress");
    case RunOutcome::Kind::Mismatch:
        return QStringLiteral("mismatch");
    case RunOutcome::Kind::InReview:
        return QStringLiteral("in_review");
    case RunOutcome::Kind::Failed:
        return QStringLiteral("failed");
    case RunOutcome::Kind::Fenced:
        return QStringLiteral("fenced");
    case RunOutcome::Kind::Error:
        return QStringLiteral("error");
    case RunOutcome::Kind::Paused:
        return QStringLiteral("paused");
    }
    return {};
}

} // namespace dedup::worker
