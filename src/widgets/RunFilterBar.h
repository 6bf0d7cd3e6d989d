#pragma once

#include "core/DedupLink.h"
#include "core/RunStatus.h"
#include "store/RunFilter.h"

#include <QDateTime>
#include <QMap>
#include <QTimer>
#include <QVariantMap>
#include <QWidget>

#include <memory>

class QLineEdit;
class QToolButton;

namespace Ui {
class RunFilterBar;
}

namespace dedup::widgets {

// The runs list's criteria (docs/CONSOLE.md "Runs"): statuses (toggle buttons; none = every
// status), workflow, scope, creation time (quick ranges or a custom from/to), and one search field
// whose mode says what it matches: an exact key, a key prefix or a correlation id.
//
// It only edits; filterChanged() says when the filter should be applied: at once for a
// button, a menu or Return, after a short pause for typing. Esc in a text field clears it.
// Empty fields mean "not set", never "match the empty string".
class RunFilterBar : public QWidget {
    Q_OBJECT

public:
    enum class SearchMode { ExactKey, KeyPrefix, CorrelationId };
    Q_ENUM(SearchMode)
    enum class TimeRange { AnyTime, LastHour, Last24Hours, Last7Days, Custom };
    Q_ENUM(TimeRange)

    static constexpr int DebounceMs = 400;

    explicit RunFilterBar(QWidget *parent = nullptr);
    ~RunFilterBar() override;

    // The filter the fields describe; quick time ranges are taken back from `now`.
    store::RunFilter filter(const QDateTime &now = QDateTime::currentDateTime()) const;

    void setTimeRange(TimeRange range);
    void focusSearch();
    // Every field back to "not set" (emits filterChanged once).
    void clear();

    // The criteria a dedup:// link may carry (statuses, workflow, scope, creation time) into
    // `link`; false when the search field is set, which a link never carries (keys and
    // correlation ids are patient data: docs/SECURITY.md).
    bool writeLink(core::DedupLink &link) const;
    // Shows a link's filter: its criteria, every other field cleared; emits filterChanged once.
    void showLink(const core::DedupLink &link);

    // The fields, for QSettings (quick ranges stay relative).
    QVariantMap saveState() const;
    void restoreState(const QVariantMap &state);

signals:
    void filterChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void addStatusButtons();
    void applySoon();
    void applyNow();
    void onTimeRangeChanged();
    std::optional<QString> textOf(const QLineEdit *edit) const;

    std::unique_ptr<Ui::RunFilterBar> m_ui;
    QMap<core::RunStatus, QToolButton *> m_statusButtons;
    QTimer m_debounce;
    bool m_quiet = false; // while fields are set programmatically
};

} // namespace dedup::widgets
