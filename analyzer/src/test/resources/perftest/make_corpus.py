#!/usr/bin/env python3
"""Writes the RTI Perftest test corpus from the format strings of PERFTEST-FORMATS.md.

Run from this directory: python3 make_corpus.py. The files are committed; the tests do not run
this script. Values are made up but consistent (p50 <= p90 <= ... <= max) unless a file tests
something else. C format strings are used as printed by Perftest, with the l/ll modifiers removed.
"""
import os
import re

MU = "\u03bcs"


def c(fmt, *args):
    return re.sub(r"%(-?[0-9]*(?:\.[0-9]+)?)(?:ll|l)([duf])", r"%\1\2", fmt) % args


def write(name, text, encoding="utf-8", raw=None):
    with open(name, "wb") as f:
        f.write(raw if raw is not None else text.encode(encoding))


# ---------------------------------------------------------------- CSV 4.x (C++)
def lat_int_header_4x(unit=MU, cpu=False):
    h = "Length (Bytes), Latency (%s), Ave (%s), Std (%s), Min (%s), Max (%s)" % ((unit,) * 5)
    return h + (", CPU (%)" if cpu else "")


def lat_sum_header(first, unit=MU, ser=False, cpu=False):
    h = first + ", Ave (U), Std (U), Min (U), Max (U), 50% (U), 90% (U), 99% (U), 99.99% (U), 99.9999% (U)"
    h = h.replace("U", unit)
    if ser:
        h += ", Serialization (U), Deserialization (U), Total (U)".replace("U", unit)
    if cpu:
        h += ", CPU (%)"
    return h


def lat_int_row(size, lat, ave, std, mn, mx, cpu=None):
    r = c("%14d,%13lu,%9.0lf,%9.1lf,%9lu,%9lu", size, lat, ave, std, mn, mx)
    return r + (c(",%8.2f", cpu) if cpu is not None else "")


def lat_sum_row(size, vals, width=19, ser=None, cpu=None):
    r = c("%" + str(width) + "d,%9.0lf,%9.1lf,%9lu,%9lu,%9lu,%9lu,%9lu,%12lu,%14lu", size, *vals)
    if ser:
        r += c(",%19.3f,%21.3f,%11.3f", *ser)
    if cpu is not None:
        r += c(",%8.2f", cpu)
    return r


THR_INT_4X = "Length (Bytes), Total Samples,  Samples/s, Avg Samples/s,     Mbps,  Avg Mbps, Lost Samples, Lost Samples (%)"
THR_SUM_4X = "Sample Size (Bytes), Total Samples, Avg Samples/s,    Avg Mbps, Lost Samples, Lost Samples (%)"
THR_INT_3X = "Length (Bytes), Total Samples,  Samples/s, Ave Samples/s,     Mbps,  Ave Mbps, Lost Samples, Lost Samples (%)"
THR_SUM_3X = "Length (Bytes), Total Samples, Ave Samples/s,    Ave Mbps, Lost Samples, Lost Samples (%)"


def thr_int_row(size, total, sps, avesps, mbps, avembps, lost, lostpct, cpu=None):
    r = c("%14d,%14llu,%11llu,%14.0lf,%9.1lf,%10.1lf, %12llu, %16.2lf", size, total, sps, avesps, mbps, avembps,
          lost, lostpct)
    return r + (c(",%8.2f", cpu) if cpu is not None else "")


def thr_sum_row(size, total, sps, mbps, lost, lostpct, width=19, cpu=None):
    r = c("%" + str(width) + "d,%14llu,%14llu,%12.1lf, %12llu, %16.2lf", size, total, sps, mbps, lost, lostpct)
    return r + (c(",%8.2f", cpu) if cpu is not None else "")


# sample latency data: per size, 3 pongs
PONGS = {100: [(30, 30, 0.0, 30, 30), (40, 35, 5.0, 30, 40), (35, 35, 4.1, 30, 40)],
         1024: [(50, 50, 0.0, 50, 50), (70, 60, 10.0, 50, 70), (60, 60, 8.2, 50, 70)]}
SUMS = {100: (35, 4.1, 30, 40, 35, 40, 40, 40, 40), 1024: (60, 8.2, 50, 70, 60, 70, 70, 70, 70)}


def csv_4x_pub_intervals_scan():
    out = ""
    for size in (100, 1024):
        out += "\n" + c("Intervals One-Way Latency for %d Bytes:\n", size) + lat_int_header_4x() + "\n"
        for p in PONGS[size]:
            out += lat_int_row(size, *p) + "\n"
        out += "\nOne-way Latency Summary:\n" + lat_sum_header("Sample Size (Bytes)") + "\n"
        out += lat_sum_row(size, SUMS[size]) + "\n"
    return out


