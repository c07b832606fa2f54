# Step timing for .ci/run (sourced): every step prints its wall time and the CPU time its
# processes used, and the run ends with a table of all of them, whether it passed or not. The CPU
# column shows where the two cores go: a step whose CPU time is near twice its wall time keeps
# both busy, and nothing beside it can run faster.
#
#   step  "name" command...   runs a step in the foreground
#   begin "name" command...   starts a step in the background; its output goes to its own log
#   finish "name"             waits for a background step, then prints its log and its time
#
# A step that fails stops the run (after the steps already begun are waited for).

CI_LOGS="$(mktemp -d)"
CI_STARTED=$(date +%s)
declare -a CI_ROWS=()
declare -A CI_PIDS=() CI_BEGAN=()

CI_CPU=0

_ci_row() { # name seconds status cpu-seconds
  CI_ROWS+=("$(printf '%6ss %7s  %-6s %s' "$2" "$4" "$3" "$1")")
  CI_CPU=$((CI_CPU + ${4:-0}))
}

# The CPU seconds (user and system) of the processes a step ran and waited for, from what
# bash's `times` wrote at its end (its second line: the children's user and system times).
_ci_cpu() { # file
  [ -s "$1" ] || return 0
  awk 'NR == 2 {
    total = 0
    for (i = 1; i <= 2; i++) { split($i, part, "m"); sub("s", "", part[2]); total += part[1] * 60 + part[2] }
    printf "%d", total
  }' "$1"
}

# Runs a step's command in a subshell that records its CPU time in "$1", and exits with its status.
_ci_timed() { # cpu-file command...
  local cpu="$1"
  shift
  (
    set +e
    _ci_errexit "$@"
    status=$?
    times >"$cpu"
    exit "$status"
  )
}

# Runs a command in a subshell with errexit of its own: bash ignores `set -e` in a function run
# as part of an `||` list, so `"$@" || status=$?` would let a step's function run on past a failed
# command. The caller turns errexit off around it and reads $?.
_ci_errexit() {
  (
    set -e
    "$@"
  )
}

# Records a step's end; a failed step waits for the steps in the background, then ends the run.
_ci_ended() { # name seconds status cpu-seconds
  if [ "$3" -ne 0 ]; then
    _ci_row "$1" "$2" "FAILED" "$4"
    printf '== %s: FAILED (exit %s) after %s s\n' "$1" "$3" "$2"
    ci_wait_all
    exit "$3"
  fi
  _ci_row "$1" "$2" "ok" "$4"
  printf '== %s: %s s, %s CPU-s\n' "$1" "$2" "$4"
}

ci_summary() {
  local total=$(($(date +%s) - CI_STARTED))
  printf '\n== step times (wall and CPU seconds; steps begun together overlap)\n'
  printf '%7s %7s  %-6s %s\n' wall CPU status step
  printf '%s\n' "${CI_ROWS[@]}"
  printf '%6ss %7s  total (%d min %d s; the steps used %d%% of %d cores)\n' "$total" "$CI_CPU" \
    $((total / 60)) $((total % 60)) $((CI_CPU * 100 / ($(nproc) * (total > 0 ? total : 1)))) "$(nproc)"
}

step() {
  local name="$1"
  shift
  printf '\n== %s\n' "$name"
  local began=$(date +%s) status=0 cpu
  cpu="$CI_LOGS/$(echo "$name" | tr -c 'a-zA-Z0-9' _).cpu"
  set +e
  _ci_timed "$cpu" "$@"
  status=$?
  set -e
  local took=$(($(date +%s) - began))
  _ci_ended "$name" "$took" "$status" "$(_ci_cpu "$cpu")"
}

begin() {
  local name="$1"
  shift
  printf '\n== %s (begun in the background)\n' "$name"
  local file
  file="$CI_LOGS/$(echo "$name" | tr -c 'a-zA-Z0-9' _)"
  CI_BEGAN["$name"]=$(date +%s)
  # Its own end time, so the table shows how long it ran, not how long until it was waited for.
  (
    set +e
    _ci_timed "$file.cpu" "$@"
    status=$?
    date +%s >"$file.ended"
    exit "$status"
  ) >"$file.log" 2>&1 &
  CI_PIDS["$name"]=$!
}

finish() {
  local name="$1" status=0 file
  file="$CI_LOGS/$(echo "$name" | tr -c 'a-zA-Z0-9' _)"
  wait "${CI_PIDS[$name]}" || status=$?
  unset "CI_PIDS[$name]"
  local took=$(($(cat "$file.ended" 2>/dev/null || date +%s) - CI_BEGAN[$name]))
  printf '\n== %s (its output)\n' "$name"
  cat "$file.log"
  _ci_ended "$name" "$took" "$status" "$(_ci_cpu "$file.cpu")"
}

# Waits for the steps still in the background, so that none outlives a failed run.
ci_wait_all() {
  local name
  for name in "${!CI_PIDS[@]}"; do wait "${CI_PIDS[$name]}" 2>/dev/null || true; done
}

trap ci_summary EXIT
