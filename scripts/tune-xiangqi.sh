#!/usr/bin/env bash
# Texel tuning of the Xiangqi evaluation, from self-play to a new tuned.rs, in one command.
#
#   scripts/tune-xiangqi.sh [GAMES] [MOVETIME_MS] [EXTRA.pgn ...]
#
# 1. plays GAMES (default 2000) self-play games of the current engine at MOVETIME_MS
#    (default 25) per move from data/openings/balanced.epd, both colours, one game per core;
# 2. takes their quiet positions, labelled by result (plus those of any EXTRA.pgn, e.g.
#    SPRT or gauntlet games written by `qi match --pgn`);
# 3. fits the weights and rewrites crates/xiangqi-engine/src/tuned.rs.
# Then: build, update the bench signature, and SPRT the result against the previous
# engine (docs/tuning.md). Work files go to $TUNE_DIR (default target/tune).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-2000}
movetime=${2:-25}
shift $(( $# < 2 ? $# : 2 ))
dir=${TUNE_DIR:-target/tune}
mkdir -p "$dir"
cargo build --release --quiet
cp target/release/qi "$dir/qi"   # the engine that plays, fixed while tuned.rs changes
qi="$dir/qi"
jobs=$(nproc 2>/dev/null || echo 2)

"$qi" match --engine1 "$qi uci" --engine2 "$qi uci" --movetime "$movetime" --timemargin 200 \
  --rounds $(( (games + 1) / 2 )) --openings data/openings/balanced.epd \
  --concurrency "$jobs" --pgn "$dir/selfplay.pgn" | tail -n 3

pgns=(--pgn "$dir/selfplay.pgn")
for extra in "$@"; do pgns+=(--pgn "$extra"); done
"$qi" tune xiangqi positions "${pgns[@]}" --out "$dir/positions.txt"
"$qi" tune xiangqi fit --data "$dir/positions.txt" --epochs 1000 \
  --note "$games self-play games at ${movetime} ms per move (scripts/tune-xiangqi.sh)" \
  --out crates/xiangqi-engine/src/tuned.rs
