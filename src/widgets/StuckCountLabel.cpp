#include "widgets/StuckCountLabel.h"

#include "models/DurationText.h"
#include "models/StuckRunsModel.h"

#include <QMouseEvent>

namespace dedup::widgets {

using models::StuckRunsModel;

StuckCountLabel::StuckCountLabel(QWidget *parent)
    : WarningLabel(parent) {
    setObjectName(QStringLiteral("stuckCountLabel"));
    setCursor(Qt::PointingHandCursor);
    updateText();
}

void StuckCountLabel::setModel(StuckRunsModel *model) {
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (model) {
        connect(model, &StuckRunsModel::countChanged, this, &StuckCountLabel::updateText);
        connect(model, &StuckRunsModel::refreshed, this, &StuckCountLabel::updateText);
        connect(model, &StuckRunsModel::errorOccurred, this, &StuckCountLabel::updateText);
        connect(model, &QObject::destroyed, this, [this] {
            m_model = nullptr;
            updateText();
        });
    }
    updateText();
}

void StuckCountLabel::updateText() {
    const qint64 count = m_model ? m_model->stuckCount() : -1;
    if (!m_model) {
        clear();
        setToolTip({});
    } else if (count < 0) {
        setText(tr("Stuck: …"));
        setToolTip(m_model->errorText().isEmpty()
                       ? tr("Counting stuck runs…")
                       : tr("Stuck runs could not be counted: %1").arg(m_model->errorText()));
    } else {
        setText(tr("Stuck: %1").arg(m_model->countText()));
        const qint64 threshold = m_model->threshold().count();
        const QString what =
            threshold > 0
                ? tr("Processing runs whose lease expired, or that have been processing for "
                     "more than %1.")
                      .arg(models::DurationText::format(threshold))
                : tr("Processing runs whose lease expired.");
        setToolTip(what + QLatin1Char(' ') + tr("Click to open the Stuck list."));
    }
    setWarning(count > 0);
}

void StuckCountLabel::mouseReleaseEvent(QMouseEvent *event) {
    QLabel::mouseReleaseEvent(event);
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint()))
        emit clicked();
}

} // namespace dedup::widgets
