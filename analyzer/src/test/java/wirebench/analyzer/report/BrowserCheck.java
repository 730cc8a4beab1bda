package wirebench.analyzer.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Stream;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Opens an HTML file in Debian's headless Chromium (through Debian's chromedriver) and reports
 * what a user's browser would show: console errors, resources fetched, the charts drawn, and a
 * screenshot. Shared by the report and compare browser tests.
 */
public final class BrowserCheck implements AutoCloseable {
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    /** The window a new browser opens (--window-size), where {@link #open} loads its page. */
    private static final int START_WIDTH_PX = 1200;
    private static final int START_HEIGHT_PX = 900;
    private static BrowserCheck shared;

    private final ChromeDriver driver;

    /** What the page showed. */
    public record Result(List<String> consoleErrors, long resourcesFetched, int charts, List<Integer> chartShapes,
            List<Double> chartWidthsPx, String bodyText, Object pwned, String title) {
    }

    /**
     * What a reader sees at a given window size: where the summary ends, whether the page scrolls
     * sideways, the y tick labels of each chart, the charts' titles, tables' layout.
     */
    public record Layout(double summaryBottomPx, long scrollWidthPx, long innerWidthPx, List<List<String>> yTicks,
            List<String> chartTitles, List<String> captions, long tablesOutsideScrollBox, long leftAlignedNumberCells,
            long nonStickyFirstCells, List<String> consoleErrors, long resourcesFetched) {
    }

    /** Whether this machine has the browser and its driver (CI installs both with .ci/setup). */
    public static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /** Skips (or, in CI, fails) the calling test when the browser or its driver is missing. */
    public static void requireBrowser() {
        wirebench.testsupport.Prerequisites.requireExecutable(CHROMIUM, "chromium");
        wirebench.testsupport.Prerequisites.requireExecutable(CHROMEDRIVER, "chromium-driver");
    }