write("csv_4x_pub_intervals_scan.csv", csv_4x_pub_intervals_scan())
write("csv_4x_pub_nointervals.csv", lat_sum_header("Sample Size (Bytes)") + "\n" + lat_sum_row(100, SUMS[100]) + "\n")
write("csv_4x_pub_nointervals_scan_cpu.csv", lat_sum_header("Sample Size (Bytes)", cpu=True) + "\n"
      + lat_sum_row(32, (25, 3.5, 20, 90, 24, 27, 33, 90, 90), cpu=12.5) + "\n"
      + lat_sum_row(100, SUMS[100], cpu=13.25) + "\n"
      + lat_sum_row(1024, SUMS[1024], cpu=14.0) + "\n")
write("csv_4x_pub_noheaders_intervals.csv", "".join(lat_int_row(100, *p) + "\n" for p in PONGS[100])
      + lat_sum_row(100, SUMS[100]) + "\n")
write("csv_4x_pub_noheaders_intervals_cpu.csv",
      "".join(lat_int_row(100, *p, cpu=10.0 + i) + "\n" for i, p in enumerate(PONGS[100]))
      + lat_sum_row(100, SUMS[100], cpu=11.0) + "\n")
write("csv_4x_pub_serialization_cpu.csv", lat_sum_header("Sample Size (Bytes)", ser=True, cpu=True) + "\n"
      + lat_sum_row(100, SUMS[100], ser=(0.512, 0.734, 1.246), cpu=9.5) + "\n")
write("csv_4x_pub_microsign.csv", lat_sum_header("Sample Size (Bytes)", unit="\u00b5s") + "\n"
      + lat_sum_row(100, SUMS[100]) + "\n")
# UTF-8 text whose "μs" was decoded as ISO-8859-1 and encoded again: "Î¼s"
write("csv_4x_pub_mojibake.csv", lat_sum_header("Sample Size (Bytes)", unit="\u00ce\u00bcs") + "\n"
      + lat_sum_row(100, SUMS[100]) + "\n")
# ISO-8859-1 file (micro sign as the single byte 0xB5): not UTF-8, read as ISO-8859-1
write("csv_4x_pub_latin1.csv", lat_sum_header("Sample Size (Bytes)", unit="\u00b5s") + "\n"
      + lat_sum_row(100, SUMS[100]) + "\n", encoding="iso-8859-1")
write("csv_4x_pub_ns.csv", lat_sum_header("Sample Size (Bytes)", unit="ns") + "\n"
      + lat_sum_row(100, (35250, 4125.5, 30100, 40900, 35000, 40000, 40500, 40900, 40900)) + "\n")

THR = [(100, 900000, 900000, 900000, 720.0, 720.0, 0, 0.0), (100, 1850000, 950000, 925000, 760.0, 740.0, 2, 0.0),
       (100, 2800000, 950000, 933333, 760.0, 746.7, 5, 0.0)]


def csv_4x_sub_intervals():
    out = "\n" + c("Interval Throughput for %d Bytes:\n", 100) + THR_INT_4X + "\n"
    out += "".join(thr_int_row(*t) + "\n" for t in THR)
    out += "\nThroughput Summary:\n" + THR_SUM_4X + "\n" + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0) + "\n"
    return out


write("csv_4x_sub_intervals.csv", csv_4x_sub_intervals())
write("csv_4x_sub_nointervals_cpu.csv", THR_SUM_4X + ", CPU (%)\n"
      + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0, cpu=35.5) + "\n")
write("csv_4x_sub_noheaders_intervals_cpu.csv", "".join(thr_int_row(*t, cpu=30.0 + i) + "\n" for i, t in enumerate(THR))
      + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0, cpu=31.0) + "\n")
write("csv_4x_sub_noheaders_nointervals_scan.csv", thr_sum_row(32, 5000000, 1666666, 426.7, 12, 0.24) + "\n"
      + thr_sum_row(64, 4000000, 1333333, 682.7, 0, 0.0) + "\n")


# 4.3 high resolution: latency with 3 decimals
def hires_int(size, lat, ave, std, mn, mx):
    return c("%14d,%13.3f,%9.3f,%9.3f,%9.3f,%9.3f", size, lat, ave, std, mn, mx)


write("csv_43_pub_hires.csv", "\n" + "Intervals One-Way Latency for 100 Bytes:\n" + lat_int_header_4x() + "\n"
      + hires_int(100, 12.345, 12.345, 0.0, 12.345, 12.345) + "\n"
      + hires_int(100, 13.001, 12.673, 0.328, 12.345, 13.001) + "\n"
      + "\nOne-way Latency Summary:\n" + lat_sum_header("Sample Size (Bytes)") + "\n"
      + c("%19d,%9.3f,%9.3f,%9.3f,%9.3f,%9.3f,%9.3f,%9.3f,%12.3f,%14.3f", 100, 12.673, 0.328, 12.345, 13.001,
          13.001, 13.001, 13.001, 13.001, 13.001) + "\n")
