#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QRectF>
#include <QString>

class QPainter;
class QPagedPaintDevice;

namespace dedup::reports {

// The pages of one report: A4 geometry, a running cursor down the page, the fonts, and the
// header and footer every page carries ("Page 3 of 7"). Content is drawn top to bottom at
// y(); whoever draws asks ensureSpace() first, which starts a new page when the block would
// not fit, so nothing is ever cut at the bottom margin.
//
// Sizes are in device units; pt() and mm() convert, so the same code renders at any
// resolution.
class ReportPageLayout {
    Q_DECLARE_TR_FUNCTIONS(ReportPageLayout)

public:
    enum class Font { Title, Heading, Subheading, Body, BodyBold, Small, SmallBold };

    struct Decoration {
        QString title;      // running header on every page after the first
        QString subtitle;   // next to it (the range)
        QString footerLeft; // e.g. "Generated 2026-11-29 19:00:00 UTC by alice"
        int totalPages = 0; // 0 while unknown: the footer then says "Page 3"
    };

    // `painter` is active on `device`, a paged device whose layout is already set (A4).
    ReportPageLayout(QPagedPaintDevice &device, QPainter &painter, Decoration decoration);

    QPainter &painter() { return m_painter; }
    QPagedPaintDevice &device() { return m_device; }

    qreal pt(qreal points) const { return points * m_dpi / 72.0; }
    qreal mm(qreal millimetres) const { return millimetres * m_dpi / 25.4; }
    QFont font(Font which) const;
    // Metrics of `which` on this device (not the screen's).
    QFontMetricsF metrics(Font which) const;

    // The printable column of the current page, below the header and above the footer.
    QRectF content() const { return m_content; }
    qreal left() const { return m_content.left(); }
    qreal width() const { return m_content.width(); }
    qreal y() const { return m_y; }
    void advance(qreal height) { m_y += height; }
    qreal remaining() const { return m_content.bottom() - m_y; }
    // Starts a new page when less than `height` is left on this one (and this page is not
    // empty: a block taller than a whole page is drawn from the top and clipped).
    // True when a page was started.
    bool ensureSpace(qreal height);
    void newPage();
    int pageNumber() const { return m_page; }
    bool atPageTop() const { return qFuzzyCompare(m_y, m_content.top()); }

    // Height of `text` wrapped to `width` in `font` (long words break anywhere).
    qreal textHeight(const QString &text, Font font, qreal width) const;
    // Draws wrapped text into `rect` (no page logic).
    void drawText(const QRectF &rect, const QString &text, Font font, const QColor &color = {},
                  Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignTop);
    // A paragraph across the column at y(), then a small gap.
    void paragraph(const QString &text, Font font = Font::Body, const QColor &color = {});
    // A section heading with a rule under it, kept on one page with `keepWith` of what follows.
    void heading(const QString &text, qreal keepWith = 0);
    // Draws the last page's footer. Call once, after everything else.
    void finish();

private:
    void drawPageFrame();

    QPagedPaintDevice &m_device;
    QPainter &m_painter;
    Decoration m_decoration;
    qreal m_dpi = 72;
    QRectF m_content;
    qreal m_y = 0;
    int m_page = 1;
};

} // namespace dedup::reports
