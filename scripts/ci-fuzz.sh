#!/usr/bin/env bash
# Fuzzes every target of fuzz/ for FUZZ_SECONDS each (default 15) under AddressSanitizer (cargo
# fuzz's default), then prints one line per target with libFuzzer's execution count. Exits
# non-zero when a target crashes; the crashing input is left under fuzz/artifacts/<target>/.
#   FUZZ_SECONDS=300 FUZZ_TARGETS="stream iconv" scripts/ci-fuzz.sh
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
start=$SECONDS
cargo +nightly fuzz build -O || { echo "ci-fuzz: build failed"; exit 1; }
build_s=$((SECONDS - start))
# Seeds are generated, not committed; fuzz/corpus/<target>/ holds the committed regression inputs.
./seed.sh "$PWD/work/seeds" > /dev/null

failed=0
rows=()
for t in $targets; do
  log=work/$t.log
  mkdir -p "work/corpus/$t"
  dirs=("work/corpus/$t" "work/seeds/$t")
  [ -d "corpus/$t" ] && dirs+=("corpus/$t")
  # New inputs go to the first directory (the working corpus), never to the committed seeds.
  cargo +nightly fuzz run -O "$t" "${dirs[@]}" -- \
    -max_total_time="$seconds" -print_final_stats=1 -timeout=10 > "$log" 2>&1
  rc=$?
  execs=$(awk '/stat::number_of_executed_units/ { n = $2 } END { print n + 0 }' "$log")
  if [ $rc -eq 0 ]; then
    result=ok
  else
    result="CRASH (exit $rc)"
    failed=1
    echo "ci-fuzz: ---- $t failed; the end of its log ($log): ----"
    tail -n 40 "$log"
  fi
  rows+=("$(printf '%-14s %12s  %s' "$t" "$execs" "$result")")
done

echo
echo "fuzz summary (${seconds}s per target under AddressSanitizer, build ${build_s}s, total $((SECONDS - start))s)"
printf '%-14s %12s  %s\n' target executions result
printf '%s\n' "${rows[@]}"
exit $failed
