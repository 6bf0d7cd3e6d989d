#pragma once

#include <QString>

namespace dedup::core {

// How a value from the store is made safe to look at. Workers, webhook senders and providers
// write the keys, errors and names an operator reads; any of them may hide characters that
// reorder the text (bidi overrides), make two different values look the same (zero-width
// characters), or drive a terminal (escape sequences). Every such character is replaced by a
// visible marker before the value is shown; the data itself is never changed (CSV and JSON
// Lines carry it as it is). docs/SECURITY.md, "Hostile values".
class DisplayText {
public:
    enum class Lines {
        Single, // a line break is shown as a marker: one value, one line
        Multi,  // line breaks and tabs are kept (multi-line viewers)
    };

    // Whether `c` is shown as a marker: controls (C0, DEL, C1), format characters (bidi
    // embeddings, overrides and isolates, zero-width spaces and joiners, the byte order mark,
    // invisible operators, tag characters), line and paragraph separators, and the blank
    // letters that render as nothing (Hangul fillers, the braille blank).
    static bool isDeceptive(char32_t c);

    // The text with every deceptive character as a marker: "‹U+202E›"; with Lines::Single, a
    // line feed as "↵". Text without such characters is returned unchanged.
    static QString visible(const QString &text, Lines lines = Lines::Single);

    // visible(), cut to at most `maxChars` characters (not splitting a surrogate pair) and
    // ending in "…" when it was cut. For labels and cells that must not grow with the value.
    static QString shown(const QString &text, int maxChars, Lines lines = Lines::Single);

    // For a terminal: every deceptive character as an escape (\n, \r, \t, \e, \xNN for other
    // controls, \u{202E} beyond), so no value can move the cursor, recolour the screen, write
    // the clipboard or split a row. Backslashes are kept as they are.
    static QString terminal(const QString &text);

    // The longest value a label or a cell shows before eliding (its whole text is one action
    // away: a tooltip, "Copy", a viewer).
    static constexpr int LabelChars = 160;
    // The longest tooltip: longer values are cut there (a tooltip is not a viewer).
    static constexpr int ToolTipChars = 2000;
};

} // namespace dedup::core
