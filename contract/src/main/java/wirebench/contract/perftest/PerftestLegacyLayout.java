package wirebench.contract.perftest;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the layout of Perftest's legacy text says about the version that printed it: the markers
 * {@link PerftestLegacyReader} collects line by line (spacing, units, the Lost and CPU layouts,
 * the serialization line), and the version family they add up to (docs/perftest-parsing.md), or
 * the family of the version a banner names.
 */
final class PerftestLegacyLayout {
    private static final Pattern SIZE_FIELD = Pattern.compile("^Length: (\\d+) Latency:");
    private static final Pattern PADDED_VALUE = Pattern.compile("(?:Ave|Min|Max|Latency:) (\\d[\\d.]*) ");

    boolean doubleSpaced;
    boolean singleSpaced;
    boolean oneWayDash;
    boolean microSign;
    boolean cpuParen;
    boolean cpuColon;
    boolean javaLost;
    boolean lostPct;
    boolean docsLost;
    boolean trailingSpace;
    boolean serialization;
    boolean oneSpace99;
    boolean fourPercentiles;
    /** Blanks collapsed to single spaces (a copy through a web page): spacing says nothing of the version. */
    boolean collapsed;

    /**
     * Whether a data line lost its blanks: every Perftest version pads the size of a summary line
     * ({@code %5d}) and puts two blanks between throughput fields, so a line with single blanks
     * only, where those would show, was collapsed (web pages, issue texts).
     */
    static boolean looksCollapsed(String raw, String collapsed) {
        String t = raw.strip();
        if (t.contains("  ")) {
            return false;
        }
        if (collapsed.startsWith("Packets: ") || collapsed.contains(" Packets: ")) {
            return true;
        }
        Matcher m = SIZE_FIELD.matcher(collapsed);
        if (m.find() && m.group(1).length() < 5) {
            return true;
        }
        // latency values are printed %6lu / %6.0lf / %6.1lf: a shorter one had blanks before it
        Matcher v = PADDED_VALUE.matcher(collapsed);
        while (v.find()) {
            if (v.group(1).length() < 6) {
                return true;
            }
        }
        return false;
    }

    /** The version family from the layout (docs/perftest-parsing.md). */
    String family() {
        if (collapsed) {
            // spacing, trailing blanks and the Lost layout are gone: only the words tell
            boolean v31 = oneWayDash || microSign || cpuParen || javaLost;
            if (v31) {
                return javaLost ? "3.1+-java" : "3.1+";
            }
            return serialization ? "3.0" : fourPercentiles ? "5.1" : lostPct ? "2.4"
                    : cpuColon ? "2.2" : "2.0";
        }
        boolean v31 = singleSpaced || oneWayDash || microSign || cpuParen || javaLost
                || (lostPct && !trailingSpace && !docsLost && !doubleSpaced && !cpuColon);
        if (v31) {
            return javaLost ? "3.1+-java" : "3.1+";
        }
        if (serialization || oneSpace99) {
            return "3.0";
        }
        if (fourPercentiles) {
            return "5.1";
        }
        if (lostPct) {
            return docsLost && !trailingSpace ? "docs" : "2.4";
        }
        if (trailingSpace || cpuColon) {
            return "2.2";
        }
        return "2.0";
    }

    /** The family of a version named by the banner (2.4+ print one; older ones in hand-made captures). */
    String familyOf(int[] v) {
        int major = v[0];
        int minor = v[1];
        if (major >= 5) {
            return fourPercentiles ? "5.1" : "2.0";
        }
        if (major == 2) {
            return minor <= 1 ? "2.0" : minor <= 3 ? "2.2" : "2.4";
        }
        if (major == 3 && minor == 0) {
            return "3.0";
        }
        return javaLost ? "3.1+-java" : "3.1+";
    }
}
