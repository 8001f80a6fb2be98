#!/usr/bin/env bash
# Runs every cargo-fuzz target (fuzz/fuzz_targets/) for SECONDS each (default 20) on its
# committed corpus, on stable Rust through RUSTC_BOOTSTRAP=1. Prints each target's
# execution count. Skips with a visible message when cargo-fuzz is missing and cannot be
# installed (QI_FUZZ_INSTALL=0 forbids installing it). A crash fails the script; libFuzzer
# leaves the input in fuzz/artifacts/<target>/.
#
#   scripts/fuzz.sh            # 20 s per target
#   scripts/fuzz.sh 600        # 10 min per target
#   scripts/fuzz.sh 60 gomocup # one target
#   QI_FUZZ_RUNS=10000000 scripts/fuzz.sh 7200   # each target until 10 M executions
#   QI_FUZZ_MAX_LEN=256 scripts/fuzz.sh 600 gomocup  # shorter inputs (default 4096 bytes)
#
# The build has overflow checks and debug assertions on (-a: an overflow is a bug the
# fuzzer should find) and AddressSanitizer off: the bodies run safe Rust only (the one
# unsafe block, the transposition table's allocation, is not reached by them), where ASan
# finds nothing and halves the execution rate.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
shift || true

if ! cargo fuzz --version >/dev/null 2>&1; then
  if [ "${QI_FUZZ_INSTALL:-1}" = 1 ] && cargo install cargo-fuzz --locked >/dev/null 2>&1; then
    echo "fuzz: installed $(cargo fuzz --version)"
  else
    echo "fuzz: SKIPPED: cargo-fuzz is not installed and could not be installed"
    exit 0
  fi
fi

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cd fuzz/fuzz_targets && ls ./*.rs | sed 's|^\./||; s|\.rs$||')
fi

export RUSTC_BOOTSTRAP=1
cd fuzz
# One build for all targets; the binaries then run directly (cargo fuzz run would rebuild
# whenever a source file was touched since).
cargo fuzz build -O -a --sanitizer none
bin="target/$(rustc -vV | sed -n 's/^host: //p')/release"
for target in "${targets[@]}"; do
  # A scratch copy of the corpus: what libFuzzer adds stays out of the committed seeds.
  work="$(mktemp -d)"
  cp corpus/"$target"/* "$work"/
  mkdir -p artifacts/"$target"
  log="$(mktemp)"
  started=$SECONDS
  if ! "$bin/$target" -max_total_time="$seconds" -runs="${QI_FUZZ_RUNS:--1}" \
      -max_len="${QI_FUZZ_MAX_LEN:-4096}" -rss_limit_mb=2048 \
      -artifact_prefix=artifacts/"$target"/ "$work" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz: $target FAILED (input in fuzz/artifacts/$target/)"
    exit 1
  fi
  runs="$(grep -o 'Done [0-9]* runs' "$log" | tail -n 1 | grep -o '[0-9]*' || echo '?')"
  echo "fuzz: $target: $runs executions in $((SECONDS - started)) s, no crash"
  rm -rf "$work" "$log"
done
