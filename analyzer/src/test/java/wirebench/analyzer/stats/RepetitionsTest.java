package wirebench.analyzer.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;

/** The repetition grouping's edge cases around its Tablesaw {@code Table}: missing keys, all-missing measures, order. */
class RepetitionsTest {
    private static final List<String> COLUMNS = List.of("transport", "repetition", "p50_us", "p99_us");

    private static Row row(String transport, String repetition, Double p50, Double p99) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("transport", transport);
        v.put("repetition", repetition);
        v.put("p50_us", p50);
        v.put("p99_us", p99);
        return Row.of(v);
    }

    private static ResultTable table(Row... rows) {
        return new ResultTable("c.csv", Kind.values()[0], Map.of(), COLUMNS, Arrays.asList(rows));
    }

    @Test
    void shouldKeepAMissingKeyApartFromAnEmptyKeyAndPointsInFirstSeenOrder() {
        ResultTable t = table(row("UDPv4", "1", 5.0, 9.0), row(null, "1", 7.0, 1.0), row("", "1", 3.0, 2.0),
                row("", "2", 4.0, 2.0), row(null, "2", 8.0, 3.0), row("UDPv4", "2", 6.0, 10.0),
                row("UDPv4", "3", 1.0, 11.0));

        ResultTable g = Repetitions.aggregate(List.of(t));

        List<Object> transports = new ArrayList<>();
        g.rows().forEach(r -> transports.add(r.get("transport")));
        assertThat(transports).containsExactly("UDPv4", null, "");
        assertThat(g.rows().get(0).number("n")).isEqualTo(3.0);
        assertThat(g.rows().get(0).number("p50_us")).isEqualTo(5.0);
        assertThat(g.rows().get(0).number("p50_us_min")).isEqualTo(1.0);
        assertThat(g.rows().get(0).number("p99_us_max")).isEqualTo(11.0);
        assertThat(g.rows().get(1).number("p50_us")).isEqualTo(7.5);
        assertThat(g.rows().get(2).number("n")).isEqualTo(2.0);
        assertThat(g.context()).containsEntry("aggregate", "median (min-max) of n repetitions");
    }

    @Test
    void shouldLeaveAMeasureMissingInEveryRepetitionEmptyAndOtherMissingValuesOut() {
        ResultTable t = table(row("UDPv4", "1", 5.0, null), row("UDPv4", "2", null, null), row("UDPv4", "3", 9.0, null),
                row("SHMEM", "1", 2.0, 4.0), row("SHMEM", "2", 2.0, 4.0), row("SHMEM", "3", 2.0, 4.0));

        ResultTable g = Repetitions.aggregate(List.of(t));

        Map<String, Object> udp = new HashMap<>(g.rows().get(0).values());
        assertThat(udp).containsEntry("transport", "UDPv4").containsEntry("n", 3.0).containsEntry("p50_us", 7.0)
                .containsEntry("p50_us_min", 5.0).containsEntry("p50_us_max", 9.0).containsEntry("p99_us", null)
                .containsEntry("p99_us_min", null).containsEntry("p99_us_max", null);
        assertThat(g.columns()).containsExactly("transport", "n", "p50_us", "p50_us_min", "p50_us_max", "p99_us",
                "p99_us_min", "p99_us_max");
        assertThat(g.context()).containsEntry("aggregate", "median (min-max) of 3 repetitions");
    }

    @Test
    void shouldGroupEveryRowAsOnePointWhenNoColumnIsAKey() {
        ResultTable t = new ResultTable("c.csv", Kind.values()[0], Map.of("repetition", "1"), List.of("p50_us"),
                List.of(Row.builder().measure("p50_us", 1.0).build(), Row.builder().measure("p50_us", 3.0).build()));

        ResultTable g = Repetitions.aggregate(List.of(t));

        assertThat(g.rows()).hasSize(1);
        assertThat(g.rows().get(0).number("p50_us")).isEqualTo(2.0);
        assertThat(g.rows().get(0).number("n")).isEqualTo(2.0);
    }
}
