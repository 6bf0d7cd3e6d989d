#pragma once

#include "BrowseCase.h"
#include "store/PgConnection.h"
#include "store/PgParams.h"
#include "store/RunFilter.h"
#include "store/RunQueries.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace bench {

// The cases bench_browse measures, the statements behind them, and their JSON form (for the
// child processes and the results file).
class BrowseCases {
public:
    // The runs list's page (RunListModel::DefaultPageSize) and the stuck list's length.
    static constexpr int PageSize = 200;

    // The cases, with values sampled from the store (keys, correlation ids, the newest
    // month); `contents` is RunStoreGenerator::contents() (largest/smallest workflow, scope).
    static QList<BrowseCase> make(dedup::store::PgConnection &connection,
                                  const QJsonObject &contents, int lookups, QString *error);

    // The runs list's columns, as RunQueries selects them.
    static QString listColumns();
    // The Stuck view's statements (store/StuckQueries with its default threshold: processing
    // runs whose lease expired or whose attempt began 15 minutes ago or more), as the view
    // runs them.
    static dedup::store::RunQuery stuckPage(int limit);
    static dedup::store::RunQuery stuckCount(qint64 cap);

    static NaiveQuery naive(const BrowseCase &browseCase);

    static QJsonObject filterToJson(const dedup::store::RunFilter &filter);
    static dedup::store::RunFilter filterFromJson(const QJsonObject &json);
    // The parameter texts of `params` (null for NULL).
    static QJsonArray paramTexts(const dedup::store::PgParams &params);
};

} // namespace bench
