#!/bin/sh
# wirebench remote role, pushed by `wirebench campaign --hosts` (docs/multihost.md).
# Usage: wb-role.sh RUN LIMIT_S COMMAND...
# Runs COMMAND in a session (and process group) of its own under `timeout LIMIT_S`, writes that
# group's id to RUN/pid, and stops the group when ssh's stdin closes (the coordinator stopped the
# test, was killed, or the connection died), so that no role outlives its campaign.
run=$1
limit=$2
shift 2
here=$(dirname "$0")
rm -rf "$run" && mkdir -p "$run" || { echo "wb-role: cannot create $run" >&2; exit 125; }
exec 3<&0 </dev/null
setsid -w sh -c 'r=$0; l=$1; shift; echo $$ > "$r/pid"; export WB_RUN=$r; exec timeout -k 5 "$l" "$@"' "$run" "$limit" "$@" &
role=$!
setsid sh -c 'cat >/dev/null; [ -f "$0/exit" ] || sh "$1/wb-stop.sh" "$0"' "$run" "$here" <&3 >/dev/null 2>&1 &
watch=$!
exec 3<&-
wait "$role"
rc=$?
echo "$rc" > "$run/exit"
kill -TERM "-$watch" 2>/dev/null
rm -f "$run/pid"
exit "$rc"
