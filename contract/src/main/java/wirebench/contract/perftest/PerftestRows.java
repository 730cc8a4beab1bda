package wirebench.contract.perftest;

import java.util.Map;

/**
 * Where {@link PerftestLegacyReader} and {@link PerftestJsonReader} put what they read: summary
 * rows (one per data size), interval rows, the legacy serialization line, warnings. Values are
 * keyed by {@link wirebench.contract.Columns} names, times in microseconds. The analyzer turns them
 * into tables; {@code campaign --executable} keeps the summaries ({@link PerftestSummaries}).
 */
public interface PerftestRows extends PerftestCells.Warnings {
    /** The name of the input in messages ({@code file:line}). */
    String source();

    /** A number of {@code column} read from {@code text} on {@code line} (see {@link PerftestCells#number}). */
    Double number(int line, String column, String text);

    /** {@code value} if it can be what the column measures (see {@link PerftestCells#check}). */
    Double check(int line, String column, Double value);

    /** A latency summary row (the publisher's). */
    void latencySummary(int line, Map<String, Double> values);

    /** A throughput summary row (the subscriber's). */
    void throughputSummary(int line, Map<String, Double> values);

    void latencyInterval(Map<String, Double> values);

    void throughputInterval(Map<String, Double> values);

    /** Serialization times printed on their own line after a latency summary (legacy printers). */
    void serialization(int line, Double serializeUs, Double deserializeUs);
}
