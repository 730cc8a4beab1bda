package wirebench.analyzer.compare;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * A CI gate as written on the command line: {@code p99_us>+10%} fails when a p99 rises by more
 * than 10%, {@code samples_per_s<-5%} when throughput drops by more than 5%, {@code lost_pct>+1}
 * (no {@code %}) when loss rises by more than 1 in the metric's own unit (1 point for a
 * {@code _pct} metric). The sign of the threshold is optional ({@code >10%} means {@code >+10%},
 * {@code <5%} means {@code <-5%}). How a change is measured against it, including a zero baseline,
 * and when it counts as crossed is {@link GateRule}'s job.
 *
 * @param metric    the column compared
 * @param greater   true for {@code >}: fail when the change is above the threshold
 * @param threshold the signed threshold: percent of the baseline when {@code relative}, else in
 *                  the metric's unit
 * @param relative  true for the {@code %} form
 */
public record Gate(String metric, boolean greater, double threshold, boolean relative) {
    private static final Pattern FORM = Pattern.compile(
            "\\s*([a-z0-9_]+)\\s*([<>])\\s*([+-]?)([0-9]+(?:\\.[0-9]+)?)\\s*(%?)\\s*");

    /** Parses a {@code --fail-on} expression; a bad one is a usage error (exit 2). */
    public static Gate parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new WirebenchException(WirebenchException.USAGE, "--fail-on '" + text
                    + "': expected METRIC>+N% or METRIC<-N% (relative), or METRIC>+N (absolute, in the metric's unit)"
                    + " (e.g. 'p99_us>+10%', 'samples_per_s<-5%', 'lost_pct>+1')");
        }
        boolean greater = m.group(2).equals(">");
        double v = Double.parseDouble(m.group(4));
        String sign = m.group(3);
        double signed = sign.equals("-") ? -v : sign.equals("+") ? v : greater ? v : -v;
        return new Gate(m.group(1), greater, signed, !m.group(5).isEmpty());
    }

    @Override
    public String toString() {
        return metric + (greater ? ">" : "<") + (threshold >= 0 ? "+" : "") + Numbers.plain(threshold)
                + (relative ? "%" : "");
    }
}
