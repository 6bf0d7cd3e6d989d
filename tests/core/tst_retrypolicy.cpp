#include "core/ErrorClass.h"
#include "core/RetryPolicy.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace dedup::core;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

using Action = RetryDecision::Action;
Q_DECLARE_METATYPE(Action)

namespace {

ErrorClass parse(const QString &name) {
    const std::optional<ErrorClass> errorClass = errorClassFromString(name);
    if (!errorClass)
        qFatal("test data names an unknown error class");
    return *errorClass;
}

RetryPolicy policy(qint64 baseMs, qint64 capMs, int maxAttempts = 5) {
    RetryPolicy p;
    p.setBaseDelay(milliseconds(baseMs));
    p.setMaxDelay(milliseconds(capMs));
    p.setMaxAttempts(maxAttempts);
    return p;
}

} // namespace

class TestRetryPolicy : public QObject {
    Q_OBJECT

private slots:
    void errorClassNames_data() {
        QTest::addColumn<QString>("name");
        for (const QString &name : {u"timeout"_s, u"unavailable"_s, u"rate_limited"_s,
                                    u"conflict"_s, u"validation"_s, u"auth"_s, u"unknown"_s})
            QTest::newRow(qPrintable(name)) << name;
    }
    void errorClassNames() {
        QFETCH(QString, name);
        QCOMPARE(toString(parse(name)), name);
        QVERIFY(allErrorClasses().contains(parse(name)));
    }

    void errorClassRejectsUnknown_data() {
        QTest::addColumn<QString>("name");
        for (const QString &name : {u""_s, u"Timeout"_s, u"rate-limited"_s, u"rateLimited"_s,
                                    u"provider_outage"_s, u"permission"_s, u" auth"_s})
            QTest::newRow(qPrintable(u'"' + name + u'"')) << name;
    }
    void errorClassRejectsUnknown() {
        QFETCH(QString, name);
        QVERIFY(!errorClassFromString(name).has_value());
    }

