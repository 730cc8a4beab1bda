package wirebench.analyzer.compare;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import wirebench.contract.Numbers;
import wirebench.contract.WirebenchException;

/**
 * A CI gate: {@code p99_us>+10%} fails when a p99 rises by more than 10%,
 * {@code samples_per_s<-5%} when throughput drops by more than 5%. The sign of the threshold is
 * optional ({@code >10%} means {@code >+10%}, {@code <5%} means {@code <-5%}).
 *
 * @param metric       the column compared
 * @param greater      true for {@code >}: fail when delta % is above the threshold
 * @param thresholdPct the signed threshold in percent
 */
public record Gate(String metric, boolean greater, double thresholdPct) {
    private static final Pattern FORM = Pattern.compile("\\s*([a-z0-9_]+)\\s*([<>])\\s*([+-]?)([0-9]+(?:\\.[0-9]+)?)\\s*%\\s*");

    /** Parses a {@code --fail-on} expression; a bad one is a usage error (exit 2). */
    public static Gate parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw new WirebenchException(WirebenchException.USAGE, "--fail-on '" + text
                    + "': expected METRIC>+N% or METRIC<-N% (e.g. 'p99_us>+10%', 'samples_per_s<-5%')");
        }
        boolean greater = m.group(2).equals(">");
        double v = Double.parseDouble(m.group(4));
        String sign = m.group(3);
        double signed = sign.equals("-") ? -v : sign.equals("+") ? v : greater ? v : -v;
        return new Gate(m.group(1), greater, signed);
    }

    /** Whether a delta of {@code deltaPct} crosses this gate (the threshold itself does not). */
    public boolean crossedBy(double deltaPct) {
        return greater ? deltaPct > thresholdPct : deltaPct < thresholdPct;
    }

    @Override
    public String toString() {
        return metric + (greater ? ">" : "<") + (thresholdPct >= 0 ? "+" : "") + Numbers.plain(thresholdPct) + "%";
    }
}
