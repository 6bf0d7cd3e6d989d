#include "widgets/DashboardView.h"

#include "core/DisplayText.h"
#include "models/DashboardLoader.h"
#include "models/DurationText.h"
#include "models/RunStatusStyle.h"
#include "widgets/DashboardRangeBar.h"
#include "widgets/SampleLineChart.h"
#include "widgets/StackedBarChart.h"
#include "widgets/ViewAction.h"
#include "widgets/WarningColor.h"

#include <QAction>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

namespace dedup::widgets {

using models::DashboardFigures;
using models::DashboardLoader;
using models::RunStatusStyle;

namespace {

constexpr int MaxFailureClasses = 8; // the rest are summed as "other"
constexpr int MaxClassChars = 40;    // an axis label, not a viewer

QString outcomeLabel(const QString &outcome) {
    if (outcome == QLatin1String("replay"))
        return DashboardView::tr("Replayed (finished)");
    if (outcome == QLatin1String("in_progress"))
        return DashboardView::tr("While in progress");
    if (outcome == QLatin1String("in_review"))
        return DashboardView::tr("While in review");
    if (outcome == QLatin1String("mismatch"))
        return DashboardView::tr("Fingerprint mismatch");
    return outcome;
}

QColor outcomeColor(const QString &outcome) {
    if (outcome == QLatin1String("replay"))
        return QColor(0x4a, 0x86, 0xc8);
    if (outcome == QLatin1String("in_progress"))
        return QColor(0x3f, 0xa7, 0x9a);
    if (outcome == QLatin1String("in_review"))
        return QColor(0x9b, 0x6f, 0xc4);
    if (outcome == QLatin1String("mismatch"))
        return QColor(0xd0, 0x5a, 0x4e);
    return QColor(0x90, 0x90, 0x90);
}

QLabel *headline(QWidget *parent, const char *objectName) {
    auto *label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(objectName));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 1.15);
    label->setFont(font);
    return label;
}

} // namespace

DashboardView::DashboardView(QWidget *parent)
    : QWidget(parent)
    , m_rangeBar(new DashboardRangeBar(this))
    , m_stuck(headline(this, "dashboardStuck"))
    , m_review(headline(this, "dashboardReview"))
    , m_totals(headline(this, "dashboardTotals"))
    , m_runs(new StackedBarChart(tr("Runs by status (by creation time)")))
    , m_duplicates(new StackedBarChart(tr("Duplicate deliveries suppressed")))
    , m_failures(new StackedBarChart(tr("Failure classes (failed and in review)"), Qt::Horizontal))
    , m_samples(new SampleLineChart(tr("Stuck runs and review queue over time")))
    , m_reviewAge(new StackedBarChart(tr("Review queue by time in review"))) {
    m_runs->setObjectName(QStringLiteral("runsChart"));
    m_duplicates->setObjectName(QStringLiteral("duplicatesChart"));
    m_failures->setObjectName(QStringLiteral("failuresChart"));
    m_samples->setObjectName(QStringLiteral("samplesChart"));
    m_reviewAge->setObjectName(QStringLiteral("reviewAgeChart"));
    m_runs->setEmptyText(tr("No runs were created in this range."));
    m_duplicates->setEmptyText(tr("No duplicate deliveries in this range."));
    m_failures->setEmptyText(tr("No failed or reviewed runs from this range."));
    m_samples->setEmptyText(samplesEmptyText(true));
    m_reviewAge->setEmptyText(tr("The review queue is empty."));

    auto *charts = new QWidget;
    auto *grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_runs, 0, 0, 1, 2);
    grid->addWidget(m_duplicates, 1, 0);
    grid->addWidget(m_failures, 1, 1);
    grid->addWidget(m_samples, 2, 0);
    grid->addWidget(m_reviewAge, 2, 1);
    for (int row = 0; row < 3; ++row)
        grid->setRowStretch(row, 1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(charts);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto *headlines = new QHBoxLayout;
    headlines->addWidget(m_stuck);
    headlines->addSpacing(24);
    headlines->addWidget(m_review);
    headlines->addSpacing(24);
    headlines->addWidget(m_totals, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_rangeBar);
    layout->addLayout(headlines);
    layout->addWidget(scroll, 1);

    m_refresh = makeViewAction(this, QStringLiteral("dashboardRefresh"), tr("&Refresh"),
                               {QKeySequence::Refresh}, QStringLiteral("view-refresh"));
    m_cancel = makeViewAction(this, QStringLiteral("dashboardCancel"), tr("&Cancel Loading"),
                              {QKeySequence(Qt::Key_Escape)}, QStringLiteral("process-stop"));
    connect(m_refresh, &QAction::triggered, this, &DashboardView::refresh);
    connect(m_cancel, &QAction::triggered, this, &DashboardView::cancelLoading);
    connect(m_rangeBar, &DashboardRangeBar::rangeChanged, this,
            [this](const store::DashboardRange &range) {
                if (m_loader)
                    m_loader->setRange(range);
                showState();
            });
    showFigures();
    showState();
}

