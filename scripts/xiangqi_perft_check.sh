#!/usr/bin/env bash
# Checks every perft count of ../shared/data/xiangqi/perft.epd up to MAXDEPTH with the
# perft example of qi-xiangqi (the counts were verified by two independent engines).
#
#   scripts/xiangqi_perft_check.sh [MAXDEPTH] [EPD]
#
# MAXDEPTH defaults to 6, the deepest count in the file, what CI runs. The file's header
# also states the start position's depth-6 count ("# The start position's depth-6 count is
# N."); it is checked too (most of the check's ~100 s of CPU; the file's own counts ~12 s).
# EPD defaults to ../shared/data/xiangqi/perft.epd beside the repository.
# CARGO_TARGET_DIR defaults to the repository's target/; QI_ORACLE_PROFILE picks the cargo
# profile of the example (release by default; scripts/oracles.sh uses test, which
# `cargo test --workspace` has already built). Exit status 1 when a count differs.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MAXDEPTH=${1:-6}
EPD=${2:-$ROOT/../shared/data/xiangqi/perft.epd}
[[ "$MAXDEPTH" =~ ^[1-9]$ ]] || { echo "MAXDEPTH must be 1-9, got '$MAXDEPTH'" >&2; exit 2; }
[[ -f "$EPD" ]] || { echo "perft file not found: $EPD" >&2; exit 2; }
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
PROFILE=${QI_ORACLE_PROFILE:-release}
# Cargo writes the dev and test profiles to debug/, release and bench to release/, any
# other profile to a folder of its own name.
case "$PROFILE" in
  dev | test) OUTDIR=debug ;;
  bench) OUTDIR=release ;;
  *) OUTDIR=$PROFILE ;;
esac
(cd "$ROOT" && cargo build -q --profile "$PROFILE" -p qi-xiangqi --example perft)
case "$CARGO_TARGET_DIR" in
  /*) T=$CARGO_TARGET_DIR/$OUTDIR/examples/perft ;;
  *) T=$ROOT/$CARGO_TARGET_DIR/$OUTDIR/examples/perft ;;
esac

fail=0 ok=0 nodes=0 positions=0
check() { # FEN DEPTH EXPECTED
  local got
  # The example prints "depth D nodes N time …"; a bad FEN gives no count at all.
  got=$("$T" "$2" "$1" 2>&1 | awk '$1 == "depth" {print $4}') || true
  if [[ "$got" == "$3" ]]; then
    ok=$((ok + 1))
    nodes=$((nodes + $3))
  else
    fail=$((fail + 1))
    echo "MISMATCH $1 depth $2: expected $3, got ${got:-no count}"
  fi
}
START_FEN="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
while IFS= read -r line; do
  [[ -z "$line" || "$line" == \#* ]] && continue
  fen=$(echo "${line%%;*}" | sed 's/ *$//')
  positions=$((positions + 1))
  for part in $(echo "${line#*;}" | tr ';' '\n' | tr -d ' '); do
    d=${part:1:1} want=${part:2}
    ((d <= MAXDEPTH)) || continue
    check "$fen" "$d" "$want"
  done
done <"$EPD"
# A count stated in a comment of the header: "# The start position's depth-6 count is N."
header=$(sed -n "s/^# The start position's depth-\([0-9]\) count is \([0-9]*\).*/\1 \2/p" "$EPD" | head -1)
if [[ -n "$header" ]]; then
  read -r d want <<<"$header"
  if ((d <= MAXDEPTH)); then check "$START_FEN" "$d" "$want"; fi
fi
echo "perft: $positions positions, $ok counts to depth $MAXDEPTH passed ($nodes leaves), $fail failed"
[[ $fail == 0 ]]
