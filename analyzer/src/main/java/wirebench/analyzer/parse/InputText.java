package wirebench.analyzer.parse;

import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import wirebench.contract.WirebenchException;

/**
 * One input file, for parsing. Two ways to read it:
 * <ul>
 * <li><b>streaming</b> ({@link #open()}): a {@link LineReader} over the whole input, read once;
 *     memory does not grow with the file. Every parser of a format that can be large uses this.</li>
 * <li><b>the head</b> ({@link #head()}, {@link #firstNonBlankLine()}): at most the first
 *     {@value #HEAD_LINES} lines (and {@value #HEAD_BYTES} bytes), read when the file is opened;
 *     {@link ResultParser#accepts} looks only at these.</li>
 * </ul>
 * The whole-text accessors ({@link #lines()}, {@link #line(int)}, {@link #lineCount()},
 * {@link #joined()}, {@link #endsWithNewline()}) read the entire file into memory on first use;
 * they remain for parsers of small formats, never for sniffing.
 *
 * <p>Normalisation (the same on every path): a UTF-8 byte order mark removed, CR LF and lone CR
 * line ends turned into lines, a missing final newline accepted, line numbers 1-based. The
 * charset is chosen from the head: UTF-8 when the head is valid UTF-8 (later invalid bytes become
 * U+FFFD), else ISO-8859-1, so a mojibake unit still reaches the parser.
 */
public final class InputText {
    /** Lines in the head. */
    public static final int HEAD_LINES = 5000;
    /** Bytes read for the head. */
    public static final int HEAD_BYTES = 1 << 20;

    private final String source;
    private final Path path;
    private final String text;
    private final Charset charset;
    private final List<String> head;
    /** A file that fitted in the head's read: its bytes, read once (null for a longer file). */
    private final byte[] whole;
    private List<String> all;
    private boolean endsWithNewline;

    /** An input held in memory (tests, small texts). */
    public InputText(String source, String text) {
        this.source = source;
        this.path = null;
        this.text = text;
        this.charset = StandardCharsets.UTF_8;
        this.head = headOf(text);
        this.whole = null;
    }

    private InputText(String source, Path path, Charset charset, List<String> head, byte[] whole) {
        this.source = source;
        this.path = path;
        this.text = null;
        this.charset = charset;
        this.head = head;
        this.whole = whole;
    }

    /** Opens {@code path} and reads its head; a missing or unreadable file is bad input (exit 3). */
    public static InputText read(Path path) {
        InputFiles.requireReadable(path);
        String name = path.toString();
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes(HEAD_BYTES);
        } catch (NoSuchFileException e) {
            throw WirebenchException.badInput(name + ": no such file");
        } catch (IOException e) {
            throw WirebenchException.badInput(name + ": cannot read (" + e.getMessage() + ")");
        }
        Charset cs = isUtf8(bytes, bytes.length == HEAD_BYTES) ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
        // a file shorter than the head's read is all in bytes: later readers take them, not the file
        byte[] whole = bytes.length < HEAD_BYTES ? bytes : null;
        InputText partial = new InputText(name, path, cs, List.of(), whole);
        try (LineReader r = partial.open()) {
            List<String> head = new ArrayList<>();
            String l;
            int bytesSeen = 0;
            while (head.size() < HEAD_LINES && bytesSeen < HEAD_BYTES && (l = r.next()) != null) {
                head.add(l);
                bytesSeen += l.length() + 1;
            }
            return new InputText(name, path, cs, Collections.unmodifiableList(head), whole);
        }
    }

    /** Whether {@code bytes} are UTF-8; a sequence cut at the end of a partial read is allowed. */
    private static boolean isUtf8(byte[] bytes, boolean partial) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
        CoderResult r = d.decode(in, out, !partial);
        if (r.isError()) {
            return false;
        }
        if (!partial) {
            try {
                d.flush(out);
            } catch (IllegalStateException e) {
                return false;
            }
        }
        return true;
    }

    private static List<String> headOf(String text) {
        LineReader r = new LineReader("", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                StandardCharsets.UTF_8);
        List<String> head = new ArrayList<>();
        String l;
        while (head.size() < HEAD_LINES && (l = r.next()) != null) {
            head.add(l);
        }
        return Collections.unmodifiableList(head);
    }

    /** A fresh reader over the whole input, from its first line. Close it when done. */
    public LineReader open() {
        if (path == null) {
            return new LineReader(source, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                    StandardCharsets.UTF_8);
        }
        if (whole != null) {
            return new LineReader(source, new ByteArrayInputStream(whole), charset, whole.length + 1);
        }
        try {
            return new LineReader(source, Files.newInputStream(path), charset);
        } catch (NoSuchFileException e) {
            throw WirebenchException.badInput(source + ": no such file");
        } catch (IOException e) {
            throw WirebenchException.badInput(source + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** What reads an input line by line ({@link #stream}): every line in order, then the end. */
    public interface LineSink<T> {
        /** Line {@code number} (1-based), without its line end. */
        void line(int number, String line);

        /**
         * The same line as characters {@code chars[0..length)} (valid only during the call), offered
         * first so that hot paths need no string; true when handled, false to get {@link #line}.
         */
        default boolean line(int number, char[] chars, int length) {
            return false;
        }

        /** After the last line: how many lines there were and whether the last one ended with a line end. */
        T end(int lines, boolean endsWithNewline);
    }

    /** Feeds every line of the input to {@code sink}, once, in bounded memory; returns its result. */
    public <T> T stream(LineSink<T> sink) {
        try (LineReader r = open()) {
            while (r.nextLine()) {
                if (!sink.line(r.lineNumber(), r.chars(), r.length())) {
                    sink.line(r.lineNumber(), new String(r.chars(), 0, r.length()));
                }
            }
            return sink.end(r.lineNumber(), r.endsWithNewline());
        }
    }

    public String source() {
        return source;
    }

    /** The first lines of the input (at most {@value #HEAD_LINES}), for sniffing. */
    public List<String> head() {
        return head;
    }

    /** The first {@code lines} lines of the head (fewer when the input is shorter), for sniffing. */
    public List<String> head(int lines) {
        return head.subList(0, Math.min(lines, head.size()));
    }

    /** All lines without their line ends. Reads the whole input into memory on first use. */
    public List<String> lines() {
        if (all == null) {
            List<String> out = new ArrayList<>();
            try (LineReader r = open()) {
                String l;
                while ((l = r.next()) != null) {
                    out.add(l);
                }
                endsWithNewline = r.endsWithNewline();
            }
            all = Collections.unmodifiableList(out);
        }
        return all;
    }

    /** Line {@code number} (1-based). */
    public String line(int number) {
        return lines().get(number - 1);
    }

    public int lineCount() {
        return lines().size();
    }

    /** Whether the file ended with a line end (a last row without one may be truncated). */
    public boolean endsWithNewline() {
        lines();
        return endsWithNewline;
    }

    /** The whole text, lines joined with {@code \n}. */
    public String joined() {
        return String.join("\n", lines());
    }

    /** The first line of the head that is not blank, or "" for an empty file. */
    public String firstNonBlankLine() {
        for (String l : head) {
            if (!l.isBlank()) {
                return l;
            }
        }
        return "";
    }
}
