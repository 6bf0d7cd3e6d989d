#include "widgets/StatusDotIcon.h"

#include <QIconEngine>
#include <QPainter>

namespace dedup::widgets {

namespace {

class DotEngine : public QIconEngine {
public:
    explicit DotEngine(QColor color)
        : m_color(std::move(color)) {}

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override {
        const qreal diameter = qMin(rect.width(), rect.height()) * 0.7;
        const QRectF dot(rect.center().x() + 0.5 - diameter / 2,
                         rect.center().y() + 0.5 - diameter / 2, diameter, diameter);
        QColor fill = m_color;
        if (mode == QIcon::Disabled)
            fill.setAlpha(90);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        // A darker rim keeps the dot visible on a background of a similar lightness.
        painter->setPen(QPen(fill.darker(140), qMax<qreal>(1.0, diameter / 10)));
        painter->setBrush(fill);
        painter->drawEllipse(dot);
        painter->restore();
    }

    // The default implementations paint into an uninitialised pixmap: start transparent,
    // and at the device pixel ratio asked for.
    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override {
        return scaledPixmap(size, mode, state, 1.0);
    }

    QPixmap scaledPixmap(const QSize &size, QIcon::Mode mode, QIcon::State state,
                         qreal scale) override {
        QPixmap pixmap(size * scale);
        pixmap.setDevicePixelRatio(scale);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        paint(&painter, QRect(QPoint(0, 0), size), mode, state);
        return pixmap;
    }

    QIconEngine *clone() const override { return new DotEngine(m_color); }

private:
    QColor m_color;
};

} // namespace

QIcon statusDotIcon(const QColor &color) {
    return QIcon(new DotEngine(color));
}

} // namespace dedup::widgets