write("csv_43_pub_nodata.csv", lat_sum_header("Sample Size (Bytes)") + "\n"
      + "                  0,        0,      0.0,        0,        0,        0,        0,        0,           0,             0\n")

# ---------------------------------------------------------------- CSV 3.x (C++)
U = "us"


def csv_3x_pub_intervals():
    out = "\n" + "Intervals One-way Latency for 100 Bytes:\n" + lat_int_header_4x(U) + "\n"
    out += "".join(lat_int_row(100, *p) + "\n" for p in PONGS[100])
    out += "\nOne-way Latency Summary:\n" + lat_sum_header("Length (Bytes)", U) + "\n"
    out += lat_sum_row(100, SUMS[100], width=14) + "\n"
    return out


write("csv_3x_pub_intervals.csv", csv_3x_pub_intervals())
write("csv_3x_pub_nointervals.csv", "\nOne-way Latency Summary:\n" + lat_sum_header("Length (Bytes)", U) + "\n"
      + lat_sum_row(100, SUMS[100], width=14) + "\n")
write("csv_3x_pub_nointervals_ns.csv", "\nOne-way Latency Summary:\n" + lat_sum_header("Length (Bytes)", "ns") + "\n"
      + lat_sum_row(100, (35250, 4125.5, 30100, 40900, 35000, 40000, 40500, 40900, 40900), width=14) + "\n")
write("csv_3x_sub_nointervals.csv", "\nThroughput Summary:\n" + THR_SUM_3X + "\n"
      + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0, width=14) + "\n")
write("csv_3x_sub_intervals_cpu.csv", "\nInterval Throughput for 100 Bytes:\n" + THR_INT_3X + ", CPU (%)\n"
      + "".join(thr_int_row(*t, cpu=20.0 + i) + "\n" for i, t in enumerate(THR))
      + "\nThroughput Summary:\n" + THR_SUM_3X + ", CPU (%)\n"
      + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0, width=14, cpu=21.0) + "\n")
write("csv_3x_pub_serialization.csv", "\nOne-way Latency Summary:\n" + lat_sum_header("Length (Bytes)", U, ser=True)
      + "\n" + lat_sum_row(100, SUMS[100], width=14, ser=(0.5, 0.75, 1.25)) + "\n")

# ---------------------------------------------------------------- CSV Java
# Java: unit always us, an empty line per new size even without intervals, ", CPU (%%)" literal
write("csv_java_4x_pub_nointervals.csv", "\n" + lat_sum_header("Sample Size (Bytes)", U) + "\n"
      + lat_sum_row(100, (35, 4.1, 30, 40, 35, 40, 40, 30, 30)) + "\n")
write("csv_java_4x_pub_intervals_cpu.csv", "\nIntervals One-way Latency for 100 Bytes:\n"
      + lat_int_header_4x(U) + ", CPU (%%)\n"
      + "".join(lat_int_row(100, *p, cpu=5.0) + "\n" for p in PONGS[100])
      + "\nOne-way Latency Summary:\n" + lat_sum_header("Sample Size (Bytes)", U, cpu=True) + "\n"
      + lat_sum_row(100, (35, 4.1, 30, 40, 35, 40, 40, 30, 30), cpu=5.0) + "\n")
write("csv_java_3x_sub_intervals.csv", "\nIntervals Throughput for 100 Bytes:\n" + THR_INT_3X + "\n"
      + "".join(thr_int_row(*t) + "\n" for t in THR)
      + "\nThroughput Summary:\n" + THR_SUM_3X + "\n" + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0, width=14)
      + "\n")
# the seed 000 script: one run per size appended, headers only in the first; repeated twice -> 2 runs
rows = [(32, (20, 6.0, 19, 2482, 20, 20, 24, 19, 19)), (64, (20, 5.8, 19, 2301, 20, 21, 24, 19, 19))]
text = ""
first = True
for rep in range(2):
    for size, vals in rows:
        text += "\n" + (lat_sum_header("Sample Size (Bytes)", U) + "\n" if first else "") + lat_sum_row(size, vals) + "\n"
        first = False
write("csv_java_4x_pub_appended_runs.csv", text)

# ---------------------------------------------------------------- JSON
T = "\t"


def obj(indent, pairs):
    return ",\n".join(T * indent + '"%s": %s' % (k, v) for k, v in pairs)


