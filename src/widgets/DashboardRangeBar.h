#pragma once

#include "store/DashboardRange.h"

#include <QWidget>

class QComboBox;
class QDateTimeEdit;
class QLabel;
class QPushButton;

namespace dedup::widgets {

// The Dashboard's range selector: Last hour / Last 24 hours / Last 7 days / Last 30 days /
// Custom (from / to and Apply), and a status text on the right (when the figures were read,
// or why they could not be). The choice is saved in QSettings ("dashboard/range").
class DashboardRangeBar : public QWidget {
    Q_OBJECT

public:
    enum Choice { LastHour, Last24Hours, Last7Days, Last30Days, Custom };
    Q_ENUM(Choice)

    explicit DashboardRangeBar(QWidget *parent = nullptr);

    store::DashboardRange range() const;
    Choice choice() const;
    void setChoice(Choice choice);
    // A custom range [from, to), shown and emitted at once.
    void setCustom(const QDateTime &from, const QDateTime &to);

    // `warning`: shown in the warning colour (an error), else as plain text.
    void setStatus(const QString &text, bool warning);
    QString statusText() const;
    QComboBox *choiceBox() const { return m_choice; }

signals:
    void rangeChanged(const dedup::store::DashboardRange &range);

private:
    void onChoice();

    QComboBox *m_choice;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    QLabel *m_dash;
    QPushButton *m_apply;
    QLabel *m_status;
};

} // namespace dedup::widgets
