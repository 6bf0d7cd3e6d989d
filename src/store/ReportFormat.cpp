#include "store/ReportFormat.h"

namespace dedup::store {

QString toString(ReportFormat format) {
    switch (format) {
    case ReportFormat::Csv:
        return QStringLiteral("csv");
    case ReportFormat::JsonLines:
        return QStringLiteral("jsonl");
    }
    return {};
}

QString toString(ReportSection section) {
    switch (section) {
    case ReportSection::Runs:
        return QStringLiteral("runs");
    case ReportSection::Actions:
        return QStringLiteral("actions");
    case ReportSection::Summary:
        return QStringLiteral("summary");
    }
    return {};
}

std::optional<ReportSection> reportSectionFromString(QStringView name) {
    for (ReportSection section :
         {ReportSection::Runs, ReportSection::Actions, ReportSection::Summary})
        if (name == toString(section))
            return section;
    return std::nullopt;
}

} // namespace dedup::store