def lat_int_pairs(p, cpu=None, cpukey="CPU", avefmt="%1.2f"):
    lat, ave, std, mn, mx = p
    pairs = [("latency", c("%lu", lat)), ("latency_ave", c(avefmt, ave)), ("latency_std", c("%1.2lf", std)),
             ("latency_min", c("%lu", mn)), ("latency_max", c("%lu", mx))]
    if cpu is not None:
        pairs.append((cpukey, c("%1.2f", cpu)))
    return pairs


def lat_sum_pairs(s, cpu=None, cpukey="CPU", ser=None, avefmt="%1.2lf"):
    ave, std, mn, mx, p50, p90, p99, p9999, p999999 = s
    pairs = [("latency_ave", c(avefmt, ave)), ("latency_std", c("%1.2lf", std)), ("latency_min", c("%lu", mn)),
             ("latency_max", c("%lu", mx)), ("latency_50", c("%lu", p50)), ("latency_90", c("%lu", p90)),
             ("latency_99", c("%lu", p99)), ("latency_99.99", c("%lu", p9999)),
             ("latency_99.9999", c("%lu", p999999))]
    if ser:
        pairs += [("serialize", c("%1.3f", ser[0])), ("deserialize", c("%1.3f", ser[1])),
                  ("total_s", c("%1.3f", ser[2]))]
    if cpu is not None:
        pairs.append((cpukey, c("%1.2f", cpu)))
    return pairs


def json_lat(sizes, intervals=True, cpu=None, cpukey="CPU", ser=None, java=False):
    out = '{"perftest":\n\t[\n\t\t{\n' if java else ""
    for i, size in enumerate(sizes):
        if i > 0:
            out += ",\n\t\t{\n"
        out += '\t\t\t"length":%d,\n' % size
        if intervals:
            out += '\t\t\t"intervals":[\n'
            for j, p in enumerate(PONGS[size]):
                out += ("," if j else "") + "\n\t\t\t\t{\n" + obj(5, lat_int_pairs(
                    p, cpu, cpukey, "%1.0f" if java else "%1.2f")) + "\n\t\t\t\t}"
            out += "\n\t\t\t],\n"
        out += '\t\t\t"summary":{\n' + obj(4, lat_sum_pairs(SUMS[size], cpu, cpukey, ser,
                                                             "%1.1f" if java else "%1.2lf")) + "\n\t\t\t}\n\t\t}"
    if java:
        out += "\n\t]\n}\n"
    return out


def thr_int_pairs(t, cpu=None, cpukey="CPU"):
    size, total, sps, avesps, mbps, avembps, lost, lostpct = t
    pairs = [("length", "%d" % size), ("packets", "%d" % total), ("packets/s", "%d" % sps),
             ("packets/s_ave", c("%1.2lf", avesps)), ("mbps", c("%1.1lf", mbps)), ("mbps_ave", c("%1.1lf", avembps)),
             ("lost", "%d" % lost), ("lost_percent", c("%1.2lf", lostpct))]
    if cpu is not None:
        pairs.append((cpukey, c("%1.2f", cpu)))
    return pairs


def json_thr(intervals=True, cpu=None, cpukey="CPU", java=False):
    out = '{"perftest":\n\t[\n\t\t{\n' if java else ""
    out += '\t\t\t"length":100,\n'
    if intervals:
        out += '\t\t\t"intervals":[\n'
        for j, t in enumerate(THR):
            out += ("," if j else "") + "\n\t\t\t\t{\n" + obj(5, thr_int_pairs(t, cpu, cpukey)) + "\n\t\t\t\t}"
        # C++ writes no newline before "\t\t\t],"; Java does
        out += ("\n" if java else "") + "\t\t\t],\n"
    pairs = [("packets", "2800000"), ("packets/sAve", "931000"), ("mbpsAve", "744.8"), ("lost", "5"),
             ("lostPercent", "0.00")]
    if cpu is not None:
        pairs.append((cpukey, c("%1.2f", cpu)))
    out += '\t\t\t"summary":{\n' + obj(4, pairs) + "\n\t\t\t}\n\t\t}"
    if java:
        out += "\n\t]\n}\n"
    return out


write("json_cpp_4x_pub_intervals_scan_cpu.json", json_lat([100, 1024], cpu=7.5))
write("json_cpp_3x_sub_intervals_cpu.json", json_thr(cpu=22.25, cpukey="cpu"))
write("json_cpp_4x_pub_serialization.json", json_lat([100], intervals=False, ser=(0.512, 0.734, 1.246)))
# two runs appended by -outputFile: the first ends without a newline
write("json_cpp_4x_pub_appended_runs.json", json_lat([100], intervals=False) + json_lat([100, 1024], intervals=False))
write("json_java_pub_intervals_cpu.json", json_lat([100], cpu=6.0, cpukey="cpu", java=True))
write("json_java_sub_nointervals.json", json_thr(intervals=False, java=True))
write("json_java_empty_run.json", '{"perftest":\n\t[\n\t\t{\n\n\t]\n}\n')
write("json_cpp_43_pub_hires.json", '\t\t\t"length":100,\n\t\t\t"summary":{\n' + obj(4, [
    ("latency_ave", "12.673"), ("latency_std", "0.328"), ("latency_min", "12.345"), ("latency_max", "13.001"),
    ("latency_50", "13.001"), ("latency_90", "13.001"), ("latency_99", "13.001"), ("latency_99.99", "13.001"),
    ("latency_99.9999", "13.001")]) + "\n\t\t\t}\n\t\t}")

