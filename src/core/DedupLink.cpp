#include "DedupLink.h"

#include <QUrl>
#include <QUrlQuery>

namespace dedup::core {

namespace {

const QString Scheme = QStringLiteral("dedup");

QString rangeName(DedupLink::Range range) {
    switch (range) {
    case DedupLink::Range::Any:
        return {};
    case DedupLink::Range::LastHour:
        return QStringLiteral("1h");
    case DedupLink::Range::Last24Hours:
        return QStringLiteral("24h");
    case DedupLink::Range::Last7Days:
        return QStringLiteral("7d");
    }
    return {};
}

std::optional<DedupLink::Range> rangeFromName(const QString &name) {
    for (const auto range :
         {DedupLink::Range::LastHour, DedupLink::Range::Last24Hours, DedupLink::Range::Last7Days}) {
        if (rangeName(range) == name)
            return range;
    }
    return std::nullopt;
}

QString auditRangeName(DedupLink::AuditRange range) {
    switch (range) {
    case DedupLink::AuditRange::Any:
        return {};
    case DedupLink::AuditRange::LastHour:
        return QStringLiteral("1h");
    case DedupLink::AuditRange::Last24Hours:
        return QStringLiteral("24h");
    case DedupLink::AuditRange::Last7Days:
        return QStringLiteral("7d");
    case DedupLink::AuditRange::Last30Days:
        return QStringLiteral("30d");
    }
    return {};
}

QString assigneeName(DedupLink::Assignee assignee) {
    switch (assignee) {
    case DedupLink::Assignee::Anyone:
        return {};
    case DedupLink::Assignee::Me:
        return QStringLiteral("me");
    case DedupLink::Assignee::Nobody:
        return QStringLiteral("nobody");
    }
    return {};
}

// The audit log's outcomes (dedup.audit.outcome), never translated.
const QStringList AuditOutcomes = {QStringLiteral("applied"), QStringLiteral("changed")};

QString timeText(const QDateTime &time) {
    return time.toUTC().toString(Qt::ISODateWithMs);
}

// The view names in the path, in Target order (Run and Correlation are spelt with an id).
QString viewName(DedupLink::Target target) {
    switch (target) {
    case DedupLink::Target::Runs:
        return QStringLiteral("runs");
    case DedupLink::Target::Stuck:
        return QStringLiteral("stuck");
    case DedupLink::Target::Review:
        return QStringLiteral("review");
    case DedupLink::Target::Workflows:
        return QStringLiteral("workflows");
    case DedupLink::Target::Audit:
        return QStringLiteral("audit");
    case DedupLink::Target::Run:
    case DedupLink::Target::Correlation:
    case DedupLink::Target::Key:
        break;
    }
    return {};
}

using LinkResult = Result<DedupLink, DedupLink::Error>;

// A text parameter (workflow, scope, action, role): given once, not blank.
std::optional<QString> readText(const QString &name, const QString &value, QString &field) {
    if (!field.isEmpty() || value.trimmed().isEmpty())
        return DedupLink::tr("\"%1\" must be given once and not be empty").arg(name);
    field = value;
    return std::nullopt;
}

// A whole number written as QString::number() writes it (no sign, no leading zero, no
// blank), so every link has one spelling; nullopt for anything else.
std::optional<qint64> readNumber(const QString &value) {
    bool ok = false;
    const qint64 number = value.toLongLong(&ok);
    if (!ok || number < 0 || value != QString::number(number))
        return std::nullopt;
    return number;
}

// A parameter the view's link does not take. The view's own parameters are named: a key
// prefix, for one, is refused here rather than dropped, so a link never seems to hold one.
QString unknownParameter(const QString &name, DedupLink::Target target, const QString &known) {
    return DedupLink::tr("unknown parameter \"%1\": a link to the %2 view takes no parameters "
                         "but %3 (a link from a newer console?)")
        .arg(name, viewName(target), known);
}

std::optional<QString> readStuckFilter(const QUrlQuery &query, DedupLink &link) {
    bool seen = false;
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (name != u"threshold")
            return unknownParameter(name, link.target, QStringLiteral("threshold"));
        const auto minutes = readNumber(value);
        if (seen || !minutes || *minutes > DedupLink::MaxStuckThreshold)
            return DedupLink::tr("threshold must be a number of minutes from 0 to %1, given once")
                .arg(DedupLink::MaxStuckThreshold);
        seen = true;
        link.stuckThreshold = int(*minutes);
    }
    return std::nullopt;
}

std::optional<QString> readReviewFilter(const QUrlQuery &query, DedupLink &link) {
    bool assigneeSeen = false;
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (name == u"workflow" || name == u"scope") {
            if (auto error =
                    readText(name, value, name == u"workflow" ? link.workflow : link.scope))
                return error;
        } else if (name == u"assignee") {
            if (assigneeSeen || (value != u"me" && value != u"nobody"))
                return DedupLink::tr("assignee must be me or nobody, given once");
            assigneeSeen = true;
            link.assignee = value == u"me" ? DedupLink::Assignee::Me : DedupLink::Assignee::Nobody;
        } else {
            return unknownParameter(name, link.target,
                                    QStringLiteral("workflow, scope and assignee"));
        }
    }
    return std::nullopt;
}

