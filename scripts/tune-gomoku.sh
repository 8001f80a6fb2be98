#!/usr/bin/env bash
# Texel tuning of the gomoku evaluation, from self-play to a new tuned.rs, in one command.
#
#   [RAPFI=.../pbrain-rapfi] [OPENINGS=FILE] [RULE=renju] scripts/tune-gomoku.sh [GAMES]
#                                                       [MOVETIME_MS] [EXTRA.sgf ...]
#
# 1. plays GAMES (default 2000) self-play games under $RULE (default freestyle) of the current engine at
#    MOVETIME_MS (default 120: the Gomocup brain keeps 80 ms of a turn in hand) per turn
#    from $OPENINGS (default data/openings/gomoku-random.txt), both colours, one game
#    per core;
# 2. takes their quiet positions, labelled by result (plus those of any EXTRA.sgf, e.g.
#    SPRT or gauntlet games written by `qi match --game gomoku --pgn`);
# 3. with RAPFI set to a Rapfi pbrain binary (../shared/engines/README.md), relabels
#    each position of at most 70 stones with Rapfi's evaluation after RAPFI_NODES
#    (default 20000) nodes of search instead of its game's result
#    (scripts/gomoku_label.py): a far less noisy target, and a stronger engine's
#    judgement instead of Qi's own;
# 4. fits the weights and rewrites crates/gomoku/src/tuned.rs; under RULE=renju, fits the
#    two renju sets instead, each on the positions with its colour to move, and rewrites
#    crates/gomoku/src/tuned_renju_black.rs and tuned_renju_white.rs.
# Then: build, update the bench signature, and SPRT the result against the previous
# engine (docs/tuning.md). Work files go to $TUNE_DIR (default target/tune-gomoku).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-2000}
movetime=${2:-120}
shift $(( $# < 2 ? $# : 2 ))
dir=${TUNE_DIR:-target/tune-gomoku}
mkdir -p "$dir"
cargo build --release --quiet
cp target/release/qi "$dir/qi"   # the engine that plays, fixed while tuned.rs changes
qi="$dir/qi"
jobs=$(nproc 2>/dev/null || echo 2)

rule=${RULE:-freestyle}
"$qi" match --game gomoku --rule "$rule" --engine1 "$qi gomocup" --engine2 "$qi gomocup" \
  --movetime "$movetime" --timemargin 200 --rounds $(( (games + 1) / 2 )) \
  --openings "${OPENINGS:-data/openings/gomoku-random.txt}" --concurrency "$jobs" \
  --pgn "$dir/selfplay.sgf" | tail -n 3

sgfs=(--sgf "$dir/selfplay.sgf")
for extra in "$@"; do sgfs+=(--sgf "$extra"); done
"$qi" tune gomoku positions "${sgfs[@]}" --out "$dir/positions.txt"
data="$dir/positions.txt"
label="labelled by their games' results"
if [[ -n "${RAPFI:-}" ]]; then
  nodes=${RAPFI_NODES:-20000}
  python3 scripts/gomoku_label.py "$data" "$RAPFI" "$dir/rapfi.txt" --nodes "$nodes" --jobs "$jobs"
  data="$dir/rapfi.txt"
  label="labelled by Rapfi-classical's evaluation at $nodes nodes"
fi
note="$games $rule self-play games at ${movetime} ms per turn, $label (scripts/tune-gomoku.sh)"
if [[ "$rule" == renju ]]; then
  for colour in black white; do
    "$qi" tune gomoku fit --weights "renju-$colour" --data "$data" --epochs 3000 \
      --learning-rate 5 --note "$note" --out "crates/gomoku/src/tuned_renju_$colour.rs"
  done
else
  "$qi" tune gomoku fit --data "$data" --epochs 3000 --learning-rate 5 --note "$note" \
    --out crates/gomoku/src/tuned.rs
fi
