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

std::optional<ReportFormat> reportFormatFromString(QStringView name) {
    for (ReportFormat format : {ReportFormat::Csv, ReportFormat::JsonLines})
        if (name == toString(format))
            return format;
    return std::nullopt;
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

QString fileSuffix(ReportFormat format) {
    return toString(format);
}

} // namespace dedup::store
