package wirebench.runner.campaign;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import wirebench.runner.RunnerMain;

/** A finished {@code wirebench campaign} in this JVM: exit code, stdout, stderr. */
record CampaignRun(int exitCode, String out, String err) {

    static CampaignRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("campaign"));
        all.addAll(Arrays.asList(args));
        int code = RunnerMain.run(all.toArray(new String[0]), new PrintWriter(out, true), new PrintWriter(err, true));
        return new CampaignRun(code, out.toString(), err.toString());
    }

    /** The progress lines ({@code Test [..] ... (k/N) -- elapsed ..., ETA ...}). */
    List<String> progressLines() {
        return Arrays.stream(out.split("\n")).filter(l -> l.startsWith("Test [")).toList();
    }
}
