package wirebench.runner.rpc;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The remote operations of the SpeedTester model (DistributeMe's TestingService): the client times
 * loops of these calls. Every method may fail with a {@link RemoteException} when the server is gone
 * or does not answer within the client's socket timeout.
 */
public interface SpeedTestService extends Remote {

    /** Starts the server-side clock of a test run (the original's {@code firstCall}). */
    void firstCall() throws RemoteException;

    /** Milliseconds since the last {@link #firstCall()} by wall clock (the original's "ServerSide"). */
    long lastCall() throws RemoteException;

    /** Returns {@code value} unchanged. */
    long echo(long value) throws RemoteException;

    /** Receives a packet; returns its length in bytes (0 for null). */
    int inCall(byte[] data) throws RemoteException;

    /** Returns a new packet of {@code sizeBytes} bytes, filled by the server with random values 1..126. */
    byte[] outCall(int sizeBytes) throws RemoteException;

    /** Returns a transformed copy of {@code data} (each byte shifted left by 2), same length. */
    byte[] inOutCall(byte[] data) throws RemoteException;
}
