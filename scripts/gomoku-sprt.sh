#!/usr/bin/env bash
# A gomoku self-play SPRT as the project runs them (docs/gomoku-strength.md, "Self-play SPRTs"):
# NEW against OLD from the balanced book, 200 ms a turn with a 100 ms margin, `--sprt 0 10`,
# as RUNS matches side by side, each on its own share of the book, so that a machine with
# RUNS cores plays RUNS games at once and every game pair still starts from its own opening.
#
#   [RULE=freestyle|standard|renju] [ROT=0] [RUNS=2] [MOVETIME=200] [QI=target/release/qi] \
#     [BOOK=data/openings/gomoku-balanced.txt] scripts/gomoku-sprt.sh NAME NEW OLD [OUT_DIR]
#
# NEW and OLD are Qi binaries (built from the two commits; copy them out of target/ first);
# they are run as `BINARY gomocup`. BOOK is another book of the same form. ROT rotates the
# book by that many openings, so that a continued test plays openings it has not played
# yet. The matches run in the background and write OUT_DIR/NAME-1.log … NAME-RUNS.log (and
# their books); sum them, finished or not, with `qi sprt OUT_DIR/NAME-*.log` (the QI binary
# will do). Each log ends with the match's own verdict on its share; the sum is the test.
# The engines are named NAME-new and NAME-old in the logs, so that `qi sprt` refuses to sum
# two tests' logs: to continue a test with another ROT, keep its NAME and give another
# OUT_DIR.
set -euo pipefail

if [ $# -lt 3 ]; then
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
name=$1 new=$2 old=$3 out=${4:-.}
# The name goes into the engines' names (`qi match --name1`): letters, digits, '.', '_' and
# '-', short enough for NAME-new, so that no background match fails on it.
case $name in
    '' | *[!A-Za-z0-9._-]*) echo "NAME may hold only letters, digits, '.', '_' and '-': $name" >&2; exit 1 ;;
esac
[ ${#name} -le 60 ] || { echo "NAME has at most 60 characters: $name" >&2; exit 1; }
rule=${RULE:-freestyle} rot=${ROT:-0} runs=${RUNS:-2} movetime=${MOVETIME:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
qi=${QI:-$root/target/release/qi}
book=${BOOK:-$root/data/openings/gomoku-balanced.txt}

[ -f "$book" ] || { echo "no such book: $book" >&2; exit 1; }
for binary in "$qi" "$new" "$old"; do
    [ -x "$binary" ] || { echo "not an executable: $binary" >&2; exit 1; }
done
case $rot in '' | *[!0-9]*) echo "ROT must be a number: $rot" >&2; exit 1 ;; esac
case $runs in '' | *[!0-9]* | 0) echo "RUNS must be a number from 1: $runs" >&2; exit 1 ;; esac
mkdir -p "$out"

# The book without its comments, rotated by ROT, cut into RUNS shares of whole lines.
openings=$(mktemp)
trap 'rm -f "$openings"' EXIT
grep -v '^#' "$book" | grep -v '^[[:space:]]*$' > "$openings"
total=$(wc -l < "$openings")
rot=$((rot % total))
rotated="$out/$name.book"
{ tail -n +$((rot + 1)) "$openings"; head -n "$rot" "$openings"; } > "$rotated"
share=$(((total + runs - 1) / runs))

for i in $(seq 1 "$runs"); do
    part="$out/$name-$i.book"
    tail -n +$(((i - 1) * share + 1)) "$rotated" | head -n "$share" > "$part"
    [ -s "$part" ] || continue
    nohup "$qi" match --game gomoku --rule "$rule" \
        --engine1 "$new gomocup" --engine2 "$old gomocup" \
        --name1 "$name-new" --name2 "$name-old" \
        --movetime "$movetime" --timemargin 100 --openings "$part" --sprt 0 10 \
        > "$out/$name-$i.log" 2>&1 < /dev/null &
    echo "run $i: $(wc -l < "$part") openings, $out/$name-$i.log"
done
echo "sum: $qi sprt $out/$name-*.log"
