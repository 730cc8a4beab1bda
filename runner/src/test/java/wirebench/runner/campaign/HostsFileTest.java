package wirebench.runner.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import wirebench.contract.WirebenchException;

class HostsFileTest {
    @TempDir
    Path dir;

    @Test
    void shouldReadRolesUsersAndAttributesWhenTheFileIsWellFormed() throws Exception {
        Path f = dir.resolve("hosts.txt");
        Files.writeString(f, "# lab\nsub=bench@lab2 addr=10.0.0.2\n\npub = lab1 dir=/srv/wb java=/opt/jdk/bin/java\n"
                + "SUB=lab3\n");
        List<RemoteHost> hs = HostsFile.read(f);
        assertThat(hs).extracting(RemoteHost::name).containsExactly("pub", "sub1", "sub2");
        RemoteHost pub = hs.get(0);
        assertThat(pub.destination()).isEqualTo("lab1");
        assertThat(pub.remoteDir()).isEqualTo("/srv/wb");
        assertThat(pub.java()).isEqualTo("/opt/jdk/bin/java");
        assertThat(pub.dataAddress()).isEqualTo("lab1");
        RemoteHost sub1 = hs.get(1);
        assertThat(sub1.destination()).isEqualTo("bench@lab2");
        assertThat(sub1.dataAddress()).isEqualTo("10.0.0.2");
        assertThat(sub1.subscriberId()).isZero();
        assertThat(hs.get(2).subscriberId()).isEqualTo(1);
    }

