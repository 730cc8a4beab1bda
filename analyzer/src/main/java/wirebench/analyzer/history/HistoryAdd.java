package wirebench.analyzer.history;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import wirebench.contract.Numbers;

/** {@code history add}. */
@Command(name = "add", mixinStandardHelpOptions = true,
        description = {"Stores runs: a results directory (run.json, every CSV family's rows, the percentiles "
                + "of its HdrHistogram logs), a directory of such directories (a campaign, demo-results), or "
                + "anything 'stats' reads (Perftest, speed_test, SpeedTester output: one run per file or "
                + "directory, identified by the SHA-256 of its content).",
                "One transaction per run: a run is stored whole or not at all. A run already stored (same "
                        + "run_id, or the same content) is skipped and said so."})
final class HistoryAdd implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOptions db;

    @Parameters(arity = "1..*", paramLabel = "DIR|FILE", description = "Results directories or result files.")
    List<Path> inputs;

    @Override
    public Integer call() {
        db.waitMs(); // --wait refused before any input is read
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Path> runs = new ArrayList<>();
        for (Path in : inputs) {
            runs.addAll(RunReader.runPaths(in));
        }
        int added = 0;
        int skipped = 0;
        int empty = 0;
        long t0 = System.nanoTime();
        long lastProgress = t0;
        try (HistoryDb h = db.openForWriting()) {
            HistoryStore store = new HistoryStore(h);
            int k = 0;
            for (Path run : runs) {
                k++;
                RunData data = RunReader.read(run);
                if (data.isEmpty()) {
                    empty++;
                    err.println("history: skipped " + run + ": no result rows and no histograms (a run "
                            + "interrupted before its first test?)");
                    continue;
                }
                HistoryStore.Outcome o = store.add(data, err);
                if (o == HistoryStore.Outcome.ADDED) {
                    added++;
                    if (runs.size() <= 20) {
                        out.println("added " + data.runId() + " (" + run + ", " + data.rows().size() + " rows, "
                                + data.histograms().size() + " histograms)");
                    }
                } else {
                    skipped++;
                    if (runs.size() <= 20) {
                        out.println("already stored: " + data.runId() + " (" + run + ")");
                    }
                }
                long now = System.nanoTime();
                if (runs.size() > 20 && now - lastProgress > 5_000_000_000L) {
                    lastProgress = now;
                    err.println("history add: " + k + "/" + runs.size() + " runs, "
                            + Numbers.fixed((now - t0) / 1e9, 0) + " s");
                    err.flush();
                }
            }
        }
        out.println("history: " + added + " run(s) added, " + skipped + " already stored" + (empty > 0 ? ", "
                + empty + " empty skipped" : "") + ", in " + db.db);
        out.flush();
        return 0;
    }
}
