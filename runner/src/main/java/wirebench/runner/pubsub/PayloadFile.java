package wirebench.runner.pubsub;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.agrona.MutableDirectBuffer;

import wirebench.contract.WirebenchException;

/**
 * {@code -loadDataFromFile}: sample payloads cut from a real file, successive slices that wrap
 * around at its end, so compression sees realistic data. Each role keeps its own position.
 */
final class PayloadFile {
    /** Perftest's -maximumAllocableBufferSize default. */
    static final long MAX_BYTES = 1L << 30;

    final Path path;
    private final byte[] data;
    private int pos;

    PayloadFile(Path path, byte[] data) {
        this.path = path;
        this.data = data;
    }

    static PayloadFile load(Path path) {
        try {
            long size = Files.size(path);
            if (size == 0 || size > MAX_BYTES) {
                throw WirebenchException.badInput(path + ": -loadDataFromFile: expected 1.." + MAX_BYTES
                        + " bytes, found " + size);
            }
            return new PayloadFile(path, Files.readAllBytes(path));
        } catch (IOException e) {
            throw WirebenchException.badInput(path + ": cannot read -loadDataFromFile (" + e + ")");
        }
    }

    int sizeBytes() {
        return data.length;
    }

    /** Copies the next {@code len} bytes of the file (wrapping) to {@code b[at, at+len)}. */
    void fill(MutableDirectBuffer b, int at, int len) {
        while (len > 0) {
            int n = Math.min(len, data.length - pos);
            b.putBytes(at, data, pos, n);
            at += n;
            len -= n;
            pos += n;
            if (pos == data.length) {
                pos = 0;
            }
        }
    }
}
