#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QString>

namespace dedup::reports {

// A file the project exports (reports: CSV, JSON Lines, PDF) holds patient data, redacted or
// not. It is created readable and writable by its owner only (0600) whatever the umask, from
// the first byte: written as "<path>.part", opened with O_CREAT | O_EXCL and mode 0600 (a
// stale part file is removed first), and renamed to <path> by commit(), so the name never
// shows a half-written file and a file that existed is replaced whole, with the new mode.
// Destroying it without commit() removes the part file.
class OwnerOnlyFile {
    Q_DECLARE_TR_FUNCTIONS(OwnerOnlyFile)

public:
    explicit OwnerOnlyFile(QString path);
    ~OwnerOnlyFile();
    OwnerOnlyFile(const OwnerOnlyFile &) = delete;
    OwnerOnlyFile &operator=(const OwnerOnlyFile &) = delete;

    // False, with errorString() set, when the part file cannot be created.
    bool open();
    QFile &device() { return m_part; }
    // Flushes, syncs to disk, closes and renames; false, with errorString() set, and the part
    // file removed, when any step fails.
    bool commit();
    // Closes and removes the part file.
    void cancel();

    QString path() const { return m_path; }
    QString errorString() const { return m_error; }

private:
    QString m_path;
    QFile m_part;
    QString m_error;
    bool m_committed = false;
};

} // namespace dedup::reports
