package wirebench.runner.campaign;

/**
 * One role of a multi-host campaign on one host reached over SSH (docs/multihost.md).
 *
 * @param name        {@code pub}, or {@code sub1}, {@code sub2}... in the order given
 * @param publisher   true for the publisher, false for a subscriber
 * @param user        SSH user (null: ssh's default or ~/.ssh/config's {@code User})
 * @param host        SSH host as given (a name, an alias of ~/.ssh/config, an address); the rows' {@code host}
 * @param address     data-path address of this host ({@code addr=}): its {@code -nic}, and the others'
 *                    {@code -peer} (null: {@code sshAddress})
 * @param remoteDir   work directory on the host (null: {@code --remote-dir})
 * @param java        java on the host (null: {@code --remote-java}, else {@code java} on the remote PATH)
 * @param subscriberId 0-based subscriber number ({@code -sidMultiSubTest}); -1 for the publisher
 * @param sshAddress  the address ssh resolves {@code host} to ({@code ssh -G}'s {@code hostname}: an
 *                    alias's {@code HostName}); null until resolved, then the data path's default
 */
record RemoteHost(String name, boolean publisher, String user, String host, String address, String remoteDir,
        String java, int subscriberId, String sshAddress) {

    /** What ssh is given: {@code user@host} or {@code host}. */
    String destination() {
        return user == null ? host : user + "@" + host;
    }

    /** The data-path address: {@code addr=}, else where ssh reaches the host, else the host as given. */
    String dataAddress() {
        return address != null ? address : sshAddress != null ? sshAddress : host;
    }

    /** This host with {@code resolved} as the address ssh reaches it at. */
    RemoteHost withSshAddress(String resolved) {
        return new RemoteHost(name, publisher, user, host, address, remoteDir, java, subscriberId, resolved);
    }

    /** For messages: {@code sub1 (root@10.0.0.2)}. */
    String label() {
        return name + " (" + destination() + ")";
    }

    /** A file-name-safe form of the name and host: {@code sub1-10.0.0.2}. */
    String dirName() {
        return (name + "-" + host).replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
