#!/usr/bin/env bash
# Checks every count in perft.epd up to MAXDEPTH (default 5) with the release perft example.
set -euo pipefail
MAXDEPTH=${1:-5}
EPD=${2:-/work/shared/data/xiangqi/perft.epd}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-xiangqi}
cargo build -q --release -p qi-xiangqi --example perft
T=$CARGO_TARGET_DIR/release/examples/perft
fail=0; ok=0
while IFS= read -r line; do
  [[ -z "$line" || "$line" == \#* ]] && continue
  fen=${line%%;*}
  for part in $(echo "${line#*;}" | tr ';' '\n' | tr -d ' '); do
    d=${part:1:1}; n=${part:2}
    (( d <= MAXDEPTH )) || continue
    got=$($T "$d" $fen | awk '{print $4}')
    if [[ "$got" == "$n" ]]; then ok=$((ok+1)); else fail=$((fail+1)); echo "MISMATCH $fen depth $d want $n got $got"; fi
  done
done < "$EPD"
echo "$ok passed, $fail failed"
[[ $fail == 0 ]]
