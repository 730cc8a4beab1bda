package wirebench.analyzer.parse;

import java.util.List;

/** The list of parsers, in the order they are asked. One line per format; add new ones here. */
final class KnownParsers {
    private KnownParsers() {
    }

    static List<ResultParser> list() {
        return List.of(
                new SpeedTesterParser(),
                new WirebenchUdpCsvParser(),
                new SpeedTestParser(),
                new WirebenchCsvParser(),
                new PerftestJsonParser(),
                new PerftestCsvParser(),
                new PerftestLegacyParser(),
                new PerftestLatencyFileParser(),
                new DdsperfParser(),
                new PerftestLogParser());
    }
}
