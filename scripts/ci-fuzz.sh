#!/usr/bin/env bash
# Fuzzes every target of fuzz/ for FUZZ_SECONDS each (default 15) under AddressSanitizer (cargo
# fuzz's default), then prints one line per target with libFuzzer's execution count. Exits
# non-zero when a target crashes; the crashing input is left under fuzz/artifacts/<target>/.
#   FUZZ_SECONDS=300 FUZZ_TARGETS="stream iconv" scripts/ci-fuzz.sh
# FUZZ_JOBS targets run at a time (default: one per core; each libFuzzer process is one thread).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-15}
targets=${FUZZ_TARGETS:-all}

# Toolchain: libFuzzer and -Zsanitizer need nightly and cargo-fuzz; say so loudly and install.
if ! cargo +nightly --version > /dev/null 2>&1; then
  echo "ci-fuzz: *** nightly toolchain missing: installing it (rustup toolchain install nightly) ***"
  rustup toolchain install nightly --profile minimal || { echo "ci-fuzz: cannot install nightly"; exit 2; }
fi
if ! cargo +nightly fuzz --version > /dev/null 2>&1; then
  echo "ci-fuzz: *** cargo-fuzz missing: installing it (cargo install cargo-fuzz --locked) ***"
  cargo install cargo-fuzz --locked || { echo "ci-fuzz: cannot install cargo-fuzz"; exit 2; }
fi

cd fuzz
[ "$targets" = all ] && targets=$(cargo +nightly fuzz list)
jobs=${FUZZ_JOBS:-$(nproc)}
# The same options for the build and every run, or each run would build again.
opts=(-O)
start=$SECONDS
cargo +nightly fuzz build "${opts[@]}" || { echo "ci-fuzz: build failed"; exit 1; }
build_s=$((SECONDS - start))
# Seeds are generated, not committed; fuzz/corpus/<target>/ holds the committed regression inputs.
./seed.sh "$PWD/work/seeds" > /dev/null

# One target: its log in work/<target>.log, its summary line in work/<target>.row.
fuzz_one() {
  local t=$1 log=work/$1.log rc execs result
  mkdir -p "work/corpus/$t"
  local dirs=("work/corpus/$t" "work/seeds/$t")
  [ -d "corpus/$t" ] && dirs+=("corpus/$t")
  # New inputs go to the first directory (the working corpus), never to the committed seeds.
  cargo +nightly fuzz run "${opts[@]}" "$t" "${dirs[@]}" -- \
    -max_total_time="$seconds" -print_final_stats=1 -timeout=10 > "$log" 2>&1
  rc=$?
  execs=$(awk '/stat::number_of_executed_units/ { n = $2 } END { print n + 0 }' "$log")
  if [ $rc -eq 0 ]; then result=ok; else result="CRASH (exit $rc)"; fi
  printf '%-14s %12s  %s\n' "$t" "$execs" "$result" > "work/$t.row"
  return $rc
}

mkdir -p work
rm -f work/*.row
running=0
for t in $targets; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait

failed=0
rows=()
for t in $targets; do
  rows+=("$(cat "work/$t.row")")
  case ${rows[-1]} in
    *CRASH*)
      failed=1
      echo "ci-fuzz: ---- $t failed; the end of its log (fuzz/work/$t.log): ----"
      tail -n 40 "work/$t.log"
      ;;
  esac
done

echo
echo "fuzz summary (${seconds}s per target under AddressSanitizer, build ${build_s}s, total $((SECONDS - start))s)"
printf '%-14s %12s  %s\n' target executions result
printf '%s\n' "${rows[@]}"
exit $failed
