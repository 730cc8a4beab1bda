package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import wirebench.analyzer.Cli;
import wirebench.contract.Columns;
import wirebench.analyzer.model.Kind;
import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.ResultTable;
import wirebench.analyzer.model.Row;
import wirebench.contract.JsonReader;

/**
 * The 30 real Perftest outputs of {@code shared/corpus/perftest-wild}: every summary row of
 * expected.json read exactly, and the version family of the format label right.
 */
class PerftestWildCorpusTest {
    private static final String CORPUS = "corpus/perftest-wild";

    /** The version family each file's label must name (from the corpus README's version column). */
    private static final Map<String, String> FAMILY = Map.ofEntries(
            Map.entry("001", "perftest-legacy-2.2"), Map.entry("002", "perftest-legacy-2.2"),
            Map.entry("003", "perftest-legacy-2.0"), Map.entry("004", "perftest-legacy-2.0"),
            Map.entry("005", "perftest-legacy-2.2"), Map.entry("006", "perftest-legacy-2.0"),
            Map.entry("007", "perftest-legacy-3.0"), Map.entry("008", "perftest-log-3.1.0"),
            Map.entry("009", "perftest-legacy-3.1+"), Map.entry("010", "perftest-legacy-3.1+"),
            Map.entry("011", "perftest-legacy-3.1+"), Map.entry("012", "perftest-legacy-3.1+"),
            Map.entry("013", "perftest-legacy-3.1+"), Map.entry("014", "perftest-csv-3.x"),
            Map.entry("015", "perftest-csv-3.x"), Map.entry("016", "perftest-csv-3.x"),
            Map.entry("017", "perftest-csv-noheader"), Map.entry("018", "perftest-json-java"),
            Map.entry("019", "perftest-json-java"), Map.entry("020", "perftest-legacy-3.0"),
            Map.entry("021", "perftest-csv-3.x"), Map.entry("022", "perftest-legacy-3.0"),
            Map.entry("023", "perftest-legacy-3.0"), Map.entry("024", "perftest-csv-3.x"),
            Map.entry("025", "perftest-csv-3.x"), Map.entry("026", "perftest-csv-3.x"),
            Map.entry("027", "perftest-csv-3.x"), Map.entry("028", "perftest-csv-3.x"),
            Map.entry("029", "perftest-csv-4.x"), Map.entry("030", "perftest-csv-4.x"));

    private static final List<String> LATENCY_KEYS = List.of("size", "ave", "std", "min", "max", "p50", "p90", "p99",
            "p9999", "p999999");
    private static final List<String> THROUGHPUT_KEYS = List.of("size", "total_samples", "samples_per_s", "mbps",
            "lost", "lost_pct");

    @Test
    void shouldReadEverySummaryRowOfTheWildCorpusExactly() throws IOException {
        Path dir = SharedDir.require(CORPUS);
        JsonReader.Obj expected = (JsonReader.Obj) JsonReader.parse("expected.json",
                Files.readString(dir.resolve("expected.json"), StandardCharsets.UTF_8));
        assertThat(expected.members()).hasSize(30);
        List<String> failures = new ArrayList<>();
        int ok = 0;
        for (Map.Entry<String, Object> e : expected.members().entrySet()) {
            String file = e.getKey();
            List<String> problems = check(dir.resolve(file), (List<?>) e.getValue());
            if (problems.isEmpty()) {
                ok++;
            } else {
                failures.add(file + ": " + String.join("; ", problems));
            }
        }
        assertThat(failures).as(ok + "/30 read exactly").isEmpty();
        assertThat(ok).isEqualTo(30);
    }

