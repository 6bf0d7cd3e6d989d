#include "widgets/PauseBanner.h"

#include "models/PauseText.h"
#include "models/WorkflowOverviewLoader.h"
#include "store/WorkflowOverview.h"
#include "widgets/SafeText.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>

namespace dedup::widgets {

PauseBanner::PauseBanner(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_show(new QPushButton(tr("Sh&ow Workflows"), this)) {
    setObjectName(QStringLiteral("pauseBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setObjectName(QStringLiteral("pauseBannerText"));
    m_text->setTextFormat(Qt::PlainText); // workflow names, logins and reasons are text
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_show->setObjectName(QStringLiteral("showWorkflowsButton"));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(m_icon);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_show);
    connect(m_show, &QPushButton::clicked, this, &PauseBanner::showWorkflowsRequested);
    updateColors();
    hide();
}

void PauseBanner::setLoader(models::WorkflowOverviewLoader *loader) {
    if (m_loader)
        disconnect(m_loader, nullptr, this, nullptr);
    m_loader = loader;
    if (!loader) {
        m_text->clear();
        setToolTip({});
        setActive(false);
        return;
    }
    connect(loader, &models::WorkflowOverviewLoader::loaded, this,
            [this, loader] { showOverview(loader->overview()); });
    connect(loader, &QObject::destroyed, this, [this] { setLoader(nullptr); });
    if (loader->hasOverview())
        showOverview(loader->overview());
}

void PauseBanner::showOverview(const store::WorkflowOverview &overview) {
    QStringList listed;
    QStringList details;
    int count = 0;
    for (const store::WorkflowOverviewRow &row : overview.workflows) {
        for (const store::WorkflowPause &pause : row.pauses) {
            if (++count <= MaxListed)
                listed.append(
                    tr("Paused: %1").arg(models::PauseText::banner(pause, overview.serverNow)));
            details.append(models::PauseText::details(pause));
        }
    }
    if (count == 0) {
        m_text->clear();
        setToolTip({});
        setActive(false);
        return;
    }
    // One line per pause: each is a decision of its own, with its own reason.
    if (count > MaxListed)
        listed.append(tr("and %1 more (Show Workflows lists them)").arg(count - MaxListed));
    const QString text = listed.join(QLatin1Char('\n'));
    m_text->setText(text);
    setToolTip(SafeText::toolTip(details.join(QStringLiteral("\n\n"))));
    setActive(true);
}

QString PauseBanner::message() const {
    return m_text->text();
}

void PauseBanner::setActive(bool active) {
    if (active == m_active)
        return;
    m_active = active;
    setVisible(active);
    emit activeChanged(active);
}

void PauseBanner::changeEvent(QEvent *event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateColors();
}

void PauseBanner::updateColors() {
    // The palette's highlight at a quarter strength over the window colour: a state, not an
    // alarm, and apart from the connection banner's amber when both show; the text keeps the
    // palette's own (readable) colour.
    const QPalette &outer = parentWidget() ? parentWidget()->palette() : palette();
    const QColor under = outer.color(QPalette::Window);
    const QColor tint = outer.color(QPalette::Highlight);
    const auto mixed = [](float a, float b) { return a + (b - a) * 0.25f; };
    const QColor wash =
        QColor::fromRgbF(mixed(under.redF(), tint.redF()), mixed(under.greenF(), tint.greenF()),
                         mixed(under.blueF(), tint.blueF()));
    if (palette().color(backgroundRole()) != wash) {
        QPalette own = palette();
        own.setColor(backgroundRole(), wash);
        setPalette(own);
    }
    const QIcon icon = style()->standardIcon(QStyle::SP_MediaPause, nullptr, this);
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_icon->setPixmap(icon.pixmap(QSize(side, side), devicePixelRatioF()));
}

} // namespace dedup::widgets
