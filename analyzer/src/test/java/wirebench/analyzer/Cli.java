package wirebench.analyzer;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the analyzer's command line in-process and captures exit code, stdout and stderr. */
public record Cli(int exitCode, String out, String err) {

    public static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = AnalyzerMain.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }
}
