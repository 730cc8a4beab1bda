package wirebench.analyzer.report;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

import freemarker.cache.ClassTemplateLoader;
import freemarker.cache.FileTemplateLoader;
import freemarker.cache.MultiTemplateLoader;
import freemarker.cache.TemplateLoader;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import wirebench.contract.WirebenchException;

/**
 * Renders a report model with FreeMarker. Templates come from a user directory first (when
 * given), then from the ones packaged in the jar (the project's {@code templates/}). Templates
 * named {@code *.ftlh} use the HTML output format with auto-escaping.
 */
public final class ReportRenderer {
    /** Where the packaged templates are on the class path. */
    public static final String PACKAGED = "/wirebench/templates";

    private final Configuration cfg;

    /** @param templatesDir a directory whose templates override the packaged ones, or null */
    public ReportRenderer(Path templatesDir) {
        cfg = new Configuration(Configuration.VERSION_2_3_34);
        cfg.setRecognizeStandardFileExtensions(true);
        cfg.setDefaultEncoding("UTF-8");
        cfg.setLocale(Locale.ROOT);
        cfg.setTimeZone(TimeZone.getTimeZone("UTC"));
        cfg.setNumberFormat("computer");
        cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        cfg.setLogTemplateExceptions(false);
        cfg.setWrapUncheckedExceptions(true);
        cfg.setFallbackOnNullLoopVariable(false);
        List<TemplateLoader> loaders = new ArrayList<>();
        if (templatesDir != null) {
            if (!Files.isDirectory(templatesDir)) {
                throw WirebenchException.badInput(templatesDir + ": --templates must be a directory");
            }
            try {
                loaders.add(new FileTemplateLoader(templatesDir.toFile()));
            } catch (IOException e) {
                throw WirebenchException.badInput(templatesDir + ": cannot read templates (" + e.getMessage() + ")");
            }
        }
        loaders.add(new ClassTemplateLoader(ReportRenderer.class, PACKAGED));
        cfg.setTemplateLoader(new MultiTemplateLoader(loaders.toArray(new TemplateLoader[0])));
    }

    /** Renders {@code template} (e.g. {@code report.ftlh}) with {@code model}. */
    public String render(String template, Map<String, Object> model) {
        try {
            Template t = cfg.getTemplate(template);
            StringWriter out = new StringWriter();
            t.process(model, out);
            return out.toString();
        } catch (TemplateException e) {
            throw WirebenchException.badInput(template + ":" + e.getLineNumber() + ": template error: "
                    + firstLine(e.getMessageWithoutStackTop()));
        } catch (IOException e) {
            throw WirebenchException.badInput(template + ": cannot load template (" + firstLine(e.getMessage()) + ")");
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        // FreeMarker's first line often ends with ':' and the reason on the next: keep both, on one line
        String[] lines = s.strip().split("\\R");
        String first = lines[0].strip();
        return first.endsWith(":") && lines.length > 1 ? first + " " + lines[1].strip() : first;
    }

    /**
     * A copy of the model for Markdown: text escaped for Markdown tables ({@code |}, markup),
     * chart SVGs replaced by their file names.
     */
    @SuppressWarnings("unchecked")
    public static Object forMarkdown(Object v, String key) {
        if (v instanceof Map) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
                out.put(e.getKey(), e.getKey().equals("svg") || e.getKey().equals("file") ? e.getValue()
                        : forMarkdown(e.getValue(), e.getKey()));
            }
            return out;
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object o : (List<Object>) v) {
                out.add(forMarkdown(o, key));
            }
            return out;
        }
        if (v instanceof String) {
            return ((String) v).replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
                    .replace("\n", " ");
        }
        return v;
    }
}
