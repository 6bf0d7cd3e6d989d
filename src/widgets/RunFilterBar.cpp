#include "widgets/RunFilterBar.h"

#include "models/RunStatusStyle.h"
#include "ui_RunFilterBar.h"
#include "widgets/StatusDotIcon.h"
#include "widgets/ToggleHighlight.h"

#include <QKeyEvent>
#include <QToolButton>

namespace dedup::widgets {

using core::RunStatus;
using models::RunStatusStyle;

RunFilterBar::RunFilterBar(QWidget *parent)
    : QWidget(parent)
    , m_ui(std::make_unique<Ui::RunFilterBar>()) {
    m_ui->setupUi(this);
    addStatusButtons();
    m_ui->criteriaSpacer->changeSize(fontMetrics().averageCharWidth() * 2, 0, QSizePolicy::Fixed);
    m_ui->searchEdit->setMinimumWidth(fontMetrics().averageCharWidth() * 24);
    const QDateTime now = QDateTime::currentDateTime();
    m_ui->fromEdit->setDateTime(now.addDays(-1));
    m_ui->toEdit->setDateTime(now);
    m_ui->fromEdit->setEnabled(false);
    m_ui->toEdit->setEnabled(false);
    m_ui->customRange->setVisible(false);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(DebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &RunFilterBar::applyNow);

    for (QLineEdit *edit : {m_ui->searchEdit, m_ui->workflowEdit, m_ui->scopeEdit}) {
        edit->installEventFilter(this);
        connect(edit, &QLineEdit::textEdited, this, &RunFilterBar::applySoon);
        connect(edit, &QLineEdit::returnPressed, this, &RunFilterBar::applyNow);
        // The clear button (x) empties the field without an edit signal.
        connect(edit, &QLineEdit::textChanged, this, [this](const QString &text) {
            if (text.isEmpty())
                applySoon();
        });
    }
    connect(m_ui->searchMode, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_ui->searchEdit->text().isEmpty())
            applyNow();
    });
    connect(m_ui->timeRange, &QComboBox::currentIndexChanged, this,
            &RunFilterBar::onTimeRangeChanged);
    connect(m_ui->fromEnabled, &QCheckBox::toggled, m_ui->fromEdit, &QWidget::setEnabled);
    connect(m_ui->toEnabled, &QCheckBox::toggled, m_ui->toEdit, &QWidget::setEnabled);
    connect(m_ui->fromEnabled, &QCheckBox::toggled, this, &RunFilterBar::applyNow);
    connect(m_ui->toEnabled, &QCheckBox::toggled, this, &RunFilterBar::applyNow);
    connect(m_ui->fromEdit, &QDateTimeEdit::dateTimeChanged, this, &RunFilterBar::applySoon);
    connect(m_ui->toEdit, &QDateTimeEdit::dateTimeChanged, this, &RunFilterBar::applySoon);
    connect(m_ui->clearButton, &QPushButton::clicked, this, &RunFilterBar::clear);
}

RunFilterBar::~RunFilterBar() = default;

void RunFilterBar::addStatusButtons() {
    for (const RunStatus status : core::allRunStatuses()) {
        auto *button = new QToolButton(this);
        button->setObjectName(QStringLiteral("statusButton_") + core::toString(status));
        button->setCheckable(true);
        button->setAutoRaise(false);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setText(RunStatusStyle::label(status));
        button->setIcon(statusDotIcon(RunStatusStyle::color(status)));
        button->setToolTip(tr("Show %1 runs (none selected: every status)")
                               .arg(RunStatusStyle::label(status).toLower()));
        ToggleHighlight::install(button);
        connect(button, &QToolButton::toggled, this, &RunFilterBar::applyNow);
        m_ui->statusButtons->addWidget(button);
        m_statusButtons.insert(status, button);
    }
}

