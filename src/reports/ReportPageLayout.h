#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QList>
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
    // empty). No block is taller than a page: texts are bounded (drawText()).
    // True when a page was started.
    bool ensureSpace(qreal height);
    void newPage();
    int pageNumber() const { return m_page; }
    bool atPageTop() const { return qFuzzyCompare(m_y, m_content.top()); }

    // Every text of the report is drawn through drawText(), as plain text bounded to its box:
    // it wraps at word boundaries (a word wider than the box, such as a hash or a name without
    // spaces, breaks anywhere) into at most `maxLines` lines, and no more than the box is tall;
    // when the text goes on beyond them, the last line shown ends in "…". So a value of any
    // length (a 10,000-character workflow name, an operator's essay of a reason) takes a
    // bounded block and never runs over the margins, the footer or the next column; the
    // whole value is in the CSV and JSON Lines exports. Wrapping first keeps ordinary long
    // texts (reasons, notices) whole; eliding bounds the rest.
    static constexpr int TextLines = 12; // a paragraph, a call-out, a table cell
    static constexpr int LabelLines = 3; // a label, a column title, a parameter's name
    static constexpr int HeadingLines = 2;

    // Height of `text` wrapped to `width` in `font`, at most `maxLines` lines.
    qreal textHeight(const QString &text, Font font, qreal width, int maxLines = TextLines) const;
    // Draws `text` into `rect` (no page logic), bounded as described above. A box shorter
    // than one line still gets that one line.
    void drawText(const QRectF &rect, const QString &text, Font font, const QColor &color = {},
                  Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignTop, int maxLines = TextLines);
    // A paragraph across the column at y(), then a small gap.
    void paragraph(const QString &text, Font font = Font::Body, const QColor &color = {},
                   int maxLines = TextLines);
    // A section heading with a rule under it, kept on one page with `keepWith` of what follows.
    void heading(const QString &text, qreal keepWith = 0);
    // Draws the last page's footer. Call once, after everything else.
    void finish();

private:
    // One line of a laid-out text: its characters and where it sits in the block.
    struct TextLine {
        QString text;
        qreal top = 0;
        qreal ascent = 0;
        qreal height = 0;
    };
    // `text` laid out into lines of `width`: at most `maxLines`, and only as many as fit in
    // `maxHeight` (but always the first); the last one elided when text is left over.
    QList<TextLine> layOut(const QString &text, Font font, qreal width, qreal maxHeight,
                           int maxLines) const;
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
