#include "widgets/DashboardRangeBar.h"

#include "widgets/WarningColor.h"

#include <QComboBox>
#include <QDateTimeEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>

namespace dedup::widgets {

namespace {
const QString RangeKey = QStringLiteral("dashboard/range");
}

DashboardRangeBar::DashboardRangeBar(QWidget *parent)
    : QWidget(parent)
    , m_choice(new QComboBox(this))
    , m_from(new QDateTimeEdit(this))
    , m_to(new QDateTimeEdit(this))
    , m_dash(new QLabel(QStringLiteral("–"), this))
    , m_apply(new QPushButton(tr("&Apply"), this))
    , m_status(new QLabel(this)) {
    m_choice->setObjectName(QStringLiteral("rangeChoice"));
    m_choice->addItem(tr("Last hour"), LastHour);
    m_choice->addItem(tr("Last 24 hours"), Last24Hours);
    m_choice->addItem(tr("Last 7 days"), Last7Days);
    m_choice->addItem(tr("Last 30 days"), Last30Days);
    m_choice->addItem(tr("Custom…"), Custom);
    auto *rangeLabel = new QLabel(tr("&Range:"), this);
    rangeLabel->setBuddy(m_choice);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        edit->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    }
    const QDateTime now = QDateTime::currentDateTime();
    m_from->setDateTime(now.addDays(-3));
    m_to->setDateTime(now);
    m_from->setObjectName(QStringLiteral("rangeFrom"));
    m_to->setObjectName(QStringLiteral("rangeTo"));
    m_apply->setObjectName(QStringLiteral("rangeApply"));
    m_status->setObjectName(QStringLiteral("dashboardStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(rangeLabel);
    layout->addWidget(m_choice);
    layout->addWidget(m_from);
    layout->addWidget(m_dash);
    layout->addWidget(m_to);
    layout->addWidget(m_apply);
    layout->addWidget(m_status, 1);

    const int saved = QSettings().value(RangeKey, Last24Hours).toInt();
    m_choice->setCurrentIndex(qBound(0, saved, int(Custom) - 1)); // custom ranges are not kept
    onChoice();
    connect(m_choice, &QComboBox::currentIndexChanged, this, [this] {
        onChoice();
        QSettings().setValue(RangeKey, int(choice()));
        emit rangeChanged(range());
    });
    connect(m_apply, &QPushButton::clicked, this, [this] { emit rangeChanged(range()); });
}

void DashboardRangeBar::onChoice() {
    const bool custom = choice() == Custom;
    m_from->setVisible(custom);
    m_to->setVisible(custom);
    m_apply->setVisible(custom);
    m_dash->setVisible(custom);
}

DashboardRangeBar::Choice DashboardRangeBar::choice() const {
    return Choice(m_choice->currentData().toInt());
}

void DashboardRangeBar::setChoice(Choice choice) {
    m_choice->setCurrentIndex(m_choice->findData(choice));
}

void DashboardRangeBar::setCustom(const QDateTime &from, const QDateTime &to) {
    const QSignalBlocker blocker(m_choice);
    m_from->setDateTime(from.toLocalTime());
    m_to->setDateTime(to.toLocalTime());
    m_choice->setCurrentIndex(m_choice->findData(Custom));
    onChoice();
    emit rangeChanged(range());
}

store::DashboardRange DashboardRangeBar::range() const {
    switch (choice()) {
    case LastHour:
        return store::DashboardRange::lastHour();
    case Last24Hours:
        return store::DashboardRange::last24Hours();
    case Last7Days:
        return store::DashboardRange::last7Days();
    case Last30Days:
        return store::DashboardRange::last30Days();
    case Custom:
        break;
    }
    QDateTime from = m_from->dateTime().toUTC();
    QDateTime to = m_to->dateTime().toUTC();
    if (to <= from)
        std::swap(from, to);
    return store::DashboardRange::between(from, to.addSecs(60));
}

void DashboardRangeBar::setStatus(const QString &text, bool warning) {
    m_status->setText(text);
    QPalette palette = m_status->palette();
    palette.setColor(QPalette::WindowText, warning ? warningTextColor(this->palette())
                                                   : this->palette().color(QPalette::WindowText));
    m_status->setPalette(palette);
}

QString DashboardRangeBar::statusText() const {
    return m_status->text();
}

} // namespace dedup::widgets