std::optional<QString> readAuditFilter(const QUrlQuery &query, DedupLink &link) {
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (name == u"run") {
            const auto run = readNumber(value);
            if (link.auditRun != 0 || !run || *run <= 0)
                return DedupLink::tr("run must be one run id, given once");
            link.auditRun = *run;
        } else if (name == u"action" || name == u"role") {
            if (auto error = readText(name, value, name == u"action" ? link.action : link.role))
                return error;
        } else if (name == u"outcome") {
            if (!link.outcome.isEmpty() || !AuditOutcomes.contains(value))
                return DedupLink::tr("outcome must be applied or changed, given once");
            link.outcome = value;
        } else if (name == u"range") {
            std::optional<DedupLink::AuditRange> range;
            for (const auto candidate :
                 {DedupLink::AuditRange::LastHour, DedupLink::AuditRange::Last24Hours,
                  DedupLink::AuditRange::Last7Days, DedupLink::AuditRange::Last30Days}) {
                if (auditRangeName(candidate) == value)
                    range = candidate;
            }
            if (!range || link.auditRange != DedupLink::AuditRange::Any)
                return DedupLink::tr("range must be one of 1h, 24h, 7d or 30d, given once");
            link.auditRange = *range;
        } else {
            return unknownParameter(name, link.target,
                                    QStringLiteral("run, action, role, outcome and range"));
        }
    }
    return std::nullopt;
}

// The filter parameters of a runs link; anything else is refused by the caller.
std::optional<QString> readFilter(const QUrlQuery &query, DedupLink &link) {
    const auto items = query.queryItems(QUrl::FullyDecoded);
    for (const auto &[name, value] : items) {
        if (name == u"status") {
            const auto status = runStatusFromString(value);
            if (!status)
                return DedupLink::tr("unknown status \"%1\"").arg(value);
            if (!link.statuses.contains(*status))
                link.statuses.append(*status);
        } else if (name == u"workflow" || name == u"scope") {
            QString &field = name == u"workflow" ? link.workflow : link.scope;
            if (!field.isEmpty() || value.trimmed().isEmpty())
                return DedupLink::tr("\"%1\" must be given once and not be empty").arg(name);
            field = value;
        } else if (name == u"range") {
            const auto range = rangeFromName(value);
            if (!range || link.range != DedupLink::Range::Any)
                return DedupLink::tr("range must be one of 1h, 24h or 7d, given once");
            link.range = *range;
        } else if (name == u"from" || name == u"to") {
            QDateTime &field = name == u"from" ? link.from : link.to;
            const QDateTime time = QDateTime::fromString(value, Qt::ISODateWithMs);
            if (field.isValid() || !time.isValid() || time.timeSpec() == Qt::LocalTime)
                return DedupLink::tr("\"%1\" must be one time with its offset, e.g. "
                                     "2026-12-04T06:00:00Z")
                    .arg(name);
            field = time.toUTC();
        } else {
            return DedupLink::tr("unknown parameter \"%1\" (a link from a newer console?)")
                .arg(name);
        }
    }
    // Ordered like the filter bar's buttons, so equal filters give equal links.
    QList<RunStatus> ordered;
    for (const RunStatus status : allRunStatuses()) {
        if (link.statuses.contains(status))
            ordered.append(status);
    }
    link.statuses = ordered;
    if (link.range != DedupLink::Range::Any && (link.from.isValid() || link.to.isValid()))
        return DedupLink::tr("a link has range or from/to, not both");
    if (link.from.isValid() && link.to.isValid() && link.from > link.to)
        return DedupLink::tr("\"from\" is after \"to\"");
    return std::nullopt;
}

} // namespace

