package wirebench.analyzer.parse;

import wirebench.analyzer.model.ParsedInput;

/**
 * The RPC suite's inputs: DistributeMe SpeedTester console output (and {@code wirebench run rpc
 * client}'s, which prints the same lines), and the {@code rpc.csv} family of a results directory.
 * Asked before the generic wirebench CSV parser, which would not rate the cases.
 */
public final class SpeedTesterParser implements ResultParser {
    private final SpeedTesterOutputParser output = new SpeedTesterOutputParser();

    @Override
    public String name() {
        return "speedtester";
    }

    @Override
    public boolean accepts(InputText text) {
        return RpcCsvParser.accepts(text) || (!text.firstNonBlankLine().startsWith(WirebenchCsvParser.MAGIC)
                && output.accepts(text));
    }

    @Override
    public ParsedInput parse(InputText text) {
        return RpcCsvParser.accepts(text) ? RpcCsvParser.parse(text) : output.parse(text);
    }
}
