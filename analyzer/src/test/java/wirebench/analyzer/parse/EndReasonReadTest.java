package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.contract.Columns;

/**
 * The {@code end_reason} column of the runner's pub/sub rows: a partial row is read, keeps the
 * column where it is shown and is a warning naming its line; a file whose rows all completed
 * shows as one without the column; a file without the column (older) still reads.
 */
class EndReasonReadTest {
    private static final String HEAD = "# wirebench-results 1 family=pubsub-throughput keys=transport,reliability,"
            + "keyed,instances,batch_bytes,compression,size_bytes\n"
            + "transport,reliability,keyed,instances,batch_bytes,compression,size_bytes,total_samples,samples_per_s,"
            + "mbps,lost,lost_pct,cpu_pct";

    private static ParsedInput parse(Path tmp, String text) throws IOException {
        Path f = tmp.resolve("pubsub-throughput.csv");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return new WirebenchCsvParser().parse(InputText.read(f));
    }

    @Test
    void shouldKeepAndFlagThePartialRowWhenThePublisherWasLostMidScan(@TempDir Path tmp) throws IOException {
        ParsedInput in = parse(tmp, HEAD + ",end_reason\n"
                + "UDPv4,reliable,unkeyed,1,8192,NONE,32,1000000,500000,128,0,0,,completed\n"
                + "UDPv4,reliable,unkeyed,1,,NONE,64,85374,20316,16.253,2,0.002,,publisher_lost\n");

        // the partial row's batch size is unknown (empty key): a table of its own, with the column
        assertThat(in.tables()).hasSize(2);
        assertThat(in.tables().get(0).columns()).doesNotContain(Columns.END_REASON);
        ResultTable t = in.tables().get(1);
        assertThat(t.context()).containsEntry("batch_bytes", "");
        assertThat(t.columns()).endsWith(Columns.END_REASON);
        assertThat(t.rows()).extracting(r -> r.text(Columns.END_REASON)).containsExactly("publisher_lost");
        assertThat(t.rows().get(0).number(Columns.TOTAL_SAMPLES)).isEqualTo(85374.0);
        assertThat(in.warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(4);
            assertThat(w.message()).isEqualTo("partial: publisher lost after 85374 samples of size 64 bytes; the row "
                    + "holds what was measured until then (end_reason publisher_lost)");
        });
    }

    @Test
    void shouldShowCompletedRowsAsBeforeTheColumnExisted(@TempDir Path tmp) throws IOException {
        String rows = "UDPv4,reliable,unkeyed,1,8192,NONE,32,1000000,500000,128,0,0,";
        ParsedInput with = parse(tmp, HEAD + ",end_reason\n" + rows + ",completed\n");
        ParsedInput without = parse(tmp, HEAD + "\n" + rows + "\n");

        assertThat(with.warnings()).isEmpty();
        assertThat(without.warnings()).isEmpty();
        assertThat(with.tables().get(0).columns()).doesNotContain(Columns.END_REASON)
                .isEqualTo(without.tables().get(0).columns());
        assertThat(with.tables().get(0).rows()).isEqualTo(without.tables().get(0).rows());
    }
}
