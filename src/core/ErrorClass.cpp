#include "ErrorClass.h"

namespace dedup::core {

namespace {

struct ClassInfo {
    ErrorClass errorClass;
    const char16_t *name;
};

// Declaration order; the names are the database contract.
constexpr ClassInfo kClasses[] = {
    {ErrorClass::Timeout, u"timeout"},          {ErrorClass::Unavailable, u"unavailable"},
    {ErrorClass::RateLimited, u"rate_limited"}, {ErrorClass::Conflict, u"conflict"},
    {ErrorClass::Validation, u"validation"},    {ErrorClass::Auth, u"auth"},
    {ErrorClass::Unknown, u"unknown"},
};

} // namespace

QList<ErrorClass> allErrorClasses() {
    QList<ErrorClass> result;
    for (const ClassInfo &c : kClasses)
        result.append(c.errorClass);
    return result;
}

QString toString(ErrorClass errorClass) {
    for (const ClassInfo &c : kClasses) {
        if (c.errorClass == errorClass)
            return QStringView(c.name).toString();
    }
    Q_UNREACHABLE();
    return {};
}

std::optional<ErrorClass> errorClassFromString(QStringView name) {
    for (const ClassInfo &c : kClasses) {
        if (name == QStringView(c.name))
            return c.errorClass;
    }
    return std::nullopt;
}

} // namespace dedup::core