# ---------------------------------------------------------------- legacy printer 3.1+
def leg_lat_int(lat, ave, std, mn, mx, unit, label, cpu=None):
    r = c(label + " %6lu U Ave %6.0lf U Std %6.1lf U Min %6lu U Max %6lu U", lat, ave, std, mn, mx).replace("U", unit)
    return r + (c(" CPU %1.2f (%%)", cpu) if cpu is not None else "")


def leg_lat_sum(size, s, unit, cpu=None):
    r = c("Length: %5d Latency: Ave %6.0lf U Std %6.1lf U Min %6lu U Max %6lu U 50%% %6lu U 90%% %6lu U 99%% %6lu U "
          "99.99%% %6lu U 99.9999%% %6lu U", size, *s).replace(" U", " " + unit)
    return r + (c(" CPU %1.2f (%%)", cpu) if cpu is not None else "")


def leg_thr_int(t, lostfmt="Lost: %5llu (%1.2f%%)", cpu=None):
    size, total, sps, avesps, mbps, avembps, lost, lostpct = t
    r = c("Packets: %8llu  Packets/s: %7llu  Packets/s(ave): %7.0lf  Mbps: %7.1lf  Mbps(ave): %7.1lf  " + lostfmt,
          total, sps, avesps, mbps, avembps, lost, lostpct)
    return r + (c(" CPU %1.2f (%%)", cpu) if cpu is not None else "")


def leg_thr_sum(size, total, sps, mbps, lost, lostpct, cpu=None):
    r = c("Length: %5d  Packets: %8llu  Packets/s(ave): %7llu  Mbps(ave): %7.1lf  Lost: %5llu (%1.2f%%)",
          size, total, sps, mbps, lost, lostpct)
    return r + (c(" CPU %1.2f (%%)", cpu) if cpu is not None else "")


write("legacy_4x_pub_intervals_cpu_serialization.txt", "\n\n********** New data length is 100\n"
      + "".join(leg_lat_int(*p, MU, "One-Way Latency:", cpu=8.0) + "\n" for p in PONGS[100])
      + leg_lat_sum(100, SUMS[100], MU, cpu=8.5) + "\n"
      + "Serialization/Deserialization: 0.512 us / 0.734 us / TOTAL: 1.246 us\n")
write("legacy_3x_pub_intervals.txt", "\n\n********** New data length is 100\n"
      + "".join(leg_lat_int(*p, "us", "One way Latency:") + "\n" for p in PONGS[100])
      + leg_lat_sum(100, SUMS[100], "us") + "\n")
write("legacy_4x_sub_intervals.txt", "\n\n********** New data length is 100\n"
      + "".join(leg_thr_int(t) + "\n" for t in THR) + leg_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0) + "\n")
write("legacy_java_sub_intervals.txt", "\n\n********** New data length is 100\n"
      + "".join(leg_thr_int(t, "Lost: %5llu (%1.2f (%%))") + "\n" for t in THR)
      + leg_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0) + "\n")
write("legacy_43_pub_hires.txt", c("Length: %5d Latency: Ave %9.3f U Std %9.3f U Min %9.3f U Max %9.3f U 50%% %9.3f U "
                                   "90%% %9.3f U 99%% %9.3f U 99.99%% %9.3f U 99.9999%% %9.3f U", 100, 12.673, 0.328,
                                   12.345, 13.001, 13.001, 13.001, 13.001, 13.001, 13.001).replace(" U", " " + MU) + "\n")

# ---------------------------------------------------------------- pre-3.1 raw printf
def old_lat_sum(size, s, layout, tail=""):
    ave, std, mn, mx, p50, p90, p99, p9999, p999999 = s
    if layout == "5.1":
        return c("Length: %5d  Latency: Ave %6.0lf us  Std %6.1lf us  Min %6lu us  Max %6lu us 50%% %6lu us 90%% %6lu us"
                 "  99%% %6lu us 99.99%% %6lu us", size, ave, std, mn, mx, p50, p90, p99, p9999) + tail
    if layout == "3.0":
        return c("Length: %5d  Latency: Ave %6.0lf us  Std %6.1lf us  Min %6lu us  Max %6lu us  50%% %6lu us  90%% %6lu us"
                 " 99%% %6lu us  99.99%% %6lu us  99.9999%% %6lu us", size, *s) + tail
    return c("Length: %5d  Latency: Ave %6.0lf us  Std %6.1lf us  Min %6lu us  Max %6lu us  50%% %6lu us  90%% %6lu us"
             "  99%% %6lu us  99.99%% %6lu us  99.9999%% %6lu us", size, *s) + tail


