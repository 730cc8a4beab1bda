package wirebench.analyzer.parse;

import wirebench.analyzer.model.ParsedInput;

/**
 * Reads one input format. Implementations say their variant ({@code PerftestCsvParser},
 * {@code PerftestLegacyParser}, ...). The format is detected from content, never from a file name.
 */
public interface ResultParser {

    /** A short stable name of the format family, e.g. {@code perftest-csv}. */
    String name();

    /**
     * Whether this parser recognises the text. Must be cheap and must not throw: look at a few
     * significant lines, not at the whole file.
     */
    boolean accepts(InputText text);

    /**
     * Parses the text. Bad fields throw {@link wirebench.contract.WirebenchException} with
     * {@code FILE:LINE: column 'X': expected a number, got 'Y'}; a truncated last row is a warning in
     * the result and everything before it is kept.
     */
    ParsedInput parse(InputText text);
}
