"""Bench helper (bench/latency-modes, bench/pubsub-vs-peers): the modes of a one-way latency
distribution, from wirebench's HdrHistogram log (as bench/lib/HdrBins.java prints it) or from
sockperf's per-packet log (--full-log). A mode: a run of 50 ns bins that each hold at least 1 % of
the samples, kept when together they hold at least 5 %; given as (centre us, share)."""

BIN = 0.05
MAX_US = 50


def from_bins(path):
    """HdrBins.java's output: [(lower_us, count)]."""
    return [(float(a), int(b)) for a, b in (line.split() for line in open(path))]


def sockperf_bins(*paths):
    """sockperf --full-log files (packet, txTime, rxTime, latency us) as 50 ns bins, added up."""
    counts = {}
    for path in paths:
        for line in open(path):
            f = line.split(",")
            if len(f) != 4 or not f[0].strip().isdigit():
                continue
            us = float(f[3])
            if us < MAX_US:
                k = int(us / BIN)
                counts[k] = counts.get(k, 0) + 1
    return [(k * BIN, counts.get(k, 0)) for k in range(int(MAX_US / BIN))]


def percentile(bins, q):
    """The centre of the bin holding the q-th quantile (q in 0..1)."""
    total = sum(c for _, c in bins)
    seen = 0
    for lo, c in bins:
        seen += c
        if seen >= q * total:
            return lo + BIN / 2
    return float("nan")


def modes(bins):
    """[(centre us, share)] from the lowest up."""
    total = sum(c for _, c in bins)
    out, run = [], []
    if total == 0:
        return out
    for lo, c in bins + [(0.0, 0)]:
        if c >= 0.01 * total:
            run.append((lo + BIN / 2, c))
        else:
            share = sum(c2 for _, c2 in run) / total
            if run and share >= 0.05:
                out.append((sum(x * c2 for x, c2 in run) / sum(c2 for _, c2 in run), share))
            run = []
    return out


def fmt(ms):
    return " ".join("%.2f (%.0f%%)" % (x, 100 * s) for x, s in ms)


def like_for_like(wm, sm):
    """(lowest / lowest, second / second) when each side has exactly two modes, else None: with one
    mode, or three (a run whose host moved), which mode answers which is not known."""
    if len(wm) == 2 and len(sm) == 2:
        return wm[0][0] / sm[0][0], wm[1][0] / sm[1][0]
    return None