def old_lat_int(p, tail=""):
    return c("One way Latency: %6lu us  Ave %6.0lf us  Std %6.1lf us  Min %6lu us  Max %6lu", *p) + tail


def old_thr_int(t, lost24=False, tail=""):
    size, total, sps, avesps, mbps, avembps, lost, lostpct = t
    r = c("Packets: %8llu  Packets/s: %7llu  Packets/s(ave): %7.0lf  Mbps: %7.1lf  Mbps(ave): %7.1lf  ",
          total, sps, avesps, mbps, avembps)
    return r + (c("Lost: %5llu (%1.2f%%)", lost, lostpct) if lost24 else c("Lost: %llu", lost)) + tail


def old_thr_sum(size, total, sps, mbps, lost, lostpct, lost24=False, tail=""):
    r = c("Length: %5d  Packets: %8llu  Packets/s(ave): %7llu  Mbps(ave): %7.1lf  ", size, total, sps, mbps)
    return r + (c("Lost: %5llu (%1.2f%%)", lost, lostpct) if lost24 else c("Lost: %llu", lost)) + tail


HDR = "\n\n********** New data length is %d\n"
write("legacy_51_pub.txt", "".join(old_lat_sum(s, SUMS[s], "5.1") + "\n" for s in (100, 1024)))
write("legacy_51_sub.txt", HDR % 100 + "".join(old_thr_int(t) + "\n" for t in THR)
      + old_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0) + "\n")
write("legacy_20_pub_intervals.txt", HDR % 100 + "".join(old_lat_int(p) + "\n" for p in PONGS[100])
      + old_lat_sum(100, SUMS[100], "2.0") + "\n")
write("legacy_20_sub_intervals.txt", HDR % 100 + "".join(old_thr_int(t) + "\n" for t in THR)
      + old_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0) + "\n")
write("legacy_22_pub_cpu.txt", HDR % 100 + "".join(old_lat_int(p, " CPU: 12.34%") + "\n" for p in PONGS[100])
      + old_lat_sum(100, SUMS[100], "2.0", " CPU: 12.5%") + "\n")
write("legacy_23_sub_trailing_space.txt", HDR % 100 + "".join(old_thr_int(t, tail=" ") + "\n" for t in THR)
      + old_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0, tail=" ") + "\n")
write("legacy_23_pub_trailing_space_scan.txt", "".join(old_lat_sum(s, SUMS[s], "2.0", " ") + "\n" for s in (100, 1024)))
write("legacy_24_sub.txt", HDR % 100 + "".join(old_thr_int(t, True, " ") + "\n" for t in THR)
      + old_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0, True, " ") + "\n")
write("legacy_24_sub_cpu.txt", "".join(old_thr_sum(s, 2800000, 931000, 744.8, 5, 0.18, True, " CPU: 40.5%") + "\n"
                                       for s in (100,)))
write("legacy_30_pub_serialization.txt", "".join(old_lat_sum(s, SUMS[s], "3.0", " ") + "\n"
      + "Serialization/Deserialization: 0.512 us / 0.734 us / TOTAL: 1.246 us\n" for s in (100, 1024)))
write("legacy_docs_sub.txt", "Length:    32  Packets: 85900000  Packets/s(ave): 2880385  Mbps(ave):   737.4  Lost: 0 (0.00%)\n"
      "Length:    64  Packets: 66500000  Packets/s(ave): 2232093  Mbps(ave):  1142.8  Lost: 0 (0.00%)\n")

# ---------------------------------------------------------------- malformed and awkward files
write("bad_number.csv", lat_sum_header("Sample Size (Bytes)") + "\n" + lat_sum_row(100, SUMS[100]) + "\n"
      + c("%19d,%9.0lf,%9.1lf,%9lu,%9lu,%9lu,%9lu,%9s,%12lu,%14lu", 1024, 60, 8.2, 50, 70, 60, 70, "n/a", 70, 70) + "\n")
write("bad_number_legacy.txt", old_lat_sum(100, SUMS[100], "2.0") + "\n"
      + old_lat_sum(1024, SUMS[1024], "2.0").replace("Std    8.2", "Std    x.2") + "\n")
write("bad_number_json.json", json_lat([100], intervals=False).replace('"latency_90": 40', '"latency_90": n/a'))
write("bad_number_throughput.csv", THR_SUM_4X + "\n" + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0)
      .replace("744.8", "7x4.8") + "\n" + thr_sum_row(1024, 1, 1, 1.0, 0, 0.0) + "\n")
