#!/usr/bin/env bash
# Instructions per input byte on aarch64, per operation and text: utf8x with each of its kernel
# sets (neon where the library has it, scalar) beside simdutf's arm64 kernels, counted under
# qemu-user by a TCG plugin (scripts/aarch64/insn_count.c) on a machine that is not ARM.
#
# THESE ARE INSTRUCTION COUNTS, NOT SPEED. Under emulation no time means anything; the number of
# guest instructions executed is exact and repeatable, and it is the figure a NEON kernel is
# first compared on. It says nothing of latencies, throughput per instruction, memory or branch
# behaviour: a kernel with fewer instructions can still be slower on a real core.
#
#   scripts/insn-aarch64.sh [DIR]
#
# DIR holds UTF-8 texts as <Name>-*.utf8.txt: default the lipsum corpus beside the repository
# (../shared/data/lipsum, or $UTF8X_LIPSUM), the files the throughput benchmark publishes on;
# without one there is nothing to measure and the script says so and stops. Every operation the
# throughput benchmark compares with simdutf: validate, count, UTF-8 <-> UTF-16LE, UTF-8 <->
# UTF-32, UTF-8 <-> Latin-1 and UTF-16LE <-> UTF-32; the sources of the other encodings are each
# text converted first, Latin-1 only for the texts it can hold, plus french.utflatin8.txt where it
# is there (the French text of the lipsum corpus's Latin-1 pair). Each count is the difference
# between CALLS2 and CALLS1 calls of the benchmark program (benches/insn), so starting up, reading
# and converting the file cancel out: (count(CALLS2) - count(CALLS1)) / ((CALLS2 - CALLS1) * bytes).
#
# OPS="op ..." measures only the operations named, IMPLS="utf8x:neon ..." only those columns
# (utf8x:neon, utf8x:scalar, simdutf:; default: all), for quick comparisons.
#
# Prints one markdown table per operation (a geomean row over the texts, and one over the texts
# that are not ASCII) and a summary of the geomeans. Needs what scripts/test-aarch64.sh needs,
# plus a host C compiler (the plugin) and python3 (the tables).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
repo=$PWD

dir=${1:-${UTF8X_LIPSUM:-$repo/../shared/data/lipsum}}
if ! compgen -G "$dir/*.utf8.txt" >/dev/null; then
  echo "insn-aarch64: no *.utf8.txt files in $dir: nothing to measure (pass a directory)"
  exit 0
fi
dir=$(cd "$dir" && pwd)
calls1=${CALLS1:-1}
calls2=${CALLS2:-4}

target=aarch64-unknown-linux-gnu
cargo=${UTF8X_AARCH64_CARGO:-/usr/bin/cargo}
export RUSTC=${UTF8X_AARCH64_RUSTC:-/usr/bin/rustc}
fail() { echo "insn-aarch64: $*" >&2; exit 1; }
for tool in "$cargo" "$RUSTC" aarch64-linux-gnu-gcc aarch64-linux-gnu-g++ qemu-aarch64 cc python3; do
  command -v "$tool" >/dev/null || fail "$tool is missing (see scripts/test-aarch64.sh)"
done

# The same build directory and cross settings as scripts/test-aarch64.sh (see there why).
export CARGO_TARGET_DIR=$repo/target/aarch64
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
export CXX_aarch64_unknown_linux_gnu=aarch64-linux-gnu-g++
export AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
# Linked statically: the program then runs under qemu whatever arm64 loader and libc the machine
# has, or none (it starts no thread, so the trap scripts/test-aarch64.sh describes is not why).
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C target-feature=+crt-static"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The plugin declares the API version this QEMU takes (see the top of insn_count.c).
qemu_major=$(qemu-aarch64 --version | sed -n 's/^qemu-aarch64 version \([0-9]*\)\..*/\1/p')
[[ $qemu_major =~ ^[0-9]+$ ]] || fail "cannot read the version of qemu-aarch64"
api=1
[ "$qemu_major" -lt 9 ] || api=2
plugin=$tmp/insn_count.so
cc -shared -fPIC -O2 -Wall -Wextra -Werror -DINSN_COUNT_API=$api -o "$plugin" \
  scripts/aarch64/insn_count.c

