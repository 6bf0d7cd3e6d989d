#pragma once

// Reads a PDF back the way a reader sees it, with poppler-utils (packaging/install-deps.sh):
// its text (pdftotext), where each word is printed (pdftotext -bbox), its page count
// (pdfinfo) and its pages as images (pdftoppm).

#include <QImage>
#include <QList>
#include <QProcess>
#include <QRectF>
#include <QRegularExpression>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QXmlStreamReader>

namespace PdfInspector {

inline bool run(const QString &program, const QStringList &args, QByteArray *out, QString *error) {
    QProcess process;
    process.start(program, args);
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        *error = QStringLiteral("%1 failed: %2 %3")
                     .arg(program, process.errorString(),
                          QString::fromUtf8(process.readAllStandardError()));
        return false;
    }
    *out = process.readAllStandardOutput();
    return true;
}

// All text, whitespace collapsed to single spaces (wrapped lines join with a space).
inline QString text(const QString &pdf, QString *error) {
    QByteArray out;
    if (!run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")}, &out, error))
        return {};
    return QString::fromUtf8(out).simplified();
}

// The text of one page (1-based).
inline QString pageText(const QString &pdf, int page, QString *error) {
    QByteArray out;
    if (!run(QStringLiteral("pdftotext"),
             {QStringLiteral("-f"), QString::number(page), QStringLiteral("-l"),
              QString::number(page), pdf, QStringLiteral("-")},
             &out, error))
        return {};
    return QString::fromUtf8(out).simplified();
}

// The text of one page as laid out (pdftotext -layout): one line per printed line, spaces
// inside each line collapsed, so columns side by side read "60 48 18".
inline QString layoutText(const QString &pdf, int page, QString *error) {
    QByteArray out;
    if (!run(QStringLiteral("pdftotext"),
             {QStringLiteral("-layout"), QStringLiteral("-f"), QString::number(page),
              QStringLiteral("-l"), QString::number(page), pdf, QStringLiteral("-")},
             &out, error))
        return {};
    QStringList lines;
    for (const QString &line : QString::fromUtf8(out).split(QLatin1Char('\n')))
        lines << line.simplified();
    return lines.join(QLatin1Char('\n'));
}

// A word as printed: its text and its box in points (1/72 inch) from the page's top left.
struct Word {
    QString text;
    QRectF box;
};

struct PageWords {
    QSizeF size; // points (A4: 595 x 842)
    QList<Word> words;
};

// Every page's words with their boxes (pdftotext -bbox), in reading order.
inline QList<PageWords> words(const QString &pdf, QString *error) {
    QByteArray out;
    if (!run(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), pdf, QStringLiteral("-")}, &out,
             error))
        return {};
    QList<PageWords> pages;
    QXmlStreamReader xml(out);
    const auto number = [&xml](const char *name) {
        return xml.attributes().value(QLatin1String(name)).toDouble();
    };
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("page")) {
            pages.append({QSizeF(number("width"), number("height")), {}});
        } else if (xml.name() == QLatin1String("word") && !pages.isEmpty()) {
            const QRectF box(QPointF(number("xMin"), number("yMin")),
                             QPointF(number("xMax"), number("yMax")));
            pages.last().words.append({xml.readElementText(), box});
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("pdftotext -bbox: %1").arg(xml.errorString());
    return pages;
}

inline int pages(const QString &pdf, QString *error) {
    QByteArray out;
    if (!run(QStringLiteral("pdfinfo"), {pdf}, &out, error))
        return -1;
    const auto match =
        QRegularExpression(QStringLiteral("^Pages:\\s+(\\d+)"), QRegularExpression::MultilineOption)
            .match(QString::fromUtf8(out));
    return match.hasMatch() ? match.captured(1).toInt() : -1;
}

// Page `page` rendered at `dpi` (pdftoppm -png).
inline QImage pageImage(const QString &pdf, int page, int dpi, QString *error) {
    QTemporaryDir dir;
    QByteArray out;
    const QString prefix = dir.filePath(QStringLiteral("page"));
    if (!run(QStringLiteral("pdftoppm"),
             {QStringLiteral("-png"), QStringLiteral("-r"), QString::number(dpi),
              QStringLiteral("-f"), QString::number(page), QStringLiteral("-l"),
              QString::number(page), QStringLiteral("-singlefile"), pdf, prefix},
             &out, error))
        return {};
    QImage image(prefix + QStringLiteral(".png"));
    if (image.isNull())
        *error = QStringLiteral("pdftoppm wrote no image");
    return image;
}

// Pixels within `tolerance` (per channel) of `color`.
inline int countColor(const QImage &image, const QColor &color, int tolerance = 10) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    int count = 0;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x) {
            if (qAbs(qRed(line[x]) - color.red()) <= tolerance &&
                qAbs(qGreen(line[x]) - color.green()) <= tolerance &&
                qAbs(qBlue(line[x]) - color.blue()) <= tolerance)
                ++count;
        }
    }
    return count;
}

} // namespace PdfInspector