store::RunFilter RunFilterBar::filter(const QDateTime &now) const {
    store::RunFilter filter;
    for (const RunStatus status : core::allRunStatuses()) {
        if (m_statusButtons.value(status)->isChecked())
            filter.statuses.append(status);
    }
    filter.workflow = textOf(m_ui->workflowEdit);
    filter.scope = textOf(m_ui->scopeEdit);
    const std::optional<QString> search = textOf(m_ui->searchEdit);
    switch (SearchMode(m_ui->searchMode->currentIndex())) {
    case SearchMode::ExactKey:
        filter.exactKey = search;
        break;
    case SearchMode::KeyPrefix:
        filter.keyPrefix = search;
        break;
    case SearchMode::CorrelationId:
        filter.correlationId = search;
        break;
    }
    switch (TimeRange(m_ui->timeRange->currentIndex())) {
    case TimeRange::AnyTime:
        break;
    case TimeRange::LastHour:
        filter.createdFrom = now.addSecs(-3600);
        break;
    case TimeRange::Last24Hours:
        filter.createdFrom = now.addDays(-1);
        break;
    case TimeRange::Last7Days:
        filter.createdFrom = now.addDays(-7);
        break;
    case TimeRange::Custom:
        if (m_ui->fromEnabled->isChecked())
            filter.createdFrom = m_ui->fromEdit->dateTime();
        if (m_ui->toEnabled->isChecked())
            filter.createdTo = m_ui->toEdit->dateTime();
        break;
    }
    return filter;
}

std::optional<QString> RunFilterBar::textOf(const QLineEdit *edit) const {
    // Taken literally (keys may contain spaces); only an empty field is "not set".
    const QString text = edit->text();
    return text.isEmpty() ? std::nullopt : std::optional<QString>(text);
}

void RunFilterBar::setTimeRange(TimeRange range) {
    m_ui->timeRange->setCurrentIndex(int(range));
}

void RunFilterBar::focusSearch() {
    m_ui->searchEdit->setFocus(Qt::ShortcutFocusReason);
    m_ui->searchEdit->selectAll();
}

void RunFilterBar::clear() {
    m_quiet = true;
    for (QToolButton *button : std::as_const(m_statusButtons))
        button->setChecked(false);
    m_ui->workflowEdit->clear();
    m_ui->scopeEdit->clear();
    m_ui->searchEdit->clear();
    m_ui->timeRange->setCurrentIndex(int(TimeRange::AnyTime));
    m_ui->fromEnabled->setChecked(false);
    m_ui->toEnabled->setChecked(false);
    m_quiet = false;
    applyNow();
}

bool RunFilterBar::writeLink(core::DedupLink &link) const {
    link.statuses.clear();
    for (const RunStatus status : core::allRunStatuses()) {
        if (m_statusButtons.value(status)->isChecked())
            link.statuses.append(status);
    }
    // Every status chosen is no status condition: the link says so by naming none.
    if (link.statuses.size() == core::allRunStatuses().size())
        link.statuses.clear();
    link.workflow = m_ui->workflowEdit->text();
    link.scope = m_ui->scopeEdit->text();
    link.range = core::DedupLink::Range::Any;
    link.from = {};
    link.to = {};
    switch (TimeRange(m_ui->timeRange->currentIndex())) {
    case TimeRange::AnyTime:
        break;
    case TimeRange::LastHour:
        link.range = core::DedupLink::Range::LastHour;
        break;
    case TimeRange::Last24Hours:
        link.range = core::DedupLink::Range::Last24Hours;
        break;
    case TimeRange::Last7Days:
        link.range = core::DedupLink::Range::Last7Days;
        break;
    case TimeRange::Custom:
        if (m_ui->fromEnabled->isChecked())
            link.from = m_ui->fromEdit->dateTime().toUTC();
        if (m_ui->toEnabled->isChecked())
            link.to = m_ui->toEdit->dateTime().toUTC();
        break;
    }
    return m_ui->searchEdit->text().isEmpty();
}

void RunFilterBar::showLink(const core::DedupLink &link) {
    m_quiet = true;
    for (auto it = m_statusButtons.cbegin(); it != m_statusButtons.cend(); ++it)
        it.value()->setChecked(link.statuses.contains(it.key()));
    m_ui->workflowEdit->setText(link.workflow);
    m_ui->scopeEdit->setText(link.scope);
    m_ui->searchEdit->clear();
    TimeRange range = TimeRange::AnyTime;
    switch (link.range) {
    case core::DedupLink::Range::Any:
        if (link.from.isValid() || link.to.isValid())
            range = TimeRange::Custom;
        break;
    case core::DedupLink::Range::LastHour:
        range = TimeRange::LastHour;
        break;
    case core::DedupLink::Range::Last24Hours:
        range = TimeRange::Last24Hours;
        break;
    case core::DedupLink::Range::Last7Days:
        range = TimeRange::Last7Days;
        break;
    }
    m_ui->timeRange->setCurrentIndex(int(range));
    m_ui->fromEnabled->setChecked(link.from.isValid());
    m_ui->toEnabled->setChecked(link.to.isValid());
    // Shown in the operator's time zone; the link holds the instant.
    if (link.from.isValid())
        m_ui->fromEdit->setDateTime(link.from.toLocalTime());
    if (link.to.isValid())
        m_ui->toEdit->setDateTime(link.to.toLocalTime());
    m_debounce.stop();
    m_quiet = false;
    applyNow();
}