    /**
     * This JVM's browser (a surefire fork's): started by the first test that asks, reused by every
     * browser test after it, since starting Chromium and its driver is most of a short browser
     * test; quit, and its profile deleted, when the JVM exits ({@link #close()} leaves it open, so a
     * test holds it in a try-with-resources as it would a browser of its own). Each method below
     * sizes the window before it loads its page, so no test sees what one before it left.
     * Skips (or, in CI, fails) the calling test when the browser or its driver is missing.
     */
    public static synchronized BrowserCheck shared() throws IOException {
        requireBrowser();
        if (shared == null) {
            Path profile = Files.createTempDirectory("wirebench-chromium");
            BrowserCheck b = new BrowserCheck(profile);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                b.driver.quit();
                deleteTree(profile);
            }, "wirebench-browser-quit"));
            shared = b;
        }
        return shared;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            // the JVM is exiting: a temporary profile left behind is all that can happen
        }
    }

    public BrowserCheck(Path profileDir) {
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=" + START_WIDTH_PX + "," + START_HEIGHT_PX,
                "--user-data-dir=" + profileDir);
        o.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, o);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(90));
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
    }

    /** Loads {@code html}, inspects it, and writes a full-page screenshot to {@code screenshot}. */
    public Result open(Path html, Path screenshot) throws Exception {
        driver.manage().logs().get(LogType.BROWSER); // a page before this one (a shared browser's) says nothing here
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(START_WIDTH_PX, START_HEIGHT_PX));
        driver.get(html.toAbsolutePath().toUri().toString());
        JavascriptExecutor js = driver;
        long height = ((Number) js.executeScript("return document.documentElement.scrollHeight;")).longValue();
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(START_WIDTH_PX,
                (int) Math.min(height + 50, 16000)));
        byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
        Files.createDirectories(screenshot.toAbsolutePath().getParent());
        Files.write(screenshot, png);

        List<String> errors = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.WARNING.intValue()) {
                errors.add(e.getLevel() + " " + e.getMessage());
            }
        }
        long fetched = ((Number) js.executeScript(
                "return performance.getEntriesByType('resource').length;")).longValue();
        @SuppressWarnings("unchecked")
        List<Object> shapes = (List<Object>) js.executeScript(
                "return Array.from(document.querySelectorAll('figure.chart svg'))"
                        + ".map(s => s.querySelectorAll('path, line, rect, polyline, ellipse, circle').length);");
        @SuppressWarnings("unchecked")
        List<Object> widths = (List<Object>) js.executeScript(
                "return Array.from(document.querySelectorAll('figure.chart svg'))"
                        + ".map(s => s.getBoundingClientRect().width * (s.getBoundingClientRect().height > 0 ? 1 : 0));");
        List<Integer> shapeCounts = new ArrayList<>();
        shapes.forEach(s -> shapeCounts.add(((Number) s).intValue()));
        List<Double> widthPx = new ArrayList<>();
        widths.forEach(w -> widthPx.add(((Number) w).doubleValue()));
        String body = (String) js.executeScript("return document.body.innerText;");
        Object pwned = js.executeScript("return window.__pwned === undefined ? null : String(window.__pwned);");
        return new Result(errors, fetched, shapeCounts.size(), shapeCounts, widthPx, body, pwned, driver.getTitle());
    }

    /**
     * Loads {@code html} in a window of {@code widthPx} x {@code heightPx}, saves what fits on the
     * first screen to {@code firstScreen} and the whole page to {@code fullPage}, and measures it.
     */
    @SuppressWarnings("unchecked")
    public Layout layout(Path html, int widthPx, int heightPx, Path firstScreen, Path fullPage) throws Exception {
        long innerW = load(html, widthPx, heightPx);
        JavascriptExecutor js = driver;
        Files.createDirectories(firstScreen.toAbsolutePath().getParent());
        Files.write(firstScreen, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        Object summary = js.executeScript("var s = document.getElementById('summary') || document.getElementById('counts');"
                + "return s ? s.getBoundingClientRect().bottom + window.scrollY : 1e9;");
        long scrollWidth = ((Number) js.executeScript("return document.documentElement.scrollWidth;")).longValue();
        long innerWidth = ((Number) js.executeScript("return window.innerWidth;")).longValue();
        List<Object> ticks = (List<Object>) js.executeScript("return Array.from(document.querySelectorAll("
                + "'figure.chart svg')).map(s => Array.from(s.querySelectorAll('g.wb-yticks text'))"
                + ".map(t => t.textContent));");
        List<List<String>> yTicks = new ArrayList<>();
        ticks.forEach(t -> yTicks.add(((List<Object>) t).stream().map(String::valueOf).toList()));
        List<Object> titles = (List<Object>) js.executeScript("return Array.from(document.querySelectorAll("
                + "'figure.chart svg')).map(s => { var t = s.querySelector('text'); return t ? t.textContent : ''; });");
        List<Object> captions = (List<Object>) js.executeScript("return Array.from(document.querySelectorAll("
                + "'figure.chart figcaption')).map(c => c.textContent);");
        long outside = ((Number) js.executeScript("return Array.from(document.querySelectorAll('table.data'))"
                + ".filter(t => !t.parentElement.classList.contains('scroll')).length;")).longValue();
        long leftNumbers = ((Number) js.executeScript("return Array.from(document.querySelectorAll('table.data td'))"
                + ".filter(td => /^[-+]?[0-9][0-9,]*(\\.[0-9]+)?$/.test(td.textContent.trim()))"
                + ".filter(td => getComputedStyle(td).textAlign !== 'right').length;")).longValue();
        long notSticky = ((Number) js.executeScript("return Array.from(document.querySelectorAll('table.data tr'))"
                + ".map(tr => tr.firstElementChild).filter(c => c && getComputedStyle(c).position !== 'sticky')"
                + ".length;")).longValue();
        long height = ((Number) js.executeScript("return document.documentElement.scrollHeight;")).longValue();
        driver.manage().window().setSize(new org.openqa.selenium.Dimension((int) (2L * widthPx - innerW),
                (int) Math.min(height + 50, 16000)));
        Files.write(fullPage, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        List<String> errors = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.WARNING.intValue()) {
                errors.add(e.getLevel() + " " + e.getMessage());
            }
        }
        long fetched = ((Number) js.executeScript(
                "return performance.getEntriesByType('resource').length;")).longValue();
        return new Layout(((Number) summary).doubleValue(), scrollWidth, innerWidth, yTicks,
                titles.stream().map(String::valueOf).toList(), captions.stream().map(String::valueOf).toList(),
                outside, leftNumbers, notSticky, errors, fetched);
    }

    /**
     * Loads {@code html} in a viewport of exactly {@code widthPx} x {@code heightPx}, saves the first
     * screen to {@code screenshot}, and returns what {@code script} (a function body) returns there.
     */
    public Object firstScreen(Path html, int widthPx, int heightPx, Path screenshot, String script)
            throws Exception {
        load(html, widthPx, heightPx);
        Files.createDirectories(screenshot.toAbsolutePath().getParent());
        Files.write(screenshot, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        return ((JavascriptExecutor) driver).executeScript(script);
    }

    /**
     * Loads {@code html} with a viewport of exactly {@code widthPx} x {@code heightPx}; returns the
     * viewport width first measured (the window's outer size minus it is the browser's own frame).
     */
    private long load(Path html, int widthPx, int heightPx) {
        driver.manage().logs().get(LogType.BROWSER); // a page before this one (a shared browser's) says nothing here
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(widthPx, heightPx));
        driver.get(html.toAbsolutePath().toUri().toString());
        JavascriptExecutor js = driver;
        // the window's outer size includes no chrome in headless mode; make the viewport exact anyway
        long innerH = ((Number) js.executeScript("return window.innerHeight;")).longValue();
        long innerW = ((Number) js.executeScript("return window.innerWidth;")).longValue();
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(
                (int) (2L * widthPx - innerW), (int) (2L * heightPx - innerH)));
        return innerW;
    }

    /** Quits the browser; nothing for the JVM's {@link #shared()} one, which quits when the JVM exits. */
    @Override
    public void close() {
        if (this != shared) {
            driver.quit();
        }
    }
}
