package wirebench.runner.campaign;

import java.io.PrintWriter;

/**
 * Progress of a campaign: test k of N, the test's tag and size, elapsed time and an ETA (the mean
 * duration of the tests run so far times the tests left, less the running test's time so far;
 * before the first one ends, the execution time plus a start-up allowance per test). On a terminal a live bar is repainted every second on one line;
 * otherwise one plain line per test, as the seed script prints
 * ({@code Test [UDPv4|UK|REL][lat] (3/8) -- ...}), followed by the command.
 */
final class Progress implements AutoCloseable {
    private static final int BAR_CHARS = 24;
    /** Start-up allowance per test before any test has been timed (JVM, engine, discovery). */
    static final double STARTUP_S = 5.0;

    private final PrintWriter out;
    private final boolean live;
    private final int total;
    private final int toRun;
    private final double estimateS;
    private final long startNs = System.nanoTime();
    private double measuredS;
    private int measured;
    private int done;
    private String current = "";
    private int index;
    private long testStartNs;
    private boolean inTest;
    private Thread painter;

    /**
     * @param total the campaign's tests (N of "k/N")
     * @param toRun the tests this invocation runs (fewer when resuming)
     */
    Progress(PrintWriter out, boolean live, int total, int toRun, long executionTimeS) {
        this.out = out;
        this.live = live;
        this.total = total;
        this.toRun = toRun;
        this.estimateS = executionTimeS + STARTUP_S;
        if (live) {
            painter = new Thread(this::paintLoop, "wirebench-progress");
            painter.setDaemon(true);
            painter.start();
        }
    }

    /** A test starts; {@code done} tests (finished, failed or skipped) precede it. */
    synchronized void start(TestPoint p, int doneBefore, String command) {
        start(p, doneBefore, command, null);
    }

    /** The same, with {@code where}: which host runs which role ({@code pub@h1 sub1@h2}), null on one host. */
    synchronized void start(TestPoint p, int doneBefore, String command, String where) {
        done = doneBefore;
        index = p.index();
        testStartNs = System.nanoTime();
        inTest = true;
        current = p.tag() + " " + p.sizeBytes() + " B rep " + p.repetition() + " domain " + p.domain()
                + (where == null ? "" : " on " + where);
        if (live) {
            paint();
        } else {
            out.println("Test " + p.tag() + " " + p.sizeBytes() + " B rep " + p.repetition() + " (" + p.index() + "/"
                    + total + ")" + (where == null ? "" : " on " + where) + " -- elapsed " + duration(elapsedS()) + ", ETA " + duration(etaS()));
            out.println("    " + command);
            out.flush();
        }
    }

    /** A test ended (successfully or not) after {@code seconds}. */
    synchronized void ended(double seconds) {
        measuredS += seconds;
        measured++;
        done++;
        inTest = false;
    }

    /** A line that stays (a failure, a summary): printed above the bar on a terminal. */
    synchronized void line(String text) {
        if (live) {
            out.print("\r\033[K");
        }
        out.println(text);
        if (live) {
            paint();
        }
        out.flush();
    }

    double elapsedS() {
        return (System.nanoTime() - startNs) / 1e9;
    }

    synchronized double etaS() {
        double per = measured > 0 ? measuredS / measured : estimateS;
        int left = Math.max(0, toRun - done);
        if (!inTest || left == 0) {
            return left * per;
        }
        double inCurrentS = (System.nanoTime() - testStartNs) / 1e9;
        return Math.max(0, per - inCurrentS) + (left - 1) * per;
    }

    private synchronized void paint() {
        int filled = toRun == 0 ? BAR_CHARS : (int) Math.round((double) BAR_CHARS * done / toRun);
        StringBuilder sb = new StringBuilder("\r\033[K[");
        for (int i = 0; i < BAR_CHARS; i++) {
            sb.append(i < filled ? '#' : i == filled ? '>' : ' ');
        }
        sb.append("] ").append(index).append('/').append(total).append(' ').append(current)
                .append("  elapsed ").append(duration(elapsedS())).append(", ETA ").append(duration(etaS()));
        out.print(sb);
        out.flush();
    }

    private void paintLoop() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            paint();
        }
    }

    /** {@code 42 s}, {@code 3 min 05 s}, {@code 2 h 04 min}. */
    static String duration(double seconds) {
        long s = Math.round(seconds);
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min " + String.format(java.util.Locale.ROOT, "%02d", s % 60) + " s";
        }
        return (s / 3600) + " h " + String.format(java.util.Locale.ROOT, "%02d", (s % 3600) / 60) + " min";
    }

    @Override
    public synchronized void close() {
        if (painter != null) {
            painter.interrupt();
            out.println();
            out.flush();
        }
    }
}
