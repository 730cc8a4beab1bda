package wirebench.analyzer.parse;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import wirebench.contract.WirebenchException;

/**
 * The text of one input file, normalised for parsing: a UTF-8 byte order mark removed, CR LF and
 * lone CR line ends turned into lines, a missing final newline accepted. Line numbers are 1-based.
 * Bytes that are not UTF-8 are read as ISO-8859-1, so a mojibake unit still reaches the parser.
 */
public final class InputText {
    private final String source;
    private final List<String> lines;
    private final boolean endsWithNewline;

    public InputText(String source, String text) {
        this.source = source;
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        this.endsWithNewline = t.endsWith("\n") || t.endsWith("\r");
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(t.substring(start, i));
                if (c == '\r' && i + 1 < t.length() && t.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < t.length()) {
            out.add(t.substring(start));
        }
        this.lines = Collections.unmodifiableList(out);
    }

    /** Reads {@code path}; a missing or unreadable file is bad input (exit 3). */
    public static InputText read(Path path) {
        String name = path.toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw WirebenchException.badInput(name + ": no such file");
        } catch (IOException e) {
            throw WirebenchException.badInput(name + ": cannot read (" + e.getMessage() + ")");
        }
        return new InputText(name, decode(bytes));
    }

    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    public String source() {
        return source;
    }

    /** All lines without their line ends. */
    public List<String> lines() {
        return lines;
    }

    /** Line {@code number} (1-based). */
    public String line(int number) {
        return lines.get(number - 1);
    }

    public int lineCount() {
        return lines.size();
    }

    /** Whether the file ended with a line end (a last row without one may be truncated). */
    public boolean endsWithNewline() {
        return endsWithNewline;
    }

    /** The whole text, lines joined with {@code \n}. */
    public String joined() {
        return String.join("\n", lines);
    }

    /** The first line that is not blank, or "" for an empty file. */
    public String firstNonBlankLine() {
        for (String l : lines) {
            if (!l.isBlank()) {
                return l;
            }
        }
        return "";
    }
}
