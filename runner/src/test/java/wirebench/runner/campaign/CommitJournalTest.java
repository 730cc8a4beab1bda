package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit that a signal cut short (the JVM ended while it wrote, leaving its undo journal) is
 * undone by the next run of the campaign before it reads its state: every file cut back to its
 * length before the commit, files the commit created removed, the journal gone.
 */
class CommitJournalTest {
    @Test
    void shouldCutEveryFileBackAndRemoveNewOnesWhenAJournalIsLeft(@TempDir Path out) throws IOException {
        Path state = out.resolve(StateFile.NAME);
        Path results = Files.createDirectories(out.resolve("results"));
        Path seed = Files.createDirectories(out.resolve("perftest/UDPv4")).resolve("lat_pub_unkeyed_rel.csv");
        Files.writeString(state, "lat-UDPv4-unkeyed-rel-32-r1\n");
        Files.writeString(results.resolve("pubsub-latency.csv"), "# header\nrow 1\n");
        Files.writeString(seed, "Sample Size\n32, 1\n");
        CommitLog log = new CommitLog();
        log.remember(state);
        log.remember(seed);
        log.rememberAll(results, ".csv");
        log.rememberAll(results, ".hlog");
        log.save(TestCommit.journal(state));
        // the commit half done when the JVM ended: rows appended, a log created, no state line yet
        Files.writeString(results.resolve("pubsub-latency.csv"), "row 2 cut sh", StandardOpenOption.APPEND);
        Files.writeString(seed, "64, 2\n", StandardOpenOption.APPEND);
        Files.writeString(results.resolve("pubsub-latency-64.hlog"), "#[half]\n");

        String said = TestCommit.recover(state);

        assertThat(said).contains("undid the commit of a test an interruption cut short");
        assertThat(Files.readString(results.resolve("pubsub-latency.csv"))).isEqualTo("# header\nrow 1\n");
        assertThat(Files.readString(seed)).isEqualTo("Sample Size\n32, 1\n");
        assertThat(Files.readString(state)).isEqualTo("lat-UDPv4-unkeyed-rel-32-r1\n");
        assertThat(results.resolve("pubsub-latency-64.hlog")).doesNotExist();
        assertThat(TestCommit.journal(state)).doesNotExist();
        assertThat(TestCommit.recover(state)).as("nothing left to undo").isNull();
    }
}
