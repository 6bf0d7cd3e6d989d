#pragma once

#include <QByteArray>
#include <QString>

namespace dedup::cli {

// Compact JSON as it may be printed on a terminal: every character core::DisplayText would show
// as a marker (controls, DEL, C1 controls, bidi marks, embeddings, overrides and isolates,
// zero-width and other format characters, line separators, blank letters) is written as a
// \uXXXX escape (a surrogate pair of them beyond U+FFFF). They can only occur inside strings,
// where the escape is the same value to every JSON reader (docs/CLI.md, `workflows`).
class SafeJson {
public:
    static QString text(const QByteArray &json);
};

} // namespace dedup::cli
