#!/usr/bin/env bash
# Tests scripts/unsafe-spans.py on planted files: an unsafe block of 61 lines and a function body
# of 151 (one over each limit) fail with their file:line and length, blocks of exactly 60 and
# 150 lines pass, and braces in strings, raw strings, characters and comments do not count.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A file whose unsafe block spans `$1` lines and whose function body spans `$2` lines (from the
# line of the opening brace to that of the closing one).
planted() {
  python3 - "$1" "$2" <<'EOF'
import sys
unsafe_lines, fn_lines = int(sys.argv[1]), int(sys.argv[2])
# Lines inside the block whose braces must not count.
noise = [
    '        let s = "{ {{";',
    "        let r = r#\"}\" }}\"#;",
    "        let c = '{';",
    "        let l: &'static str = \"}\";",
    "        // }}}",
    "        /* { /* } */ } */",
]
inner = [noise[i % len(noise)] for i in range(unsafe_lines - 2)]
block = ["    unsafe {"] + inner + ["    }"]
rest = ["    let x = 0;"] * (fn_lines - 2 - len(block))
print("type P = unsafe fn(u8) -> u8;")
print("pub unsafe fn f<T: Copy, const N: bool>(x: T) -> T {")
print("\n".join(block + rest))
print("}")
EOF
}

planted 61 151 > "$tmp/over.rs"
planted 60 150 > "$tmp/at.rs"

set +e
out=$(python3 scripts/unsafe-spans.py "$tmp/over.rs")
rc=$?
set -e
[ "$rc" = 1 ] || { echo "$0: 61/151 lines: exit $rc, want 1" >&2; echo "$out" >&2; exit 1; }
grep -qF "$tmp/over.rs:3: unsafe block of 61 lines" <<<"$out" ||
  { echo "$0: the 61-line unsafe block not reported:" >&2; echo "$out" >&2; exit 1; }
grep -qF "$tmp/over.rs:2: fn body of 151 lines" <<<"$out" ||
  { echo "$0: the 151-line function not reported:" >&2; echo "$out" >&2; exit 1; }

out=$(python3 scripts/unsafe-spans.py "$tmp/at.rs") ||
  { echo "$0: 60/150 lines reported:" >&2; echo "$out" >&2; exit 1; }
grep -qF "longest unsafe 60 lines at line 3, longest fn 150 lines at line 2" <<<"$out" ||
  { echo "$0: wrong lengths:" >&2; echo "$out" >&2; exit 1; }
echo "unsafe-spans.py: ok"