write("truncated.csv", lat_sum_header("Sample Size (Bytes)") + "\n" + lat_sum_row(32, (25, 3.5, 20, 90, 24, 27, 33, 90, 90))
      + "\n" + lat_sum_row(100, SUMS[100]) + "\n" + lat_sum_row(1024, SUMS[1024])[:45])
write("truncated_legacy.txt", HDR % 100 + "".join(old_thr_int(t, True, " ") + "\n" for t in THR)
      + old_thr_int(THR[2], True, " ")[:40] + "\n")
write("truncated.json", json_lat([100, 1024])[:-300])
write("garbage.txt", "hello, this is not\na benchmark output\n")
write("empty.txt", "")
write("crlf_bom.csv", None, raw=("\ufeff" + csv_4x_sub_intervals()).replace("\n", "\r\n").encode("utf-8"))
write("crlf_bom_legacy.txt", None, raw=("\ufeff" + HDR % 100 + "".join(old_thr_int(t, True, " ") + "\n" for t in THR)
                                        ).replace("\n", "\r\n").encode("utf-8"))
write("no_final_newline.csv", lat_sum_header("Sample Size (Bytes)") + "\n" + lat_sum_row(100, SUMS[100]))
write("no_final_newline_legacy.txt", old_lat_sum(100, SUMS[100], "2.0"))

BANNER = "RTI Perftest 4.3.0 2d260537 (master) (RTI Connext DDS 7.3.0)\n"
CONFIG_PUB = ("\nMode: THROUGHPUT TEST\n    (Use \"-latencyTest\" for Latency Mode)\n\nPerftest Configuration:\n"
              "    Reliability: Reliable\n    Keyed: No\n    Publisher ID: 0\n    Latency count: 1 latency sample every 10000 samples\n"
              "    Data Size: 100\n    Batching: 8192 Bytes (Use \"-batchSize 0\" to disable batching)\n"
              "    Publication Rate: Unlimited (Not set)\n    Execution time: 10 seconds\n\n")
# 2>&1 capture: stderr first, data buffered after "Test ended.", -cacheStats lines interleaved
write("console_csv_4x_pub.txt", BANNER + CONFIG_PUB + "Waiting to discover 1 subscribers ...\n"
      "Waiting for subscribers announcement ...\nSending 50 initialization pings ...\nSending data ...\n"
      "Finishing test due to timer...\nTest ended.\n" + "\nIntervals One-Way Latency for 100 Bytes:\n"
      + lat_int_header_4x() + "\n" + lat_int_row(100, *PONGS[100][0]) + "\n"
      + "Pulled samples:   3, Samples Writer Queue:   5 (Peak:  10)\n" + lat_int_row(100, *PONGS[100][1]) + "\n"
      + "Pulled samples:   4, Samples Writer Queue:   2 (Peak:  10)\n" + lat_int_row(100, *PONGS[100][2]) + "\n"
      + "\nOne-way Latency Summary:\n" + lat_sum_header("Sample Size (Bytes)") + "\n" + lat_sum_row(100, SUMS[100])
      + "\nPulled samples:   4, Samples Writer Queue Peak:  10\n")
write("console_csv_4x_sub_cft.txt", BANNER + "\nPerftest Configuration:\n    Reliability: Reliable\n    Keyed: Yes\n"
      "    Subscriber ID: 0\n\nCFT enabled for instance range: [0,10] \nWaiting to discover 1 publishers ...\n"
      "Waiting for data ...\n" + THR_SUM_4X + "\n" + "Samples Ping Reader Queue:    0 (Peak:    3) Samples Pong Writer Queue:   0 (Peak:   1)\n"
      + thr_sum_row(100, 2800000, 931000, 744.8, 0, 0.0) + "\nSamples Ping Reader Queue Peak:    3\nFinishing test...\nTest ended.\n")
write("console_json_cpp_pub.txt", BANNER + CONFIG_PUB + "Waiting to discover 1 subscribers ...\nSending data ...\n"
      + json_lat([100], intervals=False) + "\nFinishing test due to timer...\nTest ended.\n")
write("console_legacy_4x_sub.txt", BANNER + "\nPerftest Configuration:\n    Reliability: Reliable\n\nWaiting for data ...\n"
      + HDR % 100 + "".join(leg_thr_int(t) + "\n" for t in THR) + "Finishing test...\n"
      + leg_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0) + "\nTest ended.\n")
write("bad_syntax.json", json_lat([100], intervals=False).replace('"latency_min": 30', '"latency_min" 30'))
write("bad_width.csv", lat_sum_header("Sample Size (Bytes)") + "\n" + lat_sum_row(100, SUMS[100]) + "\n"
      + "                100,       35,      4.1,       30,       40\n" + lat_sum_row(1024, SUMS[1024]) + "\n")