    @Test
    void shouldNameFileAndLineWhenALineIsMalformed() throws Exception {
        Path f = dir.resolve("hosts.txt");
        Files.writeString(f, "pub=lab1\nsubscriber=lab2\n");
        assertThatThrownBy(() -> HostsFile.read(f)).isInstanceOfSatisfying(WirebenchException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(WirebenchException.BAD_INPUT);
            assertThat(e.getMessage()).isEqualTo(f + ":2: expected " + HostsFile.SYNTAX + ", got 'subscriber=lab2'");
        });
        Files.writeString(f, "pub=lab1\nsub=lab2 port=22\n");
        assertThatThrownBy(() -> HostsFile.read(f)).hasMessage(f + ":2: expected addr=ADDR, dir=PATH or java=PATH, got"
                + " 'port=22'");
    }

    @Test
    void shouldRefuseWhenThePublisherIsMissingOrTwice() {
        assertThatThrownBy(() -> HostsFile.options(List.of("sub=a", "sub=b")))
                .isInstanceOfSatisfying(WirebenchException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(WirebenchException.USAGE))
                .hasMessageContaining("expected one pub= host and at least one sub= host, got no publisher");
        assertThatThrownBy(() -> HostsFile.options(List.of("pub=a", "pub=b", "sub=c")))
                .hasMessageContaining("--host pub=b: a second publisher (the first is pub (a))");
        assertThatThrownBy(() -> HostsFile.options(List.of("pub=a")))
                .hasMessageContaining("got no subscriber");
    }

    @Test
    void shouldQuoteForTheRemoteShellWhenWordsHoldSpecialCharacters() {
        assertThat(SshCommands.shell(List.of("sh", "-c", "echo $HOME; it's"))).isEqualTo(
                "sh -c 'echo $HOME; it'\\''s'");
        assertThat(SshCommands.shell(List.of("run", "pubsub", "-dataLen", "32", "--out", "/srv/wb/runs/x"))).isEqualTo(
                "run pubsub -dataLen 32 --out /srv/wb/runs/x");
    }

    @Test
    void shouldPrintEverySshCommandWithExplicitRolesWhenDryRun() throws Exception {
        Path cfg = dir.resolve("ssh_config");
        Files.writeString(cfg, "Host *\n  User bench\n");
        CampaignRun r = CampaignRun.run("--out", dir.resolve("c").toString(), "--ssh-config", cfg.toString(),
                "--host", "pub=lab1 addr=10.0.0.1", "--host", "sub=root@lab2 addr=10.0.0.2", "--host", "sub=lab3",
                "--remote-dir", "/srv/wb", "--sizes", "32", "--tests", "lat", "--keyed", "unkeyed", "--reliability",
                "rel", "--dry-run");
        assertThat(r.exitCode()).as(r.err()).isZero();
        String o = r.out();
        // per host: the check, the push, the sweep; per role: the role's ssh and the fetch
        assertThat(o).contains("Host pub (lab1) (publisher):", "Host sub2 (lab3) (subscriber):");
        assertThat(o.lines().filter(l -> l.strip().startsWith("ssh -F " + cfg + " -o BatchMode=yes -o ConnectTimeout=10"))
                .count()).isEqualTo(3 * 3 + 3 * 2 + 2);
        String pubLine = o.lines().filter(l -> l.contains("wb-role.sh") && l.contains(" -- lab1 ")).findFirst()
                .orElseThrow();
        assertThat(pubLine).contains(" -pub -transport UDPv4 -nic 10.0.0.1 -peer 10.0.0.2 ").contains(
                "-peer lab3 -numSubscribers 2").contains("--out /srv/wb/runs/");
        String sub2 = o.lines().filter(l -> l.contains("wb-role.sh") && l.contains(" -- lab3 ")).findFirst()
                .orElseThrow();
        assertThat(sub2).contains(" -sub -transport UDPv4 -peer 10.0.0.1 ").contains("-sidMultiSubTest 1")
                .doesNotContain("-nic");
        assertThat(o).contains("-- root@lab2 'tar -C /srv/wb/runs/");
        assertThat(dir.resolve("c")).doesNotExist();
    }

    @Test
    void shouldRunTheExistingLauncherWhenRemoteWirebenchIsGiven() {
        CampaignRun r = CampaignRun.run("--out", dir.resolve("c").toString(), "--host", "pub=lab1", "--host",
                "sub=lab2", "--remote-wirebench", "/opt/wirebench/wirebench", "--remote-dir", "/srv/wb", "--sizes", "32",
                "--tests", "lat", "--keyed", "unkeyed", "--reliability", "rel", "--dry-run");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("wb-role.sh /srv/wb/runs/\\w+/1-lat-UDPv4-unkeyed-rel-32-r1-pub 150"
                + " /opt/wirebench/wirebench run pubsub -domain 2 -dataLen 32 -pub ");
        assertThat(r.out()).contains("[ -x /opt/wirebench/wirebench ] || echo missing-wirebench=yes");
    }

    @Test
    void shouldRefuseRoleNicPeerAndExecutableWhenHostsAreGiven() {
        CampaignRun r = CampaignRun.run("--out", dir.resolve("c").toString(), "--host", "pub=a", "--host", "sub=b",
                "--peer", "10.0.0.9", "--dry-run");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--role, --nic, --peer and --executable do not apply");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "sub=-oProxyCommand=touch_x|host '-oProxyCommand=touch_x' starts with '-' (ssh would read it as an option)",
        "sub=-x@lab2|user '-x' starts with '-'",
        "sub=lab2;reboot|host 'lab2;reboot' holds ';'",
        "sub=$(id)|host '$(id)' holds '$'",
        "sub=lab`id`|host 'lab`id`' holds '`'",
        "sub=lab2 addr=999.1.1.1|addr '999.1.1.1' is not an IPv4 address",
        "sub=lab2 addr=;reboot|addr ';reboot' is neither an IP address nor a host name (it holds ';')",
        "sub=lab2 addr=no-such-host.invalid|addr 'no-such-host.invalid' is a host name that does not resolve here",
    })
    void shouldRefuseBeforeAnySshWhenANameIsAnOptionOrShellSyntax(String line, String expected) throws Exception {
        Path f = dir.resolve("hosts.txt");
        Files.writeString(f, "pub=lab1 addr=127.0.0.1\n" + line + "\n");
        assertThatThrownBy(() -> HostsFile.read(f)).isInstanceOfSatisfying(WirebenchException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(WirebenchException.BAD_INPUT);
            assertThat(e.getMessage()).startsWith(f + ":2: " + expected);
        });
        // the campaign refuses it before running (or printing) any ssh command, dry run or not
        CampaignRun r = CampaignRun.run("--out", dir.resolve("c").toString(), "--hosts", f.toString(), "--sizes", "32",
                "--tests", "lat", "--dry-run");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err().strip()).startsWith(f + ":2: " + expected).doesNotContain("\n");
        assertThat(r.out()).doesNotContain("ssh ");
    }

    @Test
    void shouldShowTheNulOfAHostNameAsACodeAndRefuseIt() throws Exception {
        Path f = dir.resolve("hosts.txt");
        Files.writeString(f, "pub=lab1\nsub=lab\u00002\n");
        assertThatThrownBy(() -> HostsFile.read(f)).hasMessage(f + ":2: host 'lab\\u00002' holds U+0000 (a host name"
                + " holds letters, digits and . _ - : % [ ])");
        // the dry run too: exit 3 and that one line, no ssh command shown (it passed the dry run, exit 0, before)
        CampaignRun r = CampaignRun.run("--out", dir.resolve("c").toString(), "--hosts", f.toString(), "--sizes", "32",
                "--tests", "lat", "--dry-run");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(3);
        assertThat(r.err().strip()).isEqualTo(f + ":2: host 'lab\\u00002' holds U+0000 (a host name holds letters,"
                + " digits and . _ - : % [ ])");
        assertThat(r.out()).doesNotContain("ssh ");
    }

    @Test
    void shouldHandTheOthersTheAddressSshResolvesAnAliasToWhenDryRun() throws Exception {
        wirebench.testsupport.Prerequisites.requireCommand("ssh", "openssh-client");
        Path cfg = dir.resolve("ssh_config");
        Files.writeString(cfg, "Host wbpub\n  HostName 10.9.8.1\nHost wbsub\n  HostName 10.9.8.2\n");
        CampaignRun r = CampaignRun.run("--out", dir.resolve("c").toString(), "--ssh-config", cfg.toString(),
                "--host", "pub=wbpub", "--host", "sub=bench@wbsub", "--sizes", "32", "--tests", "lat", "--keyed",
                "unkeyed", "--reliability", "rel", "--dry-run");
        assertThat(r.exitCode()).as(r.err()).isZero();
        String pub = r.out().lines().filter(l -> l.contains("wb-role.sh") && l.contains(" -- wbpub ")).findFirst()
                .orElseThrow();
        assertThat(pub).contains(" -peer 10.9.8.2 ").doesNotContain("-peer wbsub");
        String sub = r.out().lines().filter(l -> l.contains("wb-role.sh") && l.contains(" -- bench@wbsub "))
                .findFirst().orElseThrow();
        assertThat(sub).contains(" -peer 10.9.8.1 ");
    }
}
