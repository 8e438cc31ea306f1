; What Rust's std for wasm32-wasip1 calls that Debian 12's wasi-libc (2022) does not have yet:
; the single-threaded pthread stubs and `__errno_location` that later wasi-libc releases carry.
; Compiled by scripts/wasm/env.sh with llc and linked into every wasip1 module. Starting a thread
; fails with EAGAIN (WASI preview 1 has no threads), which std reports as an error and utf8x's
; parallel calls take as a thread that could not start (they go on without it); the attribute
; calls succeed and change nothing; join and detach of a thread that never started are EINVAL.
target triple = "wasm32-unknown-wasi"

@errno = external global i32

define ptr @__errno_location() {
  ret ptr @errno
}

define i32 @pthread_attr_init(ptr %attr) {
  ret i32 0
}

define i32 @pthread_attr_destroy(ptr %attr) {
  ret i32 0
}

define i32 @pthread_attr_setstacksize(ptr %attr, i32 %size) {
  ret i32 0
}

define i32 @pthread_create(ptr %thread, ptr %attr, ptr %start, ptr %arg) {
  ret i32 6 ; EAGAIN
}

define i32 @pthread_join(ptr %thread, ptr %result) {
  ret i32 28 ; EINVAL
}

define i32 @pthread_detach(ptr %thread) {
  ret i32 28 ; EINVAL
}