    private static List<String> check(Path file, List<?> expectedTables) {
        List<String> problems = new ArrayList<>();
        ParsedInput p;
        try {
            p = Parsers.all().parse(InputText.read(file));
        } catch (RuntimeException ex) {
            return List.of("not read: " + ex.getMessage());
        }
        String family = FAMILY.get(file.getFileName().toString().substring(0, 3));
        if (!p.format().equals(family)) {
            problems.add("format " + p.format() + ", expected " + family);
        }
        for (Object o : expectedTables) {
            JsonReader.Obj t = (JsonReader.Obj) o;
            Kind kind = Kind.fromId((String) t.get("kind"));
            List<Row> got = new ArrayList<>();
            for (ResultTable rt : p.tables()) {
                if (rt.kind() == kind) {
                    got.addAll(rt.rows());
                }
            }
            List<?> rows = (List<?>) t.get("rows");
            if (got.size() != rows.size()) {
                problems.add(kind.id() + ": " + got.size() + " rows, expected " + rows.size());
                continue;
            }
            List<String> keys = kind == Kind.LATENCY ? LATENCY_KEYS : THROUGHPUT_KEYS;
            List<String> columns = kind == Kind.LATENCY ? Columns.LATENCY : Columns.THROUGHPUT;
            for (int i = 0; i < rows.size(); i++) {
                JsonReader.Obj want = (JsonReader.Obj) rows.get(i);
                for (int c = 0; c < keys.size(); c++) {
                    Object w = want.get(keys.get(c));
                    Double g = got.get(i).number(columns.get(c));
                    boolean same = w == null ? g == null : g != null && ((Double) w).doubleValue() == g;
                    if (!same) {
                        problems.add(kind.id() + " row " + (i + 1) + " " + columns.get(c) + ": " + g + ", expected " + w);
                    }
                }
            }
        }
        long otherKinds = p.tables().stream().filter(rt -> expectedTables.stream()
                .noneMatch(o -> Kind.fromId((String) ((JsonReader.Obj) o).get("kind")) == rt.kind())).count();
        if (otherKinds > 0) {
            problems.add(otherKinds + " unexpected table(s)");
        }
        return problems;
    }

    @Test
    void shouldWarnWithTheFirstErrorLineWhenAPerftestLogHasNoResults() {
        Path dir = SharedDir.require(CORPUS);
        ParsedInput p = Parsers.all().parse(InputText.read(dir.resolve("008_k8sdds-310-pub-failed-no-results.log")));
        assertThat(p.tables()).isEmpty();
        assertThat(p.warnings()).singleElement().satisfies(w -> assertThat(w.format())
                .contains("008_k8sdds-310-pub-failed-no-results.log:3:")
                .contains("RTI Perftest 3.1.0 log without results")
                .contains("'[Error]: _MessagingImpl was null or it could not be initialized'"));
    }

    @Test
    void shouldStillReadTheOtherInputsWhenAFailedRunIsNamedBesideThem() {
        Path dir = SharedDir.require(CORPUS);
        Cli r = Cli.run("stats", dir.resolve("008_k8sdds-310-pub-failed-no-results.log").toString(),
                dir.resolve("029_ptst-4x-pub-csv-latency-intervals-micro.csv").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("029_ptst-4x-pub-csv-latency-intervals-micro.csv: latency [perftest-csv-4.x")
                .contains("warning: " + dir.resolve("008_k8sdds-310-pub-failed-no-results.log") + ":3: RTI Perftest "
                        + "3.1.0 log without results: the run failed; first error line 3: '[Error]");
    }

    @Test
    void shouldWarnWhenAJsonSummaryUsesThePreReleaseKeys() {
        Path dir = SharedDir.require(CORPUS);
        ParsedInput p = Parsers.all().parse(InputText.read(dir.resolve("019_rtidesign-json-sub-intervals-cpu.json")));
        assertThat(p.warnings()).extracting(w -> w.message()).anySatisfy(m -> assertThat(m)
                .contains("\"packets/s_ave\" read as \"packets/sAve\"")).anySatisfy(m -> assertThat(m)
                .contains("\"mbps_ave\" read as \"mbpsAve\"")).anySatisfy(m -> assertThat(m)
                .contains("\"lost_percent\" read as \"lostPercent\""));
    }
}
