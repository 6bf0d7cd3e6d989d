#pragma once

#include <QKeySequence>
#include <QList>

namespace dedup::widgets {

// `primary` first, then the platform's bindings of `standard` that differ from it. Some
// platforms (or the offscreen one) bind nothing to a standard key, and an action must still
// have its documented shortcut.
inline QList<QKeySequence> keysWithPlatform(const QKeySequence &primary,
                                            QKeySequence::StandardKey standard) {
    QList<QKeySequence> keys{primary};
    for (const QKeySequence &binding : QKeySequence::keyBindings(standard)) {
        if (!keys.contains(binding))
            keys.append(binding);
    }
    return keys;
}

} // namespace dedup::widgets
