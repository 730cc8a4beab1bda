package wirebench.analyzer.parse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import wirebench.analyzer.model.ParsedInput;
import wirebench.analyzer.model.Warning;
import wirebench.contract.WirebenchException;
import wirebench.contract.perftest.PerftestCsvText;

/**
 * Format sniffing: asks each known parser, in order, whether it recognises a file, and parses it
 * with the first that does. Directories are walked for the files inside them.
 */
public final class Parsers {
    private final List<ResultParser> parsers;

    public Parsers(List<ResultParser> parsers) {
        this.parsers = List.copyOf(parsers);
    }

    /** All formats wirebench knows, most specific first. */
    public static Parsers all() {
        return new Parsers(KnownParsers.list());
    }

    public List<ResultParser> parsers() {
        return parsers;
    }

    /** The first parser that recognises {@code text}, or null. */
    private ResultParser parserFor(InputText text) {
        for (ResultParser p : parsers) {
            if (p.accepts(text)) {
                return p;
            }
        }
        return null;
    }

    /** Parses one file, choosing the parser from its content. */
    public ParsedInput parse(InputText text) {
        ResultParser p = parserFor(text);
        if (p != null) {
            return p.parse(text);
        }
        throw WirebenchException.badInput(text.source() + ": not a recognised benchmark output (first line: '"
                + abbreviate(text.firstNonBlankLine()) + "')");
    }

    /**
     * Parses files and directories. A directory contributes every regular file in it and below,
     * in name order, except files that are clearly not results (see {@link #isIgnorableInDirectory});
     * a file in a directory that no parser recognises becomes a warning, while a file named on its
     * own that no parser recognises is an error.
     */
    public List<ParsedInput> parseAll(List<Path> inputs) {
        List<ParsedInput> out = new ArrayList<>();
        for (Path p : inputs) {
            InputFiles.requireReadable(p); // before anything is read: a FIFO named here would block
        }
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                for (Path f : filesIn(p)) {
                    if (!Files.isRegularFile(f)) {
                        out.add(new ParsedInput(f.toString(), "unrecognised", List.of(), List.of(), List.of(
                                new Warning(f.toString(), 0, "skipped: not a regular file (" + InputFiles.kind(f)
                                        + "); nothing was read from it"))));
                        continue;
                    }
                    if (isIgnorableInDirectory(f)) {
                        continue;
                    }
                    InputText text = InputText.read(f);
                    if (text.firstNonBlankLine().isEmpty()) {
                        // a family cut to nothing (a full disk, a run killed at its start): said, not passed over
                        out.add(new ParsedInput(text.source(), "unrecognised", List.of(), List.of(), List.of(
                                new Warning(text.source(), 0, "skipped: empty (" + size(f) + " bytes, no line with"
                                        + " content); nothing was read from it"))));
                        continue;
                    }
                    ResultParser parser = parserFor(text);
                    if (parser == null) {
                        // a file that is not a benchmark output inside a directory (notes, a corpus)
                        // is passed over, said so; named on its own it is an error
                        out.add(new ParsedInput(text.source(), "unrecognised", List.of(), List.of(), List.of(
                                new Warning(text.source(), 0, "skipped: not a recognised benchmark output (first "
                                        + "line: '" + abbreviate(text.firstNonBlankLine()) + "')"))));
                        continue;
                    }
                    out.add(parser.parse(text));
                }
            } else {
                out.add(parse(InputText.read(p)));
            }
        }
        return out;
    }

    /** Inside a results directory: run.json, raw histograms (the rpc blocks' too) and charts are not tables. */
    private static boolean isIgnorableInDirectory(Path file) {
        String n = file.getFileName().toString();
        return n.equals("run.json") || n.endsWith(".hlog") || n.endsWith(".hdrlog") || n.endsWith(".hgrm") || n.endsWith(".svg")
                || n.endsWith(".html") || n.endsWith(".md") || n.endsWith(".png") || n.startsWith(".");
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Every input parsed by {@link #all()}; {@link #nothingRead} when none of them gave a result. */
    public static List<ParsedInput> readResults(List<Path> inputs) {
        List<ParsedInput> parsed = all().parseAll(inputs);
        if (!anyResults(parsed)) {
            throw nothingRead(inputs, parsed);
        }
        return parsed;
    }

    /** Whether any input gave a table or a time series (a family with a header and no rows was read too). */
    public static boolean anyResults(List<ParsedInput> parsed) {
        return parsed.stream().anyMatch(p -> !p.tables().isEmpty() || !p.series().isEmpty());
    }

    /**
     * Bad input (exit 3) for inputs nothing was read from, naming each and why: the files skipped
     * with their reason (empty, not a benchmark output), or a directory with no file in it.
     */
    public static WirebenchException nothingRead(List<Path> inputs, List<ParsedInput> parsed) {
        List<String> why = new ArrayList<>();
        parsed.forEach(p -> p.warnings().forEach(w -> why.add(w.format())));
        for (Path in : inputs) {
            if (Files.isDirectory(in) && filesIn(in).stream().allMatch(Parsers::isIgnorableInDirectory)) {
                why.add(in + ": no result file in it" + (Files.isRegularFile(in.resolve("run.json"))
                        ? " (a run.json only: a run interrupted before its first test?)" : ""));
            }
        }
        int shown = Math.min(why.size(), 5);
        String list = String.join("; ", why.subList(0, shown)) + (why.size() > shown ? "; and " + (why.size() - shown)
                + " more" : "");
        return WirebenchException.badInput(String.join(", ", inputs.stream().map(Path::toString).toList())
                + ": no results read" + (list.isEmpty() ? "" : " (" + list + ")"));
    }

    private static List<Path> filesIn(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(f -> !Files.isDirectory(f)).sorted().toList();
        } catch (IOException e) {
            throw WirebenchException.badInput(dir + ": cannot list directory (" + e.getMessage() + ")");
        }
    }

    /** A line as an error message quotes it (see {@link PerftestCsvText#abbreviate}). */
    static String abbreviate(String line) {
        return PerftestCsvText.abbreviate(line);
    }
}