    void defaultRetryable_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("retryable");
        QTest::newRow("timeout") << u"timeout"_s << true;
        QTest::newRow("unavailable") << u"unavailable"_s << true;
        QTest::newRow("rate_limited") << u"rate_limited"_s << true;
        QTest::newRow("conflict") << u"conflict"_s << true;
        QTest::newRow("validation") << u"validation"_s << false;
        QTest::newRow("auth") << u"auth"_s << false;
        QTest::newRow("unknown") << u"unknown"_s << false;
    }
    void defaultRetryable() {
        QFETCH(QString, name);
        QFETCH(bool, retryable);
        QCOMPARE(RetryPolicy().isRetryable(parse(name)), retryable);
    }

    void mappingIsConfigurable() {
        RetryPolicy p;
        QRandomGenerator random(1);
        p.setRetryable(ErrorClass::Timeout, false);
        p.setRetryable(ErrorClass::Unknown, true);
        p.setRetryable(ErrorClass::Unknown, true); // idempotent
        QVERIFY(!p.isRetryable(ErrorClass::Timeout));
        QVERIFY(p.isRetryable(ErrorClass::Unknown));
        QCOMPARE(p.decide(ErrorClass::Timeout, 1, random).action, Action::Fail);
        QCOMPARE(p.decide(ErrorClass::Unknown, 1, random).action, Action::RetryAfter);
        p.setRetryable(ErrorClass::Unknown, false);
        QCOMPARE(p.decide(ErrorClass::Unknown, 1, random).action, Action::Fail);
        // Other classes keep their defaults.
        QVERIFY(p.isRetryable(ErrorClass::RateLimited));
        QVERIFY(!p.isRetryable(ErrorClass::Validation));
    }

    void settersClamp() {
        RetryPolicy p;
        QCOMPARE(p.maxAttempts(), RetryPolicy::kDefaultMaxAttempts);
        QCOMPARE(p.baseDelay(), RetryPolicy::kDefaultBaseDelay);
        QCOMPARE(p.maxDelay(), RetryPolicy::kDefaultMaxDelay);
        p.setMaxAttempts(0);
        QCOMPARE(p.maxAttempts(), 1);
        p.setMaxAttempts(-3);
        QCOMPARE(p.maxAttempts(), 1);
        p.setBaseDelay(-5ms);
        QCOMPARE(p.baseDelay(), 0ms);
        p.setMaxDelay(-1ms);
        QCOMPARE(p.maxDelay(), 0ms);
    }

    void backoffCeiling_data() {
        QTest::addColumn<qint64>("base");
        QTest::addColumn<qint64>("cap");
        QTest::addColumn<int>("attempt");
        QTest::addColumn<qint64>("expected");
        constexpr qint64 huge = std::numeric_limits<qint64>::max();
        QTest::newRow("attempt 1 = base") << 500LL << 60000LL << 1 << 500LL;
        QTest::newRow("attempt 2 doubles") << 500LL << 60000LL << 2 << 1000LL;
        QTest::newRow("attempt 3") << 500LL << 60000LL << 3 << 2000LL;
        QTest::newRow("attempt 7") << 500LL << 60000LL << 7 << 32000LL;
        QTest::newRow("attempt 8 capped") << 500LL << 60000LL << 8 << 60000LL;
        QTest::newRow("exactly at cap") << 1000LL << 8000LL << 4 << 8000LL;
        QTest::newRow("attempt 0 counts as 1") << 500LL << 60000LL << 0 << 500LL;
        QTest::newRow("negative attempt") << 500LL << 60000LL << -7 << 500LL;
        QTest::newRow("attempt 63") << 1LL << huge << 63 << (1LL << 62);
        QTest::newRow("attempt 64 no overflow") << 1LL << huge << 64 << (1LL << 62);
        QTest::newRow("attempt 1000") << 500LL << 60000LL << 1000 << 60000LL;
        QTest::newRow("attempt INT_MAX")
            << 500LL << 60000LL << std::numeric_limits<int>::max() << 60000LL;
        QTest::newRow("huge base") << huge << huge << 2 << huge;
        QTest::newRow("base above cap") << 5000LL << 1000LL << 1 << 1000LL;
        QTest::newRow("zero base") << 0LL << 60000LL << 10 << 0LL;
        QTest::newRow("zero cap") << 500LL << 0LL << 3 << 0LL;
    }
    void backoffCeiling() {
        QFETCH(qint64, base);
        QFETCH(qint64, cap);
        QFETCH(int, attempt);
        QFETCH(qint64, expected);
        QCOMPARE(policy(base, cap).backoffCeiling(attempt).count(), expected);
    }

    // Full jitter: every delay lies in [0, ceiling], and the draws really spread over that
    // range (a fixed or "ceiling plus noise" delay would fail the spread checks).
    void backoffWithinBounds_data() {
        QTest::addColumn<quint32>("seed");
        QTest::addColumn<int>("attempt");
        for (quint32 seed : {1u, 42u, 4711u}) {
            for (int attempt : {1, 2, 4, 8, 30})
                QTest::addRow("seed %u attempt %d", seed, attempt) << seed << attempt;
        }
    }
    void backoffWithinBounds() {
        QFETCH(quint32, seed);
        QFETCH(int, attempt);
        const RetryPolicy p = policy(500, 60000);
        const milliseconds ceiling = p.backoffCeiling(attempt);
        QRandomGenerator random(seed);
        milliseconds low = ceiling;
        milliseconds high = 0ms;
        for (int i = 0; i < 2000; ++i) {
            const milliseconds delay = p.backoffDelay(attempt, random);
            QVERIFY(delay >= 0ms);
            QVERIFY(delay <= ceiling);
            low = std::min(low, delay);
            high = std::max(high, delay);
        }
        QVERIFY2(low < ceiling / 20, qPrintable(QString::number(low.count())));
        QVERIFY2(high > ceiling * 19 / 20, qPrintable(QString::number(high.count())));
    }

    void backoffIncludesCeiling() {
        // With a ceiling of 1 ms both ends must occur: [0, ceiling] is inclusive.
        const RetryPolicy p = policy(1, 1);
        QRandomGenerator random(7);
        bool sawZero = false;
        bool sawOne = false;
        for (int i = 0; i < 200; ++i) {
            const milliseconds delay = p.backoffDelay(1, random);
            sawZero = sawZero || delay == 0ms;
            sawOne = sawOne || delay == 1ms;
        }
        QVERIFY(sawZero);
        QVERIFY(sawOne);
    }

    void backoffIsDeterministicPerSeed_data() {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed : {0u, 1u, 2u, 99u, 123456789u})
            QTest::addRow("seed %u", seed) << seed;
    }
    void backoffIsDeterministicPerSeed() {
        QFETCH(quint32, seed);
        const RetryPolicy p;
        QRandomGenerator a(seed);
        QRandomGenerator b(seed);
        QRandomGenerator other(seed + 1);
        QList<qint64> first;
        QList<qint64> second;
        QList<qint64> different;
        for (int attempt = 1; attempt <= 20; ++attempt) {
            first.append(p.backoffDelay(attempt, a).count());
            second.append(p.backoffDelay(attempt, b).count());
            different.append(p.backoffDelay(attempt, other).count());
        }
        QCOMPARE(first, second);
        QVERIFY(first != different);
    }

    void decide_data() {
        QTest::addColumn<QString>("errorClass");
        QTest::addColumn<int>("attempt");
        QTest::addColumn<int>("maxAttempts");
        QTest::addColumn<Action>("action");
        QTest::newRow("timeout, first attempt") << u"timeout"_s << 1 << 5 << Action::RetryAfter;
        QTest::newRow("timeout, attempt 4 of 5") << u"timeout"_s << 4 << 5 << Action::RetryAfter;
        QTest::newRow("timeout, attempt 5 of 5") << u"timeout"_s << 5 << 5 << Action::ManualReview;
        QTest::newRow("timeout, beyond max") << u"timeout"_s << 9 << 5 << Action::ManualReview;
        QTest::newRow("unavailable, retry") << u"unavailable"_s << 2 << 3 << Action::RetryAfter;
        QTest::newRow("unavailable, exhausted")
            << u"unavailable"_s << 3 << 3 << Action::ManualReview;
        QTest::newRow("rate_limited, retry") << u"rate_limited"_s << 1 << 2 << Action::RetryAfter;
        QTest::newRow("rate_limited, exhausted")
            << u"rate_limited"_s << 2 << 2 << Action::ManualReview;
        QTest::newRow("conflict, retry") << u"conflict"_s << 1 << 5 << Action::RetryAfter;
        QTest::newRow("max 1: no retry at all") << u"timeout"_s << 1 << 1 << Action::ManualReview;
        QTest::newRow("attempt 0 counts as 1") << u"timeout"_s << 0 << 2 << Action::RetryAfter;
        QTest::newRow("validation, first") << u"validation"_s << 1 << 5 << Action::Fail;
        QTest::newRow("validation, at max") << u"validation"_s << 5 << 5 << Action::Fail;
        QTest::newRow("auth") << u"auth"_s << 1 << 5 << Action::Fail;
        QTest::newRow("auth, beyond max") << u"auth"_s << 7 << 5 << Action::Fail;
        QTest::newRow("unknown") << u"unknown"_s << 1 << 5 << Action::Fail;
    }
    void decide() {
        QFETCH(QString, errorClass);
        QFETCH(int, attempt);
        QFETCH(int, maxAttempts);
        QFETCH(Action, action);
        const RetryPolicy p = policy(500, 60000, maxAttempts);
        QRandomGenerator random(2024);
        const RetryDecision decision = p.decide(parse(errorClass), attempt, random);
        QCOMPARE(decision.action, action);
        QVERIFY2(decision.reason.contains(errorClass), qPrintable(decision.reason));
        if (action == Action::RetryAfter) {
            // The delay is exactly the backoff drawn from an identically seeded generator.
            QRandomGenerator replay(2024);
            QCOMPARE(decision.delay, p.backoffDelay(attempt, replay));
            QVERIFY(decision.delay <= p.backoffCeiling(attempt));
        } else {
            QCOMPARE(decision.delay, 0ms);
        }
    }

    void decideWithGlobalGenerator() {
        const RetryPolicy p;
        const RetryDecision decision = p.decide(ErrorClass::RateLimited, 3);
        QCOMPARE(decision.action, Action::RetryAfter);
        QVERIFY(decision.delay >= 0ms);
        QVERIFY(decision.delay <= p.backoffCeiling(3));
    }
};

QTEST_GUILESS_MAIN(TestRetryPolicy)
#include "tst_retrypolicy.moc"
