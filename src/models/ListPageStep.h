#pragma once

#include "store/ListPage.h"

#include <QList>

#include <optional>

namespace dedup::models {

// Where a list read in bounded pages (store::ListPage: a run's events, a correlation's runs)
// goes on a step from the page it shows: Newest and Oldest anywhere; Older and Newer continue
// from the oldest and the newest entry shown, by its id and `atMicros(entry)` (the time key
// of a list ordered by time, 0 for one ordered by id), and lead nowhere from an empty page.
struct ListPageStep {
    // `shown`: the page's entries, oldest first.
    template <typename Entry, typename AtMicros>
    static std::optional<store::ListPage> after(store::ListPage::Step step,
                                                const QList<Entry> &shown, AtMicros atMicros) {
        using Step = store::ListPage::Step;
        if (step == Step::Newest)
            return store::ListPage::newest();
        if (step == Step::Oldest)
            return store::ListPage::oldest();
        if (shown.isEmpty())
            return std::nullopt;
        if (step == Step::Older)
            return store::ListPage::older(shown.first().id, atMicros(shown.first()));
        return store::ListPage::newer(shown.last().id, atMicros(shown.last()));
    }
};

} // namespace dedup::models
