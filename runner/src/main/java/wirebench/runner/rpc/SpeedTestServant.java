package wirebench.runner.rpc;

import java.util.Random;

/**
 * The server side of {@link SpeedTestService}: does exactly the work of the original's
 * TestingServiceImpl (allocate and fill for outbound, copy and transform for in-and-out).
 * Thread-safe: RMI calls it from one thread per connection. Like the original, outbound packets
 * are filled from one shared {@link Random}, so concurrent outbound calls contend on it as they
 * did there.
 */
final class SpeedTestServant implements SpeedTestService {
    private final Random rnd = new Random();
    private volatile long firstCallEpochMs = System.currentTimeMillis();

    @Override
    public void firstCall() {
        firstCallEpochMs = System.currentTimeMillis();
    }

    @Override
    public long lastCall() {
        return System.currentTimeMillis() - firstCallEpochMs;
    }

    @Override
    public long echo(long value) {
        return value;
    }

    @Override
    public int inCall(byte[] data) {
        return data == null ? 0 : data.length;
    }

    @Override
    public byte[] outCall(int sizeBytes) {
        byte[] out = new byte[sizeBytes];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (rnd.nextInt(126) + 1);
        }
        return out;
    }

    @Override
    public byte[] inOutCall(byte[] data) {
        byte[] out = new byte[data.length];
        for (int i = 0; i < data.length; i++) {
            out[i] = (byte) (data[i] << 2);
        }
        return out;
    }
}
