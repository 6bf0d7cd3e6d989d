// Every tr() string of the sources and forms is in the German catalogue, and the catalogue
// lists nothing the sources no longer have. The test runs lupdate over the same project
// description update_translations uses, into a copy of the catalogue, and compares.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Catalogue {
    QSet<QString> messages; // "context\x1fsource\x1fcomment"
    int unfinished = 0;
    // Finished translations whose placeholders differ from their source's: a %1 lost in
    // translation shows the raw text, an extra one shows garbage.
    QStringList placeholderMismatches;
    QString error;
};

// The placeholders of a text, sorted: %1, %L2, %n.
QStringList placeholders(const QString &text) {
    static const QRegularExpression pattern(QStringLiteral("%(L?[1-9][0-9]?|n)"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found.append(it.next().captured(0));
    found.removeDuplicates();
    found.sort();
    return found;
}

Catalogue read(const QString &path) {
    Catalogue catalogue;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        catalogue.error = file.errorString();
        return catalogue;
    }
    QXmlStreamReader xml(&file);
    QString context, source, comment;
    QStringList translations;
    bool unfinished = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name"))
                context = xml.readElementText();
            else if (name == QLatin1String("message")) {
                source.clear();
                comment.clear();
                translations.clear();
                unfinished = false;
            } else if (name == QLatin1String("source"))
                source = xml.readElementText();
            else if (name == QLatin1String("comment"))
                comment = xml.readElementText();
            else if (name == QLatin1String("translation")) {
                unfinished =
                    xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
                // Plural messages hold <numerusform> children; others the text itself.
                QString text;
                while (!xml.atEnd()) {
                    xml.readNext();
                    if (xml.isCharacters())
                        text += xml.text();
                    else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                        translations.append(xml.readElementText());
                    else if (xml.isEndElement() && xml.name() == QLatin1String("translation"))
                        break;
                }
                if (translations.isEmpty())
                    translations.append(text);
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            catalogue.messages.insert(context + QChar(0x1f) + source + QChar(0x1f) + comment);
            catalogue.unfinished += unfinished ? 1 : 0;
            const QStringList expected = placeholders(source);
            for (const QString &translation : std::as_const(translations)) {
                if (!unfinished && !translation.isEmpty() && placeholders(translation) != expected)
                    catalogue.placeholderMismatches.append(
                        QStringLiteral("  %1: \"%2\" -> \"%3\"").arg(context, source, translation));
            }
        }
    }
    if (xml.hasError())
        catalogue.error = xml.errorString();
    return catalogue;
}

QString describe(const QSet<QString> &messages) {
    QStringList lines;
    for (const QString &message : messages) {
        const QStringList parts = message.split(QChar(0x1f));
        lines.append(QStringLiteral("  %1: \"%2\"").arg(parts.value(0), parts.value(1)));
    }
    lines.sort();
    if (lines.size() > 25)
        lines = lines.mid(0, 25) << QStringLiteral("  ... and %1 more").arg(lines.size() - 25);
    return lines.join(QLatin1Char('\n'));
}

bool run(const QString &program, const QStringList &arguments, QString *output) {
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    const bool ok = process.waitForFinished(120000) &&
                    process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    *output = QString::fromLocal8Bit(process.readAll());
    return ok;
}

} // namespace

class TestCatalogue : public QObject {
    Q_OBJECT

private slots:
    void everyStringIsInTheCatalogue();
};

void TestCatalogue::everyStringIsInTheCatalogue() {
    const Catalogue committed = read(QStringLiteral(DEDUP_TS_FILE));
    QVERIFY2(committed.error.isEmpty(), qPrintable(committed.error));
    QVERIFY(!committed.messages.isEmpty());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath(QStringLiteral("project.json"));
    const QString fresh = dir.filePath(QStringLiteral("dedup_de.ts"));
    QString output;
    QVERIFY2(run(QStringLiteral(DEDUP_CMAKE),
                 {QStringLiteral("-DIN_FILE=" DEDUP_LUPDATE_PROJECT_IN),
                  QStringLiteral("-DOUT_FILE=") + project, QStringLiteral("-P"),
                  QStringLiteral(DEDUP_LUPDATE_PROJECT_GENERATOR)},
                 &output),
             qPrintable(output));
    QVERIFY(QFile::copy(QStringLiteral(DEDUP_TS_FILE), fresh));
    QFile::setPermissions(fresh, QFile::ReadOwner | QFile::WriteOwner);
    QVERIFY2(
        run(QStringLiteral(DEDUP_LUPDATE),
            {QStringLiteral("-project"), project, QStringLiteral("-no-obsolete"),
             QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-ts"), fresh},
            &output),
        qPrintable(output));
    const Catalogue current = read(fresh);
    QVERIFY2(current.error.isEmpty(), qPrintable(current.error));

    const QSet<QString> missing = current.messages - committed.messages;
    const QSet<QString> gone = committed.messages - current.messages;
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("%1 strings are not in translations/dedup_de.ts (run the "
                                       "update_translations target):\n%2")
                            .arg(missing.size())
                            .arg(describe(missing))));
    QVERIFY2(gone.isEmpty(),
             qPrintable(QStringLiteral("%1 strings of translations/dedup_de.ts are no longer in "
                                       "the sources (run update_translations):\n%2")
                            .arg(gone.size())
                            .arg(describe(gone))));
    QVERIFY2(
        committed.placeholderMismatches.isEmpty(),
        qPrintable(QStringLiteral("translations whose placeholders differ from the source:\n") +
                   committed.placeholderMismatches.mid(0, 25).join(QLatin1Char('\n'))));
    // Translating them is the catalogue's own work; say how far it is.
    qInfo("%lld messages, %d not translated yet", qlonglong(committed.messages.size()),
          committed.unfinished);
}

QTEST_GUILESS_MAIN(TestCatalogue)
#include "tst_catalogue.moc"
