#!/usr/bin/env bash
# The independent oracles (docs/testing.md, "Independent oracles"): Qi's rules checked
# against counts and referees written by others. .ci/run calls it after the tests.
#
#   scripts/oracles.sh
#
# * perft: every count of ../shared/data/xiangqi/perft.epd to depth 6 and the start
#   position's depth-6 count (scripts/xiangqi_perft_check.sh), in the background on one
#   core while the Python checks run on the other;
# * pyffish (Fairy-Stockfish): legal moves, check, WXF (scripts/xiangqi_oracle_check.py)
#   and game endings (scripts/xiangqi_oracle_games.py);
# * renju (PyPI): renju forbidden points (scripts/renju_oracle_check.py).
#
# The scripts' default sizes are CI's; run them by hand for bigger ones. pyffish and renju
# are installed, at the versions of scripts/oracle-requirements.txt, in a venv under the
# target directory. What cannot run here (no ../shared, no python3, no venv, no network
# for pip) prints "oracles: SKIPPED: <why>" and is not a failure; a check that runs and
# finds a difference is. QI_SKIP_ORACLES=1 skips the whole step. The examples are built
# with the test profile (QI_ORACLE_PROFILE), which `cargo test --workspace` has built.
set -uo pipefail
TIMEFORMAT='%U %S'
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

if [ "${QI_SKIP_ORACLES:-0}" = 1 ]; then
  echo "oracles: skipped (QI_SKIP_ORACLES=1)"
  exit 0
fi

TARGET=${CARGO_TARGET_DIR:-target}
case "$TARGET" in /*) ;; *) TARGET=$ROOT/$TARGET ;; esac
export CARGO_TARGET_DIR=$TARGET
export QI_ORACLE_PROFILE=${QI_ORACLE_PROFILE:-test}
LOGS=$TARGET/oracles
VENV=${QI_ORACLE_VENV:-$TARGET/oracle-venv}
EPD=$ROOT/../shared/data/xiangqi/perft.epd
mkdir -p "$LOGS"
rm -f "$LOGS"/*.status
began=$SECONDS

# run_check NAME COMMAND…: runs one check with its output in $LOGS/NAME.log and its verdict
# in $LOGS/NAME.status (a file, so that a check run in the background can report too).
# The CPU time is printed beside the wall time because CI machines are often shared. It is
# taken in a subshell of the check's own: the main shell's count of its children's time also
# takes in the background perft check once the shell reaps it.
run_check() {
  local name=$1 t0=$SECONDS rc=0 cpu
  shift
  ({ time "$@" >"$LOGS/$name.log" 2>&1; } 2>"$LOGS/$name.time") || rc=$?
  cpu=$(awk '{printf "%.0f", $1 + $2}' "$LOGS/$name.time" 2>/dev/null)
  if [ "$rc" = 0 ]; then
    echo "oracles: $name: passed in $((SECONDS - t0)) s (CPU ${cpu:-?} s)" >"$LOGS/$name.status"
  else
    echo "oracles: $name: FAILED (exit $rc) in $((SECONDS - t0)) s (CPU ${cpu:-?} s)" >"$LOGS/$name.status"
  fi
}

# show NAME: prints a finished check's output and verdict.
show() {
  echo "-- $1"
  cat "$LOGS/$1.log"
  cat "$LOGS/$1.status"
}

# One build of every example first, so the checks running side by side do not wait on
# cargo's lock (and a build failure is reported once, as itself).
echo "oracles: building the examples (profile $QI_ORACLE_PROFILE)"
if ! cargo build -q --profile "$QI_ORACLE_PROFILE" -p qi-xiangqi -p qi-gomoku \
  --example perft --example dump_moves --example game_outcome --example chase_playouts \
  --example forbidden; then
  echo "oracles: FAILED: the examples do not build"
  exit 1
fi

perft_pid=
if [ -f "$EPD" ]; then
  run_check perft scripts/xiangqi_perft_check.sh 6 "$EPD" &
  perft_pid=$!
elif [ "${QI_REQUIRE_SHARED:-0}" = 1 ]; then
  echo "oracles: perft: FAILED: $EPD not found and QI_REQUIRE_SHARED=1" | tee "$LOGS/perft.status"
  : >"$LOGS/perft.log"
else
  echo "oracles: SKIPPED: perft: ../shared/data/xiangqi/perft.epd not found"
fi

# The Python oracles, in a venv of their own (never the system's packages).
python_ready() { "$VENV/bin/python" -c "import pyffish, renju" >/dev/null 2>&1; }
why_not=
if python_ready; then
  :
elif ! command -v python3 >/dev/null; then
  why_not="python3 not found"
elif ! python3 -m venv --clear "$VENV" >"$LOGS/venv.log" 2>&1; then
  why_not="python3 -m venv failed (on Debian: apt-get install python3-venv); see $LOGS/venv.log"
elif ! timeout 300 "$VENV/bin/pip" install -q --disable-pip-version-check --only-binary :all: \
  --timeout 20 --retries 1 -r scripts/oracle-requirements.txt >>"$LOGS/venv.log" 2>&1; then
  why_not="pip install pyffish renju failed (no network, or no wheel for this Python); see $LOGS/venv.log"
elif ! python_ready; then
  why_not="pyffish or renju installed but does not import; see $LOGS/venv.log"
fi
if [ -n "$why_not" ]; then
  echo "oracles: SKIPPED: pyffish and renju checks: $why_not"
else
  for check in "xiangqi-moves scripts/xiangqi_oracle_check.py" \
    "xiangqi-games scripts/xiangqi_oracle_games.py" "renju scripts/renju_oracle_check.py"; do
    read -r name script <<<"$check"
    run_check "$name" "$VENV/bin/python" "$script"
    show "$name"
  done
fi

if [ -n "$perft_pid" ]; then
  wait "$perft_pid"
  show perft
fi

failed=$(grep -l FAILED "$LOGS"/*.status 2>/dev/null | xargs -r -n1 basename | sed 's/\.status$//' | tr '\n' ' ')
if [ -n "$failed" ]; then
  echo "oracles: FAILED: $failed(logs in $LOGS) after $((SECONDS - began)) s"
  exit 1
fi
echo "oracles: done in $((SECONDS - began)) s"
