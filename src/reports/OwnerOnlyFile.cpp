#include "reports/OwnerOnlyFile.h"

#include <QDir>

#include <cstdio>
#include <unistd.h>

namespace dedup::reports {

OwnerOnlyFile::OwnerOnlyFile(QString path)
    : m_path(std::move(path))
    , m_part(m_path + QStringLiteral(".part")) {}

OwnerOnlyFile::~OwnerOnlyFile() {
    if (!m_committed)
        cancel();
}

bool OwnerOnlyFile::open() {
    // A part file left by a crash may have any mode: it is not reused.
    if (m_part.exists() && !m_part.remove()) {
        m_error = tr("Cannot replace %1: %2")
                      .arg(QDir::toNativeSeparators(m_part.fileName()), m_part.errorString());
        return false;
    }
    if (!m_part.open(QIODevice::WriteOnly | QIODevice::NewOnly,
                     QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        m_error = tr("Cannot write %1: %2")
                      .arg(QDir::toNativeSeparators(m_part.fileName()), m_part.errorString());
        return false;
    }
    return true;
}

bool OwnerOnlyFile::commit() {
    const auto fail = [this](const QString &what) {
        m_error = what;
        cancel();
        return false;
    };
    if (!m_part.isOpen())
        return fail(tr("%1 is not open.").arg(QDir::toNativeSeparators(m_part.fileName())));
    if (!m_part.flush() || ::fsync(m_part.handle()) != 0) {
        return fail(tr("Cannot write %1: %2")
                        .arg(QDir::toNativeSeparators(m_part.fileName()), m_part.errorString()));
    }
    m_part.close();
    // rename(2) replaces an existing file atomically on the same file system (the part file
    // is in the target's directory).
    if (std::rename(QFile::encodeName(m_part.fileName()).constData(),
                    QFile::encodeName(m_path).constData()) != 0) {
        return fail(tr("Cannot rename %1 to %2.")
                        .arg(QDir::toNativeSeparators(m_part.fileName()),
                             QDir::toNativeSeparators(m_path)));
    }
    m_committed = true;
    return true;
}

void OwnerOnlyFile::cancel() {
    if (m_part.isOpen())
        m_part.close();
    if (!m_committed)
        QFile::remove(m_part.fileName());
}

} // namespace dedup::reports