QVariantMap RunFilterBar::saveState() const {
    QStringList statuses;
    for (const RunStatus status : core::allRunStatuses()) {
        if (m_statusButtons.value(status)->isChecked())
            statuses.append(core::toString(status));
    }
    return {
        {QStringLiteral("statuses"), statuses},
        {QStringLiteral("workflow"), m_ui->workflowEdit->text()},
        {QStringLiteral("scope"), m_ui->scopeEdit->text()},
        {QStringLiteral("searchMode"), m_ui->searchMode->currentIndex()},
        {QStringLiteral("search"), m_ui->searchEdit->text()},
        {QStringLiteral("timeRange"), m_ui->timeRange->currentIndex()},
        {QStringLiteral("fromEnabled"), m_ui->fromEnabled->isChecked()},
        {QStringLiteral("from"), m_ui->fromEdit->dateTime()},
        {QStringLiteral("toEnabled"), m_ui->toEnabled->isChecked()},
        {QStringLiteral("to"), m_ui->toEdit->dateTime()},
    };
}

void RunFilterBar::restoreState(const QVariantMap &state) {
    m_quiet = true;
    const QStringList statuses = state.value(QStringLiteral("statuses")).toStringList();
    for (auto it = m_statusButtons.cbegin(); it != m_statusButtons.cend(); ++it)
        it.value()->setChecked(statuses.contains(core::toString(it.key())));
    m_ui->workflowEdit->setText(state.value(QStringLiteral("workflow")).toString());
    m_ui->scopeEdit->setText(state.value(QStringLiteral("scope")).toString());
    const int mode = state.value(QStringLiteral("searchMode")).toInt();
    m_ui->searchMode->setCurrentIndex(qBound(0, mode, m_ui->searchMode->count() - 1));
    m_ui->searchEdit->setText(state.value(QStringLiteral("search")).toString());
    const int range = state.value(QStringLiteral("timeRange")).toInt();
    m_ui->timeRange->setCurrentIndex(qBound(0, range, m_ui->timeRange->count() - 1));
    m_ui->fromEnabled->setChecked(state.value(QStringLiteral("fromEnabled")).toBool());
    m_ui->toEnabled->setChecked(state.value(QStringLiteral("toEnabled")).toBool());
    for (auto [edit, key] : {std::pair{m_ui->fromEdit, QStringLiteral("from")},
                             std::pair{m_ui->toEdit, QStringLiteral("to")}}) {
        const QDateTime time = state.value(key).toDateTime();
        if (time.isValid())
            edit->setDateTime(time);
    }
    m_debounce.stop();
    m_quiet = false;
}

void RunFilterBar::applySoon() {
    if (!m_quiet)
        m_debounce.start();
}

void RunFilterBar::applyNow() {
    if (m_quiet)
        return;
    m_debounce.stop();
    emit filterChanged();
}

void RunFilterBar::onTimeRangeChanged() {
    const bool custom = TimeRange(m_ui->timeRange->currentIndex()) == TimeRange::Custom;
    m_ui->customRange->setVisible(custom);
    if (custom && !m_ui->fromEnabled->isChecked() && !m_ui->toEnabled->isChecked()) {
        const bool wasQuiet = std::exchange(m_quiet, true);
        m_ui->fromEnabled->setChecked(true); // a custom range with no bound would be "any time"
        m_quiet = wasQuiet;
    }
    applyNow();
}

bool RunFilterBar::eventFilter(QObject *watched, QEvent *event) {
    auto *edit = qobject_cast<QLineEdit *>(watched);
    if (edit && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier &&
            !edit->text().isEmpty()) {
            // Claimed before the window's Esc shortcut (cancel loading) sees it.
            event->accept();
            if (event->type() == QEvent::KeyPress) {
                edit->clear();
                applyNow();
            }
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace dedup::widgets
