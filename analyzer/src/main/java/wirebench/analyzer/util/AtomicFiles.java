package wirebench.analyzer.util;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import wirebench.analyzer.WirebenchException;

/** Files written whole or not at all: a temporary file beside the target, then an atomic rename. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /**
     * Writes {@code text} (UTF-8) to {@code file}, creating its directory; a failure is bad output
     * (exit 3) naming the file and {@code what} was being written.
     */
    public static void writeString(Path file, String text, String what) {
        try {
            Path abs = file.toAbsolutePath();
            if (abs.getParent() != null) {
                Files.createDirectories(abs.getParent());
            }
            Path tmp = abs.resolveSibling(abs.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot write " + what + " (" + e.getMessage() + ")");
        }
    }
}