DedupLink DedupLink::run(const QUuid &store, qint64 runId) {
    DedupLink link;
    link.target = Target::Run;
    link.store = store;
    link.runId = runId;
    return link;
}

DedupLink DedupLink::correlationOf(const QUuid &store, qint64 runId) {
    DedupLink link = run(store, runId);
    link.target = Target::Correlation;
    return link;
}

DedupLink DedupLink::keyOf(const QUuid &store, qint64 runId) {
    DedupLink link = run(store, runId);
    link.target = Target::Key;
    return link;
}

DedupLink DedupLink::view(const QUuid &store, Target target) {
    DedupLink link;
    link.target = target;
    link.store = store;
    return link;
}

QString DedupLink::toString() const {
    QUrl url;
    url.setScheme(Scheme);
    url.setHost(store.toString(QUuid::WithoutBraces));
    if (target == Target::Run || target == Target::Correlation || target == Target::Key) {
        url.setPath(QStringLiteral("/run/%1%2")
                        .arg(runId)
                        .arg(target == Target::Correlation ? QStringLiteral("/correlation")
                             : target == Target::Key       ? QStringLiteral("/key")
                                                           : QString()));
        return url.toString(QUrl::FullyEncoded);
    }
    url.setPath(QLatin1Char('/') + viewName(target));
    QUrlQuery query;
    // Percent-encode what a query item's value may not hold as it is.
    const auto encoded = [](const QString &value) {
        return QString::fromLatin1(QUrl::toPercentEncoding(value));
    };
    // Only what differs from the view's default, so equal filters give equal links.
    if (target == Target::Stuck && stuckThreshold != DefaultStuckThreshold)
        query.addQueryItem(QStringLiteral("threshold"), QString::number(stuckThreshold));
    if (target == Target::Review) {
        if (!workflow.isEmpty())
            query.addQueryItem(QStringLiteral("workflow"), encoded(workflow));
        if (!scope.isEmpty())
            query.addQueryItem(QStringLiteral("scope"), encoded(scope));
        if (assignee != Assignee::Anyone)
            query.addQueryItem(QStringLiteral("assignee"), assigneeName(assignee));
    }
    if (target == Target::Audit) {
        if (auditRun > 0)
            query.addQueryItem(QStringLiteral("run"), QString::number(auditRun));
        if (!action.isEmpty())
            query.addQueryItem(QStringLiteral("action"), encoded(action));
        if (!role.isEmpty())
            query.addQueryItem(QStringLiteral("role"), encoded(role));
        if (!outcome.isEmpty())
            query.addQueryItem(QStringLiteral("outcome"), encoded(outcome));
        if (auditRange != AuditRange::Any)
            query.addQueryItem(QStringLiteral("range"), auditRangeName(auditRange));
    }
    if (target == Target::Runs) {
        for (const RunStatus status : statuses)
            query.addQueryItem(QStringLiteral("status"), core::toString(status));
        if (!workflow.isEmpty())
            query.addQueryItem(QStringLiteral("workflow"), encoded(workflow));
        if (!scope.isEmpty())
            query.addQueryItem(QStringLiteral("scope"), encoded(scope));
        if (range != Range::Any)
            query.addQueryItem(QStringLiteral("range"), rangeName(range));
        if (from.isValid())
            query.addQueryItem(QStringLiteral("from"), encoded(timeText(from)));
        if (to.isValid())
            query.addQueryItem(QStringLiteral("to"), encoded(timeText(to)));
    }
    if (!query.isEmpty())
        url.setQuery(query.query(QUrl::FullyEncoded), QUrl::StrictMode);
    return url.toString(QUrl::FullyEncoded);
}

