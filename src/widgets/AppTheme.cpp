#include "widgets/AppTheme.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

#include <memory>

namespace dedup::widgets {

namespace {

const QString SettingsKey = QStringLiteral("appearance/theme");
const QString FusionStyle = QStringLiteral("Fusion");

QString settingsName(AppTheme::Choice choice) {
    switch (choice) {
    case AppTheme::Choice::Light:
        return QStringLiteral("light");
    case AppTheme::Choice::Dark:
        return QStringLiteral("dark");
    case AppTheme::Choice::System:
        break;
    }
    return QStringLiteral("system");
}

} // namespace

AppTheme::Choice AppTheme::saved() {
    const QString name = QSettings().value(SettingsKey).toString();
    if (name == settingsName(Choice::Light))
        return Choice::Light;
    if (name == settingsName(Choice::Dark))
        return Choice::Dark;
    return Choice::System;
}

void AppTheme::save(Choice choice) {
    QSettings().setValue(SettingsKey, settingsName(choice));
}

const QPalette &AppTheme::platformPalette() {
    // Captured the first time the theme is touched, i.e. before apply() replaces it.
    static const QPalette palette = QApplication::palette();
    return palette;
}

AppTheme::Choice AppTheme::effective(Choice choice) {
    if (choice != Choice::System)
        return choice;
    return isDark(platformPalette()) ? Choice::Dark : Choice::Light;
}

void AppTheme::apply(Choice choice) {
    platformPalette(); // remember the platform's palette before it is replaced
    if (QApplication::style()->name().compare(FusionStyle, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(QStyleFactory::create(FusionStyle));
    QApplication::setPalette(effective(choice) == Choice::Dark ? darkPalette() : lightPalette());
}

bool AppTheme::isDark(const QPalette &palette) {
    return palette.color(QPalette::Active, QPalette::Window).lightness() < 128;
}

QPalette AppTheme::lightPalette() {
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(FusionStyle));
    return fusion ? fusion->standardPalette() : QPalette(QColor(0xef, 0xef, 0xef));
}

QPalette AppTheme::darkPalette() {
    // Contrast of text on its background stays above 7:1; selection and links are blues that
    // the status colours (RunStatusStyle) do not use.
    const QColor window(0x32, 0x33, 0x36);
    const QColor base(0x24, 0x25, 0x27);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabledText(0x80, 0x80, 0x80);
    QPalette palette(window);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, QColor(0x2c, 0x2d, 0x30));
    palette.setColor(QPalette::ToolTipBase, QColor(0x3e, 0x40, 0x44));
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x3a, 0x3b, 0x3f));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    palette.setColor(QPalette::Light, QColor(0x4a, 0x4b, 0x50));
    palette.setColor(QPalette::Midlight, QColor(0x40, 0x41, 0x45));
    palette.setColor(QPalette::Mid, QColor(0x2a, 0x2b, 0x2d));
    palette.setColor(QPalette::Dark, QColor(0x1e, 0x1f, 0x21));
    palette.setColor(QPalette::Shadow, QColor(0x10, 0x10, 0x10));
    palette.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb5));
    palette.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    palette.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xb0, 0x90, 0xff));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        palette.setColor(QPalette::Disabled, role, disabledText);
    }
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x45, 0x47, 0x4c));
    return palette;
}

} // namespace dedup::widgets
