package wirebench.analyzer.history;

import picocli.CommandLine.Option;

/** {@code --format text|csv|json} of the {@code history} commands that print tables. */
public final class FormatOption {
    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text, csv or json (default: ${DEFAULT-VALUE}).")
    OutputTable.Format format;
}
