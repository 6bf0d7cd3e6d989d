#pragma once

#include <QString>
#include <QtGlobal>

#include <optional>
#include <utility>

namespace dedup::core {

// The outcome of a core operation that can be refused: either a value, or an error code plus
// a translated message for the operator. The core layer reports refusals instead of throwing:
// they are expected (bad input from a worker, a payload that is not JSON), callers must decide
// what to do with them, and [[nodiscard]] makes forgetting to look a compiler warning.
//
// `Error` is an enum whose value-initialised member (`Error::None`) means "no error"; callers
// and tests branch on the code, operators read the message.
template <typename T, typename Error>
class [[nodiscard]] Result {
public:
    static Result success(T value) {
        Result result;
        result.m_value = std::move(value);
        return result;
    }

    static Result failure(Error error, QString message) {
        Q_ASSERT(error != Error{});
        Result result;
        result.m_error = error;
        result.m_message = std::move(message);
        return result;
    }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    // Only meaningful when ok(); asserting keeps a forgotten check from passing silently.
    const T &value() const {
        Q_ASSERT(ok());
        return *m_value;
    }

    Error error() const { return m_error; }
    const QString &errorMessage() const { return m_message; }

private:
    Result() = default;

    std::optional<T> m_value;
    Error m_error{};
    QString m_message;
};

} // namespace dedup::core