write("bad_line_legacy.txt", old_lat_sum(100, SUMS[100], "2.0")[:50] + "\n" + old_lat_sum(1024, SUMS[1024], "2.0") + "\n")
write("legacy_ns_pub.txt", c("Length: %5d Latency: Ave %6.0lf ns Std %6.1lf ns Min %6lu ns Max %6lu ns 50%% %6lu ns 90%% %6lu ns "
                             "99%% %6lu ns 99.99%% %6lu ns 99.9999%% %6lu ns", 100, 35250, 4125.5, 30100, 40900, 35000,
                             40000, 40500, 40900, 40900) + "\n")
write("bad_header.csv", "Sample Size (Bytes), Foo (x), Bar (y)\n" + lat_sum_row(100, SUMS[100]) + "\n")
write("bad_tail_legacy.txt", old_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0, True, " oops") + "\n")
write("bad_intervals.json", '\t\t\t"length":100,\n\t\t\t"intervals": 5,\n\t\t\t"summary":{\n' + obj(4, lat_sum_pairs(SUMS[100]))
      + "\n\t\t\t}\n\t\t}")
write("bad_summary.json", '\t\t\t"length":100,\n\t\t\t"summary": [1]\n\t\t}')
write("bad_document.json", json_lat([100], intervals=False) + '\n{"other": 1}\n')
# %14.0llu prints a rate of 0 as blanks: the value is missing, not 0
write("csv_4x_sub_zero_rate.csv", THR_SUM_4X + "\n" + c("%19d,%14llu,%14s,%12.1lf, %12llu, %16.2lf", 100, 3, "", 0.0, 0, 0.0)
      + "\n")
# 4.x legacy text whose "μs" went through ISO-8859-1 (U+00B5 variant: "Âµs")
write("legacy_4x_pub_mojibake.txt", "\n\n********** New data length is 100\n"
      + "".join(leg_lat_int(*p, "\u00c2\u00b5s", "One-Way Latency:") + "\n" for p in PONGS[100])
      + leg_lat_sum(100, SUMS[100], "\u00c2\u00b5s") + "\n")
# Java printer under a German JVM locale: decimal commas break the CSV
write("csv_java_german_locale.csv", "\n" + lat_sum_header("Sample Size (Bytes)", U) + "\n"
      + lat_sum_row(100, (35, 4.1, 30, 40, 35, 40, 40, 30, 30)).replace("4.1", "4,1") + "\n")
write("bad_perftest_item.json", '{"perftest":\n\t[\n\t\t"x"\n\t]\n}\n')
write("bad_interval_item.json", '\t\t\t"length":100,\n\t\t\t"intervals":[\n\t\t\t\t"x"\n\t\t\t],\n\t\t\t"summary":{\n'
      + obj(4, lat_sum_pairs(SUMS[100])) + "\n\t\t\t}\n\t\t}")
write("bad_stray.json", json_lat([100], intervals=False) + "\n]\n")
# more combinations of the format notes' section 2
write("csv_3x_pub_noheaders_nointervals_cpu.csv", lat_sum_row(100, SUMS[100], width=14, cpu=3.25) + "\n"
      + lat_sum_row(1024, SUMS[1024], width=14, cpu=3.5) + "\n")
write("csv_java_4x_sub_nointervals.csv", "\n" + THR_SUM_4X + "\n" + thr_sum_row(100, 2800000, 931000, 744.8, 5, 0.0) + "\n")
write("json_cpp_4x_sub_nointervals.json", json_thr(intervals=False))
write("json_java_sub_intervals.json", json_thr(intervals=True, cpu=4.5, cpukey="cpu", java=True))
write("legacy_4x_sub_cpu.txt", "\n\n********** New data length is 100\n"
      + "".join(leg_thr_int(t, cpu=15.0) + "\n" for t in THR) + leg_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0, cpu=15.5)
      + "\n")
write("legacy_22_sub_cpu.txt", HDR % 100 + "".join(old_thr_int(t, tail=" CPU: 25.5%") + "\n" for t in THR)
      + old_thr_sum(100, 2800000, 931000, 744.8, 5, 0.0, tail=" CPU: 26.25%") + "\n")
write("legacy_24_pub_console.txt", "RTI Perftest 2.4.0 (RTI Connext DDS 5.3.1)\n\nMode: THROUGHPUT TEST\n"
      "Waiting to discover 1 subscribers ...\nPublishing data ...\n"
      + "".join(old_lat_sum(s, SUMS[s], "2.0", " ") + "\n" for s in (100, 1024)) + "Finishing test...\nTest ended.\n")
