#include "widgets/ColumnWidth.h"

#include <QHeaderView>

namespace dedup::widgets {

void fitColumnTo(QHeaderView *header, int section, const QString &sample, int extra) {
    const QFontMetrics metrics = header->fontMetrics();
    const QString title =
        header->model() ? header->model()->headerData(section, header->orientation()).toString()
                        : QString();
    const int text = qMax(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(title));
    header->resizeSection(section, text + 2 * metrics.averageCharWidth() + extra);
}

} // namespace dedup::widgets
