package wirebench.contract;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;

/**
 * Files written whole or not at all: the content goes to a temporary file with a unique name in
 * the target's directory, is forced to disk, then renamed over the target atomically. On any
 * failure the temporary file is removed and the target is left as it was.
 */
public final class AtomicFiles {
    private static final SecureRandom RANDOM = new SecureRandom();

    private AtomicFiles() {
    }

    /** Writes the content of a file to {@code out}; may throw {@link IOException}. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    /**
     * Writes {@code text} (UTF-8) to {@code file}, creating its directory; a failure is bad output
     * (exit 3) naming the file and {@code what} was being written.
     */
    public static void writeString(Path file, String text, String what) {
        write(file, what, out -> out.write(text));
    }

    /**
     * Writes what {@code content} produces (UTF-8) to {@code file}, creating its directory. An
     * {@link IOException} is bad output (exit 3) naming the file and {@code what} was being written;
     * any other exception of {@code content} is passed on. Either way no temporary file remains.
     */
    public static void write(Path file, String what, Content content) {
        Path abs = file.toAbsolutePath();
        Path dir = abs.getParent();
        Path tmp = null;
        boolean done = false;
        try {
            if (dir != null) {
                Files.createDirectories(dir);
            }
            tmp = tempBeside(abs);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                Writer w = new OutputStreamWriter(Channels.newOutputStream(ch), StandardCharsets.UTF_8);
                content.writeTo(w);
                w.flush();
                ch.force(true);
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            done = true;
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot write " + what + " (" + reason(e) + ")");
        } finally {
            if (!done && tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // the write already failed and is reported; a leftover temp file is named in no message
                }
            }
        }
    }

    /**
     * A new empty file {@code .NAME.RANDOM.tmp} beside {@code target}, created exclusively (so two
     * writers never share one) and with the permissions the umask gives any new file.
     */
    private static Path tempBeside(Path target) throws IOException {
        while (true) {
            Path tmp = target.resolveSibling("." + target.getFileName() + "."
                    + Long.toHexString(RANDOM.nextLong() & Long.MAX_VALUE) + ".tmp");
            try {
                FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                // another writer's name: draw again
            }
        }
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied: " + e.getMessage();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory: " + e.getMessage();
        }
        return String.valueOf(e.getMessage());
    }
}
