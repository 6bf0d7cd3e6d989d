#pragma once

#include "store/ReportSummary.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace dedup::reports {

class ReportPageLayout;

// The first part of the report: the title, the notices a reader must not miss (raw values
// revealed; the audit chain's verdict), what the report was made with (when, by whom, which
// filter) and the headline figures.
class ReportOverviewPainter {
    Q_DECLARE_TR_FUNCTIONS(ReportOverviewPainter)

public:
    explicit ReportOverviewPainter(ReportPageLayout &layout);

    void title(const store::ReportSummary &summary);
    // The raw-values warning (only when revealed) and the audit verdict, as framed call-outs.
    void notices(const store::ReportSummary &summary);
    void parameters(const store::ReportSummary &summary);
    void figures(const store::ReportSummary &summary);

private:
    // Wrapped text in a filled box with a coloured bar on its left.
    void callout(const QString &heading, const QString &text, const QColor &fill,
                 const QColor &ink);
    struct Tile {
        QString value;
        QString label;
        QString note;
    };
    void tiles(const QList<Tile> &tiles);
    void statusTable(const store::ReportSummary &summary);

    ReportPageLayout &m_layout;
};

} // namespace dedup::reports
