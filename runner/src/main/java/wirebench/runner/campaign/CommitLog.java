package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import wirebench.contract.AtomicFiles;

/**
 * The files a campaign commit may append to or create, with their lengths before it, so that a
 * failed commit can be undone: appended files are truncated back, files it created are deleted.
 * Files are only ever appended to or created by a commit, never rewritten in the middle.
 */
final class CommitLog {
    /** Length before the commit, or -1 when the file did not exist. */
    private final Map<Path, Long> lengths = new LinkedHashMap<>();
    private final List<Path> directories = new ArrayList<>();

    /** Records {@code file}'s length (or its absence). */
    void remember(Path file) throws IOException {
        lengths.putIfAbsent(file, Files.exists(file) ? Files.size(file) : -1L);
    }

    /**
     * Records every file of {@code dir} ending in {@code suffix}; a file with that suffix that appears
     * there later was created by the commit.
     */
    void rememberAll(Path dir, String suffix) throws IOException {
        directories.add(dir);
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(f -> f.getFileName().toString().endsWith(suffix)).toList()) {
                remember(f);
            }
        }
    }

    /**
     * Writes what {@link #rollBack} needs to {@code journal} before the commit writes anything, so
     * that a commit cut short by the JVM's end (a signal while it ran) can be undone by the next run
     * ({@link #load}): one line per file, {@code LENGTH<TAB>PATH} (-1: absent), and one per
     * directory, {@code dir<TAB>PATH}, paths relative to the journal's directory. Written whole or
     * not at all ({@link AtomicFiles}): a journal cut short would undo too much.
     */
    void save(Path journal) {
        Path base = journal.toAbsolutePath().getParent();
        StringBuilder sb = new StringBuilder();
        lengths.forEach((f, n) -> sb.append(n).append('\t').append(base.relativize(f.toAbsolutePath())).append('\n'));
        directories.forEach(d -> sb.append("dir\t").append(base.relativize(d.toAbsolutePath())).append('\n'));
        AtomicFiles.writeString(journal, sb.toString(), "the commit's undo journal");
    }

    /** The log {@link #save} wrote to {@code journal}. */
    static CommitLog load(Path journal) throws IOException {
        Path base = journal.toAbsolutePath().getParent();
        CommitLog log = new CommitLog();
        for (String l : Files.readAllLines(journal, java.nio.charset.StandardCharsets.UTF_8)) {
            int tab = l.indexOf('\t');
            if (tab < 0) {
                continue;
            }
            Path f = base.resolve(l.substring(tab + 1));
            if (l.startsWith("dir\t")) {
                log.directories.add(f);
            } else {
                log.lengths.put(f, Long.parseLong(l.substring(0, tab)));
            }
        }
        return log;
    }

    /** Cuts every remembered file back and deletes files created since; null, or what could not be undone. */
    String rollBack() {
        List<String> failed = new ArrayList<>();
        for (Path dir : directories) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> s = Files.list(dir)) {
                for (Path f : s.filter(f -> !lengths.containsKey(f)).filter(CommitLog::ours).toList()) {
                    lengths.put(f, -1L);
                }
            } catch (IOException e) {
                failed.add(dir + " (" + e.getMessage() + ")");
            }
        }
        for (Map.Entry<Path, Long> e : lengths.entrySet()) {
            try {
                if (e.getValue() < 0) {
                    Files.deleteIfExists(e.getKey());
                } else if (Files.exists(e.getKey()) && Files.size(e.getKey()) > e.getValue()) {
                    try (FileChannel ch = FileChannel.open(e.getKey(), StandardOpenOption.WRITE)) {
                        ch.truncate(e.getValue());
                        ch.force(true);
                    }
                }
            } catch (IOException x) {
                failed.add(e.getKey() + " (" + x.getMessage() + ")");
            }
        }
        return failed.isEmpty() ? null : String.join(", ", failed);
    }

    private static boolean ours(Path f) {
        String n = f.getFileName().toString();
        return n.endsWith(".csv") || n.endsWith(".hlog");
    }
}
