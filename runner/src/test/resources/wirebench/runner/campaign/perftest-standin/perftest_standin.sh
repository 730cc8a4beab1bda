#!/usr/bin/env bash
# Stand-in for an RTI Perftest 4.x binary (perftest_cpp) in wirebench's campaign tests, since RTI
# Connext is not installable here. It records the argument list it receives (one line per call,
# arguments separated by tabs, in records/pub.args or records/sub.args next to this script) and
# replays recorded Perftest CSV output for those arguments: the publisher prints the latency
# summary row of its -dataLen (best effort or reliable), the subscriber a throughput summary row,
# each preceded by the header unless -noOutputHeaders, as perftest_cpp -noPrintIntervals does.
# -dataLen 4444 makes the subscriber kill itself with SIGKILL (a crashed peer); -dataLen 5555 makes
# the publisher hang (a child sleep) until it is killed (a test to interrupt, whose whole
# process tree must go).
set -u
here="$(cd "$(dirname "$0")" && pwd)"
role=sub; be=0; headers=1; len=100
args=("$@")
while [ $# -gt 0 ]; do
  case "$1" in
    -pub) role=pub ;;
    -sub) role=sub ;;
    -bestEffort) be=1 ;;
    -noOutputHeaders) headers=0 ;;
    -dataLen) len="$2"; shift ;;
  esac
  shift
done
mkdir -p "$here/records"
(IFS=$'\t'; printf '%s\n' "${args[*]}") >> "$here/records/$role.args"
echo "RTI Perftest 4.3.0 (wirebench stand-in, replaying recorded output)" >&2
if [ "$len" = 4444 ] && [ "$role" = sub ]; then
  kill -9 $$
fi
if [ "$len" = 5555 ] && [ "$role" = pub ]; then
  sleep 120 &  # a child, not exec: as a wrapper script would start the real binary
  wait
fi
if [ "$role" = pub ]; then
  if [ "$be" = 1 ]; then file=pub-latency-be.csv; else file=pub-latency-rel.csv; fi
else
  file=sub-throughput.csv
fi
recorded="$(grep -v '^#' "$here/$file")"
row="$(printf '%s\n' "$recorded" | awk -F, -v n="$len" 'NR > 1 && $1 + 0 == n')"
if [ -z "$row" ]; then
  echo "stand-in: no recorded $file row for -dataLen $len" >&2
  exit 1
fi
if [ "$headers" = 1 ]; then
  printf '%s\n' "$recorded" | head -1
fi
printf '%s\n' "$row"
echo "Test ended." >&2
