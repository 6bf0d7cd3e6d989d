#pragma once

#include "actions/ActionPreview.h"
#include "lanes/QueryRunner.h"

#include <QObject>
#include <QString>

#include <optional>

namespace dedup::store {
class PgConnection;
struct PgError;
} // namespace dedup::store

namespace dedup::actions {

// Reads impact previews (ActionPreview) in the background, on its own connection
// (QueryRunner): the run row, its pending continuation and its steps with what a
// continuation would do with each (continuation_preview's rule), in one read-only
// REPEATABLE READ snapshot, so the preview never mixes two states of the run. Viewers may
// read previews too (they just cannot act). The run and its steps are read through the
// store's redacted reads: the key, the review reason and the steps' keys, references and
// error messages are keyed hashes ('h:' and 16 hex digits) unless the login is the owner.
//
// load() answers with loaded(id, preview) or failed(id, message), in request order; a
// caller that only wants its latest preview compares ids.
class ActionPreviewLoader : public QObject {
    Q_OBJECT

public:
    explicit ActionPreviewLoader(const QString &conninfo, QObject *parent = nullptr);
    ~ActionPreviewLoader() override;

    int load(const PreviewRequest &request);
    // Drops every request made so far (a new selection).
    void discardPending() { m_runner.discardPending(); }
    void setStatementTimeout(int milliseconds) { m_runner.setStatementTimeout(milliseconds); }
    int backendPid() const { return m_runner.backendPid(); }

    // The read itself, on the caller's connection (for the loader's thread and for tests).
    static std::optional<ActionPreview> read(store::PgConnection &connection,
                                             const PreviewRequest &request, store::PgError *error);

signals:
    void loaded(int requestId, const dedup::actions::ActionPreview &preview);
    void failed(int requestId, const QString &message);

private:
    lanes::QueryRunner m_runner;
};

} // namespace dedup::actions
