#include "widgets/PageBar.h"

#include <QAction>
#include <QHBoxLayout>
#include <QToolButton>

namespace dedup::widgets {

using Step = store::ListPage::Step;

PageBar::PageBar(QWidget *parent)
    : QWidget(parent) {
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    const auto add = [this, layout](Step step, const QString &name, const QString &text,
                                    const QString &tip) {
        auto *action = new QAction(text, this);
        action->setObjectName(name);
        action->setToolTip(tip);
        connect(action, &QAction::triggered, this, [this, step] { emit pageRequested(step); });
        auto *button = new QToolButton(this);
        button->setObjectName(name + QStringLiteral("Button"));
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        layout->addWidget(button);
        return action;
    };
    m_oldest =
        add(Step::Oldest, QStringLiteral("pageOldest"), tr("« Oldest"), tr("Show the oldest page"));
    m_older = add(Step::Older, QStringLiteral("pageOlder"), tr("‹ Older"),
                  tr("Show the page before this one"));
    m_newer = add(Step::Newer, QStringLiteral("pageNewer"), tr("Newer ›"),
                  tr("Show the page after this one"));
    m_newest =
        add(Step::Newest, QStringLiteral("pageNewest"), tr("Newest »"), tr("Show the newest page"));
    setPosition(0, 0, 0);
}

void PageBar::setPosition(qint64 shown, qint64 total, qint64 newer) {
    const bool hasNewer = newer > 0;
    const bool hasOlder = total > shown + qMax<qint64>(newer, 0);
    m_oldest->setEnabled(hasOlder);
    m_older->setEnabled(hasOlder);
    m_newer->setEnabled(hasNewer);
    m_newest->setEnabled(hasNewer);
    setVisible(hasOlder || hasNewer);
}

QAction *PageBar::action(Step step) const {
    switch (step) {
    case Step::Oldest:
        return m_oldest;
    case Step::Older:
        return m_older;
    case Step::Newer:
        return m_newer;
    case Step::Newest:
        return m_newest;
    }
    return nullptr;
}

} // namespace dedup::widgets
