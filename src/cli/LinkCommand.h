#pragma once

#include "CliCommand.h"
#include "core/DedupLink.h"

#include <optional>

namespace dedup::cli {

// dedupctl link: dedup:// links to this store's runs and views, for tickets, chats and the
// annotations of alert rules, and `check` for one received (docs/CLI.md "link",
// docs/CONSOLE.md "Links"). The store's id comes from the database (--db); a run is linked
// only when the login may read it.
class LinkCommand : public CliCommand {
    Q_DECLARE_TR_FUNCTIONS(LinkCommand)

public:
    QString name() const override { return QStringLiteral("link"); }
    QString summary() const override;
    void addOptions(QCommandLineParser &parser) override;
    int run(const QCommandLineParser &parser) override;
    bool takesArguments() const override { return true; }

private:
    // The link asked for, its store still null; nullopt (after saying why) for a bad command
    // line. `check` gives the link it reads, store included.
    std::optional<core::DedupLink> parseRequest(const QCommandLineParser &parser,
                                                bool *check) const;
};

} // namespace dedup::cli