Result<DedupLink, DedupLink::Error> DedupLink::parse(const QString &text) {
    if (text.size() > MaxLength)
        return LinkResult::failure(Error::TooLong,
                                   tr("The link is longer than %1 characters.").arg(MaxLength));
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    if (!url.isValid() || url.scheme().compare(Scheme, Qt::CaseInsensitive) != 0)
        return LinkResult::failure(Error::NotALink,
                                   tr("This is not a dedup:// link: %1").arg(text.left(200)));
    DedupLink link;
    link.store = QUuid::fromString(url.host());
    if (link.store.isNull() || !url.userInfo().isEmpty() || url.port() != -1)
        return LinkResult::failure(
            Error::BadStore, tr("The link does not name a store: dedup:// must be followed by "
                                "the store's id (a UUID)."));
    const QStringList parts = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const QUrlQuery query(url);
    if (parts.value(0) == u"run" && (parts.size() == 2 || parts.size() == 3)) {
        if (parts.size() == 3 && parts.at(2) != u"correlation" && parts.at(2) != u"key")
            return LinkResult::failure(Error::UnknownTarget,
                                       tr("Unknown page of a run: \"%1\".").arg(parts.at(2)));
        bool ok = false;
        link.runId = parts.at(1).toLongLong(&ok);
        if (!ok || link.runId <= 0 || parts.at(1) != QString::number(link.runId))
            return LinkResult::failure(Error::BadRunId,
                                       tr("\"%1\" is not a run id.").arg(parts.at(1).left(40)));
        link.target = parts.size() == 2               ? Target::Run
                      : parts.at(2) == u"correlation" ? Target::Correlation
                                                      : Target::Key;
        if (!query.isEmpty() || url.hasFragment())
            return LinkResult::failure(Error::BadParameter,
                                       tr("A link to a run takes no parameters."));
        return LinkResult::success(link);
    }
    const QList<Target> views = {Target::Runs, Target::Stuck, Target::Review, Target::Workflows,
                                 Target::Audit};
    for (const Target target : views) {
        if (parts.size() != 1 || parts.at(0) != viewName(target))
            continue;
        link.target = target;
        if (url.hasFragment() || (target == Target::Workflows && !query.isEmpty()))
            return LinkResult::failure(
                Error::BadParameter,
                tr("A link to the %1 view takes no parameters.").arg(viewName(target)));
        std::optional<QString> error;
        if (target == Target::Runs)
            error = readFilter(query, link);
        else if (target == Target::Stuck)
            error = readStuckFilter(query, link);
        else if (target == Target::Review)
            error = readReviewFilter(query, link);
        else if (target == Target::Audit)
            error = readAuditFilter(query, link);
        if (error)
            return LinkResult::failure(Error::BadParameter,
                                       tr("The link's filter cannot be used: %1.").arg(*error));
        return LinkResult::success(link);
    }
    return LinkResult::failure(
        Error::UnknownTarget,
        tr("The link names nothing this console knows: \"%1\" (expected run/ID, "
           "run/ID/correlation, run/ID/key, runs, stuck, review, audit or workflows).")
            .arg(url.path().left(200)));
}

QString DedupLink::description() const {
    switch (target) {
    case Target::Run:
        return tr("run %1").arg(runId);
    case Target::Correlation:
        return tr("the correlation of run %1").arg(runId);
    case Target::Key:
        return tr("the deliveries of run %1's key").arg(runId);
    case Target::Runs:
        return tr("the runs list");
    case Target::Stuck:
        return tr("the Stuck list");
    case Target::Review:
        return tr("the review queue");
    case Target::Workflows:
        return tr("the Workflows view");
    case Target::Audit:
        return tr("the audit log");
    }
    return {};
}

} // namespace dedup::core
