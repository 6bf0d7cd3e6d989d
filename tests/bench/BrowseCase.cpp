#include "BrowseCase.h"

namespace bench {

QString BrowseCase::kindName() const {
    switch (kind) {
    case Kind::Page:
        return QStringLiteral("first page");
    case Kind::Lookup:
        return QStringLiteral("lookup");
    case Kind::Stuck:
        return QStringLiteral("stuck list");
    }
    return {};
}

QJsonObject NaiveQuery::toJson() const {
    return {{QStringLiteral("sql"), sql}, {QStringLiteral("params"), params}};
}

} // namespace bench
