package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.WirebenchException;

/** The streaming line reader under every line end, a BOM, long and non-ASCII lines. */
class LineReaderTest {
    @TempDir
    Path dir;

    private List<String> lines(byte[] bytes) throws IOException {
        Path f = dir.resolve("in.txt");
        Files.write(f, bytes);
        List<String> out = new ArrayList<>();
        try (LineReader r = InputText.read(f).open()) {
            String l;
            while ((l = r.next()) != null) {
                out.add(l + (r.endsWithNewline() ? "" : "<no newline>"));
            }
        }
        return out;
    }

    @Test
    void shouldSplitLfCrLfAndLoneCrAndDropAUtf8ByteOrderMark() throws IOException {
        byte[] b = "\uFEFFa\nb\r\nc\rd".getBytes(StandardCharsets.UTF_8);
        assertThat(lines(b)).containsExactly("a", "b", "c", "d<no newline>");
    }

    @Test
    void shouldReadALineLongerThanTheBufferAndNonAsciiUnits() throws IOException {
        String longLine = "x".repeat(200_000) + "\u03bcs";
        byte[] b = ("Ave (\u03bcs)\r\n" + longLine + "\n\n").getBytes(StandardCharsets.UTF_8);
        assertThat(lines(b)).containsExactly("Ave (\u03bcs)", longLine, "");
    }

    @Test
    void shouldSplitLinesAcrossBufferEndsWhenTheBufferIsTheSmallest() {
        // a 16-byte buffer: the BOM, a CR LF pair and a two-byte character each fall across a refill
        byte[] b = "\uFEFFabcdefghijklm\r\nnopqrstuvwxyz0\u03bcs\r\rend".getBytes(StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        try (LineReader r = new LineReader("mem", new java.io.ByteArrayInputStream(b), StandardCharsets.UTF_8, 1)) {
            String l;
            while ((l = r.next()) != null) {
                out.add(l);
            }
        }
        assertThat(out).containsExactly("abcdefghijklm", "nopqrstuvwxyz0\u03bcs", "", "end");
    }

    @Test
    void shouldReadASmallFileOnceWhenItFitsTheHead() throws IOException {
        Path f = dir.resolve("small.csv");
        Files.write(f, "a\nb\n".getBytes(StandardCharsets.UTF_8));
        InputText text = InputText.read(f);
        Files.delete(f); // the parsers' second pass must not need the file again

        List<String> out = new ArrayList<>();
        try (LineReader r = text.open()) {
            String l;
            while ((l = r.next()) != null) {
                out.add(l);
            }
        }
        assertThat(out).containsExactly("a", "b");
        assertThat(text.lines()).containsExactly("a", "b");
    }

    @Test
    void shouldReadLatin1WhenTheHeadIsNotUtf8() throws IOException {
        byte[] b = "Ave (\u00b5s)\n1\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(lines(b)).containsExactly("Ave (\u00b5s)", "1");
    }

    @Test
    void shouldRefuseALineLongerThanTheLimitInsteadOfFillingTheHeap() throws IOException {
        Path f = dir.resolve("zero.bin");
        Files.write(f, new byte[LineReader.MAX_LINE_CHARS + 10]);
        assertThatThrownBy(() -> {
            try (LineReader r = InputText.read(f).open()) {
                r.next();
            }
        }).isInstanceOf(WirebenchException.class).hasMessageContaining(f + ":1: expected a text line");
    }
}
