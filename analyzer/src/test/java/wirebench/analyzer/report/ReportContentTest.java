package wirebench.analyzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.analyzer.Cli;

/** What the report holds, checked in its text (the browser test checks how it renders). */
class ReportContentTest {

    @Test
    void shouldShowTheSeed000TablesWithTheirNumbersAndTheNonMonotoneWarning(@TempDir Path dir) throws IOException {
        Path html = dir.resolve("seed000.html");

        Cli r = Cli.run("report", "../sample-data/perftest/lat_pub_unkeyed_rel.csv", "-o", html.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        String text = Files.readString(html);
        // the 10485760-byte row of the reliable unkeyed Java table, as RTI published it
        assertThat(text).contains("<tr>"
                + "<td class=\"num\">10485760</td><td class=\"num\">12324</td><td class=\"num\">388.1</td>"
                + "<td class=\"num\">12182</td><td class=\"num\">21966</td><td class=\"num\">12246</td>"
                + "<td class=\"num\">12433</td><td class=\"num\">12737</td><td class=\"num\">12182</td>"
                + "<td class=\"num\">12182</td>"
                + "</tr>");
        assertThat(text).contains("latency percentiles not monotone (p99.99 &lt; p99)")
                .contains("RTI Perftest&#39;s Java printer prints the minimum there");
        assertThat(text).contains("<th class=\"num\">Sample Size (Bytes)</th><th class=\"num\">Ave (μs)</th>"
                + "<th class=\"num\">Std (μs)</th>");
    }

    @Test
    void shouldWriteMarkdownWithChartFilesBesideIt(@TempDir Path dir) throws IOException {
        Path md = dir.resolve("r.md");

        Cli r = Cli.run("report", "--format", "markdown", "../sample-data/perftest", "-o", md.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        String text = Files.readString(md);
        assertThat(text).contains("| Sample Size (Bytes) | Ave (μs) |").contains("![One-way latency vs sample size")
                .contains("(r-chart-1.svg)");
        assertThat(Files.readString(dir.resolve("r-chart-1.svg"))).startsWith("<svg");
    }

    @Test
    void shouldWriteJsonWithoutSvg(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("r.json");

        Cli r = Cli.run("report", "--format", "json", "../sample-data/perftest", "-o", json.toString());

        assertThat(r.exitCode()).isZero();
        String text = Files.readString(json);
        assertThat(text).contains("\"sections\": [").contains("\"title\": \"Pub/sub one-way latency\"")
                .doesNotContain("<svg");
    }

    @Test
    void shouldUseATemplateFromTheTemplatesDirectory(@TempDir Path dir) throws IOException {
        Path tpl = Files.createDirectories(dir.resolve("tpl"));
        Files.writeString(tpl.resolve("report.ftlh"), "<p>${title} has ${sections?size} section(s)</p>\n");
        Path html = dir.resolve("custom.html");

        Cli r = Cli.run("report", "../sample-data/perftest", "--templates", tpl.toString(), "-o", html.toString(),
                "--title", "A&B");

        assertThat(r.exitCode()).isZero();
        assertThat(Files.readString(html)).isEqualTo("<p>A&amp;B has 2 section(s)</p>\n");
    }

    @Test
    void shouldNameTheTemplateAndLineOfATemplateError(@TempDir Path dir) throws IOException {
        Path tpl = Files.createDirectories(dir.resolve("tpl"));
        Files.writeString(tpl.resolve("report.ftlh"), "ok\n${nosuchvariable}\n");

        Cli r = Cli.run("report", "../sample-data/perftest", "--templates", tpl.toString(), "-o",
                dir.resolve("x.html").toString());

        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.err()).startsWith("report.ftlh:2: template error: ");
        assertThat(Files.exists(dir.resolve("x.html"))).isFalse();
    }

    @Test
    void shouldGiveEachCompressionLevelItsOwnSavingsChartWhenOneFileHoldsTwo(@TempDir Path dir) throws IOException {
        Path measured = Path.of("src/test/resources/wirebench/compression/compression.csv");
        java.util.List<String> lines = new java.util.ArrayList<>(Files.readAllLines(measured));
        for (String l : Files.readAllLines(measured)) {
            if (l.contains(",ZLIB,10,")) {
                lines.add(l.replace(",ZLIB,10,", ",ZLIB,1,"));
            }
        }
        Path csv = dir.resolve("compression.csv");
        Files.write(csv, lines);
        Path html = dir.resolve("c.html");

        Cli r = Cli.run("report", csv.toString(), "-o", html.toString());

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readString(html)).contains("NONE vs ZLIB level=10").contains("NONE vs ZLIB level=1<")
                .doesNotContain("NONE vs ZLIB<");
    }
}
