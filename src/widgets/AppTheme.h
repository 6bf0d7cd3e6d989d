#pragma once

#include <QPalette>
#include <QString>

namespace dedup::widgets {

// Light and dark palettes (docs/CONSOLE.md "Appearance"). Qt 6.4 has no colour-scheme API, so the
// console uses the Fusion style with a palette of its own: Light, Dark, or System, which picks one
// of the two by the lightness of the platform's window colour (read once, before the console
// replaces the palette). The choice is saved in QSettings ("appearance/theme").
class AppTheme {
public:
    enum class Choice { System, Light, Dark };

    static Choice saved();
    static void save(Choice choice);
    // Applies `choice` to the whole application (Fusion style and palette).
    static void apply(Choice choice);
    // The theme the console shows now (never Choice::System).
    static Choice effective(Choice choice);

    static QPalette lightPalette();
    static QPalette darkPalette();
    static bool isDark(const QPalette &palette);

private:
    static const QPalette &platformPalette();
};

} // namespace dedup::widgets
