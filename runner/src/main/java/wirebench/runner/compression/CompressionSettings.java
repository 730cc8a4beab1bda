package wirebench.runner.compression;

/**
 * What a writer does with its samples, with Perftest's meanings: {@code -compressionId},
 * {@code -compressionLevel} (0 disables, 1 fastest .. 10 best; see {@link #libraryLevel()} for the
 * mapping onto each library) and {@code -compressionThreshold} (only payloads of more than this many
 * bytes are compressed).
 *
 * @param algorithm      NONE, LZ4, ZLIB or ZSTD
 * @param level          0..10
 * @param thresholdBytes compress payloads larger than this (0 = every payload)
 */
public record CompressionSettings(Algorithm algorithm, int level, int thresholdBytes) {
    /** Perftest's default level (Connext's writer_compression_level default, BEST_COMPRESSION). */
    public static final int DEFAULT_LEVEL = 10;
    public static final CompressionSettings OFF = new CompressionSettings(Algorithm.NONE, DEFAULT_LEVEL, 0);

    public CompressionSettings {
        if (level < 0 || level > 10) {
            throw new IllegalArgumentException("level " + level + " not in 0..10");
        }
        if (thresholdBytes < 0) {
            throw new IllegalArgumentException("threshold " + thresholdBytes + " < 0");
        }
    }

    /** True when payloads are compressed at all (an algorithm and a level above 0). */
    public boolean enabled() {
        return algorithm != Algorithm.NONE && level > 0;
    }

    /** True when a payload of {@code payloadBytes} is to be compressed. */
    public boolean compresses(int payloadBytes) {
        return enabled() && payloadBytes > thresholdBytes;
    }

    /**
     * The library's own level for {@link #level()} (1 fastest .. 10 best), spread linearly over the
     * library's range: ZLIB (JDK Deflater) 1..9 as round(1 + (level-1) x 8/9); ZSTD 1..19 as
     * round(1 + (level-1) x 2) (19 is zstd's highest non-"ultra" level); LZ4 levels 1..5 are the fast
     * compressor with acceleration 6 - level (5 = acceleration 1, LZ4's default), 6..10 the high
     * compressor (LZ4HC) at 3, 5, 7, 9, 12. 0 for level 0 and for NONE.
     */
    public int libraryLevel() {
        if (!enabled()) {
            return 0;
        }
        switch (algorithm) {
            case ZLIB:
                return (int) Math.round(1 + (level - 1) * 8.0 / 9.0);
            case ZSTD:
                return 1 + (level - 1) * 2;
            case LZ4:
                return level <= 5 ? 6 - level : new int[] {3, 5, 7, 9, 12}[level - 6];
            default:
                return 0;
        }
    }

    /** The settings as command-line options, for messages: {@code -compressionId ZLIB -compressionLevel 10 ...}. */
    public String describe() {
        return "-compressionId " + algorithm + " -compressionLevel " + level + " -compressionThreshold " + thresholdBytes;
    }
}
