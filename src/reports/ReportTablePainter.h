#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace dedup::reports {

class ReportPageLayout;

struct ReportColumn {
    QString title;
    qreal weight = 1; // share of the table's width
    Qt::Alignment alignment = Qt::AlignLeft;
};

// A table drawn row by row at the layout's cursor. Cells wrap (long reasons, hashes) to at
// most CellLines lines, the last one elided with "…" when the value goes on, so a row is
// never taller than a page and no cell runs into the next column; column titles take at most
// ReportPageLayout::LabelLines. A row never splits across pages: when it does not fit, the
// table goes on on the next page under "<caption> (continued)" and its header again.
class ReportTablePainter {
    Q_DECLARE_TR_FUNCTIONS(ReportTablePainter)

public:
    ReportTablePainter(ReportPageLayout &layout, QList<ReportColumn> columns, QString caption);

    // The height the header and a first one-line row need: keep a heading with this much.
    qreal minimumHeight() const;
    void addRow(const QStringList &cells);
    int rows() const { return m_rows; }
    // The most lines a cell shows (a long reason reads in full up to about 400 characters).
    static constexpr int CellLines = 12;
    // Ends the table (a gap below it). A table without rows says "None." instead.
    void finish(const QString &emptyText = {});

private:
    void drawHeader();
    qreal rowHeight(const QStringList &cells) const;
    qreal cellPadding() const;

    ReportPageLayout &m_layout;
    QList<ReportColumn> m_columns;
    QList<qreal> m_widths;
    QString m_caption;
    int m_rows = 0;
    int m_headerPage = 0; // the page the header was last drawn on
};

} // namespace dedup::reports
