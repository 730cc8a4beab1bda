package wirebench.analyzer.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

import wirebench.contract.Numbers;

/**
 * The one rule that decides whether a change crosses a {@code --fail-on} gate; {@code compare} and
 * {@code history changes} both call it, so a gate means the same in both.
 *
 * <p><b>The change a gate reads.</b> A relative gate ({@code p99_us>+10%}) reads the change in percent
 * of the baseline, {@code (after - before) / |before| * 100}. A zero baseline has no percentage (loss,
 * duplicates and reorders start at 0), so there the gate reads the absolute change in the metric's unit
 * against the same number: loss 0% -> 30% is +30 points and crosses {@code lost_pct>+1%}; 0% -> 0.5% does
 * not. An absolute gate ({@code lost_pct>+1}, no {@code %}) always reads the absolute change.
 *
 * <p><b>The evidence.</b> Where a significance test can decide, a crossing fails only when the test
 * finds the change (p &lt; alpha): a crossing inside the noise passes. Where it cannot (one value on a
 * side, or so few repetitions that even completely separated samples cannot reach alpha: the smallest
 * two-sided Mann-Whitney p is {@code 2 / C(n1+n2, n1)}, 0.33 for 2+2, 0.1 for 3+3, 0.057 for 3+4), the
 * gate decides on the change alone and its line says so. So less data is never more lenient, and no
 * comparison that could not have failed is reported as passing without saying how it was judged.
 */
public final class GateRule {
    private GateRule() {
    }

    /**
     * One gate checked at one test point.
     *
     * @param gate   the gate
     * @param point  the test point (and, for history, the series)
     * @param change the change the gate read, in percent or in the metric's unit (see {@link #absolute})
     * @param failed whether the gate fails here
     * @param tested whether a significance test decided (false: the change alone)
     * @param line   the FAIL line when failed, else null
     */
    public record Check(Gate gate, String point, double change, boolean failed, boolean tested, String line) {
    }

    /** Whether {@code g} reads an absolute change for this baseline (absolute gate, or zero baseline). */
    public static boolean absolute(Gate g, double before) {
        return !g.relative() || before == 0;
    }

    /** The change {@code g} reads from {@code before} to {@code after} (percent, or the metric's unit). */
    public static double change(Gate g, double before, double after) {
        return absolute(g, before) ? after - before : (after - before) / Math.abs(before) * 100.0;
    }

    /** Whether the change from {@code before} to {@code after} is beyond the threshold (the threshold passes). */
    public static boolean crosses(Gate g, double before, double after) {
        double d = change(g, before, after);
        return g.greater() ? d > g.threshold() : d < g.threshold();
    }

    /** The change as the gate read it: {@code +40.00%}, or {@code +30 (absolute, baseline 0)}. */
    public static String changeText(Gate g, double before, double after) {
        double d = change(g, before, after);
        String sign = d >= 0 ? "+" : "";
        if (!absolute(g, before)) {
            return sign + Numbers.fixed(d, 2) + "%";
        }
        return sign + Numbers.upTo(d, 3) + (g.relative() ? " (absolute: the baseline is 0)" : "");
    }

    /**
     * A gate on a comparison of two sides: medians {@code before}/{@code after} of {@code nBefore}
     * and {@code nAfter} values, with the Mann-Whitney {@code pValue} (null when not computed).
     */
    public static Check compare(Gate g, String point, double before, double after, int nBefore, int nAfter,
            Double pValue, double alpha) {
        boolean crossed = crosses(g, before, after);
        double d = change(g, before, after);
        String why;
        boolean tested;
        if (nBefore < 2 || nAfter < 2) {
            tested = false;
            why = "no significance test (n=" + Math.min(nBefore, nAfter) + "): failing on the delta alone";
        } else if (MannWhitney.minimumPValue(nBefore, nAfter) > alpha) {
            tested = false;
            why = "n=" + nBefore + "+" + nAfter + " can never reach p<" + Numbers.plain(alpha)
                    + " (smallest possible p=" + Numbers.upTo(MannWhitney.minimumPValue(nBefore, nAfter), 3)
                    + "): failing on the delta alone";
        } else {
            tested = true;
            crossed = crossed && pValue != null && pValue < alpha;
            why = "p=" + (pValue == null ? "n/a" : Numbers.upTo(pValue, 3)) + " n=" + nBefore + "+" + nAfter;
        }
        String line = crossed ? "FAIL " + g + ": " + point + " " + changeText(g, before, after) + " (" + why + ")"
                : null;
        return new Check(g, point, d, crossed, tested, line);
    }

    /**
     * A gate on two single runs that a test within the runs judged ({@code method}, e.g. the interval
     * bootstrap over each run's histogram intervals, with its {@code pValue}): a crossing fails only
     * when that test finds the change, as with repetitions.
     */
    public static Check judgedWithin(Gate g, String point, double before, double after, String method,
            double pValue, double alpha) {
        boolean crossed = crosses(g, before, after) && pValue < alpha;
        String line = crossed ? "FAIL " + g + ": " + point + " " + changeText(g, before, after) + " (" + method
                + ", p=" + Numbers.upTo(pValue, 3) + ")" : null;
        return new Check(g, point, change(g, before, after), crossed, true, line);
    }

    /**
     * A gate on a change point that a detector already found significant ({@code where} says which
     * run and how sure): the change alone decides.
     */
    public static Check changePoint(Gate g, String point, double before, double after, String where) {
        boolean crossed = crosses(g, before, after);
        String line = crossed ? "FAIL " + g + ": " + point + " changed by " + changeText(g, before, after) + " "
                + where : null;
        return new Check(g, point, change(g, before, after), crossed, true, line);
    }

    /**
     * The gate lines of a comparison: every FAIL line, then for each gate that did not fail one line
     * saying at how many points it was checked and how many on the delta alone. A gate checked
     * nowhere gets a "not checked" line, never "ok".
     */
    public static List<String> lines(List<Gate> gates, List<Check> checks) {
        return lines(gates, checks, g -> checks.stream().filter(c -> c.gate().equals(g)).count(), "checked",
                "nothing to compare");
    }

    /**
     * The gate lines where a gate was examined at more places than it has checks (history: each series
     * searched, most without a change point): {@code examined} counts them, {@code counted} names them
     * after the count, {@code none} says why a gate examined nowhere was not checked.
     */
    public static List<String> lines(List<Gate> gates, List<Check> checks, ToLongFunction<Gate> examined,
            String counted, String none) {
        List<String> out = new ArrayList<>();
        for (Check c : checks) {
            if (c.failed()) {
                out.add(c.line());
            }
        }
        for (Gate g : gates) {
            List<Check> mine = checks.stream().filter(c -> c.gate().equals(g)).toList();
            if (mine.stream().anyMatch(Check::failed)) {
                continue;
            }
            long alone = mine.stream().filter(c -> !c.tested()).count();
            long n = examined.applyAsLong(g);
            if (n == 0) {
                out.add("not checked: " + g + ": " + none);
            } else {
                out.add("ok: no gate crossed (" + g + ": " + n + " " + counted + (alone == 0 ? ""
                        : "; " + alone + " on the delta alone, too few values for a significance test") + ")");
            }
        }
        return out;
    }

    /** Whether any check failed. */
    public static boolean failed(List<Check> checks) {
        return checks.stream().anyMatch(Check::failed);
    }
}
