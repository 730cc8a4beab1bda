package wirebench.analyzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/**
 * The gate rules of docs/compare.md on hand-made results directories (one run.json and one CSV per
 * run, the results format): plain regressions fail whatever the repetition count, a zero baseline
 * included, and no gate prints "ok" without saying how it judged.
 */
class CompareGateRulesTest {

    /** One results directory per value: a run with a latency row of that p99 and a throughput row of that loss. */
    private static String runs(Path parent, String side, double[] p99, double[] lostPct) throws IOException {
        List<String> dirs = new ArrayList<>();
        for (int i = 0; i < p99.length; i++) {
            Path d = parent.resolve(side + "-" + i);
            Files.createDirectories(d);
            Files.writeString(d.resolve("run.json"), "{\"format\": \"wirebench-run 1\", \"run_id\": \"" + side + i
                    + "\"}\n");
            Files.writeString(d.resolve("pubsub-latency.csv"), "# wirebench-results 1 family=pubsub-latency "
                    + "keys=transport,size_bytes\ntransport,size_bytes,samples,p50_us,p99_us\n"
                    + String.format(Locale.ROOT, "UDPv4,32,10000,%.3f,%.3f%n", p99[i] / 2, p99[i]));
            Files.writeString(d.resolve("pubsub-throughput.csv"), "# wirebench-results 1 family=pubsub-throughput "
                    + "keys=transport,size_bytes\ntransport,size_bytes,total_samples,samples_per_s,mbps,lost,lost_pct\n"
                    + String.format(Locale.ROOT, "UDPv4,1024,100000,50000,400,%d,%.3f%n",
                            Math.round(lostPct[i] * 1000), lostPct[i]));
            dirs.add(d.toString());
        }
        return String.join(",", dirs);
    }

    /** The text output with its wrapping undone (lines wrap at 120 columns). */
    private static String flat(String s) {
        return s.replaceAll("\\s+", " ");
    }

    @Test
    void shouldExit4WhenP99RisesBy40PercentInEveryOneOfThreeAgainstThree(@TempDir Path dir) throws IOException {
        String a = runs(dir, "a", new double[] {100, 101, 99}, new double[] {0, 0, 0});
        String b = runs(dir, "b", new double[] {140, 141, 139}, new double[] {0, 0, 0});

        Cli r = Cli.run("compare", a, b, "--fail-on", "p99_us>+10%");

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(4);
        assertThat(flat(r.out())).contains("FAIL p99_us>+10%: latency transport=UDPv4 32 B +40.00% (n=3+3 can never reach "
                + "p<0.05 (smallest possible p=0.1): failing on the delta alone)");
        assertThat(r.out()).doesNotContain("ok: no gate crossed");
    }

    @Test
    void shouldExit4WhenLossRisesFromZeroTo30PercentWithARelativeGate(@TempDir Path dir) throws IOException {
        String a = runs(dir, "a", new double[] {100, 101, 99}, new double[] {0, 0, 0});
        String b = runs(dir, "b", new double[] {100, 101, 99}, new double[] {30, 30, 30});

        Cli r = Cli.run("compare", a, b, "--fail-on", "lost_pct>+1%");

        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(4);
        assertThat(flat(r.out())).contains("FAIL lost_pct>+1%: throughput transport=UDPv4 1024 B +30 (absolute: the "
                + "baseline is 0) (n=3+3 can never reach p<0.05");
        assertThat(r.out()).containsPattern("lost_pct\\s+0 range 0\\.\\.0\\s+30 range 30\\.\\.30\\s+\\+30 from 0");
    }

    @Test
    void shouldExit4OnAnAbsoluteGateInPointsAndPassBelowIt(@TempDir Path dir) throws IOException {
        String a = runs(dir, "a", new double[] {100, 101, 99, 100, 100, 100}, new double[] {0, 0, 0, 0, 0, 0});
        String b = runs(dir, "b", new double[] {100, 101, 99, 100, 100, 100}, new double[] {2, 2, 2, 2, 2, 2});

        Cli fail = Cli.run("compare", a, b, "--fail-on", "lost_pct>+1");
        Cli pass = Cli.run("compare", a, b, "--fail-on", "lost_pct>+2");

        assertThat(fail.exitCode()).as(fail.out()).isEqualTo(4);
        assertThat(flat(fail.out())).containsPattern("FAIL lost_pct>\\+1: throughput transport=UDPv4 1024 B \\+2 \\(p=0\\.00\\d+ "
                + "n=6\\+6\\)");
        assertThat(pass.exitCode()).as(pass.out()).isZero();
        assertThat(pass.out()).contains("ok: no gate crossed (lost_pct>+2: 1 checked)");
    }

    @Test
    void shouldFailTwoAgainstTwoOnTheDeltaAloneAndSaySo(@TempDir Path dir) throws IOException {
        String a = runs(dir, "a", new double[] {100, 100}, new double[] {0, 0});
        String b = runs(dir, "b", new double[] {100, 108}, new double[] {0, 0});

        Cli crossed = Cli.run("compare", a, b, "--fail-on", "p99_us>+3%");
        Cli notCrossed = Cli.run("compare", a, b, "--fail-on", "p99_us>+5%");

        assertThat(crossed.exitCode()).as(crossed.out()).isEqualTo(4);
        assertThat(flat(crossed.out())).contains("+4.00% (n=2+2 can never reach p<0.05 (smallest possible p=0.333)");
        assertThat(notCrossed.exitCode()).isZero();
        assertThat(flat(notCrossed.out())).contains("ok: no gate crossed (p99_us>+5%: 1 checked; 1 on the delta alone, too "
                + "few values for a significance test)");
    }

    @Test
    void shouldPassACrossingThatIsNotSignificantWhenATestCanDecide(@TempDir Path dir) throws IOException {
        // medians 100 -> 120 (+20%) but the samples interleave: Mann-Whitney p is far above 0.05
        String a = runs(dir, "a", new double[] {80, 90, 100, 110, 200, 210}, new double[] {0, 0, 0, 0, 0, 0});
        String b = runs(dir, "b", new double[] {85, 95, 115, 125, 205, 215}, new double[] {0, 0, 0, 0, 0, 0});

        Cli r = Cli.run("compare", a, b, "--fail-on", "p99_us>+10%");

        assertThat(r.exitCode()).as(r.out()).isZero();
        assertThat(r.out()).contains("ok: no gate crossed (p99_us>+10%: 1 checked)");
    }

    @Test
    void shouldLabelTheMinMaxOfFewerThanSixValuesARangeAndShowAnIntervalFromSix(@TempDir Path dir)
            throws IOException {
        String a5 = runs(dir, "a", new double[] {100, 104, 96, 101, 99}, new double[] {0, 0, 0, 0, 0});
        String a6 = runs(dir, "c", new double[] {100, 104, 96, 101, 99, 102}, new double[] {0, 0, 0, 0, 0, 0});

        Cli five = Cli.run("compare", a5, a5);
        Cli six = Cli.run("compare", a6, a6, "--format", "json");

        assertThat(five.out()).containsPattern("p99_us\\s+100 range 96\\.\\.104\\s+100 range 96\\.\\.104")
                .doesNotContain("±");
        // n=6: ranks 1 and 6 (coverage 1 - 2/64 = 0.969); the interval is the min and max here too, but a 95% one
        assertThat(six.out()).contains("\"baseline_ci_kind\": \"ci95\"");
        assertThat(five.exitCode()).isZero();
    }
}
