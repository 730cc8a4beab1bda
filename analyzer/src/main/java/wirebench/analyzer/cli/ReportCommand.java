package wirebench.analyzer.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import wirebench.analyzer.report.ReportBuilder;
import wirebench.analyzer.report.ReportRenderer;
import wirebench.contract.AtomicFiles;
import wirebench.contract.Json;

/** {@code wirebench report}: one self-contained HTML file (or Markdown, or JSON). */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Writes a report of benchmark results: one self-contained HTML file (inline SVG charts, "
                + "inline CSS, no external URL; opens offline and prints well), or Markdown with the charts as SVG "
                + "files beside it, or JSON for machines.",
                "Inputs: any mix of wirebench results directories and RTI Perftest, speed_test and SpeedTester "
                        + "output files.",
                "Templates: FreeMarker files from templates/ (packaged in the jar); --templates DIR overrides "
                        + "any of them by name (report.ftlh, report-style.ftlh, report.md.ftl)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:internal error", "2:usage error", "3:bad input, template error or unwritable "
                + "output"})
public final class ReportCommand implements Callable<Integer> {
    /** Report output formats. */
    public enum Format { HTML, MARKDOWN, JSON }

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "INPUT", description = "Results directories and result files.")
    List<Path> inputs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "The report file (default: report.html, report.md or report.json by --format).")
    Path output;

    @Option(names = "--format", defaultValue = "html", paramLabel = "FORMAT",
            description = "html, markdown or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--templates", paramLabel = "DIR", description = "A directory of templates overriding the "
            + "packaged ones by file name.")
    Path templates;

    @Option(names = "--title", defaultValue = "wirebench report", paramLabel = "TEXT",
            description = "The report's title (default: ${DEFAULT-VALUE}).")
    String title;

    @Override
    public Integer call() {
        Path out = output != null ? output : Path.of(switch (format) {
            case MARKDOWN -> "report.md";
            case JSON -> "report.json";
            default -> "report.html";
        });
        Map<String, Object> model = new ReportBuilder().build(inputs, title);
        String text;
        switch (format) {
            case JSON -> text = Json.write(withoutSvg(model));
            case MARKDOWN -> text = markdown(model, out);
            default -> text = new ReportRenderer(templates).render("report.ftlh", model);
        }
        write(out, text);
        int charts = countCharts(model);
        spec.commandLine().getOut().println("report: " + out.toAbsolutePath().normalize() + " (" + charts
                + " chart(s), " + ((List<?>) model.get("sections")).size() + " section(s), "
                + ((List<?>) model.get("warnings")).size() + " warning(s))");
        spec.commandLine().getOut().flush();
        return 0;
    }

    private String markdown(Map<String, Object> model, Path out) {
        String base = out.getFileName().toString().replaceFirst("\\.md$", "");
        Path dir = out.toAbsolutePath().getParent();
        int n = 0;
        for (Object s : (List<?>) model.get("sections")) {
            for (Object c : (List<?>) ((Map<?, ?>) s).get("charts")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> chart = (Map<String, Object>) c;
                if (((String) chart.get("svg")).isEmpty()) {
                    continue; // a note where a chart was not drawn
                }
                String file = base + "-chart-" + (++n) + ".svg";
                write(dir.resolve(file), (String) chart.get("svg"));
                chart.put("file", file);
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> md = (Map<String, Object>) ReportRenderer.forMarkdown(model, "");
        return new ReportRenderer(templates).render("report.md.ftl", md);
    }

    @SuppressWarnings("unchecked")
    private static Object withoutSvg(Object v) {
        if (v instanceof Map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                if (!e.getKey().equals("svg")) {
                    out.put(e.getKey(), withoutSvg(e.getValue()));
                }
            }
            return out;
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            ((List<Object>) v).forEach(o -> out.add(withoutSvg(o)));
            return out;
        }
        return v;
    }

    private static int countCharts(Map<String, Object> model) {
        int n = 0;
        for (Object s : (List<?>) model.get("sections")) {
            for (Object c : (List<?>) ((Map<?, ?>) s).get("charts")) {
                n += ((String) ((Map<?, ?>) c).get("svg")).isEmpty() ? 0 : 1;
            }
        }
        return n;
    }

    private static void write(Path file, String text) {
        AtomicFiles.writeString(file, text, "the report");
    }
}
