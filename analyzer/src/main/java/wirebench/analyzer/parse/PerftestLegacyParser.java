package wirebench.analyzer.parse;

import wirebench.analyzer.model.ParsedInput;
import wirebench.contract.perftest.PerftestLegacyReader;
import wirebench.contract.perftest.PerftestOutput;

/**
 * RTI Perftest's text output (the releases before 3.1 and {@code -outputFormat legacy}), read by
 * the one reader of that format, {@link PerftestLegacyReader} (layouts, units, the version family),
 * into {@link PerftestTables}. This class only recognises the format and hands the lines over.
 */
public final class PerftestLegacyParser implements ResultParser {

    @Override
    public String name() {
        return "perftest-legacy";
    }

    @Override
    public boolean accepts(InputText text) {
        return text.head().stream().anyMatch(PerftestOutput.LEGACY::matches);
    }

    @Override
    public ParsedInput parse(InputText text) {
        PerftestTables out = new PerftestTables(text.source());
        return out.read(text, new PerftestLegacyReader(out));
    }
}
