// Replays the committed inputs of one fuzz target (tests/fuzz/corpus/<target>/ and
// tests/fuzz/regressions/<target>/) through its LLVMFuzzerTestOneInput, in an ordinary build
// (gcc, no sanitizers needed): every CI run re-checks each crash ever found and every seed.
// A broken property aborts the process, so ctest reports the test as failed; the file being
// replayed is printed before it runs. Paths given as arguments replace the default folders.

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

namespace {

QStringList filesUnder(const QString &path) {
    QStringList files;
    if (QFileInfo(path).isFile())
        return {path};
    QDirIterator it(path, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

} // namespace

int main(int argc, char **argv) {
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    QStringList roots;
    for (int i = 1; i < argc; ++i)
        roots << QString::fromLocal8Bit(argv[i]);
    if (roots.isEmpty()) {
        const QString base = QStringLiteral(DEDUP_FUZZ_DIR);
        const QString name = QStringLiteral(DEDUP_FUZZ_NAME);
        roots << base + QStringLiteral("/corpus/") + name
              << base + QStringLiteral("/regressions/") + name;
    }
    int replayed = 0;
    for (const QString &root : std::as_const(roots)) {
        for (const QString &path : filesUnder(root)) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
                return 2;
            }
            const QByteArray bytes = file.readAll();
            std::fprintf(stderr, "replay %s (%lld bytes)\n", qPrintable(path),
                         static_cast<long long>(bytes.size()));
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                   static_cast<std::size_t>(bytes.size()));
            ++replayed;
        }
    }
    std::printf("%d inputs replayed, every property held\n", replayed);
    // No input at all means the folders moved: a replay of nothing must not pass.
    return replayed > 0 ? 0 : 1;
}
