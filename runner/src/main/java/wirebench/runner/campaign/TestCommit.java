package wirebench.runner.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import wirebench.contract.WirebenchException;
import wirebench.runner.campaign.CampaignRunner.Child;
import wirebench.runner.results.ResultsDirectory;

/**
 * Keeps a finished test's output, all or nothing: its stdout appended to the seed-named Perftest
 * files, its rows to the results directory, its id to the state file. When any write fails (a full
 * disk), every file the commit touched is cut back to its length before it (and hlog copies
 * removed, {@link CommitLog}), so that {@code --resume} runs the test again without duplicating
 * anything. Commits happen under the campaign's commit lock ({@link CampaignInterruption}).
 */
final class TestCommit {
    private final Path resultsDir;
    private final ResultsMerge merge;
    private final CampaignInterruption interruption;

    TestCommit(Path resultsDir, ResultsMerge merge, CampaignInterruption interruption) {
        this.resultsDir = resultsDir;
        this.merge = merge;
        this.interruption = interruption;
    }

    /** Appends a finished test's output; null on success, else why it could not be kept. */
    String commit(TestPoint p, List<Child> cs, ResultsDirectory dir, Path state) {
        if (!interruption.lockForCommit()) {
            return "interrupted";
        }
        CommitLog undo = new CommitLog();
        try {
            undo.remember(state);
            for (Child c : cs) {
                undo.remember(c.seedFile());
            }
            undo.rememberAll(resultsDir, ".csv");
            undo.rememberAll(resultsDir, ".hlog");
            undo.save(journal(state));
            for (Child c : cs) {
                if (c.resultsDir() == null) {
                    // read against the seed file as it was before this test's output is appended to it
                    merge.perftestRows(c, cs, p, dir);
                }
            }
            for (Child c : cs) {
                Files.createDirectories(c.seedFile().getParent());
                Files.write(c.seedFile(), Files.readAllBytes(c.stdout()), StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                if (c.subSeedFile() != null) {
                    Files.write(c.subSeedFile(), Files.readAllBytes(c.subStdout()), StandardOpenOption.CREATE,
                            StandardOpenOption.APPEND);
                }
                if (c.resultsDir() != null) {
                    ResultsMerge.copyResults(c.resultsDir(), dir, p, c.host() == null ? null : c.host().host());
                    if (c.host() != null) {
                        RemoteCampaign.keepEnvironment(c, dir.dir());
                    }
                }
            }
            StateFile.append(state, p.id());
            interruption.committed();
            forget(journal(state)); // one left behind undoes this test on --resume: it runs again, kept once
            return null;
        } catch (IOException | RuntimeException e) {
            // the CSV writers may hold the rejected bytes: close them first (their flush may fail or
            // land), then cut every file back; the families reopen on the next append
            dir.close();
            String undone = undo.rollBack();
            if (undone == null) {
                undone = forget(journal(state));
            }
            return "cannot keep its output (" + e.getMessage() + "); " + (undone == null
                    ? "nothing of it was kept" : "could not remove what was written: " + undone);
        } finally {
            interruption.unlockCommit();
        }
    }

    /** The undo journal of a commit in progress ({@link CommitLog#save}), beside the state file. */
    static Path journal(Path state) {
        return state.resolveSibling(JOURNAL);
    }

    static final String JOURNAL = "campaign-commit.undo";

    /**
     * Undoes a commit that a signal cut short (the JVM ended while it wrote: its journal is still
     * there), before the campaign reads its state; null when there was none, else what was done.
     */
    static String recover(Path state) {
        Path journal = journal(state);
        if (!Files.exists(journal)) {
            return null;
        }
        CommitLog log;
        try {
            log = CommitLog.load(journal);
        } catch (IOException | RuntimeException e) {
            throw WirebenchException.badInput(journal + ": cannot read the undo journal (" + e.getMessage() + ")");
        }
        String failed = log.rollBack();
        if (failed == null) {
            failed = forget(journal);
        }
        if (failed != null) {
            throw WirebenchException.badInput(journal + ": cannot undo the commit an interruption cut short: " + failed);
        }
        return "campaign: undid the commit of a test an interruption cut short (" + journal.getFileName()
                + "): that test runs again";
    }

    /** Deletes the journal; null, or why it could not. */
    private static String forget(Path journal) {
        try {
            Files.deleteIfExists(journal);
            return null;
        } catch (IOException e) {
            return journal + " (" + e.getMessage() + ")";
        }
    }

    /** Removes a test's temporary files (stdout captures, the child's results directory). */
    static void cleanTmp(List<Child> cs) {
        for (Child c : cs) {
            try {
                Files.deleteIfExists(c.stdout());
                if (c.subStdout() != null) {
                    Files.deleteIfExists(c.subStdout());
                }
                if (c.resultsDir() != null && Files.exists(c.resultsDir())) {
                    try (Stream<Path> s = Files.walk(c.resultsDir())) {
                        s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                    }
                }
            } catch (IOException e) {
                // a leftover temporary file does not matter: tmp/ is not read
            }
        }
    }
}
