#pragma once

#include <QElapsedTimer>

namespace bench {

// How many times to repeat a measurement: `repeats`, unless they take longer than `budgetMs`
// together (a plan that reads millions of rows is not run 30 times on a shared machine), and
// at least MinRepeats.
class Repetitions {
public:
    static constexpr int MinRepeats = 5;

    Repetitions(int repeats, qint64 budgetMs)
        : m_repeats(repeats)
        , m_budgetMs(budgetMs) {
        m_clock.start();
    }
    // Whether to do repetition number `done` (0-based).
    bool more(int done) const {
        return done < m_repeats && (done < MinRepeats || m_clock.elapsed() < m_budgetMs);
    }

private:
    int m_repeats;
    qint64 m_budgetMs;
    QElapsedTimer m_clock;
};

} // namespace bench
