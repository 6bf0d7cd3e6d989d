#pragma once

class QCoreApplication;

namespace dedup {

// Loads the translations for the user's UI language (Qt's own and ours) into `app`.
// Returns false when no catalogue matches, which is normal for English.
bool installTranslators(QCoreApplication &app);

} // namespace dedup
