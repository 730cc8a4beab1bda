package wirebench.analyzer.history;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine.Option;
import wirebench.contract.WirebenchException;

/** The run and test point filters shared by {@code history list|show|changes|report}. */
public final class Filters {
    @Option(names = "--host", paramLabel = "HOST", description = "Only runs on this host (run.json environment.host).")
    String host;

    @Option(names = "--since", paramLabel = "DATE", description = "Only runs from this UTC date (2026-01-31) or "
            + "instant (2026-01-31T12:00:00Z) on.")
    String since;

    @Option(names = "--commit", paramLabel = "SHA", description = "Only runs of commits starting with SHA.")
    String commit;

    @Option(names = "--point", paramLabel = "TEXT", description = "Only test points whose name contains TEXT "
            + "(case-insensitive), e.g. 'latency transport=UDPv4' or '32 B'.")
    String point;

    private static final java.util.regex.Pattern HEX = java.util.regex.Pattern.compile("[0-9a-fA-F]{1,64}");

    /**
     * The filters' syntax checked (a usage error, exit 2, before the database is looked for): {@code
     * --since} a date or instant, {@code --commit} a commit hash or a prefix of one (hex digits; a
     * name that can be no commit's would match nothing, silently).
     */
    void check() {
        sinceInstant();
        if (commit != null && !HEX.matcher(commit).matches()) {
            throw new WirebenchException(WirebenchException.USAGE, "--commit '" + commit + "': expected a commit hash"
                    + " or a prefix of one (hex digits 0-9 a-f), got " + (commit.isEmpty() ? "nothing" : "'" + commit
                    + "'"));
        }
    }

    /** The filters given, as typed ({@code --host lab1 --commit 4c9691e}), or "" when none. */
    String given() {
        List<String> g = new ArrayList<>();
        add(g, "--host", host);
        add(g, "--since", since);
        add(g, "--commit", commit);
        add(g, "--point", point);
        return String.join(" ", g);
    }

    private static void add(List<String> g, String option, String value) {
        if (value != null) {
            g.add(option + " '" + value + "'");
        }
    }

    /** The parsed {@code --since}, or null. */
    Instant sinceInstant() {
        if (since == null || since.isBlank()) {
            return null;
        }
        try {
            return since.length() <= 10 ? LocalDate.parse(since).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : Instant.parse(since);
        } catch (DateTimeParseException e) {
            throw new WirebenchException(WirebenchException.USAGE, "--since '" + since + "': expected a UTC date "
                    + "(2026-01-31) or instant (2026-01-31T12:00:00Z)");
        }
    }

    /** SQL conditions on {@code r} (run) and {@code p} (point), with their parameters appended to {@code args}. */
    String where(List<Object> args) {
        List<String> c = new ArrayList<>();
        if (host != null) {
            c.add("r.host = ?");
            args.add(host);
        }
        Instant s = sinceInstant();
        if (s != null) {
            c.add("r.time_utc >= ?");
            args.add(HistoryStore.ts(s));
        }
        if (commit != null) {
            c.add("starts_with(r.git_sha, ?)");
            args.add(commit.toLowerCase(Locale.ROOT));
        }
        if (point != null) {
            c.add("contains(lower(p.point), ?)");
            args.add(point.toLowerCase(Locale.ROOT));
        }
        return c.isEmpty() ? "TRUE" : String.join(" AND ", c);
    }

    /** The same filters without the point condition (for run-level queries with a point subquery). */
    boolean hasPoint() {
        return point != null;
    }

    static Filters none() {
        return new Filters();
    }
}
