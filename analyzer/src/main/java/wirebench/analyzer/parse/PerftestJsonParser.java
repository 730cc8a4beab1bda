package wirebench.analyzer.parse;

import wirebench.analyzer.model.ParsedInput;
import wirebench.contract.perftest.PerftestJsonReader;
import wirebench.contract.perftest.PerftestOutput;

/**
 * RTI Perftest's JSON printer (3.1+), read by the one reader of that format,
 * {@link PerftestJsonReader} (C++ fragments, Java/C# documents, appended runs, a cut text), into
 * {@link PerftestTables}. The input is read once as a stream: stderr lines of a {@code 2>&1} capture
 * become blank lines (line numbers kept), and the banner among them gives the version.
 */
public final class PerftestJsonParser implements ResultParser {

    @Override
    public String name() {
        return "perftest-json";
    }

    @Override
    public boolean accepts(InputText text) {
        return text.head().stream().anyMatch(PerftestOutput.JSON::matches);
    }

    @Override
    public ParsedInput parse(InputText text) {
        PerftestTables out = new PerftestTables(text.source());
        String[] version = new String[1];
        String format;
        try (LineReader lines = text.open();
                LinesAsReader in = new LinesAsReader(lines, l -> {
                    if (version[0] == null) {
                        version[0] = PerftestOutput.version(l);
                    }
                    return PerftestJsonReader.jsonLine(l);
                })) {
            format = PerftestJsonReader.read(in, out);
        }
        return out.build(format, version[0]);
    }
}
