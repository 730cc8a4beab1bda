package wirebench.analyzer.parse;

import java.util.ArrayList;
import java.util.List;

import wirebench.analyzer.model.Warning;

/**
 * The warnings of one input in bounded memory: the first {@link #MAX} are kept as they are; later
 * ones are only counted, and {@link #list()} ends with one warning saying how many were left out
 * and the line of the last. A log of a million runs, each with the same doubt, yields a readable
 * list rather than a million lines.
 */
final class BoundedWarnings {
    /** Warnings kept one by one. */
    static final int MAX = 200;

    private final String source;
    private final List<Warning> kept = new ArrayList<>();
    private long dropped;
    private int lastDroppedLine;

    BoundedWarnings(String source) {
        this.source = source;
    }

    void add(Warning w) {
        if (kept.size() < MAX) {
            kept.add(w);
        } else {
            dropped++;
            lastDroppedLine = w.line();
        }
    }

    void add(int line, String message) {
        add(new Warning(source, line, message));
    }

    /** A warning about the whole input (said once): kept even when the bound is reached. */
    void always(Warning w) {
        kept.add(w);
    }

    /** The warnings kept, then (if any were left out) one saying how many. */
    List<Warning> list() {
        if (dropped == 0) {
            return kept;
        }
        List<Warning> out = new ArrayList<>(kept);
        out.add(new Warning(source, lastDroppedLine, dropped + " more warning" + (dropped == 1 ? "" : "s")
                + " like those above not shown (the first " + MAX + " are; the last was on this line)"));
        return out;
    }
}
