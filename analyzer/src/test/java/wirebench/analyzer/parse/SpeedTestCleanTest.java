package wirebench.analyzer.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The hand-written colour and suffix removal of {@link SpeedTestParser} against the regular
 * expressions that state the rules: the same result on real lines and on lines built at random from
 * the characters the rules turn on.
 */
class SpeedTestCleanTest {
    private static final String ESC = "\u001B";
    /** What the rules look at, and a few characters they must leave alone. */
    private static final String ALPHABET = ESC + "[[(()):::;;??..__ \t\u000B\f09azAZmx-/\u00e9";

    /** The old clean: colours out, the suffix found anywhere by the pattern with its leading blanks. */
    private static String oracle(String line) {
        String noAnsi = SpeedTestParser.ANSI.matcher(line).replaceAll("");
        return java.util.regex.Pattern.compile("\\s*" + SpeedTestParser.SUFFIX.pattern()).matcher(noAnsi)
                .replaceFirst("").strip();
    }

    @Test
    void shouldCleanRealLinesAsThePatternsDo() {
        for (String l : new String[] {
            ESC + "[0;36minfo:" + ESC + "[0m 987280 packet received within 2.011 seconds " + ESC
                    + "[1;30m(parse_data udp_msg_server.c:138)" + ESC + "[0m",
            ESC + "[1:34mdebug:" + ESC + "[0m 400000 packets received (use_select udp_msg_server.c:193)  ",
            "error: bind failed (main udp_msg_server.c:12) (x)",
            "info: (not a suffix) here",
            "no colour, no suffix",
            "(f a:1)",
            "x (f.g\tb/c.c:99)\t",
            "x (f b:)",
            "x (f :1)",
            "x (1f b:1)",
            "x (f b:1a)",
            ESC + "[" + ESC + "[31m",
            ESC,
        }) {
            assertThat(SpeedTestParser.clean(l)).as(l).isEqualTo(oracle(l));
        }
    }

    @Test
    void shouldCleanRandomLinesAsThePatternsDo() {
        SplittableRandom random = new SplittableRandom(20261203L);
        int suffixes = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder b = new StringBuilder();
            int len = random.nextInt(24);
            for (int i = 0; i < len; i++) {
                b.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            if (random.nextInt(3) == 0) {
                // a suffix-shaped tail, sometimes spoilt by one random character
                b.append(random.nextBoolean() ? " " : "\t").append("(f_").append(random.nextInt(10))
                        .append(" u.c:").append(random.nextInt(1000)).append(')');
                if (random.nextBoolean()) {
                    b.setCharAt(random.nextInt(b.length()), ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                }
            }
            String l = b.toString();
            String expected = oracle(l);
            assertThat(SpeedTestParser.clean(l)).as("%s", l.replace(ESC, "ESC")).isEqualTo(expected);
            if (!expected.equals(SpeedTestParser.ANSI.matcher(l).replaceAll("").strip())) {
                suffixes++;
            }
        }
        // the random lines exercised the suffix rule, not only its absence
        assertThat(suffixes).isGreaterThan(10_000);
    }
}