DashboardView::~DashboardView() = default;

QList<QAction *> DashboardView::viewActions() const {
    return {m_refresh, m_cancel};
}

void DashboardView::setLoader(DashboardLoader *loader) {
    if (m_loader)
        disconnect(m_loader, nullptr, this, nullptr);
    m_loader = loader;
    if (m_loader) {
        connect(m_loader, &QObject::destroyed, this, [this] {
            m_loader = nullptr;
            showState();
        });
        connect(m_loader, &DashboardLoader::loaded, this, &DashboardView::showFigures);
        connect(m_loader, &DashboardLoader::loaded, this, &DashboardView::showState);
        connect(m_loader, &DashboardLoader::errorOccurred, this, &DashboardView::showState);
        connect(m_loader, &DashboardLoader::loadingChanged, this, &DashboardView::showState);
        connect(m_loader, &DashboardLoader::connectionLost, this, &DashboardView::connectionLost);
        connect(m_loader, &DashboardLoader::connectionRestored, this,
                &DashboardView::connectionRestored);
        m_loader->setRange(m_rangeBar->range());
    }
    showFigures();
    showState();
}

void DashboardView::refresh() {
    if (m_loader)
        m_loader->refresh();
}

void DashboardView::cancelLoading() {
    if (m_loader)
        m_loader->cancel();
}

QStringList DashboardView::bucketLabels() const {
    const DashboardFigures &f = m_loader->figures();
    QStringList labels;
    if (f.buckets.isEmpty())
        return labels;
    const QLocale locale;
    const bool days = f.strideSeconds >= 86400;
    const bool severalDays =
        f.buckets.first().toLocalTime().date() != f.buckets.last().toLocalTime().date();
    for (const QDateTime &bucket : f.buckets) {
        const QDateTime local = bucket.toLocalTime();
        QString label = days          ? locale.toString(local.date(), QStringLiteral("d MMM"))
                        : severalDays ? locale.toString(local, QStringLiteral("d MMM HH:mm"))
                                      : locale.toString(local.time(), QStringLiteral("HH:mm"));
        // Category names must be unique (a clock change repeats an hour).
        while (labels.contains(label))
            label += QLatin1Char(' ');
        labels << label;
    }
    return labels;
}

QString DashboardView::samplesEmptyText(bool storeWide) {
    // The samples are store-wide: a login limited to some workflows or scopes gets none, and
    // the empty chart must not read as "nothing was stuck".
    if (!storeWide)
        return tr("Stuck runs and the review queue over time are kept for the whole store "
                  "only, and your grants cover part of it. The figures above count the runs "
                  "you may read.");
    return tr("No samples in this range. A console with the operator role takes one a minute "
              "(or schedule dedup.dashboard_refresh()).");
}

