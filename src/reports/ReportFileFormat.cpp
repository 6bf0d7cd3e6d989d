#include "reports/ReportFileFormat.h"

namespace dedup::reports {

QStringList ReportFileFormat::fileNames(const QList<store::ReportSection> &sections) const {
    const QString dotted = QLatin1Char('.') + suffix;
    switch (rows) {
    case Rows::PerSection: {
        QStringList names;
        for (const store::ReportSection section : sections)
            names << store::toString(section) + dotted;
        return names;
    }
    case Rows::AllSections:
        // No section, no rows: a file with nothing in it would only mislead.
        return sections.isEmpty() ? QStringList() : QStringList{QStringLiteral("report") + dotted};
    case Rows::Summary:
        return {QStringLiteral("report") + dotted};
    }
    return {};
}

} // namespace dedup::reports