# The release build (the bench profile), as the throughput benchmark measures.
"$cargo" bench -p utf8x-bench --bench insn --no-run --target "$target"
bin=$("$cargo" bench -p utf8x-bench --bench insn --no-run --target "$target" \
  --message-format=json 2>/dev/null |
  python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "insn" and m.get("executable"):
        print(m["executable"])')
[ -x "$bin" ] || fail "no benchmark executable found"

# simdutf's arm64 kernels are the only ones it builds for aarch64 (NEON is baseline there, so its
# fallback is left out and its functions call arm64 without dispatch: SIMDUTF_FORCE_IMPLEMENTATION
# has no effect, and none is needed).

# One counted run: IMPL OP CALLS FILE. Sets `executed` (guest instructions) and `bytes` (the
# size of the source); returns the program's exit status (3: Latin-1 cannot hold the text).
counted() {
  rm -f "$tmp/count"
  local status=0
  qemu-aarch64 -plugin "$plugin,outfile=$tmp/count" "$bin" --bench "$@" >"$tmp/out" 2>&1 ||
    status=$?
  [ $status -eq 0 ] || return $status
  executed=$(cat "$tmp/count")
  bytes=$(sed -n 's/.* bytes=\([0-9]*\)$/\1/p' "$tmp/out")
  [[ $executed =~ ^[0-9]+$ && $bytes =~ ^[0-9]+$ ]] || fail "$*: no count: $(cat "$tmp/out")"
}

# utf8x's sets on aarch64, best first: a set is there when forcing it makes the library use it.
first=$(find "$dir" -maxdepth 1 -name '*.utf8.txt' | sort | head -n 1)
sets=()
for k in neon scalar; do
  kernel=$(UTF8X_KERNEL=$k qemu-aarch64 "$bin" --bench utf8x validate 0 "$first")
  [ "${kernel%% *}" = "kernel=$k" ] && sets+=("$k")
done
[ ${#sets[@]} -gt 0 ] || fail "the library reports none of neon, scalar"

# The texts: every *.utf8.txt, and for the Latin-1 operations those Latin-1 can hold plus the
# French text.
mapfile -t texts < <(find "$dir" -maxdepth 1 -name '*.utf8.txt' | sort)
latin=("${texts[@]}")
[ -f "$dir/french.utflatin8.txt" ] && latin=("$dir/french.utflatin8.txt" "${latin[@]}")

ops=(validate count utf8-to-utf16le utf16le-to-utf8 utf8-to-utf32 utf32-to-utf8 utf8-to-latin1
  latin1-to-utf8 utf16le-to-utf32 utf32-to-utf16le)
# OPS (names from the list above, space-separated) measures only those, for quick comparisons.
[ -z "${OPS:-}" ] || read -ra ops <<<"$OPS"
columns=("${sets[@]/#/utf8x:}" simdutf:)
# IMPLS (from utf8x:neon utf8x:scalar simdutf:) counts only those; the others print n/a.
[ -z "${IMPLS:-}" ] || read -ra columns <<<"$IMPLS"
results=$tmp/results.tsv
start=$SECONDS
for op in "${ops[@]}"; do
  files=("${texts[@]}")
  case $op in *latin1*) files=("${latin[@]}") ;; esac
  for f in "${files[@]}"; do
    for column in "${columns[@]}"; do
      imp=${column%%:*}
      kernel=${column#*:}
      export UTF8X_KERNEL=${kernel:-scalar}
      status=0
      counted "$imp" "$op" "$calls1" "$f" || status=$?
      [ $status -eq 3 ] && continue
      [ $status -eq 0 ] || fail "$imp $op $f: $(cat "$tmp/out")"
      n1=$executed
      counted "$imp" "$op" "$calls2" "$f" || fail "$imp $op $f: $(cat "$tmp/out")"
      n2=$executed
      name=$(basename "$f")
      name=${name%%[-.]*}
      [ "$name" = french ] && name=French
      ascii=no
      LC_ALL=C grep -qP '[^\x00-\x7F]' "$f" || ascii=yes
      label=simdutf
      [ -n "$kernel" ] && label="utf8x $kernel"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$op" "$name" "$ascii" "$label" "$bytes" "$n1" "$n2" \
        >>"$results"
    done
  done
done
unset UTF8X_KERNEL
echo "(counted in $((SECONDS - start)) s)" >&2

python3 - "$results" "$calls1" "$calls2" "$(qemu-aarch64 --version | head -n 1)" "$dir" "${sets[@]}" <<'EOF'
import math, sys
from collections import defaultdict

path, calls1, calls2, qemu, corpus, *sets = sys.argv[1:]
reps = int(calls2) - int(calls1)
per_byte = defaultdict(dict)  # (op, text) -> label -> instructions per byte
ascii_text = {}
ops = []
for line in open(path):
    op, text, ascii, label, size, n1, n2 = line.rstrip("\n").split("\t")
    if op not in ops:
        ops.append(op)
    per_byte[(op, text)][label] = (int(n2) - int(n1)) / (reps * int(size))
    ascii_text[text] = ascii == "yes"

columns = [f"utf8x {k}" for k in sets] + ["simdutf"]
best = columns[0]
ratios = [(f"{sets[0]}/simdutf", best, "simdutf")]
if best != "utf8x scalar":
    ratios.append((f"{sets[0]}/scalar", best, "utf8x scalar"))


def geomean(values):
    values = [v for v in values if v is not None and v > 0]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def fmt(v, digits=3):
    return "n/a" if v is None else f"{v:.{digits}f}"


print("Instructions per input byte on aarch64: instruction counts under qemu-user, not speed.")
print(f"{qemu}; corpus {corpus}; {calls2} calls minus {calls1}.")
summary = []
for op in ops:
    texts = [t for (o, t) in per_byte if o == op]
    print(f"\n### {op}\n")
    head = ["text"] + columns + [r[0] for r in ratios]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for t in texts:
        row = per_byte[(op, t)]
        cells = [fmt(row.get(c)) for c in columns]
        cells += [fmt(row[a] / row[b] if row.get(a) and row.get(b) else None, 2) for _, a, b in ratios]
        print(f"| {t} | " + " | ".join(cells) + " |")
    means = {}
    for title, keep in [("geomean", lambda t: True), ("geomean, not ASCII", lambda t: not ascii_text[t])]:
        chosen = [t for t in texts if keep(t)]
        g = {c: geomean([per_byte[(op, t)].get(c) for t in chosen]) for c in columns}
        means[title] = g
        cells = [fmt(g[c]) for c in columns]
        cells += [fmt(g[a] / g[b] if g[a] and g[b] else None, 2) for _, a, b in ratios]
        print(f"| **{title}** | " + " | ".join(f"**{c}**" for c in cells) + " |")
    summary.append((op, means))

print("\n### geomeans per operation\n")
head = ["operation"] + columns + [r[0] for r in ratios] + [f"{r[0]}, not ASCII" for r in ratios]
print("| " + " | ".join(head) + " |")
print("|" + "---|" * len(head))
for op, means in summary:
    g, n = means["geomean"], means["geomean, not ASCII"]
    cells = [fmt(g[c]) for c in columns]
    cells += [fmt(g[a] / g[b] if g[a] and g[b] else None, 2) for _, a, b in ratios]
    cells += [fmt(n[a] / n[b] if n[a] and n[b] else None, 2) for _, a, b in ratios]
    print(f"| {op} | " + " | ".join(cells) + " |")
EOF