void DashboardView::showFigures() {
    if (!m_loader || !m_loader->hasSnapshot()) {
        m_runs->setData({}, {});
        m_duplicates->setData({}, {});
        m_failures->setData({}, {});
        m_samples->setData({}, 0, {});
        m_reviewAge->setData({}, {});
        m_stuck->clear();
        m_review->clear();
        m_totals->clear();
        return;
    }
    const DashboardFigures &f = m_loader->figures();
    const store::DashboardSnapshot &s = m_loader->snapshot();
    const QStringList labels = bucketLabels();

    QList<StackedBarChart::Series> runs;
    for (const QString &status : f.statuses)
        runs.append({RunStatusStyle::label(status), RunStatusStyle::color(status),
                     f.runsByStatus.value(status)});
    m_runs->setData(labels, runs);

    QList<StackedBarChart::Series> duplicates;
    for (const QString &outcome : f.outcomes)
        duplicates.append(
            {outcomeLabel(outcome), outcomeColor(outcome), f.duplicatesByOutcome.value(outcome)});
    m_duplicates->setData(labels, duplicates);

    // Most frequent class at the top (a horizontal chart draws its first category lowest).
    QStringList classes;
    QList<qint64> failed;
    QList<qint64> review;
    for (int i = 0; i < f.failureClasses.size(); ++i) {
        const DashboardFigures::FailureClass &c = f.failureClasses.at(i);
        if (i == MaxFailureClasses) {
            classes.prepend(tr("other classes"));
            failed.prepend(0);
            review.prepend(0);
        }
        if (i >= MaxFailureClasses) {
            failed.first() += c.failed;
            review.first() += c.review;
            continue;
        }
        // Axis labels are rich text: a worker's error class goes in escaped, bounded, with
        // deceptive characters made visible.
        classes.prepend(c.name.isEmpty()
                            ? tr("(none recorded)")
                            : core::DisplayText::shown(c.name, MaxClassChars).toHtmlEscaped());
        failed.prepend(c.failed);
        review.prepend(c.review);
    }
    m_failures->setData(classes,
                        {{RunStatusStyle::label(QStringLiteral("failed")),
                          RunStatusStyle::color(QStringLiteral("failed")), failed},
                         {RunStatusStyle::label(QStringLiteral("manual_review")),
                          RunStatusStyle::color(QStringLiteral("manual_review")), review}});

    m_samples->setEmptyText(samplesEmptyText(s.storeWide));
    m_samples->setData(f.buckets, f.strideSeconds,
                       {{tr("Stuck (lease expired)"),
                         RunStatusStyle::color(QStringLiteral("processing")), f.stuckByBucket},
                        {tr("In review"), RunStatusStyle::color(QStringLiteral("manual_review")),
                         f.reviewByBucket}});

    // (axis labels are rich text: no "<")
    const QStringList bins{tr("under 1 h"), tr("1–4 h"),    tr("4–24 h"),
                           tr("1–3 days"),  tr("3–7 days"), tr("≥ 7 days")};
    m_reviewAge->setData(
        s.review.total > 0 ? bins : QStringList(),
        {{tr("Runs in review"), RunStatusStyle::color(QStringLiteral("manual_review")),
          s.review.ageBins}});

    const QLocale locale;
    m_stuck->setText(tr("Stuck now: %1").arg(locale.toString(s.stuckNow)));
    m_stuck->setToolTip(
        tr("Processing runs whose lease has expired (no worker is alive on them)."));
    QPalette palette = this->palette();
    if (s.stuckNow > 0)
        palette.setColor(QPalette::WindowText, warningTextColor(palette));
    m_stuck->setPalette(palette);
    if (s.review.total == 0) {
        m_review->setText(tr("Review queue: empty"));
    } else {
        m_review->setText(
            tr("Review queue: %1 (oldest %2, median %3)")
                .arg(locale.toString(s.review.total),
                     models::DurationText::format(s.review.oldest.msecsTo(s.serverNow)),
                     models::DurationText::format(s.review.median.msecsTo(s.serverNow))));
    }
    m_totals->setText(tr("In this range: %1 runs created, %2 duplicates suppressed")
                          .arg(locale.toString(f.runs), locale.toString(f.duplicates)));
}

void DashboardView::showState() {
    m_refresh->setEnabled(m_loader != nullptr);
    m_cancel->setEnabled(m_loader && m_loader->isLoading());
    if (!m_loader) {
        m_rangeBar->setStatus(tr("Not connected."), false);
        return;
    }
    if (!m_loader->errorText().isEmpty()) {
        m_rangeBar->setStatus(tr("Could not read the dashboard: %1").arg(m_loader->errorText()),
                              true);
        return;
    }
    if (!m_loader->hasSnapshot() || m_loader->isLoading()) {
        m_rangeBar->setStatus(m_loader->hasSnapshot() ? tr("Updating…") : tr("Loading…"), false);
        return;
    }
    const store::DashboardSnapshot &s = m_loader->snapshot();
    const QLocale locale;
    QString text =
        tr("Updated %1; live")
            .arg(locale.toString(s.serverNow.toLocalTime().time(), QLocale::ShortFormat));
    if (!s.refreshError.isEmpty())
        text += tr(" (the rollup was not folded: %1; the figures are exact anyway)")
                    .arg(s.refreshError);
    m_rangeBar->setStatus(text, !s.refreshError.isEmpty());
}

QString DashboardView::stuckText() const {
    return m_stuck->text();
}

QString DashboardView::reviewText() const {
    return m_review->text();
}

QString DashboardView::totalsText() const {
    return m_totals->text();
}

} // namespace dedup::widgets
