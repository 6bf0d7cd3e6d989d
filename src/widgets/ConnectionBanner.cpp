#include "widgets/ConnectionBanner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace dedup::widgets {

ConnectionBanner::ConnectionBanner(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_retry(new QPushButton(tr("&Retry now"), this)) {
    setObjectName(QStringLiteral("connectionBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setObjectName(QStringLiteral("connectionBannerText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_retry->setObjectName(QStringLiteral("retryNowButton"));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_retry);
    connect(m_retry, &QPushButton::clicked, this, &ConnectionBanner::retryRequested);
    updateColors();
    hide();
}

void ConnectionBanner::showLost(const QString &target, const QString &why) {
    // libpq's messages span lines ("...failed: ...\n\tIs the server running...?").
    QString reason = why.simplified();
    while (reason.endsWith(QLatin1Char('.')))
        reason.chop(1);
    const bool ownStop = reason.endsWith(QLatin1Char('?')) || reason.endsWith(QLatin1Char('!'));
    m_text->setText(ownStop ? tr("Connection to %1 lost: %2 Reconnecting…").arg(target, reason)
                            : tr("Connection to %1 lost: %2. Reconnecting…").arg(target, reason));
    if (m_active)
        return;
    m_active = true;
    show();
    emit activeChanged(true);
}

void ConnectionBanner::clear() {
    if (!m_active)
        return;
    m_active = false;
    hide();
    m_text->clear();
    emit activeChanged(false);
}

QString ConnectionBanner::message() const {
    return m_text->text();
}

void ConnectionBanner::changeEvent(QEvent *event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateColors();
}

void ConnectionBanner::updateColors() {
    // An amber wash over the window colour: noticeable on light and dark palettes, and the
    // text keeps the palette's own (readable) colour.
    const QColor window = parentWidget() ? parentWidget()->palette().color(QPalette::Window)
                                         : palette().color(QPalette::Window);
    const QColor amber(0xe0, 0x8a, 0x00);
    const qreal share = 0.3;
    const QColor wash =
        QColor::fromRgbF(float(window.redF() * (1 - share) + amber.redF() * share),
                         float(window.greenF() * (1 - share) + amber.greenF() * share),
                         float(window.blueF() * (1 - share) + amber.blueF() * share));
    QPalette own = palette();
    if (own.color(QPalette::Window) != wash) {
        own.setColor(QPalette::Window, wash);
        setPalette(own);
    }
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(style()
                          ->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this)
                          .pixmap(QSize(side, side), devicePixelRatioF()));
}

} // namespace dedup::widgets
