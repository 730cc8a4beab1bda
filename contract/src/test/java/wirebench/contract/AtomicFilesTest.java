package wirebench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void shouldWriteTheWholeFileAndLeaveNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sub/run.json");
        AtomicFiles.writeString(f, "{}\n", "run.json");
        AtomicFiles.writeString(f, "{\"µ\": 1}\n", "run.json");

        assertThat(Files.readString(f, StandardCharsets.UTF_8)).isEqualTo("{\"µ\": 1}\n");
        assertThat(names(dir.resolve("sub"))).containsExactly("run.json");
    }

    @Test
    void shouldKeepTheOldFileAndRemoveTheTemporaryFileWhenTheContentFailsWithAnIoError(@TempDir Path dir)
            throws IOException {
        Path f = dir.resolve("report.html");
        Files.writeString(f, "old");

        assertThatThrownBy(() -> AtomicFiles.write(f, "the report", out -> {
            out.write("half of the new");
            throw new IOException("No space left on device");
        })).isInstanceOf(WirebenchException.class)
                .hasMessage(f + ": cannot write the report (No space left on device)")
                .extracting(e -> ((WirebenchException) e).exitCode()).isEqualTo(WirebenchException.BAD_INPUT);

        assertThat(Files.readString(f)).isEqualTo("old");
        assertThat(names(dir)).containsExactly("report.html");
    }

    @Test
    void shouldPassOnAnyOtherFailureOfTheContentAndStillRemoveTheTemporaryFile(@TempDir Path dir)
            throws IOException {
        Path f = dir.resolve("out.csv");

        assertThatThrownBy(() -> AtomicFiles.write(f, "results", out -> {
            out.write("a,b\n");
            throw new IllegalStateException("writer broke");
        })).isInstanceOf(IllegalStateException.class).hasMessage("writer broke");

        assertThat(names(dir)).isEmpty();
    }

    @Test
    void shouldLeaveNoTemporaryFileWhenTheRenameFails(@TempDir Path dir) throws IOException {
        // a non-empty directory where the file should go: even root cannot replace it by a rename
        Path target = dir.resolve("run.json");
        Files.createDirectories(target.resolve("inside"));

        assertThatThrownBy(() -> AtomicFiles.writeString(target, "{}\n", "run.json"))
                .isInstanceOf(WirebenchException.class)
                .hasMessageStartingWith(target + ": cannot write run.json (");

        assertThat(names(dir)).containsExactly("run.json");
        assertThat(Files.isDirectory(target)).isTrue();
    }

    @Test
    void shouldFailWithBadOutputWhenTheDirectoryCannotBeCreated(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "x");

        assertThatThrownBy(() -> AtomicFiles.writeString(file.resolve("run.json"), "{}", "run.json"))
                .isInstanceOf(WirebenchException.class)
                .hasMessageStartingWith(file.resolve("run.json") + ": cannot write run.json (");
        assertThat(names(dir)).containsExactly("a-file");
    }
}
