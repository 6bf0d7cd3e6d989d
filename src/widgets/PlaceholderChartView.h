#pragma once

#include <QChartView>
#include <QString>

namespace dedup::widgets {

// A Dashboard chart that says why it is blank: while the subclass has nothing to draw
// (setEmpty(true)), the empty text (e.g. "No runs in this range") is drawn over the plot
// in the placeholder colour, so an empty range is not mistaken for a chart that failed.
class PlaceholderChartView : public QChartView {
    Q_OBJECT

public:
    // Takes `chart` (QChartView owns it).
    explicit PlaceholderChartView(QChart *chart, QWidget *parent = nullptr);

    void setEmptyText(const QString &text) { m_emptyText = text; }

protected:
    bool isEmpty() const { return m_empty; }
    void setEmpty(bool empty) { m_empty = empty; }
    void drawForeground(QPainter *painter, const QRectF &rect) override;

private:
    QString m_emptyText;
    bool m_empty = true;
};

} // namespace dedup::widgets
