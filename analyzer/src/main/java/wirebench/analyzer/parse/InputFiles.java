package wirebench.analyzer.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import wirebench.contract.WirebenchException;

/**
 * Checks an input path before anything reads it. Only regular files (and directories, walked by
 * the caller) are inputs: a FIFO would block the reader forever, {@code /dev/zero} or a device
 * never ends. Symbolic links are followed.
 */
public final class InputFiles {
    private InputFiles() {
    }

    /**
     * Refuses a path that is missing or neither a regular file nor a directory: bad input (exit 3)
     * naming it and what it is.
     */
    public static void requireReadable(Path path) {
        if (Files.isRegularFile(path) || Files.isDirectory(path)) {
            return;
        }
        if (!Files.exists(path)) {
            throw WirebenchException.badInput(path + ": no such file");
        }
        throw WirebenchException.badInput(path + ": not a regular file (" + kind(path) + "); expected a result "
                + "file or a results directory; nothing was read from it");
    }

    /** The text of {@code file} (UTF-8); a failure to read it is bad input naming it. */
    public static String readString(Path file) {
        try {
            return Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw WirebenchException.badInput(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** What a non-regular file is: {@code a FIFO}, {@code a character device}, ... ({@code unix:mode} bits). */
    public static String kind(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode");
            switch (mode & 0170000) {
                case 0010000: return "a FIFO";
                case 0020000: return "a character device";
                case 0060000: return "a block device";
                case 0140000: return "a socket";
                case 0040000: return "a directory";
                case 0100000: return "a regular file";
                default: return "a special file";
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return Files.exists(path) ? "a special file" : "missing";
        }
    }
}
