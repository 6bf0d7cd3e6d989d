#include "Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace dedup {

bool installTranslators(QCoreApplication &app) {
    const QLocale locale;
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto *ours = new QTranslator(&app);
    if (!ours->load(locale, QStringLiteral("dedup"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return false;
    return QCoreApplication::installTranslator(ours);
}

} // namespace dedup
