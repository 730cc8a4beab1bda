#!/bin/sh
# wirebench remote stop, pushed by `wirebench campaign --hosts` (docs/multihost.md).
# Usage: wb-stop.sh RUN...
# Stops the process group recorded in each RUN/pid (SIGTERM, up to 5 s, then SIGKILL), checking
# first that the group's processes still carry WB_RUN=RUN in their environment (wb-role.sh sets it;
# a recycled id is left alone). Exits 1 when a group survives SIGKILL.
left() {
  for p in $(ps -o pid=,stat= -s "$1" 2>/dev/null | awk '$2 !~ /^Z/ { print $1 }'); do
    tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qxF -- "WB_RUN=$2" && return 0
  done
  return 1
}
status=0
for run in "$@"; do
  g=$(cat "$run/pid" 2>/dev/null) || continue
  case "$g" in ''|*[!0-9]*) continue ;; esac
  left "$g" "$run" || continue
  kill -TERM "-$g" 2>/dev/null
  i=0
  while left "$g" "$run" && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  if left "$g" "$run"; then
    kill -KILL "-$g" 2>/dev/null
    i=0
    while left "$g" "$run" && [ "$i" -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  fi
  if left "$g" "$run"; then
    echo "wb-stop: process group $g of $run survives SIGKILL" >&2
    status=1
  else
    echo "wb-stop: stopped process group $g of $run"
  fi
done
exit "$status"
