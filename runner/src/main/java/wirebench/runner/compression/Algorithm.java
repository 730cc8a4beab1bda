package wirebench.runner.compression;

import java.util.Locale;

import wirebench.contract.WirebenchException;

/** The compression algorithms of {@code -compressionId} (Perftest's names; MASK_NONE = NONE). */
public enum Algorithm {
    NONE, LZ4, ZLIB, ZSTD;

    /** Parses a {@code -compressionId} value, case-insensitive; a usage error names the accepted values. */
    public static Algorithm parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.equals("MASK_NONE")) {
            return NONE;
        }
        for (Algorithm a : values()) {
            if (a.name().equals(t)) {
                return a;
            }
        }
        throw new WirebenchException(WirebenchException.USAGE,
                "-compressionId: expected LZ4, ZLIB, ZSTD, NONE or MASK_NONE, got '" + text + "'");
    }
}
