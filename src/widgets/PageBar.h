#pragma once

#include "store/ListPage.h"

#include <QWidget>

class QAction;
class QToolButton;

namespace dedup::widgets {

// The paging buttons of a list shown one bounded page at a time, newest page first (a
// correlation's runs, a run's events): « Oldest, ‹ Older, Newer ›, Newest », in time order
// like the rows. setPosition() enables each one that leads somewhere; the bar hides itself
// while the list shows every entry. A button emits pageRequested(); the list's model reads
// the page.
class PageBar : public QWidget {
    Q_OBJECT

public:
    explicit PageBar(QWidget *parent = nullptr);

    // The list shows `shown` of `total` entries, `newer` of them newer than its page.
    void setPosition(qint64 shown, qint64 total, qint64 newer);
    // The action of `step` (its button's).
    QAction *action(store::ListPage::Step step) const;

signals:
    void pageRequested(dedup::store::ListPage::Step step);

private:
    QAction *m_oldest = nullptr;
    QAction *m_older = nullptr;
    QAction *m_newer = nullptr;
    QAction *m_newest = nullptr;
};

} // namespace dedup::widgets
